import { EN_IS_WORDS, EN_SET_WORDS, PARTICLE_WORDS, SET_AFTER, ZH_IS_WORDS, ZH_SET_WORDS } from '../../config-keys/connectives.js';
import type { ProseRule } from '../types.js';

/**
 * A ZeRO stage said as a setting given a value: "stage设置为2" (stage set to 2: "8卡A40…采用全参预训练，stage设置为2",
 * hiyouga/LlamaFactory#1119, c3122, b93), "zero stage set to 2", "stage 设成 3", "stage is set to 3". The item
 * language reads "stage 2" and "zero stage 2" (vocabulary.ts), but a verb between the word and its number had left the
 * stage unread and the run on DDP, in silence. A numbered stage of 0–3 is DeepSpeed's (LLaMA-Factory's own `stage` is
 * a word: sft, pt, rm, dpo). Weak where nothing in the message names DeepSpeed or ZeRO: the stage is then taken from the
 * number alone, said with its words.
 */

const STAGE = String.raw`(?<![\w-])(?:(?:deep[-_ ]?spee?d|zero|ds)[-_ ]*)?stage`;
const STAGE_NUMBER = String.raw`([0-3])(?![\d\w]|\.\d)`;
/** The stage set by a verb (connectives.ts): "set to", 设置为 / 设的 / 改成, "=", or a particle with a Korean verb after the number ("stage를 2로 설정"). */
const STAGE_SET = new RegExp(
  String.raw`${STAGE}(?:[ \t]+${EN_SET_WORDS}[ \t]+|[ \t]*(?:${ZH_SET_WORDS}|=)[ \t]*|[ \t]*${PARTICLE_WORDS}[ \t]*(?=[0-3]${SET_AFTER}))${STAGE_NUMBER}`,
  'g',
);
/** The stage said with a copula (connectives.ts): "zero stage is 3", "stage为2", "stage是3", "stage는 2": weak, as a config key's "is" is. */
const STAGE_IS = new RegExp(String.raw`${STAGE}(?:[ \t]+${EN_IS_WORDS}[ \t]+|[ \t]*(?:${ZH_IS_WORDS}|${PARTICLE_WORDS})[ \t]*)${STAGE_NUMBER}(?!${SET_AFTER})`, 'g');

/** Words that say DeepSpeed or ZeRO in the message: the stage is then DeepSpeed's by their word, not by the number alone. */
const DEEPSPEED_WORD = /deep[-_ ]?spee?d|\bzero[-_ ]?[0-3]?\b|\bds_config|\bds_z[0-3]/;

export const ZERO_STAGE_SET_RULES: readonly ProseRule[] = [
  {
    id: 'prose.zero-stage-set-to',
    pattern: STAGE_SET,
    when: (t) => t.includes('stage') && !DEEPSPEED_WORD.test(t),
    write: (m) => ` zero${m[1]} `.padEnd(m[0].length),
    example: '内存640G，8卡，单卡显存48G，采用全参预训练，stage设置为2。',
    source: 'hiyouga/LlamaFactory#1119',
    weak: true,
  },
  {
    // The same with DeepSpeed or ZeRO named in the message ("deepspeed, zero stage set to 2"): its word says whose stage.
    id: 'prose.zero-stage-set-to-named',
    pattern: STAGE_SET,
    when: (t) => t.includes('stage') && DEEPSPEED_WORD.test(t),
    write: (m) => ` zero${m[1]} `.padEnd(m[0].length),
    example: 'sft llama-2-13b with deepspeed, zero stage set to 2, 8 V100 32GB',
  },
  {
    // A copula instead of a verb ("zero stage is 3", "deepspeed stage为2", "stage는 3"): the stage said as a fact, which
    // prose may say of another run; weak, said with its words, wherever DeepSpeed is named or not.
    id: 'prose.zero-stage-is',
    pattern: STAGE_IS,
    when: (t) => t.includes('stage'),
    write: (m) => ` zero${m[1]} `.padEnd(m[0].length),
    example: '8卡A800全参微调qwen-14b，deepspeed的stage为3',
    weak: true,
  },
];
