import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { offlineReading } from '../../src/language/prose/index.js';
import { catalogTail, isKindWord } from '../../src/language/model-kinds.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A derivative's name that holds a kind word ("-VL-", "-Audio-") is that kind of model, never its text twin:
 * "Huihui-Qwen3-VL-8B-Instruct-abliterated" had read as Qwen3-8B (no vision tower) in prose and as a Hub id
 * (src/language/model-kinds.ts). A Hub name with a family and no version ("turbomind-internlm-chat-20b-w4")
 * reads as the catalog's model of that family and size, as the same words do in prose.
 */
const modelId = (text: string) => read(text).scenario.model.id;

describe('a kind word in a derivative name keeps the kind', () => {
  it('c1800 (mudler/LocalAI#3007): the Hub URL and the file name are Qwen3-VL-8B', () => {
    expect(corpusLineRead('c1800').scenario.model.id).toBe('qwen3-vl-8b');
    expect(offlineReading('noctrex/Huihui-Qwen3-VL-8B-Instruct-abliterated-GGUF')).toMatchObject({ model: 'qwen3-vl-8b' });
  });

  it.each([
    ['run Huihui-Qwen3-VL-8B-Instruct-abliterated Q6_K on a 3090', 'qwen3-vl-8b'],
    ['serve huihui_qwen3_vl_8b_abliterated on one 4090', 'qwen3-vl-8b'],
    ['inference with someone-Qwen2.5-VL-7B-merged on an A100', 'qwen2.5-vl-7b'],
    ['lora on my-org-qwen2-vl-7b-sft, 1x a100', 'qwen2-vl-7b'],
  ])('%s → %s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it.each([
    ['noctrex/Huihui-Qwen3-VL-8B-Instruct-abliterated-GGUF', 'qwen3-vl-8b'],
    ['someone/abliterated-qwen2.5-vl-7b-instruct', 'qwen2.5-vl-7b'],
    ['org/Qwen3-8B-abliterated', 'qwen3-8b'],
  ])('Hub %s offline → %s', (repo, model) => {
    expect(offlineReading(repo)).toMatchObject({ model });
  });

  it('a kind the catalog lacks at that release is no text twin: "foo-qwen3-audio-8b" is an unknown 8B, said', () => {
    const r = read('run foo-qwen3-audio-8b on a 4090');
    expect(r.scenario.model.id).not.toBe('qwen3-8b');
    expect(r.said).toMatch(/don't know the model/);
    expect(offlineReading('org/foo-qwen3-audio-8b')?.model ?? null).not.toBe('qwen3-8b');
  });

  it('a tail without a kind word is no evidence: DeepSeek-R1-Distill-Qwen-14B stays Qwen2.5-14B', () => {
    expect(catalogTail(['deepseek', 'r1', 'distill', 'qwen'], '14b')).toBeNull();
    expect(modelId('serve deepseek-r1-distill-qwen-14b on an A100')).toBe('qwen2.5-14b');
  });

  it('property: any owner words before "qwen3-vl" and the size keep Qwen3-VL-8B', () => {
    const owner = fc.stringMatching(/^[a-z]{3,8}$/).filter((w) => !isKindWord(w) && !/^(?:qwen|llama|vl|it|hf|chat)/.test(w));
    fc.assert(
      fc.property(owner, fc.constantFrom('-', '_'), (w, sep) => {
        expect(catalogTail([w, 'qwen3', 'vl'], '8b')).toBe('qwen3-vl-8b');
        expect(offlineReading(`org/${w}${sep}Qwen3${sep}VL${sep}8B${sep}Instruct`)).toMatchObject({ model: 'qwen3-vl-8b' });
      }),
      { numRuns: 60 },
    );
  });
});

describe('a Hub name with a family and no version', () => {
  it('c1725 (InternLM/lmdeploy#732): lmdeploy/turbomind-internlm-chat-20b-w4 is InternLM-20B', () => {
    expect(offlineReading('lmdeploy/turbomind-internlm-chat-20b-w4')).toMatchObject({ model: 'internlm-20b' });
    expect(corpusLineRead('c1725').scenario.model.id).toBe('internlm-20b');
  });

  it.each([
    ['someone/internlm-chat-20b-4bit', 'internlm-20b'],
    ['org/my-internlm-20b-sft', 'internlm-20b'],
  ])('%s → %s', (repo, model) => {
    expect(offlineReading(repo)).toMatchObject({ model });
  });
});
