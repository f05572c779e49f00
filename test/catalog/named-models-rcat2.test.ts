import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { contextLengthOf } from '../../src/catalog/context-lengths.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Models corpus lines named that the catalog lacked (fourteenth session, rcat2): the first
 * InternLM-7B, CodeGen-2B and -16B, MOSS-moon-003 (CodeGen-16B's shape, a 107,008-token
 * vocabulary), Mistral Small 2409 (22B) and Mistral Large 2 (123B). Each is read from the names
 * people write: Hub ids, directory names, other separators and cases.
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

describe('the models strangers name resolve to their catalog entry (rcat2)', () => {
  it.each([
    ['internlm-7b', ['InternLM-Chat-7B', 'internlm/internlm-chat-7b', 'internlm-7b', 'InternLM-7B', 'internlm_7b', 'internlm/internlm-7b']],
    ['codegen-16b', ['Salesforce/codegen-16B-mono', 'codegen-16B-multi', 'CodeGen-16B', 'codegen 16b', 'codegen_16B']],
    ['codegen-2b', ['Salesforce/codegen-2B-mono', 'codegen-2B-multi', 'CodeGen-2B']],
    ['moss-moon-003-16b', ['fnlp/moss-moon-003-sft', 'moss-moon-003-sft-int4', 'MOSS', 'moss-moon-003-base']],
    ['mistral-small-22b', ['mistralai/Mistral-Small-Instruct-2409', 'Mistral-Small-Instruct-2409', 'mistral small 22b']],
    ['mistral-large-123b', ['mistralai/Mistral-Large-Instruct-2407', 'Mistral-Large-Instruct-2407', 'Mistral Large 2', 'mistral-large']],
    ['phi-3-vision-4.2b', ['microsoft/Phi-3-vision-128k-instruct', 'Phi-3-vision-128k-instruct', 'phi-3-vision', 'Phi3-Vision']],
  ] as const)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it('leaves the bare family and size to the current generation (InternLM2, not the first InternLM)', () => {
    expect(modelOf('internlm2 7b inference on 1x a100').id).toBe('internlm2-7b');
    expect(modelOf('internlm2.5-7b-chat inference on 1x a100').id).toBe('internlm2-7b');
  });

  it.each([
    // The strangers' own lines: a Chinese issue on xtuner (c581), lmdeploy (c598), device_map="auto" on 8 cards (c1315),
    // DeepSpeed-Chat on a codegen-16B-multi path (c1327), "能否运行MOSS" (c451).
    ['c581', 'internlm-7b'],
    ['c1315', 'internlm-7b'],
    ['c1327', 'codegen-16b'],
    ['c451', 'moss-moon-003-16b'],
    ['c555', 'phi-3-vision-4.2b'],
  ] as const)('corpus line %s reads as %s', (line, id) => {
    expect(modelOf(corpusText(line)).id).toBe(id);
  });
});

describe('their shapes', () => {
  it('CodeGen and MOSS are GPT-J blocks: parallel attention and MLP, rotary, an lm_head bias', () => {
    for (const id of ['codegen-2b', 'codegen-16b', 'moss-moon-003-16b']) {
      const a = modelById(id)!.arch;
      expect(a.parallelBlock, id).toBe(true);
      expect(a.positions, id).toBe('rope');
      expect(a.attentionBias, id).toBe('none');
      expect(a.extraParams, id).toBe(a.vocab);
    }
    // MOSS differs from CodeGen-16B only in its vocabulary: 2 × 6144 × (107008 − 51200) + the bias's 55,808.
    const diff = countParams(modelById('moss-moon-003-16b')!.arch).total - countParams(modelById('codegen-16b')!.arch).total;
    expect(diff).toBe(2 * 6144 * (107008 - 51200) + (107008 - 51200));
  });

  it("Phi-3-vision's tower is CLIP ViT-L/14-336 with a 4096-wide merged projector: 0.33B beside the text model", () => {
    const v = modelById('phi-3-vision-4.2b')!.arch.vision!;
    expect(v.params).toBeGreaterThan(0.32e9);
    expect(v.params).toBeLessThan(0.34e9);
    const total = countParams(modelById('phi-3-vision-4.2b')!.arch).total + v.params;
    expect(Math.abs(total / 4.2e9 - 1)).toBeLessThan(0.02);
  });

  it('InternLM-7B biases q, k, v and o (config "bias": true), unlike InternLM-20B', () => {
    expect(modelById('internlm-7b')!.arch.attentionBias).toBe('all');
    expect(modelById('internlm-20b')!.arch.attentionBias).toBe('none');
  });

  it('each has its own context length', () => {
    expect(contextLengthOf('codegen-16b')).toBe(2048);
    expect(contextLengthOf('moss-moon-003-16b')).toBe(2048);
    expect(contextLengthOf('internlm-7b')).toBe(2048);
    expect(contextLengthOf('mistral-small-22b')).toBe(32768);
    expect(contextLengthOf('mistral-large-123b')).toBe(131072);
    expect(contextLengthOf('phi-3-vision-4.2b')).toBe(131072);
  });
});
