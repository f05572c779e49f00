import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Issues 22/23: the families the corpus's pending lines named (Qwen 1, ChatGLM, GLM-4-9B,
 * Polyglot-Ko, GPT-NeoX, InternLM, MPT, OPT …) are catalog entries, read by their real names.
 */
function modelOf(text: string): string | null {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return outcome.scenario.model.id;
}

describe('the families corpus lines name resolve to their catalog entry', () => {
  it.each([
    ['qwen-7b', ['Qwen/Qwen-7B-Chat', 'qwen-7b-chat', 'Qwen-7B']],
    ['qwen-14b', ['Qwen/Qwen-14B-Chat', 'qwen 14b']],
    ['qwen-1.8b', ['Qwen/Qwen-1_8B-Chat', 'qwen-1.8b']],
    ['chatglm2-6b', ['THUDM/chatglm2-6b', 'chatglm2-6b', 'ChatGLM2-6B-32K']],
    ['chatglm3-6b', ['THUDM/chatglm3-6b', 'chatglm3 6b']],
    ['chatglm-6b', ['THUDM/chatglm-6b', 'ChatGLM-6B']],
    ['glm-4-9b', ['THUDM/glm-4-9b-chat', 'glm4-9b-chat']],
    ['internlm2-20b', ['internlm/internlm2-chat-20b', 'InternLM2-20B']],
    ['internlm2-7b', ['internlm/internlm2_5-7b-chat', 'internlm2-chat-7b']],
    ['polyglot-ko-12.8b', ['EleutherAI/polyglot-ko-12.8b', 'polyglot-ko-12.8b', 'polyglot 12.8b']],
    ['gpt-neox-20b', ['EleutherAI/gpt-neox-20b', 'GPT-NeoX-20B']],
    ['mpt-7b', ['mosaicml/mpt-7b-instruct', 'MPT-7B']],
    ['opt-13b', ['facebook/opt-13b', 'OPT-13B']],
  ] as const)('%s', (id, names) => {
    for (const name of names) expect(modelOf(`${name} inference on 1x a100`), name).toBe(id);
  });

  it('reads the real lines by the model they name (c002 Qwen-7B-Chat, c612 polyglot12.8B)', () => {
    expect(modelOf(corpusText('c002'))).toBe('qwen-7b');
    expect(modelOf(corpusText('c612'))).toBe('polyglot-ko-12.8b');
  });

  it('"qwen" alone is not Qwen 1, and "opt" alone is no model (sizeOnly)', () => {
    // With Qwen 1 as a series, a bare "qwen" read as its 7B (c378's "Qwen2-72B-Insctruct", c673's QwQ).
    const bare = resolveRequest('which qwen model fits a 4090 for lora', null);
    expect(bare.ok).toBe(false);
    expect(bare.ok ? '' : bare.error.message).toMatch(/Which qwen\?/);
    expect(modelOf('python /opt/conda/bin/train.py llama-2-7b lora on 1x a100')).toBe('llama-2-7b');
    expect(modelOf('I opt for lora on llama-2-7b on 1x a100')).toBe('llama-2-7b');
  });
});

describe('the GPT-NeoX-style counts reproduce the published totals to the parameter', () => {
  it.each([
    ['gpt-neox-20b', 20_554_567_680],
    ['pythia-2.8b', 2_775_208_960],
    ['pythia-12b', 11_846_072_320],
    ['polyglot-ko-5.8b', 5_885_059_072],
    ['bloom-3b', 3_002_557_440],
  ] as const)('%s: %d', (id, total) => {
    expect(countParams(modelById(id).arch).total).toBe(total);
  });

  it('without the parallel block\'s second LayerNorm GPT-NeoX-20B would be 540,672 short', () => {
    const arch = { ...modelById('gpt-neox-20b').arch, layerNorms: 1 };
    expect(20_554_567_680 - countParams(arch).total).toBe(44 * 2 * 6144);
  });
});

describe('ChatGLM2/3 and GLM-4-9B cache 2 KV groups, not 32 heads', () => {
  it.each(['chatglm2-6b', 'chatglm3-6b', 'glm-4-9b'])('%s', (id) => {
    const a = modelById(id).arch;
    expect(a.kvHeads).toBe(2);
    expect(a.heads / a.kvHeads).toBe(16);
  });
});
