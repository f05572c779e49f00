import type { ErrorReply } from '../reply/types.js';
import type { Patch } from './patch.js';

/**
 * A meaning check that fails on a setting the reader took from a pasted message (issue 22, item 5: two
 * readings that disagree are asked, never refused). The checks that split a model over GPUs (tp must
 * divide the heads, pp at most the layers, ep needs experts, the GPUs must hold tp × pp × cp, dp × a
 * replica must be the GPUs, the global batch a multiple of the replicas) fail on released lines mostly
 * because one of their facts came from a place that sets no such setting: "PCI x8/x8 5.0" read as tp 5
 * (intel/llm-scaler#605, c3149, b94), "config.yaml:43" as tp 43 (basetenlabs/truss-examples#364, c2828, b83),
 * a folder "…_ep-2" as ep 2 (NVIDIA/TensorRT-LLM#577, c1334, b40), another model's "EP64" (c3287, b98), the
 * tutorial's "dp2tp8" beside the guide's own 8 cards (vllm-project/vllm-ascend#12779, c3269, b98), SGLang's
 * --dp under dp attention (sgl-project/sglang#5159, c2305, b65), "8 GPUs per pod" beside pp 2 (c2654, b77).
 * Refusing loses every other fact the message states over a setting the user can correct in one word, so in
 * a tolerant reading the failing setting is set aside, the estimate made without it, and the reply says so on
 * its first screen with the words it came from and the check it failed. A request typed in the item language
 * ("13b tp 5 on 5x a100") is the user's own and still refused with the check's words.
 */

/** The slots a failing check may set aside, in the order tried (the setting first, then the count it met). */
const SETTABLE = new WeakMap<ErrorReply, readonly string[]>();

/** How a slot is named in the note, as the bench and the reply's switch name it ("your setup's tp"). */
const LABEL: Record<string, string> = {
  'par.tp': 'tp',
  'par.pp': 'pp',
  'par.ep': 'ep',
  'par.dp': 'dp',
  'par.cp': 'cp',
  gbs: 'global batch',
  gpuCount: 'GPU count',
};

/** Marks a check's error as one a tolerant reading may answer by setting aside one of `slots`. */
export function settable(error: ErrorReply, ...slots: string[]): ErrorReply {
  SETTABLE.set(error, slots);
  return error;
}

/** Whether `error` is a split check's refusal of a setting the user may correct in one word. */
export function isSettableCheck(error: ErrorReply): boolean {
  return SETTABLE.has(error);
}

/** The most settings set aside for one message: each is one check's failing fact. */
const MOST = 3;

/**
 * Runs `resolve` on `patch`; where it fails a settable check and the reading is tolerant, drops the first of the
 * check's slots the message set, notes it, and runs again. Returns the last outcome and the notes.
 */
export function resolvedSettingAside<T>(patch: Patch, tolerant: boolean, resolve: () => T | ErrorReply): { result: T | ErrorReply; notes: string[] } {
  const notes: string[] = [];
  let result = resolve();
  for (let i = 0; i < MOST && tolerant && isError(result); i++) {
    // A setting written as a flag or a key ("--dp 2", "DP=7") is firmer than one read from prose: the prose one goes first.
    const slots = (SETTABLE.get(result) ?? []).filter((x) => patch.has(x));
    const slot = slots.find((x) => !KEYED.test(patch.get(x)!.item.text.trim())) ?? slots[0];
    if (!slot) break;
    const said = patch.get(slot)!;
    const words = said.item.text.trim();
    const why = result.message.replace(/\s*(?:Try|Give|use|choose|Keep) [^.]*\.?\s*$/, '').replace(/\.$/, '');
    patch.drop(slot);
    notes.push(`"${words}" set aside as your setup's ${LABEL[slot] ?? slot}: ${why}; estimated without it (say the ${LABEL[slot] ?? slot} alone if it is yours)`);
    result = resolve();
  }
  return { result, notes };
}

/** An item written as a flag or config key (ranges.ts's test). */
const KEYED = /^--?[a-z]|[a-z0-9]_[a-z]|[:=]/i;

const isError = (x: unknown): x is ErrorReply => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'error';
