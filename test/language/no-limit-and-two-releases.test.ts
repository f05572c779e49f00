import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Batch b27 (test/corpus/first-sight.md), c952 (an InfLLM config under a Qwen1.5-72B-chat-AWQ OOM):
 * - a key set to an integer type's largest value ("max_len: 2147483647"; TGI's "max_batch_total_tokens:
 *   Some(4294967295)", c042) or transformers' VERY_LARGE_INTEGER is "no limit": set aside and said, never
 *   refused as out of range (config-keys/readers.ts numeric);
 * - two releases of one size named in one message (the prose's Qwen1.5-72B-chat-AWQ, the config path's
 *   Qwen2-geogpt-72b read as qwen2-72b; "LLAMA3 8B" beside "Llama-3.1-8B-Instruct", c064; "chatglm-6b"
 *   beside "chatglm2-6b", c471): the one set aside is said (reconcile/models.ts).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const said = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('a "no limit" sentinel', () => {
  it('c952: max_len 2147483647 is set aside, said, and the run read', () => {
    const r = said(lineText('c952'));
    expect(r.said).toContain('max_len: 2147483647 is the largest integer');
    expect(r.s.seq).toBe(said('qwen1.5-72b inference awq on 1x a100-80g').s.seq);
  });

  it.each([
    'llama-2-7b lora on 1x a100 80GB\n```yaml\nmax_seq_length: 9223372036854775807\n```',
    'llama-2-7b lora on 1x a100 80GB\n```yaml\nmodel_max_length: 1000000000000000019884624838656\n```',
    'qwen2-7b inference on 1x a100 80GB\n```yaml\nmax_len: 4294967295\n```',
  ])('%j is no length', (text) => {
    const r = said(text);
    expect(r.s.seq).toBeLessThan(1_000_000);
    expect(r.said).toContain('"no limit"');
  });
});

describe('two releases of one size: the one set aside is said', () => {
  it('c952: Qwen1.5-72B-chat in the prose, the path read as qwen2-72b', () => {
    expect(said(lineText('c952')).said).toMatch(/"Qwen1\.5-72B-chat(?:-AWQ)?" set aside as your setup's model: the message also names "Qwen2-geogpt-72b/);
  });

  it.each([
    ['c064', 'LLAMA3 8B'],
    ['c471', 'chatglm-6b'],
  ])('%s: "%s" is said as set aside', (id, name) => {
    expect(said(lineText(id)).said).toContain(`"${name}" set aside as your setup's model`);
  });

  it('one release named twice says nothing', () => {
    expect(said('Llama-3.1-8B-Instruct lora, i.e. llama-3.1-8b, on 1x a100').said).not.toContain('set aside as your setup');
  });
});
