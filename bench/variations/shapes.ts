import { NAME_SHAPES } from './shape-names.js';
import { SETTING_SHAPES } from './shape-settings.js';
import type { Transform } from './transforms.js';
import { WRAPPER_SHAPES } from './shape-wrappers.js';

/**
 * The shapes family of bench:variations (issue 22): where strangers' messages differ from the corpus's
 * own lines — wrapped in prose or a greeting, with an unrelated log after them, settings in a fenced
 * config, names written as Hub ids or product names, counts in words, lengths as "4k" or "4,096".
 * Printed in its own table beside the small transforms (bench/variations/transforms.ts).
 */
export const SHAPE_TRANSFORMS: readonly Transform[] = [...WRAPPER_SHAPES, ...NAME_SHAPES, ...SETTING_SHAPES];
