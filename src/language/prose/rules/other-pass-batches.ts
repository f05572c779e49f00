import type { ProseRule } from '../types.js';

/**
 * A batch of another pass is not the training micro-batch (rlen2, docs/reading.md "Another pass's batch"). A
 * training run also runs passes that train nothing, each with its own batch: evaluation ("per_device_eval_batch_size
 * 8", 评估batch size设为32, 평가 배치 크기 32, 評価バッチサイズ 32), the rollouts' generation ("generation batch 64",
 * "rollout batch 512", rollout的batch是512), the log-probs of the policy and the reference ("logprob microbatch 8",
 * "ref_micro_batch_size 8", "reduce policy.logprob_batch_size from 4 to 2"), and "inference batch size 16" said
 * beside a training word. The pass word qualifies the batch written right after it (or "batch size 64 for
 * generation", after it). An evaluation batch is the item language's `eval bs N`; the others are set aside and
 * said, never the micro-batch. Without a training word, "inference batch size 16" is the run's own batch and stays.
 */

/** Passes that are always another pass than the training step's. */
const PASS = String.raw`eval(?:uation)?|validation|val(?:id)?|评估|评测|验证|평가|검증|評価|検証|rollouts?|generation|sampling|log[ \t_-]?probs?|logprob|ref(?:erence)?|inference|infer|推理|生成|추론|생성|推論`;
const EVAL = /^(?:eval|val|评估|评测|验证|평가|검증|評価|検証)/;
/** Passes that are the run's own when nothing trains: "inference batch size 16" for a running model. */
const RUNNING = /^(?:inference|infer|推理|生成|추론|생성|推論|generation)$/;
const BATCH = String.raw`(?:micro[ \t_-]?)?(?:batch(?:[ \t_-]?size)?|bs|mbs|microbatch(?:[ \t_-]?size)?|배치(?:[ \t]?(?:크기|사이즈))?|バッチ(?:[ \t]?サイズ)?|批次?(?:大小)?)(?![a-z])(?:[ \t_-]?per[ \t_-]?(?:gpu|device))?`;
const JOIN = String.raw`[ \t]*(?:of|=|:|：|is|was|to|设为|设置为|设成|为|是|는|은|は|を)?[ \t]*(?:from[ \t]+\d{1,5}[ \t]+to[ \t]+)?`;
const TRAINING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|grpo|dpo|ppo|rlhf|deepspeed|zero\d?|fsdp|per_device_train)\b|训练|微调|학습|파인튜닝|学習|ファインチューニング/;

function otherPass(pass: string, n: string, m: RegExpExecArray, notes: string[], given: string | undefined): string {
  // A key with its sign (`rollout_batch_size: 512`, `log_prob_micro_batch_size=8`) is its table's (config-keys/).
  if (/_/.test(m[0]) && /[=:：]/.test(m[0])) return m[0];
  const p = pass.replace(/[ \t_-]+/g, '').toLowerCase();
  // "rollout batch size 64" in English is the RL step's batch over every GPU, said so by reconcile.rl-train-batch
  // (reconcile/rl-prompt-batch.ts, test/language/rseq4-limits-rates-rollouts.test.ts): left to it.
  if (/^rollouts?$/.test(p) && /^rollouts?[ \t_-]*(?:batch|bs)/.test(m[0])) return m[0];
  if (EVAL.test(p)) return `eval bs ${n}`.padEnd(m[0].length);
  // A running model's own batch: "inference with batch size 16", "推理 batch 8" with nothing training.
  if (RUNNING.test(p) && !TRAINING_WORD.test(given ?? m.input)) return m[0];
  notes.push(`"${m[0].trim()}" is the batch of another pass (${pass.trim()}), not the training micro-batch: not read`);
  return ' '.repeat(m[0].length);
}

export const OTHER_PASS_BATCH_RULES: readonly ProseRule[] = [
  {
    id: 'training.other-pass-batch',
    pattern: new RegExp(String.raw`(?<![\w.-])(${PASS})(?:[ \t_-]?(?:phase|pass|time|step|stage|policy))?(?:[ \t]?的)?[ \t_.-]?${BATCH}${JOIN}(\d{1,5})(?![\w.%])`, 'g'),
    when: (t) => /batch|\bbs\b|\bmbs\b|배치|バッチ|批/.test(t),
    write: (m, notes, given) => otherPass(m[1]!, m[2]!, m, notes, given),
    example: '评估batch size设为32，训练batch size 4，qwen2-7b lora 单卡a100 80g',
  },
  {
    // The pass said after: "batch size 64 for generation", "bs 32 during evaluation".
    id: 'training.batch-for-other-pass',
    pattern: new RegExp(String.raw`(?<![\w-])${BATCH}[ \t]*(?:of|=|:)?[ \t]*(\d{1,5})[ \t]+(?:for|in|during|at|when)[ \t]+(?:the[ \t]+)?(${PASS})(?![a-z])`, 'g'),
    when: (t) => /batch|\bbs\b/.test(t) && /\b(?:for|in|during|at|when)\b/.test(t),
    write: (m, notes, given) => otherPass(m[2]!, m[1]!, m, notes, given),
    example: 'llama-3-8b grpo on 8x h100, micro batch 1, batch size 64 for generation',
  },
];
