import { errorReply } from '../language/errors.js';
import type { ErrorReply } from '../reply/types.js';
import type { Item } from '../language/items.js';
import type { Patch } from './patch.js';
import { grouped } from '../memory/format.js';
import { LLAMA_CPP_NGL_MAX } from './llamacpp-ngl.js';

/**
 * Valid ranges of the numbers a request may give (DESIGN §2: out-of-range values are errors
 * naming the item and the valid range).
 */
export interface Range {
  slot: string;
  label: string;
  min: number;
  max: number;
  integer: boolean;
  /** Extra words after the range, e.g. why 0 is invalid. */
  note?: string;
  /**
   * Values the programs themselves accept beyond the estimate's range, lower bound exclusive: a
   * flag or config key given one is the user's real setting, set aside and said, never refused.
   */
  accepted?: { above: number; max: number };
  /** What a program's flag or key set to 0 means, where 0 is its "use the model's own" (llama.cpp `-c 0`): set aside and said, never refused. */
  zero?: string;
}

export const RANGES: Range[] = [
  // llama.cpp's -c / --ctx-size 0 loads the model's trained context (common/arg.cpp: "0 = loaded from
  // model"), ggml-org/llama.cpp#14719 (c1115); Ollama's num_ctx and vLLM's max_model_len leave it to the model when unset.
  { slot: 'seq', label: 'seq (tokens per sample)', min: 1, max: 10_000_000, integer: true, zero: "0 is the program's \"the model's own trained context\"" },
  { slot: 'mbs', label: 'micro-batch', min: 1, max: 65_536, integer: true },
  { slot: 'ga', label: 'gradient accumulation', min: 1, max: 1_000_000, integer: true },
  { slot: 'gbs', label: 'global batch', min: 1, max: 100_000_000, integer: true },
  { slot: 'par.tp', label: 'tp', min: 1, max: 1024, integer: true },
  { slot: 'par.pp', label: 'pp', min: 1, max: 1024, integer: true },
  { slot: 'par.cp', label: 'cp', min: 1, max: 1024, integer: true },
  { slot: 'par.ep', label: 'ep', min: 1, max: 1024, integer: true },
  { slot: 'par.vpp', label: 'vpp (virtual pipeline stages)', min: 1, max: 1024, integer: true },
  { slot: 'par.dp', label: 'dp', min: 1, max: 100_000, integer: true },
  { slot: 'gpuCount', label: 'GPU count', min: 1, max: 100_000, integer: true },
  { slot: 'nodes', label: 'node count', min: 1, max: 100_000, integer: true },
  { slot: 'perNode', label: 'GPUs per node', min: 1, max: 1024, integer: true },
  { slot: 'lora.rank', label: 'LoRA rank', min: 1, max: 4096, integer: true },
  { slot: 'lora.dropout', label: 'LoRA dropout', min: 0, max: 1, integer: false },
  { slot: 'lora.alpha', label: 'LoRA alpha', min: 0.001, max: 100_000, integer: false },
  { slot: 'gen', label: 'generated tokens', min: 0, max: 10_000_000, integer: true },
  { slot: 'completion', label: 'completion tokens', min: 1, max: 10_000_000, integer: true },
  { slot: 'rolloutUtil', label: "rollout engine's GPU memory utilization", min: 0.01, max: 1, integer: false },
  { slot: 'ngl', label: '-ngl (layers on the GPU)', min: 0, max: LLAMA_CPP_NGL_MAX, integer: true, note: '999 for every layer' },
  { slot: 'cpuMoe', label: '--n-cpu-moe (layers whose experts stay in host RAM)', min: 1, max: 10_000, integer: true, note: '"cpu moe" alone for every layer' },
  // vLLM accepts any gpu_memory_utilization in (0, 1] (vllm/config/cache.py, CacheConfig's check, v0.10);
  // SGLang's --mem-fraction-static is a float it does not bound (sglang/srt/server_args.py, v0.4): a
  // run at 0.01 is real (sgl-project/sglang, corpus c820), below what the estimate models.
  { slot: 'util', label: 'GPU memory utilization', min: 0.05, max: 1, integer: false, note: 'a fraction such as 0.9, or a percentage such as 90', accepted: { above: 0, max: 1 } },
  { slot: 'arch.layers', label: 'layers', min: 1, max: 1000, integer: true },
  { slot: 'arch.hidden', label: 'hidden', min: 1, max: 131_072, integer: true },
  { slot: 'arch.heads', label: 'heads', min: 1, max: 1024, integer: true },
  { slot: 'arch.kv', label: 'kv heads', min: 1, max: 1024, integer: true },
  { slot: 'arch.ffn', label: 'ffn', min: 1, max: 1_000_000, integer: true },
  { slot: 'arch.vocab', label: 'vocab', min: 1, max: 5_000_000, integer: true },
  { slot: 'arch.headdim', label: 'head dim', min: 1, max: 4096, integer: true },
];

const within = (r: Range, v: number) => Number.isFinite(v) && v >= r.min && v <= r.max && (!r.integer || Number.isInteger(v));

/** Whether `value` is a number resolution accepts for `slot` (a lever's change text would be refused otherwise). */
export function inRange(slot: string, value: number): boolean {
  return within(RANGES.find((r) => r.slot === slot)!, value);
}

const rangeWords = (r: Range) => `${r.label} must be ${r.integer ? 'a whole number' : 'a number'} from ${grouped(r.min)} to ${grouped(r.max)}`;

/** The memory one GPU may have, in GB: a plain request outside it is refused (scenario/hardware.ts), a pasted one set aside. */
export const MIN_CARD_GIB = 1;
export const MAX_CARD_GIB = 2048;
export const isCardMemory = (gib: number): boolean => gib >= MIN_CARD_GIB && gib <= MAX_CARD_GIB;

/**
 * A number out of range in a pasted message (prose, a config, a log: the tolerant reading) says
 * more about the reading than about the setup: "kv_cache_ratio开了0.2" is a ratio, not 0.2 KV heads
 * (InternLM/lmdeploy#766); "amdgpu: 512M of VRAM memory ready" in a dmesg log is a carve-out, not a
 * 0.5 GB card (ollama/ollama, a Strix Halo box). Refusing the message over it would lose every fact
 * the rest of it states, so the slot is set aside and said — "on a guess" where the reader's rule
 * was weak — and the rest answered. A request typed plainly ("13b on 200000 gpus") is not read
 * tolerantly and is still refused by checkRanges, with the range.
 */
export function setAsideOutOfRangeInProse(patch: Patch, weak: (item: Item) => boolean): void {
  for (const r of RANGES) {
    const slot = patch.get<number>(r.slot);
    if (!slot || within(r, slot.value)) continue;
    // Zero or a minus the user wrote ("on 0x a100", "bs=-4") or a program's own flag ("--gpu-memory-utilization 0"),
    // read on a firm rule, is the user's setting, no other number of the message: refused with the range by
    // checkRanges, as the program would refuse it.
    const guessed = weak(slot.item);
    if (!guessed && (slot.value <= 0 || FLAG.test(slot.item.text.trim()))) continue;
    patch.drop(r.slot);
    const why = guessed ? 'and I read it on a guess' : KEYED.test(slot.item.text.trim()) ? 'so its default is used' : 'so it is something else the message says';
    patch.setAside.push(`"${slot.item.text}" set aside: ${rangeWords(r)}, ${why}`);
  }
  const card = patch.get<{ gpuId: string | null; capacityGiB: number | null }>('gpuType');
  const gib = card?.value.capacityGiB;
  if (card && card.value.gpuId === null && gib != null && !isCardMemory(gib)) {
    patch.drop('gpuType');
    patch.setAside.push(`"${card.item.text}" set aside: a GPU's memory is ${MIN_CARD_GIB}–${grouped(MAX_CARD_GIB)} GB, so it is something else the message says`);
  }
}

/**
 * A decimal where a count goes, read in prose ("A100 GPU generate 11.30 tokens/s with llama.cpp",
 * ggml-org/llama.cpp#2641 c342: a speed, read as 11.30 generated tokens; "训练了2.5轮" an epoch count):
 * no count of tokens, samples or GPUs has a fraction, so the number is something else the message
 * says (a rate, a version, a time). Set aside and said, and the rest answered; the same number
 * written as a setting ("gen 11.3") is still refused with the range.
 */
export function setAsideFractionalCounts(patch: Patch): void {
  for (const r of RANGES) {
    const slot = patch.get<number>(r.slot);
    if (!slot || !r.integer || Number.isInteger(slot.value) || !(slot.value >= r.min && slot.value <= r.max)) continue;
    if (KEYED.test(slot.item.text.trim())) continue;
    patch.drop(r.slot);
    patch.setAside.push(`"${slot.item.text.trim()}" set aside: ${r.label} is a whole number, so ${slot.value} is something else the message says (a rate, a version)`);
  }
}

/** An item written as a flag or config key ("--mem-fraction-static 0.01", "gpu_memory_utilization: 0.01"). */
const KEYED = /^--?[a-z]|[a-z0-9]_[a-z]|[:=]/i;
/** An item written as a program's command-line flag. */
const FLAG = /^--?[a-z]/i;

/**
 * A value a program accepts, given by its own flag or key, but outside what the estimate models
 * (SGLang's `--mem-fraction-static 0.01`, c820): set aside and said, and the rest answered, as a
 * value read on a guess is. A value in words out of both ranges is still refused by checkRanges.
 */
export function setAsideAcceptedOutOfRange(patch: Patch): void {
  for (const r of RANGES) {
    const slot = patch.get<number>(r.slot);
    if (slot && r.zero && slot.value === 0 && KEYED.test(slot.item.text.trim())) {
      patch.drop(r.slot);
      if (r.slot === 'seq') patch.modelContext = true;
      patch.setAside.push(`"${slot.item.text.trim()}" set aside: ${r.zero}, so the ${r.label.replace(/ \(.*\)$/, '')} is read as its default (say "${r.slot} N" for yours)`);
      continue;
    }
    if (!slot || !r.accepted || within(r, slot.value) || !KEYED.test(slot.item.text.trim())) continue;
    if (!(slot.value > r.accepted.above && slot.value <= r.accepted.max)) continue;
    patch.drop(r.slot);
    patch.setAside.push(`"${slot.item.text.trim()}" set aside: the program accepts it, but I estimate ${r.label} only from ${grouped(r.min)} to ${grouped(r.max)}, so its default is used`);
  }
}

export function checkRanges(patch: Patch, text: string): ErrorReply | null {
  for (const r of RANGES) {
    const slot = patch.get<number>(r.slot);
    if (!slot) continue;
    const v = slot.value;
    if (within(r, v)) continue;
    const zero = v === 0 && r.min > 0 ? ` ("${slot.item.text}" is invalid: ${r.label} cannot be 0)` : '';
    return errorReply(
      text,
      slot.item.at,
      `"${slot.item.text}" is out of range: ${rangeWords(r)}${zero}.${r.note ? ` Use ${r.note}.` : ''}`,
      { expected: [`${r.label} ${grouped(r.min)}–${grouped(r.max)}`] },
    );
  }
  return null;
}
