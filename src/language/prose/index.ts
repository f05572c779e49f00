export { readProse, type ProseReading } from './read.js';
export { offlineReading, type OfflineReading } from './model-name.js';
export { cardDtypeFlags } from './card-dtype.js';
export { ALL_PROSE_RULES, CARD_DTYPE_RULES, OOM_REPORT_RULES, PROSE_RULES, QUESTION_RULES, TRAINING_RULES, reportedTopic } from './rules/index.js';
export type { ProseRule } from './types.js';
