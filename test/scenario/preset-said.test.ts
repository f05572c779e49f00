import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetFor } from '../../src/scenario/presets.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A preset's note says what the framework does by itself; what the user said in the same request
 * wins (presets.ts), and the note now says which of their words replaced its settings
 * (scenario/resolve-preset-said.ts). It had said "gradient checkpointing on, flash attention … LoRA
 * r8" beside a "no gc", "sdpa", "r16" the estimate used.
 */
function said(text: string): { note: string; s: NonNullable<Extract<ReturnType<typeof resolveRequest>, { ok: true }>['scenario']> } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { note: r.assumptions.find((a) => /preset/.test(a)) ?? '', s: r.scenario };
}

describe('a preset note beside what the user said otherwise', () => {
  it('LongLoRA (v169\'s setup) with "no gc", "sdpa" and r16: the note names the three words that replace its own', () => {
    const { note, s } = said('llama-2-7b longlora lora r16 no gc sdpa on 8x a100-40g');
    expect(s.recompute).toBe('none');
    expect(s.attention).toBe('sdpa');
    expect(note).toMatch(/^LongLoRA preset: .*; what you said replaces its own: "no gc", "sdpa", "lora r16"$/);
  });

  it('words that agree with the preset replace nothing, so the note is the preset\'s alone', () => {
    expect(said('llama-2-7b longlora lora gc flash on 8x a100-40g').note).not.toMatch(/replaces/);
    expect(said('llama-2-7b longlora on 8x a100-40g').note).not.toMatch(/replaces/);
  });

  it('LLaMA-Factory with "no gc": its gradient checkpointing is said replaced', () => {
    expect(said('llama-2-7b llama-factory lora no gc seq 1024 on 1x a100-40g').note).toMatch(/LLaMA-Factory preset: .*what you said replaces its own: "no gc"/);
  });

  it('names a word exactly when the recompute the estimate uses differs from the preset\'s (property)', () => {
    const frameworks = ['longlora', 'llama-factory', 'axolotl', 'alpaca-lora', 'unsloth'] as const;
    const words = { 'no gc': 'none', gc: 'full' } as const;
    fc.assert(
      fc.property(fc.constantFrom(...frameworks), fc.constantFrom(...(Object.keys(words) as (keyof typeof words)[])), (framework, word) => {
        const { note, s } = said(`llama-2-7b ${framework} lora ${word} seq 1024 on 1x a100-80g`);
        const preset = presetFor(framework, s.mode, 1, s.unslothVersion).fields.recompute;
        const replaced = preset !== undefined && preset !== words[word];
        expect(note.includes(`"${word}"`), `${framework} ${word}: ${note}`).toBe(replaced);
      }),
      { numRuns: 30 },
    );
  });
});
