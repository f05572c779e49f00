import type { ProseRule } from '../types.js';

/**
 * "ds" is short for two things people run: DeepSpeed ("ds3" for its ZeRO-3 config, as LLaMA-Factory's
 * `ds_z3_config.json`) and DeepSeek ("ds3.2 TP8" for DeepSeek-V3.2, "dsv3", "ds-r1"). The item
 * language had "ds2" and "ds3" as ZeRO stages, so "FA3 costs too much runtime memory for ds3.2 TP8"
 * (sgl-project/sglang#12373, c1905: SGLang serving DeepSeek-V3.2-Exp) read as a ZeRO-3 training
 * setting. A ZeRO stage now needs DeepSpeed's own context in the message; a release number or the
 * family letter (v, r) names a DeepSeek model.
 */

/** Words that put a message in DeepSpeed's context: its name, a ZeRO stage or config said its own way. */
export const DEEPSPEED_CONTEXT = /deep[-_ ]?spee?d|\bzero[-_ ]?(?:[0-3]\b|stage|offload|optimi[sz]ation|\+\+|infinity)|\bds_config|\bds_z[0-3]|\bstage[-_ ]?[0-3]\b/;

/** A training word with no serving word: a shorthand beside it is a trainer's setting more than a model. */
const TRAINING_ONLY = /\b(?:fine[-_ ]?tun\w*|finetun\w*|train\w*|sft|lora|qlora|full|pre[-_ ]?train\w*|dpo|grpo|ppo)\b/;
const SERVING = /\b(?:serv\w*|deploy\w*|inference|infer|vllm|sglang|tgi|lmdeploy|llama\.?cpp|ollama|tp[-_ ]?\d|tensor[-_ ]parallel\w*)\b/;
/** Another model named by its size ("13b full ds3"): the shorthand beside it is no second model. */
const OTHER_MODEL_SIZE = /(?<![\w.])\d+(?:\.\d+)?b\b/;

/** Where a bare "ds2" / "ds3" with no DeepSpeed word is more likely a trainer's stage than DeepSeek: training words and no serving one, or another model's size. */
const stageMoreLikely = (t: string) => !t.includes('deepseek') && ((TRAINING_ONLY.test(t) && !SERVING.test(t)) || OTHER_MODEL_SIZE.test(t));

/** What the shorthand's number names as a DeepSeek release: "3" is V3, "2" is V2 (never "deepseek-3"). */
const release = (major: string, minor: string | undefined) => `deepseek-v${major}${minor ? `.${minor}` : ''}`;

export const DS_SHORT_NAME_RULES: readonly ProseRule[] = [
  {
    // DeepSeek by its family letter: "dsv3", "ds-v3", "ds_v3.1", "DS-V2.5", "dsr1", "ds-r1", "ds r1-0528". The
    // letter says the model: DeepSpeed has no V or R stage. Strong: no other reading of the letters is known.
    id: 'prose.deepseek-short-name',
    pattern: /(?<![\w./-])ds[-_ ]?(?:v([23])(?:\.(\d))?|(r1))(?![\w.]|-\d{2}b)/g,
    when: (t) => t.includes('ds'),
    write: (m) => (m[3] ? 'deepseek-r1' : release(m[1]!, m[2])),
    example: 'how much memory does dsv3 need with tp 8 on h20',
    source: 'sgl-project/sglang#12373',
  },
  {
    // DeepSeek by a release number alone: "ds3.2 TP8" (sgl-project/sglang#12373, c1905), "ds3.1". A ZeRO
    // stage has no decimal, so "ds" with one is a release; weak, as the letters could be another name's.
    id: 'prose.deepseek-short-release',
    pattern: /(?<![\w./-])ds[-_]?([23])\.(\d)(?![\w.])/g,
    when: (t) => t.includes('ds'),
    write: (m) => release(m[1]!, m[2]),
    example: '[Bug] FA3 costs too much runtime memory for ds3.2 TP8',
    source: 'sgl-project/sglang#12373',
    weak: true,
  },
  {
    // "ds2" / "ds3" in a message that speaks of DeepSpeed ("deepspeed ds3 with offload", "ds3 + zero offload",
    // ds_config): its ZeRO stage, as LLaMA-Factory names its configs ds_z2 / ds_z3. Invented: the item words
    // "ds2" / "ds3" date from issue 11's first vocabulary (098e18b4), with no thread behind them.
    id: 'prose.deepspeed-short-stage',
    pattern: /(?<![\w./-])ds[-_]?([0-3])(?![\w.])/g,
    when: (t) => t.includes('ds') && DEEPSPEED_CONTEXT.test(t),
    write: (m) => `zero${m[1]}`,
    example: 'full finetune 13b with deepspeed ds3 on 8x a100, OOM',
  },
  {
    // "ds3" with no DeepSpeed word but a training one and no serving one, or beside another model's size ("13b
    // full ds3 bf16 on 8x a100"): most likely the ZeRO stage still, but only by the shorthand: weak, said with its words.
    id: 'prose.deepspeed-short-stage-guessed',
    pattern: /(?<![\w./-])ds[-_]?([0-3])(?![\w.])/g,
    when: (t) => t.includes('ds') && !DEEPSPEED_CONTEXT.test(t) && stageMoreLikely(t),
    write: (m) => `zero${m[1]}`,
    example: '13b full ds3 bf16 seq 4096 on 8x a100',
    weak: true,
  },
  {
    // "ds3" / "ds2" anywhere else ("ds3 TP8 on 8x H20", "how many H20 for ds3"): DeepSeek-V3 / V2, the model
    // most people shorten so, taken weakly (said with its words). "ds1"/"ds0" are no DeepSeek release: left.
    id: 'prose.deepseek-short-guessed',
    pattern: /(?<![\w./-])ds[-_]?([23])(?![\w.])/g,
    when: (t) => t.includes('ds') && !DEEPSPEED_CONTEXT.test(t) && !stageMoreLikely(t),
    write: (m) => release(m[1]!, undefined),
    example: 'serving ds3 with tp 8 on 8x h20',
    source: 'sgl-project/sglang#12373',
    weak: true,
  },
];
