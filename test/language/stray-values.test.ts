import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22 (rq): a value that is not the setting it was read as refused the whole message. Each is
 * now set aside and said once, and the rest answered:
 * - a program's own "0 = the model's" (llama.cpp `-c 0`, ggml-org/llama.cpp#14719 c1115);
 * - a decimal where a count goes, read in prose ("generate 11.30 tokens/s", llama.cpp#2641 c342);
 * - "undo" / "go back" / "revert" inside prose that names a setup (exllamav2#465 c1116).
 * The same values written as settings alone are still refused with the range, and "undo" alone undoes.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const notices = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(`refused: ${text}: ${r.error.message}`);
  return { r, said: r.notices.join(' | ') };
};

describe('stray values set aside, not refused', () => {
  it.each([
    './llama-server -m gemma-3-27b-it-q4_0.gguf -ngl 200 -fa -c 0',
    'llama-cli -m llama-2-7b.Q4_K_M.gguf -c 0 -ngl 99 on a 3090',
    'ollama run llama3:8b with --ctx-size 0 on a 4060',
  ])('%s: the 0 length is said as the model\'s own', (text) => {
    expect(notices(text).said).toMatch(/set aside: 0 is the program's "the model's own trained context"/);
  });

  it('c1115 is answered', () => {
    expect(resolveRequest(line('c1115').text, null).ok).toBe(true);
  });

  it.each([
    'A100 GPU generate 11.30 tokens/s with llama.cpp, llama-7b q4_k_m',
    'llama-2-13b on a 4090 can generate 7.5 tokens per second',
    'qwen2-7b inference on 2x T4, generate 3.2 tok/s',
  ])('%s: the rate is no generation length', (text) => {
    // The rate is blanked as a speed (prose/rules/rates.ts, rserve2): no generation length, nothing refused.
    const { r } = notices(text);
    expect(r.ok).toBe(true);
    expect(r.scenario?.inference.newTokens).toBe(0);
    expect(r.scenario?.mode).toBe('inference');
  });

  it('c342 is answered', () => {
    expect(resolveRequest(line('c342').text, null).ok).toBe(true);
  });

  it.each(['gen 11.3 llama-7b on a100', 'seq 0 llama-7b on a100'])('%s, a setting as written, is still refused with the range', (text) => {
    const r = resolveRequest(text, null);
    expect(r.ok).toBe(false);
  });

  it.each([
    ['c1116 as written', () => line('c1116').text],
    ['invented', () => 'llama-2-13b inference on a 4090 with vllm 0.5 OOMs, so I had to go back to 0.4'],
    ['invented, revert', () => 'mistral-7b lora on a 3090: I reverted to peft 0.10 and it fits; revert is not a fix though'],
  ])('%s: the undo word in prose is set aside', (_name, text) => {
    const { r } = notices(text());
    expect(r.control).toBe('none');
    expect(r.scenario).not.toBeNull();
  });

  it('"undo" alone still undoes', () => {
    const r = resolveRequest('undo', null);
    expect(r.ok && r.control).toBe('undo');
  });

  it.each(['undo 7b', 'undo seq 4096', 'go back\nundo zero3'])('a line that starts with the undo word is a command, and with a setting beside it stays the mistake: %j', (text) => {
    expect(resolveRequest(text, null).ok).toBe(false);
  });
});

describe('a family name with a model word glued on (CamelCase) is asked as an unknown model', () => {
  it('c1081: FalconLite is named in the question, the rest kept', () => {
    const r = resolveRequest(line('c1081').text, null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/I don't know the model "FalconLite"\. I read: .*A10G/);
  });

  it.each([
    'I deployed MistralLite with TGI on one A10G and it runs out of memory when the prompt is long',
    'We tried QwenLong for inference on 2x A100 80GB and it still OOMs at 128k tokens',
  ])('%s', (text) => {
    const r = resolveRequest(text, null);
    expect(!r.ok && /I don't know the model "(?:MistralLite|QwenLong)"/.test(r.error.message)).toBe(true);
  });

  it('a program or an organisation named so is no model', () => {
    const r = resolveRequest('I use LlamaFactory to train with lora on a 4090 and it runs out of memory', null);
    expect(!r.ok && /Which model\?/.test(r.error.message)).toBe(true);
  });
});
