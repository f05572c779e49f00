import type { ProseRule } from '../types.js';

/**
 * "tune" names training only when what is tuned is the model. Said of a setting it is adjusting that setting:
 * "tune the batch size to fit?", "how to tune settings so it runs?", "I tried tuning gpu_memory_utilization but
 * it OOMs", "after tuning max_model_len". The vocabulary's training verbs (vocabulary.ts: tune, tuning) had read
 * these as a full fine-tune of a model the user runs, said only as a method no word named. The verb is set
 * aside when its object is a setting: a batch, a length or context, a memory share, the settings, parameters
 * or hyperparameters (of a run, not "of the model"), a config, flags, a snake_case key. "fine-tune the
 * parameters" and "tune the model" stay training.
 */
const SETTING = String.raw`(?:batch(?:[\s_-]?sizes?)?|micro[\s_-]?batch(?:[\s_-]?sizes?)?|settings?|(?:hyper[\s-]?)?param(?:eter)?s?(?!\s+of\s+(?:the\s+|a\s+|my\s+)?model)|configs?|configuration|options?|flags?|knobs?|context(?:[\s_-]?(?:length|size|window))?|ctx|seq(?:uence)?[\s_-]?(?:length|len)|max[\s_-]?(?:len|length|tokens)|memory(?:[\s_-]?(?:share|fraction|utili[sz]ation))?|vram|(?:gpu|kv)[\s_-]?(?:memory|layers|cache)|layers|threads|[a-z]+_[a-z0-9_]+)`;

export const TUNE_A_SETTING_RULES: readonly ProseRule[] = [
  {
    id: 'prose.tune-a-setting',
    pattern: new RegExp(String.raw`(?<![\w-])(?<!fine[\s-])tun(?:e|es|ed|ing)(?=\s+(?:up\s+|down\s+)?(?:the\s+|my\s+|some\s+|these\s+|those\s+|its\s+|a\s+few\s+|all\s+(?:the\s+)?)?[\`'"]?${SETTING}\b)`, 'g'),
    when: (t) => t.includes('tun'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'llama-3-8b on a 3090, tune the batch size to fit?',
  },
];
