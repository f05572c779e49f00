import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/** Branch rbase: a fine-tune named with its size reads as the catalog base its name gives. */
function modelOf(text: string): string {
  const outcome = resolveRequest(text, null);
  return outcome.ok && outcome.scenario ? (outcome.scenario.model.id ?? '') : '';
}

describe('fine-tunes read as their base', () => {
  it('SUS-Chat-34B is Yi-34B (01-ai/Yi, corpus c1253)', () => {
    expect(modelOf('6000左右的token awq量化的SUS-Chat-34B 双 2080ti 22G')).toBe('yi-34b');
    expect(modelOf('6000 tokens, SUS-Chat-34B AWQ on 2x 2080ti 22G')).toBe('yi-34b');
  });

  it('wizard-uncensored-13b is the LLaMA-1 13B (ollama/ollama, corpus c972)', () => {
    expect(modelOf('ollama run wizard-uncensored-13b on a 3060')).toBe('llama-1-13b');
    expect(modelOf('ollama run Wizard-Uncensored-13B on a 3060')).toBe('llama-1-13b');
  });

  it('a word that only looks like one is not read as a fine-tune', () => {
    expect(modelOf('llama-2-13b lora on a 4090')).toBe('llama-2-13b');
  });
});
