import type { ProseRule } from '../types.js';

/**
 * "Checkpointing" that saves the model is no activation checkpointing. "Distributed Checkpointing"
 * in a list of what an example covers (ray-project/ray#37016, corpus c2841: "Fine-tuning with DeepSpeed
 * ZeRO-3 / Distributed Checkpointing / Single-GPU Model Initialization") names how the run writes its
 * checkpoints (Ray's and Megatron's distributed checkpoint formats, torch.distributed.checkpoint), and
 * had been read as recomputation, so the estimate silently counted checkpointed activations.
 *
 * The word is saving when a saving word qualifies it (distributed, sharded, async, model, weight, state,
 * 分布式, 异步) or when what follows says where or how often it writes (to disk / S3 / GCS, every N
 * steps or epochs, the model or its weights, 保存). Activation or gradient checkpointing is never matched,
 * and a bare "checkpointing" stays the recompute keyword (DESIGN §2).
 */
const SAVED_BY = String.raw`(?:distributed|sharded|async(?:hronous)?|periodic|model|weights?|state[ \t]+dict|dcp|torch_dist|分布式|异步)`;
const WHERE_OR_WHEN = String.raw`(?:[ \t]+(?:the[ \t]+|our[ \t]+|my[ \t]+)?(?:model|weights|state|optimizer[ \t]+states?)\b|[ \t]+(?:to|into|onto)[ \t]+(?:the[ \t]+)?(?:s3|gcs|disk|hdfs|nfs|storage|cloud|bucket|a[ \t]+bucket|local[ \t]+disk|object[ \t]+storage)\b|[ \t]+every[ \t]+(?:\d+[ \t]*k?[ \t]*)?(?:steps?|epochs?|iterations?|iters?|minutes?|hours?)\b|[ \t]*(?:保存|存储|存盘))`;
const CHECKPOINT_SAVING = new RegExp(
  String.raw`(?<![\w-])${SAVED_BY}[ \t]*checkpointing(?![\w-])|(?<!(?:gradient|activation|act|grad)[ \t_-]?)(?<![\w-])checkpointing(?=${WHERE_OR_WHEN})`,
  'g',
);

export const CHECKPOINT_SAVING_RULES: readonly ProseRule[] = [
  {
    id: 'prose.checkpoint-saving',
    pattern: CHECKPOINT_SAVING,
    when: (t) => t.includes('checkpointing'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is saving checkpoints, not activation checkpointing: no recomputation read from it (say "gc" if your run recomputes activations)`);
      return ' '.repeat(m[0].length);
    },
    example: 'We fine-tuned a vicuna-13b-v1.3 model with LightningTrainer on 16 A10G GPUs: Fine-tuning with DeepSpeed ZeRO-3, Distributed Checkpointing',
    source: 'ray-project/ray#37016',
  },
];
