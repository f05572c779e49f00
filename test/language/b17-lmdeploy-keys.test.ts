import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { LMDEPLOY_KEYS } from '../../src/language/config-keys/lmdeploy.js';
import { loadCorpus } from '../corpus/corpus.js';
import { parseRequest } from '../../src/language/parse.js';
import { read } from './reading-fixtures.js';

/**
 * lmdeploy described by its own keys, no command (b17: InternLM/lmdeploy#730, corpus c669;
 * #722, c663): the keys name the engine and are read with lmdeploy's meanings, an "int4" it
 * serves is its AWQ, and a request's input_len / output_len under the session's cap are one
 * request's lengths, not the sequence the server is sized for.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);

describe("lmdeploy's own keys", () => {
  it('c669: lmdeploy, AWQ, seq 8200 from session_len, no micro-batch from "input_len 均为3K"', () => {
    const { scenario, said } = read(line('c669').text);
    expect(scenario.inference.server).toBe('lmdeploy');
    expect(scenario.weights).toBe('awq');
    expect(scenario.seq).toBe(8200);
    expect(scenario.microBatch).toBe(1);
    expect(said).toMatch(/with lmdeploy read as AWQ/);
  });

  it('c663: read, not refused as gen 128 against seq 50; the session length is the sequence', () => {
    const { scenario } = read(line('c663').text);
    expect(scenario.inference.server).toBe('lmdeploy');
    expect(scenario.seq).toBe(8200);
    expect(scenario.inference.newTokens).toBe(0);
  });

  it.each([
    ['qwen-7b on one A10, session_len 4096, instance_num 8, cache_max_entry_count 0.6', 4096, 0.6],
    ['qwen-7b 跑在单卡A10上，session_len设为4096，cache_max_entry_count 0.6', 4096, 0.6],
    ['qwen-7b on one A10\n\nsession_len = 4096\ncache_max_entry_count = 0.6\ncache_block_seq_len = 128\n', 4096, 0.6],
    ['qwen-7b on one A10, --session-len 4096 --cache-max-entry-count 0.6 --quant-policy 8', 4096, 0.6],
  ])('%s', (text, seq, share) => {
    const { scenario } = read(text);
    expect(scenario.inference.server).toBe('lmdeploy');
    expect(scenario.seq).toBe(seq);
    expect(scenario.inference.gpuMemoryUtilization).toBe(share);
  });

  it('an input and output length with no cap make the sequence together', () => {
    const { scenario } = read('qwen-7b on one A10\n```sh\npython benchmark.py --input-len 512 --output-len 256\n```');
    expect(scenario.seq).toBe(768);
    expect(scenario.inference.newTokens).toBe(256);
  });

  it('--quant-policy 8 is an 8-bit KV cache', () => {
    expect(canonical('qwen-7b on one A10, --session-len 4096 --quant-policy 8')).toMatch(/\bkv fp8\b/);
  });

  it('"int4" or "4bit" is GPTQ / NF4 elsewhere, AWQ under lmdeploy', () => {
    expect(read('serving qwen-14b-int4 with vllm on an a10').scenario.weights).toBe('gptq');
    expect(read('serving qwen-14b-int4 with lmdeploy on an a10').scenario.weights).toBe('awq');
    expect(read('lmdeploy serve api_server llama-2-13b 4bit on a 3090').scenario.weights).toBe('awq');
    // A format named is kept.
    expect(read('serving qwen-14b-gptq-int4 with lmdeploy on an a10').scenario.weights).toBe('gptq');
  });

  it('every lmdeploy key says the engine', () => {
    for (const [key, { reads }] of Object.entries(LMDEPLOY_KEYS)) {
      const r = reads('16', { parent: null, axolotl: false, keys: new Set([key]), deepspeed: false, current: key, megatron: false, nodes: null });
      expect(r && 'say' in r ? r.say : '', key).toMatch(/^lmdeploy\b/);
    }
  });
});

describe('a width joined to a name and the format said beside it are one format', () => {
  it.each([
    ['serving qwen-14b-int4（使用awq量化）on one a10', 'awq'],
    ['serving qwen-14b-int4 (awq) on one a10', 'awq'],
    ['serving llama-2-13b-4bit, quantised with gptq, on one a10', 'gptq'],
  ])('%s', (text, format) => {
    expect(read(text).scenario.weights).toBe(format);
  });
});

describe('memory in use said in Chinese is no card', () => {
  it.each([
    ['你好，我用一张A10卡 serving qwen-14b-int4（使用awq量化）。服务启动后，显存占用19G。', 19],
    ['qwen-7b lora 单卡 4090，显存占用了20G，然后OOM', 20],
  ])('%s', (text, gib) => {
    const r = parseRequest(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.items.filter((i) => i.kind === 'hardware' && i.capacityGiB === gib)).toEqual([]);
  });
});
