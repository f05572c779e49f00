import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

describe('models of other kinds', () => {
  it('a speech or image-generation model is named in the refusal, with what headroom estimates', () => {
    for (const [text, kind] of [
      ['finetune whisper large v3 on a 4090', 'a speech model'],
      ['train SDXL lora on a 3060', 'an image-generation model'],
    ] as const) {
      const r = resolveRequest(text, null);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.message, text).toMatch(new RegExp(`is ${kind}; headroom estimates language models`));
    }
    // A language model with a vision tower is still read.
    expect(resolveRequest('qwen2.5-vl-7b lora on a 4090', null).ok).toBe(true);
  });
});

describe('a Mac with no intent word', () => {
  it('is asked about running the model (MLX, llama.cpp), said like the other intent defaults', () => {
    const r = resolveRequest('qwen3 30b a3b on a macbook m4 max 128gb', null);
    expect(r.ok && r.scenario!.mode).toBe('inference');
    expect(r.ok && r.assumptions.join(' | ')).toMatch(/Apple unified memory is not modelled/);
    const trained = resolveRequest('llama 3 8b lora on my m3 max', null);
    expect(trained.ok && trained.scenario!.mode).toBe('lora');
  });
});
