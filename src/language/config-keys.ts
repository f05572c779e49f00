/**
 * Config keys people paste, read as request words (issue 11 §2; issue 22, item 6). The key tables,
 * by topic, and the reading engine live in `config-keys/`; this is the path the reader imports.
 */
export { COMPILE_NOTE } from './config-keys/savers.js';
export { CHECKPOINT_FOLDER } from './config-keys/models.js';
export { NO_MEMORY_EFFECT } from './config-keys/ignored.js';
export { KEY_TABLES, keyKnown, keyName } from './config-keys/table.js';
export { readConfig, type ConfigReading } from './config-keys/read.js';
export { isFalse, isTrue, unquote, type KeyContext, type KeyReading, type KeyRule, type KeyTable } from './config-keys/values.js';
