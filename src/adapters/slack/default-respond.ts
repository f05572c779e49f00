import type { RespondFn } from './deps.js';

/**
 * The real assistant, imported on first use so that this adapter loads even while the core is
 * being built, and so tests that inject their own `respond` never load it.
 */
export const defaultRespond: RespondFn = async (text, previous) => {
  const assistant = await import('../../core/assistant.js');
  return assistant.respond(text, previous);
};
