import type { Scenario } from '../scenario/schema.js';

/**
 * A framework preset that turns gradient checkpointing on because the framework's example configs
 * do, where the program itself leaves it off when a config omits it (issue 23: a half-stated setup
 * says which default it assumed). A fit that rests on it says so, with the peak without it, since
 * a user whose own config leaves the key out runs without checkpointing.
 *
 * - axolotl: 95 of the 109 example YAMLs under examples/ set `gradient_checkpointing: true`
 *   (axolotl e4307fb7d, 2025-04-12), while its config schema defaults the key to off
 *   (src/axolotl/utils/schemas/config.py: `gradient_checkpointing: ... = Field(default=False)`).
 *
 * Frameworks whose program turns checkpointing on by itself are not listed: LLaMA-Factory
 * (`disable_gradient_checkpointing: False`, model/model_utils/checkpointing.py), PEFT's
 * `prepare_model_for_kbit_training(use_gradient_checkpointing=True)`, Unsloth's get_peft_model.
 */
const EXAMPLE_ONLY_RECOMPUTE: Readonly<Record<string, string>> = {
  axolotl:
    "gradient checkpointing as axolotl's example configs set it (gradient_checkpointing: true); axolotl's own default, for a YAML that leaves the key out, is off (say \"no gc\" if yours does)",
};

/** The assumption that names an example-only checkpointing default, or null where the program's default is the one assumed. */
export function exampleRecomputeWords(s: Scenario): string | null {
  return s.mode !== 'inference' && s.recompute !== 'none' ? (EXAMPLE_ONLY_RECOMPUTE[s.framework] ?? null) : null;
}

/** Whether the reply's assumptions name one of these defaults. */
export function assumesExampleRecompute(assumptions: readonly string[]): boolean {
  return Object.values(EXAMPLE_ONLY_RECOMPUTE).some((words) => assumptions.includes(words));
}
