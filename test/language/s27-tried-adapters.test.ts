import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { TRIED_ADAPTERS_RULE } from '../../src/language/reconcile/tried-adapters.js';

/**
 * Branch rmode4 (issue 22): LoRA and QLoRA both run ("both OOM", "either way", "tried") are compared, not
 * folded into the later one (a QLoRA run had been estimated in silence). One method said, or the two
 * said as a preference, is read as before.
 */

const read = (text: string): { s: Scenario; said: string } => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('LoRA and QLoRA both run are a comparison', () => {
  it('names its source', () => {
    expect(TRIED_ADAPTERS_RULE.source).toMatch(/LlamaFactory#7568/);
  });

  it.each([
    'qwen2-7b: lora and qlora both OOM on a 3090',
    'I tried LoRA and QLoRA on qwen2-7b with one 3090, both give OOM',
    'LoRA or QLoRA, either way qwen2-7b OOMs on my 3090',
    'qwen2-7b on 1x rtx-3090: qlora / lora, all of them run out of memory',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect(s.question.kind).toBe('compare');
    expect(said).toMatch(/both run \(tried or weighed\): compared/);
  });

  it.each(['qwen2-7b qlora on a 3090, lora is too big', 'qwen2-7b lora on a 3090'])('%s: one method read', (text) => {
    expect(read(text).s.question.kind).not.toBe('compare');
  });
});
