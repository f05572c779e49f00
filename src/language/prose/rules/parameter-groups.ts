import type { ProseRule } from '../types.js';

/**
 * An optimizer's parameter groups as a training script prints them: "Muon (2D weights): 160 tensors, 6,476,005,376
 * parameters" / "AdamW (others): 66 tensors, 206,118,912 parameters" (nwyin/modded-llama2#9, c2839). A count of the
 * tensors and parameters one optimizer updates, a part of the model, never its size: blanked whole, so the message
 * is asked for its model rather than refused for a size "160 tensors, 6,476,005,376" no model has.
 */
export const PARAMETER_GROUP_RULES: readonly ProseRule[] = [
  {
    id: 'prose.parameter-group-count',
    pattern: /\b\d{1,6}\s+tensors?\s*[,;]\s*\d[\d,]{0,20}(?:\.\d+)?\s*[kmb]?\s+param(?:eter)?s\b/g,
    when: (t) => t.includes('tensor'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Muon (2D weights): 160 tensors, 6,476,005,376 parameters',
    source: 'nwyin/modded-llama2#9',
  },
];
