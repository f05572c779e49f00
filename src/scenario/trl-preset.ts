import type { Preset } from './presets.js';

/**
 * TRL named ("trl", "trl sft …"): transformers' Trainer underneath (the 'hf' preset), whose
 * checkpointing default TRL changed. Every TRL trainer config (SFTConfig, DPOConfig, GRPOConfig,
 * ORPOConfig, KTOConfig, CPOConfig, BCOConfig, RewardConfig, PRMConfig, OnlineDPOConfig and the
 * OnPolicyConfig of PPO and RLOO) overrides TrainingArguments' `gradient_checkpointing=False` with
 * `default=True` from v0.22.0 (huggingface/trl a222aeb, 2025-08-08, #3510 "New defaults:
 * gradient_checkpointing=True"; trl/trainer/sft_config.py at 1.x still documents
 * "gradient_checkpointing: Defaults to True instead of False"). Before 0.22 the Trainer's False held
 * (v0.7.2, huggingface/trl's own issue of that release, corpus c725, ran out of memory for it).
 *
 * The request language reads no TRL release ("trl v0.7.2" is set aside as a version, hardware
 * rule not-hw.version), so which default held is not known: the reading keeps the Trainer's off,
 * the default of every release before 0.22, and the defaults line says that 0.22 and later turn it
 * on, so a ✗ that checkpointing fixes ("Fits only with gc") names the release that decides it.
 */
export const TRL_GC_FROM = '0.22.0';

/** The word that named the framework is TRL's own name (not "transformers", "trainer", "accelerate"). */
export function namesTrl(word: string): boolean {
  return /^\s*trl\s*$/i.test(word);
}

/** What the reply says when TRL is named and checkpointing is not: the default by release, with its source. */
export const TRL_RECOMPUTE_WORDS = `no recompute (default): gradient checkpointing is off in TRL before v${TRL_GC_FROM}; TRL ${TRL_GC_FROM} and later turn it on (gradient_checkpointing=True in every trainer config, huggingface/trl#3510): say "gc" if yours is one`;

/**
 * A preset run by TRL: its checkpointing default says the release that changed it. The bare 'hf'
 * preset's note names TRL rather than the Trainer; a TRL trainer's ("TRL DPO") keeps its own note.
 */
export function trlPreset(preset: Preset, bareLibrary: boolean): Preset {
  const note = bareLibrary ? 'TRL preset: bf16 mixed precision with fp32 master weights (transformers Trainer underneath)' : preset.note;
  return { ...preset, recomputeWords: TRL_RECOMPUTE_WORDS, note };
}
