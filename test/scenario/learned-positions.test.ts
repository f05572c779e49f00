import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

function read(text: string, base: Scenario | null = null) {
  const r = resolveRequest(text, base);
  if (!r.ok || !r.scenario) throw new Error(`${text}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

describe('models with learned position embeddings (BERT 512, GPT-2 1024)', () => {
  it('"bert" alone is BERT-base, and its sequence defaults to its 512 positions, said', () => {
    const { scenario, said } = read('finetune bert on a T4');
    expect([scenario.model.id, scenario.seq]).toEqual(['bert-base-uncased', 512]);
    expect(said).toMatch(/seq 512 \(BERT-base-uncased's learned positions/);
    expect(read('gpt2 full finetune on a 3090').scenario.seq).toBe(1024);
    // Rotary models keep the usual default.
    expect(read('llama 3 8b lora').scenario.seq).toBe(2048);
  });

  it('a longer sequence stated is refused with the bound; one kept from the thread is cut to it, said', () => {
    const refused = resolveRequest('gpt2 seq 2048 on a 3090', null);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/1024 learned positions.*say seq 1024 or less/);
    const { scenario, said } = read('gpt2', read('llama 3 8b seq 4096 lora').scenario);
    expect(scenario.seq).toBe(1024);
    expect(said).toMatch(/the thread's seq 4096 is longer/);
  });
});
