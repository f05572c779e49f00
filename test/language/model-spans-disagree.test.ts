import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * Two spans that name the model and disagree, decided by evidence instead of refused or taken in
 * the order written:
 * - a series said with its version and no size yields to a sized name of the same series in the
 *   message, the user's own command (reconcile/models.ts withoutBareNames): "gemma3-AWQ" beside
 *   `vllm serve gaunernst/gemma-3-27b-it-int4-awq` (vllm-project/vllm#16199, c766), "Qwen3-AWQ"
 *   beside `cognitivecomputations/Qwen3-235B-A22B-AWQ` (vllm, c578);
 * - a catalog name written without a size, beside a size it is not, is the family at that size
 *   (read-tokens/model-beside-size.ts): "deepseekv2-prover7B" (huggingface/trl#3436, c302) is a 7B
 *   derivative, not DeepSeek-V2 and a 7B; "starcoder 3b" is StarCoder2-3B, said as a guess.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a series named without its size yields to the same series named with one', () => {
  it('c766: "gemma3-AWQ" is the gemma-3-27b the command serves, and the default-size question is gone', () => {
    const { s, said } = readNoticed(line('c766'));
    expect(s.model.id).toBe('gemma-3-27b');
    expect(said).not.toMatch(/which size|names no size/);
    expect(said).toMatch(/"gemma3" read as "gaunernst\/gemma-3-27b-it-int4-awq"/);
  });

  it('c578: "Qwen3-AWQ" is the Qwen3-235B-A22B the command serves', () => {
    expect(readNoticed(line('c578')).s.model.id).toBe('qwen3-235b-a22b');
  });

  it.each([
    ['I cannot serve gemma3 on a 4090: vllm serve google/gemma-3-4b-it --max-model-len 8192', 'gemma-3-4b'],
    ['Gemma3 OOM on 24G. command: vllm serve google/gemma-3-27b-it --max-model-len 4096', 'gemma-3-27b'],
    ['qwen3 跑不起来，4张A10：vllm serve Qwen/Qwen3-32B --tensor-parallel-size 4', 'qwen3-32b'],
    ['llama2 on two 3090s, python server.py --model meta-llama/Llama-2-13b-chat-hf', 'llama-2-13b'],
  ])('%s: %s', (text, id) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(id);
    expect(said).not.toMatch(/which size/);
  });

  it('another series whose name starts the same is not folded into it: "qwen2" is not Qwen2.5', () => {
    const r = readNoticed('qwen2 lora on a 4090, then serve Qwen/Qwen2.5-32B-Instruct on it');
    expect(r.said).not.toMatch(/"qwen2" read as/);
  });
});

describe('a catalog name beside a size it is not', () => {
  it('c302: "deepseekv2-prover7B" is a 7B model of DeepSeek shape, said as a guess, not refused', () => {
    const { s, said } = readNoticed(line('c302'));
    expect(s.model.requestedParams).toBe(7e9);
    expect(said).toMatch(/from "deepseekv2-prover7B"\?/);
  });

  it.each([
    ['starcoder 3b lora on a 4090', 'starcoder2-3b', 'starcoder 3b'],
    ['StarCoder 7B full fine-tune on 8x A100', 'starcoder2-7b', 'StarCoder 7B'],
  ])('%s: %s, said as a guess', (text, id, words) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(id);
    expect(said).toContain(`from "${words}"?`);
  });

  it.each([
    ['tinyllama 1b on a 3060', 'tinyllama-1.1b'],
    ['glm4-9b-1m on a 4090', 'glm-4-9b'],
    ['llama3:70b-instruct on 2x 3090', 'llama-3-70b'],
    ['gemma3 4b on a 3060', 'gemma-3-4b'],
  ])('%s: a size the name agrees with, or already holds, changes nothing (%s)', (text, id) => {
    expect(readNoticed(text).s.model.id).toBe(id);
  });
});
