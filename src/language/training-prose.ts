/**
 * The training rules the config keys run before their keys now live with the other prose rules
 * (`prose/rules/training.ts`); this path is kept for the config keys' import.
 */
export { cardDtypeFlags } from './prose/card-dtype.js';
