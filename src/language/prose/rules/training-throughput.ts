import type { ProseRule } from '../types.js';

/**
 * A training run's throughput is training evidence that is no verb (rmode2, docs/reading.md "Training evidence that
 * is not a verb"). Model FLOPs utilisation ("MFU 41%", "45% MFU", "MFU只有35%", "MFUは45%") and FLOPs a GPU achieves
 * ("~505 TFLOPS/s/GPU", "180 TFLOPs per GPU", "GPU당 400 TFLOPS", "每卡 380 TFLOPS") are what a trainer's log and a
 * pre-training report measure: the run is training, its method unsaid. Weak: a serving benchmark may quote them
 * too, so the word is said on the first screen with its switch, and a serving engine or a running word beside it
 * keeps the running reading (resolve-mode.ts: a running word wins over a training word, said). The number is
 * never a GPU count, a length or a batch: "505 TFLOPS/s/GPU" had been read as 505 GPUs against "64 H100s".
 * A card's own peak ("the H100 has 989 TFLOPS") has no per-GPU word and no MFU, and is only blanked.
 */
const NUMBER = String.raw`(?:~\s?)?\d{1,4}(?:\.\d+)?`;
const FLOPS = String.raw`[tp]flop(?:s|/s)?(?:\s*\/\s*s)?`;
const PER_GPU = String.raw`(?:\s*\/\s*(?:gpu|device|card)|\s+(?:per|each|a)\s+(?:gpu|device|card))\b`;
const GPU_FIRST = String.raw`(?:(?:per|each)\s+(?:gpu|device|card)|gpu\s?당|每\s?(?:卡|张卡|个gpu|gpu)|单\s?卡|gpuあたり|1\s?gpuあたり)\s*[:：]?\s*(?:(?:about|around|roughly|约|大约|大概|정도|약)\s*)?`;

export const TRAINING_THROUGHPUT_RULES: readonly ProseRule[] = [
  {
    id: 'training.flops-per-gpu',
    pattern: new RegExp(String.raw`(?<![\w.])(?:${NUMBER}\s*${FLOPS}${PER_GPU}|${GPU_FIRST}${NUMBER}\s*${FLOPS})(?![\w/])`, 'g'),
    when: (t) => t.includes('flop'),
    write: (m) => ' train '.padEnd(m[0].length),
    weak: true,
    // "tflops/gpu" has the shape of a Hub id (owner/name); a figure and its unit are no model's (as prose.rate).
    insideHubIds: true,
    example: 'With 8 nodes we can fit micro batch 2 at ~505 TFLOPS/s/GPU',
  },
  {
    id: 'training.mfu',
    // The number may already be blanked by the hardware stage's share reader ("MFU 41% for llama-2-13b": not-hw.percent), so
    // it is optional before its % sign: the blanks stand in its place (at most eight).
    pattern: new RegExp(String.raw`(?<![\w.])(?:mfu[ \t]*(?:(?:is|of|=|:|：|at|was|around|about|only|just|只有|仅|约|为|是|는|은|は|が|이|가)[ \t]*){0,2}(?:${NUMBER})?[ \t]{0,8}%|(?:${NUMBER})?[ \t]{0,8}%[ \t]*(?:of[ \t]+)?mfu)(?![\w])`, 'g'),
    when: (t) => t.includes('mfu'),
    write: (m) => ' train '.padEnd(m[0].length),
    weak: true,
    example: 'MFU 41% for llama-2-13b on 16x A100-80G with tp 2, seq 4096',
  },
  {
    // A FLOPs figure with no per-GPU word and no MFU (a card's peak, a total): no setting, blanked with its unit.
    id: 'training.flops-figure',
    pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}\s*${FLOPS}(?![\w])`, 'g'),
    when: (t) => t.includes('flop'),
    write: (m) => ' '.repeat(m[0].length),
    insideHubIds: true,
    example: 'the H100 has 989 TFLOPS of bf16',
  },
];
