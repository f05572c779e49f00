import type { Item } from '../items.js';
import type { Doubt } from '../item-trace.js';

/**
 * What a batch said in words counts, when the words alone do not say it is one GPU's (rtrain11, issue 22 item 5).
 * A plain "batch 4" or "Batch Size - 256" is read as the micro-batch per GPU; two things in the same message
 * can say otherwise, and then the micro-batch is not taken in silence.
 */

type BatchItem = Extract<Item, { kind: 'batch' }>;

/** Words that make a batch each GPU's, or name it as a micro-batch: the plain reading is then the words'. */
const PER_GPU = /per[\s_-]*(?:device|gpu|card|rank)|micro|每卡|单卡|每张|마이크로|장당/i;

/** A batch written as a key or a flag is read by its own table (config-keys/batch.ts), never here. */
const isPlainWords = (i: BatchItem) => !/[_=]|--/.test(i.text);

/**
 * A batch key of the message that counts over every GPU, with its value: verl's `data.train_batch_size` and
 * `ppo_mini_batch_size` (prompts, verl/trainer/config/ppo_trainer.yaml), DeepSpeed's and OpenRLHF's
 * `train_batch_size` (the global batch), Megatron's `--global-batch-size`, NeMo-RL's `train_global_batch_size`,
 * OpenRLHF's `rollout_batch_size`, a launch script's `GBS=` / `GLOBAL_BATCH_SIZE=`. The key's own name must
 * start the word (`micro_train_batch_size`, `per_device_train_batch_size` are per GPU and do not match).
 */
const GLOBAL_KEY = /(?<!\w|\w-)(train_batch_size|global_batch_size|global-batch-size|train_global_batch_size|ppo_mini_batch_size|rollout_batch_size|gbs)["'`]?[ \t]*[:=]?[ \t]*["'`]?(\d+)(?![\w.])/gi;

export const BATCH_SAID_BY_KEY = {
  id: 'reconcile.batch-said-by-key',
  pattern: GLOBAL_KEY,
  example: 'is 4*24GB not enough for batch 4? … python3 -m verl.trainer.main_ppo … data.train_batch_size=4',
  source: 'rllm-org/rllm#13 (c3237, b97)',
} as const;

/**
 * "is 4*24GB not enough for batch 4?" over a verl command with `data.train_batch_size=4`: the batch the words
 * name is the key's, said again, and the key says what it counts (prompts over every GPU), not the words. A plain
 * batch whose number is the value of such a key is dropped as a micro-batch, with a note; the key's own reading
 * (a global batch, or verl's prompts set aside) stands.
 */
export function batchSaidByKey(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const keyed = new Map<number, string>();
  for (const m of text.matchAll(GLOBAL_KEY)) {
    const n = Number(m[2]);
    if (!keyed.has(n)) keyed.set(n, m[1]!);
  }
  if (keyed.size === 0) return items;
  return items.filter((i) => {
    if (i.kind !== 'batch' || i.field !== 'mbs' || !isPlainWords(i) || !keyed.has(i.value)) return true;
    if (PER_GPU.test(text.slice(Math.max(0, i.at - 16), i.end))) return true;
    notes.push(`"${i.text.trim()}" is the ${keyed.get(i.value)} ${i.value} the message sets, which counts over every GPU, not the micro-batch per GPU (say "mbs N" for that)`);
    return false;
  });
}

/**
 * The smallest plain batch said weak over several GPUs. A per-GPU micro-batch of 64 sequences or more is rare in
 * LLM training; a batch of hundreds "on 8 GPUs" is as often the global batch the micro-batches make up (Megatron and
 * DeepSpeed reports say "Batch Size" for it: deepspeedai/Megatron-DeepSpeed#56, c2316 b65; verl's "train batch
 * size=512" on 2 GPUs, c296).
 */
export const LARGE_PLAIN_BATCH = 64;

export const PLAIN_BATCH_OVER_GPUS = {
  id: 'reconcile.plain-batch-over-gpus',
  example: 'Base Model - 1.3B\nBatch Size - 256\nMachine - Azure A100 40GB\nNumber of GPUs - 8',
  source: 'deepspeedai/Megatron-DeepSpeed#56 (c2316, b65)',
} as const;

/** The item language's spellings of the micro-batch: `bs 256`, `batch 256`, `mbs 256`, `micro batch 256`. */
const ITEM_SPELLING = /^(?:bs|mbs|batch|micro[ -]?batch)[ \t]*\d+$/i;

/** Items that say the message serves or runs a model: a batch there is the server's, read by its own rules. */
const SERVING = new Set(['serve', 'maxSeqs', 'batched', 'gen', 'kvDtype', 'util']);

/**
 * A plain batch of 64 or more beside more than one GPU, with no word that makes it each GPU's, stays the micro-batch
 * (as read) but weak: said with its words and the other reading, "gbs N".
 */
export function plainBatchOverGpus(items: Item[], text: string, notes: string[], doubts?: Doubt[], shortRequest = false): Item[] {
  if (!text || !doubts || items.some((i) => SERVING.has(i.kind) || (i.kind === 'mode' && (i.value === 'inference' || i.value === 'run')))) return items;
  const gpus = items.reduce((n, i) => (i.kind === 'hardware' && i.count !== null ? Math.max(n, i.count * (i.nodes ?? 1)) : n), 0);
  if (gpus < 2) return items;
  const batches = items.filter((i): i is BatchItem => i.kind === 'batch');
  if (batches.some((b) => b.field !== 'mbs')) return items;
  for (const b of batches) {
    if (b.value < LARGE_PLAIN_BATCH || !isPlainWords(b) || PER_GPU.test(text.slice(Math.max(0, b.at - 16), b.end))) continue;
    // In a short request the item language's own "bs N" / "batch N" is the micro-batch by definition (DESIGN §2).
    if (shortRequest && ITEM_SPELLING.test(b.text.trim())) continue;
    const note = `"${b.text.trim()}" read as each GPU's micro-batch; over ${gpus} GPUs it may be the global batch: say "gbs ${b.value}" if it is`;
    doubts.push({ at: b.at, end: b.end, note });
    notes.push(note);
  }
  return items;
}
