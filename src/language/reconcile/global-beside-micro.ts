import type { Item } from '../items.js';
import type { Doubt } from '../item-trace.js';

/**
 * A plain "batch" beside a "micro-batch" is the global batch the micro-batches make up: text-generation-webui's
 * LoRA trainer prints "MicroBatch = 1, Batch = 4" (oobabooga/textgen#1334, c2227), alpaca-lora, NeMo and Megatron
 * set batch and micro-batch alike, and people write it so in prose ("batch size 32, micro batch 2", "배치 64,
 * 마이크로 배치 4"). Both had been read as the micro-batch and refused as a contradiction. (Keys say it by their
 * names already: config-keys/batch.ts reads alpaca-lora's batch_size as gbs beside micro_batch_size.)
 * It is global only where the micro-batch divides it; on several GPUs "batch" may also be each GPU's share,
 * so there it is said weak with the other reading.
 */
export const GLOBAL_BESIDE_MICRO = {
  id: 'reconcile.global-beside-micro',
  /** The words of the micro-batch item, or right before it. */
  micro: /micro[\s_-]*(?:batch|bs)|\bmbs\b|微批|마이크로/i,
  /** Words that make a batch each GPU's, or another thing than the training batch. */
  notGlobal: /per[\s_-]*(?:device|gpu|card)|每卡|单卡|eval|valid|rollout|prompt|train_batch|mini/i,
  example: 'MicroBatch = 1, Batch = 4, Cutoff = 256',
  source: 'oobabooga/textgen#1334 (c2227)',
} as const;

type BatchItem = Extract<Item, { kind: 'batch' }>;

function wordsOf(i: Item, text: string): string {
  return text.slice(Math.max(0, i.at - 16), i.at) + i.text;
}

/** Read in prose and in a short request alike: "bs 2 micro batch 1" is no contradiction either. */
export function globalBesideMicro(items: Item[], text: string, notes: string[], doubts?: Doubt[]): Item[] {
  const mbs = items.filter((i): i is BatchItem => i.kind === 'batch' && i.field === 'mbs');
  if (!text || mbs.length !== 2 || items.some((i) => i.kind === 'batch' && i.field === 'gbs')) return items;
  // A key (`micro_batch_size=4`, `--batch_size 64`) is read by its own table.
  if (mbs.some((i) => /[_]|--/.test(i.text))) return items;
  const micro = mbs.filter((i) => GLOBAL_BESIDE_MICRO.micro.test(i.text) || GLOBAL_BESIDE_MICRO.micro.test(text.slice(Math.max(0, i.at - 12), i.at)));
  if (micro.length !== 1) return items;
  const m = micro[0]!;
  const plain = mbs.find((i) => i !== m)!;
  if (GLOBAL_BESIDE_MICRO.micro.test(plain.text) || GLOBAL_BESIDE_MICRO.notGlobal.test(wordsOf(plain, text))) return items;
  if (plain.value <= m.value || plain.value % m.value !== 0) return items;
  const cards = items.find((i) => i.kind === 'hardware' && i.count !== null && i.count > 1);
  const note = `"${plain.text.trim()}" read as the global batch that micro-batches of ${m.value} make up (accumulation follows)`;
  if (cards && doubts) {
    const weak = `${note}; if it is each GPU's batch, say "mbs ${m.value} ga ${plain.value / m.value}"`;
    doubts.push({ at: plain.at, end: plain.end, note: weak });
    notes.push(weak);
  } else notes.push(note);
  const global: Item = { ...plain, field: 'gbs' };
  return items.map((i) => (i === plain ? global : i));
}
