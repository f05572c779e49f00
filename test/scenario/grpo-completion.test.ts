import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { GRPO_COMPLETION_TOKENS, completionTokens } from '../../src/memory/rl.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * The completion length of a GRPO/PPO run (TRL GRPOConfig max_completion_length, default 256 in
 * trl/trainer/grpo_config.py from v0.14 to main 006d32c): memory/rl.ts had counted 256 even where
 * the user said 1024, and the request language had no training item for it ("gen" turns a request
 * into inference). "completion N", "completion length N", "max_completion_length N" and
 * "--max-completion-length N" now set it (scenario/resolve-completion.ts).
 */
function read(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

/** The policy's logits where they are largest over the step's phases (the peak phase may be another). */
const logitsBytes = (s: Scenario) => Math.max(0, ...estimate(s).phases.flatMap((p) => p.parts.filter((c) => c.key === 'logits').map((c) => c.bytes)));

describe('the completion length of an online RL run', () => {
  it.each([
    'qwen2.5-7b grpo lora completion 1024 on 1x h100',
    'qwen2.5-7b grpo lora completion length 1024 on 1x h100',
    'qwen2.5-7b grpo lora max_completion_length 1024 on 1x h100',
    'qwen2.5-7b grpo lora max completion length 1024 on 1x h100',
    'qwen2.5-7b grpo lora --max-completion-length 1024 on 1x h100',
    'qwen2.5-7b grpo lora on 1x h100 with GRPOConfig(max_completion_length=1024)',
  ])('"%s": completion 1024, the sequence TRL\'s 512-token prompt and it, said', (text) => {
    const { s, said } = read(text);
    expect(s.completion).toBe(1024);
    expect(completionTokens(s)).toBe(1024);
    expect(s.seq).toBe(1536);
  });

  it.each([
    'qwen2.5-7b grpo lora --max-completion-length 1024 --max-prompt-length 256 on 1x h100',
    'qwen2.5-7b grpo lora on 1x h100 with trl GRPOConfig(max_prompt_length=256, max_completion_length=1024)',
  ])('"%s": prompt and completion both read, their sum the sequence, neither listed as not used', (text) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(text);
    expect(r.scenario.seq).toBe(1280);
    expect(r.scenario.completion).toBe(1024);
    expect((r.notUsed ?? []).map((u) => u.words).join(' | ')).not.toMatch(/completion/);
  });

  it('with no completion said, TRL\'s default 256 is the completion, as before', () => {
    const { s } = read('qwen2.5-7b grpo lora seq 1536 on 1x h100');
    expect(s.completion).toBeUndefined();
    expect(completionTokens(s)).toBe(GRPO_COMPLETION_TOKENS);
  });

  it('a stated sequence stays; the policy keeps logits for the completion only (1024 × vocab, not 256 × vocab)', () => {
    const stated = read('qwen2.5-7b grpo lora completion 1024 seq 2048 on 1x h100');
    const byDefault = read('qwen2.5-7b grpo lora seq 2048 on 1x h100');
    expect(stated.s.seq).toBe(2048);
    expect(stated.said).not.toMatch(/max_prompt_length/);
    // Qwen2.5-7B's vocabulary 152,064: the fp32 logits of 1,024 positions against 256.
    expect(logitsBytes(byDefault.s)).toBeGreaterThan(0);
    expect(logitsBytes(stated.s) / logitsBytes(byDefault.s)).toBeCloseTo(1024 / 256, 1);
  });

  it('the derivation is said with the word that overrides it', () => {
    expect(read('qwen2.5-7b grpo lora completion 1024 on 1x h100').said).toMatch(/seq 1536 \(default\): TRL's default max_prompt_length 512 \+ completion 1024/);
  });

  it('a completion not shorter than the stated sequence keeps the sequence, counts all but one token generated, and says so (ms-swift\'s c507: max_length 2048, completion 2048)', () => {
    const { s, said } = read('qwen2.5-7b grpo lora completion 4096 seq 2048 on 1x h100');
    expect(s.seq).toBe(2048);
    expect(completionTokens(s)).toBe(2047);
    expect(said).toMatch(/completion 4096 is not shorter than seq 2048: .* 2047 generated tokens are counted \(say "seq 4608"/);
  });

  it('outside online RL the length sizes nothing: set aside and said, never silently', () => {
    const { s, said } = read('qwen2.5-7b lora completion length 1024 on 1x h100');
    expect(s.completion).toBeUndefined();
    expect(s.seq).toBe(2048);
    expect(said).toMatch(/"completion length 1024" not used/);
  });

  it('"completion" with no number is a word of prose, not a length', () => {
    const { s } = read('qwen2.5-7b grpo lora on 1x h100, the completion is short');
    expect(s.completion).toBeUndefined();
  });

  it('a follow-up with another completion derives the sequence again from it', () => {
    const first = read('qwen2.5-7b grpo lora completion 1024 on 1x h100').s;
    const next = read('completion 2048', first).s;
    expect(next.completion).toBe(2048);
    expect(next.seq).toBe(2560);
  });

  it('reads back from its canonical text, for any completion and either sequence (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8192 }), fc.boolean(), (completion, withSeq) => {
        const seq = withSeq ? ` seq ${completion + 1 + 300}` : '';
        const { s } = read(`qwen2.5-7b grpo lora completion ${completion}${seq} on 1x h100`);
        const again = read(canonicalText(s)).s;
        expect(again).toEqual(s);
      }),
      { numRuns: 25 },
    );
  });

  it('the logits the policy keeps never shrink as the completion grows at a fixed sequence (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const small = read(`qwen2.5-0.5b grpo lora completion ${lo} seq 4096 on 1x h100`).s;
        const large = read(`qwen2.5-0.5b grpo lora completion ${hi} seq 4096 on 1x h100`).s;
        expect(logitsBytes(large)).toBeGreaterThanOrEqual(logitsBytes(small));
      }),
      { numRuns: 20 },
    );
  });
});

describe('a completion length spelled like a card number', () => {
  // The property above found "completion 4080": the lexer reads a bare 4080 as an RTX 4080, and the
  // keyword had become a word of prose (read-tokens.ts numberNext).
  it.each([3090, 4080, 4090, 5090])('"completion %i" is the completion length, not a card', (n) => {
    const { s } = read(`qwen2.5-7b grpo lora completion ${n} on 1x h100`);
    expect(s.completion).toBe(n);
    expect(s.hardware?.gpuId).toBe('h100-80g');
  });
});

