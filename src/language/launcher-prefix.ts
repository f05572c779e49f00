import { NEVER, type MappedText } from './mapped-text.js';

/**
 * The per-process prefix a launcher writes before every line a worker prints: torchrun's `--tee`
 * output ("[default0]:…", torch/distributed/elastic/multiprocessing/api.py, `[{role}{local_rank}]:`)
 * and TorchX's ("[trainer0|0]:…", role, replica and rank). The worker's own line follows it whole, a
 * config dump too: "[trainer0|0]:batch_size: 32" is torchtune's resolved config as the recipe printed
 * it (meta-pytorch/torchtune#2620, corpus c1870), where the role's "trainer" had been read as the HF
 * Trainer and the keys after it left out of any config block. The prefix is removed (mapped, so every
 * word keeps its place in the user's text) before the segments are cut.
 *
 * torch's own "[rank1]:" is not removed: it prefixes a failing rank's traceback, which the segment rule
 * `log.rank-prefix` blanks as a log (segments/launcher-rules.ts).
 */
export const LAUNCHER_PREFIX_RULE = {
  id: 'normalise.launcher-prefix',
  example: '[trainer0|0]:INFO:torchtune.utils._logging:Running LoRAFinetuneRecipeDistributed with resolved config:',
  source: 'meta-pytorch/torchtune#2620',
} as const;

/** At a line's start: a role name and its index, with TorchX's "|rank" or as torchrun's "default0"; not "rank1". */
const PREFIX = /^[ \t]*\[(?!rank\d)[a-z][a-z_-]{0,30}\d{1,4}(?:\|\d{1,5})?\]:/gm;

export function dropLauncherPrefixes(text: MappedText): MappedText {
  return text.replace(/\d(?:\|\d{1,5})?\]:/.test(text.text) ? PREFIX : NEVER, () => '', LAUNCHER_PREFIX_RULE.id);
}
