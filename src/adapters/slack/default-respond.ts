import type { CoreRespond } from '../hub-respond.js';

/**
 * The real assistant, imported on first use so that this adapter loads even while the core is
 * being built, and so tests that inject their own `respond` never load it.
 */
export const defaultRespond: CoreRespond = async (text, previous, hub) => {
  const assistant = await import('../../core/assistant.js');
  return assistant.respond(text, previous, hub);
};
