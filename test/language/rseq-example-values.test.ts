import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * A length key given its value as an example or a guess (docs/reading.md, "The length slot": a weak cue): "If we want
 * to increase max_length to, for example, 40960, will that cause OOM?" (huggingface/gpt-oss-recipes#17, c2624, b76:
 * the 40960 went unread, listed as not used, and the recipe's 16384 said earlier stood in silence). The value is read
 * and said with its words (connectives.ts VALUE_HEDGE; config.key-example-value, prose.key-set-to-example). The
 * messages below are invented; before the change each value went unread (0/8).
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { seq: r.scenario.seq, notices: r.notices.join(' | ') };
};

describe('a length set to an example or a guess is read, weak', () => {
  it.each([
    ['lora gpt-oss-20b on an h100. If we want to increase max_length to, for example, 40960, will that cause OOM?', 40960],
    ['serve qwen2.5-7b with vllm on an a10g; I set max_model_len to e.g. 16384 and it OOMs', 16384],
    ['qlora llama-3-8b on a 4090: raising cutoff_len to, say, 8192 OOMs', 8192],
    ['ollama qwen2.5:14b on a 3090, if I set num_ctx to for instance 32768 it spills to the CPU', 32768],
    ['lora mistral-7b on a 3060 12gb, lowering max_seq_length to something like 2048 still OOMs', 2048],
    ['qwen2.5-7b lora 单卡4090，把max_length设为比如8192会OOM吗', 8192],
    ['llama-3.1-8b LoRA, RTX 4090: max_seq_length을 예를 들어 8192로 설정하면 OOM인가요?', 8192],
    ['vllm serve llama-3.1-8b on an a10g, can I bump max_model_len to maybe 65536?', 65536],
  ])('%s', (text, n) => {
    const r = read(text);
    expect(r.seq).toBe(n);
    expect(r.notices).toMatch(new RegExp(`seq ${n} — from "`));
  });

  it('a value set plainly stays the user\'s setting, not said as weak', () => {
    const r = read('lora llama-3-8b on a 4090, I set max_seq_length to 4096');
    expect(r.seq).toBe(4096);
    expect(r.notices).not.toMatch(/seq 4096 — from/);
  });

  it('c2624: the length asked about, given as an example, is read and said, not dropped in silence', () => {
    // Both lengths now stand; the line's bullet ("- When running …") makes reconcile/asked-run.ts take it for a
    // command's line, so the first said (16384) is kept and the other named beside it (the asked clause would win in prose).
    const r = corpusLineRead('c2624');
    expect([16384, 40960]).toContain(r.scenario.seq);
    expect(r.said).toMatch(/40960/);
  });
});
