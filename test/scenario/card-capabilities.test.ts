import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

describe('fp8 needs a card with fp8 tensor cores', () => {
  it('fp8 training on an A100 or V100 is refused, saying which cards have it and how to ask for fp8 weights instead', () => {
    for (const text of ['train 13b fp8 on a100', 'llama 3 8b lora fp8 on v100']) {
      const r = resolveRequest(text, null);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.message, text).toMatch(/needs fp8 tensor cores, which the (A100 80GB|V100 16GB) does not have .*say "run" for fp8 weights/);
    }
  });

  it('fp8 training on an H100, and fp8 weights served on an A100 (weight-only), are read', () => {
    const trained = resolveRequest('train 13b fp8 on h100', null);
    expect(trained.ok && trained.scenario!.compute).toBe('fp8');
    const served = resolveRequest('run 13b in fp8 on a100', null);
    expect(served.ok && served.scenario!.weights).toBe('fp8');
  });
});

describe('bf16 asked for on a card without bf16', () => {
  it('is estimated as asked, and the reply says the card refuses it and fp16 takes the same memory', () => {
    const r = resolveRequest('7b lora bf16 on v100', null);
    expect(r.ok && r.scenario!.compute).toBe('bf16');
    expect(r.ok && r.assumptions.join(' | ')).toMatch(/the V100 16GB has no bf16: .*fp16 takes the same memory/);
    const a100 = resolveRequest('7b lora bf16 on a100', null);
    expect(a100.ok && a100.assumptions.join(' | ')).not.toMatch(/has no bf16/);
  });
});
