import type { ErrorReply } from '../reply/types.js';
import type { PresetFields } from './presets.js';
import type { Resolution } from './resolution.js';

/**
 * A framework preset's note says what the framework does by itself ("LongLoRA preset: … gradient
 * checkpointing on, flash attention …, LoRA r8"); what the user said in the same request wins
 * over it (presets.ts), so where they said otherwise the note says which of their words replaced
 * which of its settings. It had kept saying "gradient checkpointing on" beside a "no gc" the
 * estimate used ("llama-2-7b longlora lora r16 no gc sdpa on 8x a100-40g").
 */

/** The request slot (scenario/patch.ts) that states each preset field. */
const SLOT_OF: Record<keyof PresetFields, string> = {
  recipe: 'precision',
  compute: 'precision',
  weights: 'weights',
  optimizer: 'optimizer',
  optimizerImpl: 'impl',
  loss: 'loss',
  sharding: 'sharding',
  recompute: 'recompute',
  attention: 'attention',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function presetSaidStep(r: Resolution): ErrorReply | null {
  const preset = r.preset;
  if (!preset) return null;
  const replaced = new Set<string>();
  for (const [key, value] of Object.entries(preset.fields) as [keyof PresetFields, unknown][]) {
    const said = r.patch.get(SLOT_OF[key]);
    if (said && !same(r.s[key], value)) replaced.add(said.item.text.trim());
  }
  for (const [key, value] of Object.entries(preset.lora ?? {})) {
    const said = r.patch.get(`lora.${key}`);
    if (said && r.s.lora && !same(r.s.lora[key as 'rank' | 'targets' | 'dropout'], value)) replaced.add(said.item.text.trim());
  }
  if (replaced.size === 0) return null;
  const words = [...replaced].map((w) => `"${w}"`).join(', ');
  r.reassume(preset.note, `${preset.note}; what you said replaces its own: ${words}`);
  return null;
}
