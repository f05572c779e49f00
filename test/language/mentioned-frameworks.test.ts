import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MENTIONED_FRAMEWORK_RULE } from '../../src/language/reconcile/mentioned-frameworks.js';
import { COMPARISON_ROW } from '../../src/scenario/framework-comparisons.js';
import { frameworkMention } from '../../src/scenario/fact-cues.js';
import { corpusLineRead, read } from './reading-fixtures.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A framework the user only mentions (asked about, the yardstick of a comparison, a link's label) is
 * not the program the run uses where the message says which one does (rframe, issue 22): another
 * program it runs, or FSDP against a DeepSpeed asked about. Real lines first, then invented variations.
 */

const framework = (text: string) => {
  const { scenario, said } = read(text);
  return { f: scenario.framework, sharding: scenario.sharding.kind, said };
};

describe('a mentioned framework yields to the one the message runs', () => {
  it('the rule names its source', () => {
    expect(MENTIONED_FRAMEWORK_RULE.source).toMatch(/simplescaling\/s1#13/);
  });

  it('c344: "if you used accelerate or deepspeed along with FSDP?" reads FSDP (simplescaling/s1#13)', () => {
    const { scenario, said } = corpusLineRead('c344');
    expect(scenario.framework).toBe('fsdp');
    expect(scenario.sharding.kind).toBe('fsdp');
    expect(said).toMatch(/"deepspeed" is only mentioned .*not the program your run uses: "FSDP" shards the run/);
  });

  it.each([
    'Fine-tuning qwen2.5-7b full with FSDP on 8x h100 runs out of memory. Did you use deepspeed or accelerate for the paper?',
    'Qwen2.5-7B full fine-tune, 8x H100, FSDP, OOM — should I switch to DeepSpeed instead?',
    '我用FSDP全参微调qwen2.5-7b，8张h100，OOM了。作者用的是deepspeed还是accelerate？',
  ])('FSDP stated, DeepSpeed asked about: %j', (text) => {
    const { f, sharding, said } = framework(text);
    expect(sharding).toBe('fsdp');
    expect(f).toBe('fsdp');
    expect(said).toMatch(/is only mentioned/);
  });

  it.each([
    ['I fine-tune llama-3-8b lora with axolotl on 2x 4090 and it OOMs at 8k, unlike unsloth', 'axolotl'],
    ['Compared to unsloth, my axolotl lora run of llama-3-8b on 1x 4090 uses far more memory', 'axolotl'],
    ['llama-3-8b lora with torchtune on 1x 4090 OOMs, while it fits in unsloth? how come', 'torchtune'],
  ])('a comparison\'s yardstick: %j', (text, want) => {
    expect(framework(text).f).toBe(want);
  });

  it('an RL algorithm asked about is the run\'s method, not another program (OpenRLHF/OpenRLHF#851, c855)', () => {
    expect(corpusLineRead('c855').scenario.framework).toBe('grpo');
  });

  it('a mention with no other program named stays read, said as weak', () => {
    const { f } = framework('Can deepspeed resolve the problem? llama-2-13b full fine-tune on 4x a100 OOMs');
    expect(f).toBe('deepspeed');
  });
});

describe('the comparison row', () => {
  it('names its source and reads its own example', () => {
    expect(COMPARISON_ROW.source).toMatch(/huggingface\/trl#1268/);
    const at = COMPARISON_ROW.example.indexOf('deepspeed');
    expect(COMPARISON_ROW.words(COMPARISON_ROW.example, at, at + 'deepspeed'.length)).toBe('like deepspeed');
  });

  const name = fc.constantFrom('deepspeed', 'DeepSpeed', 'vLLM', 'unsloth', 'llama.cpp');
  it('property: after a comparing word the name is a contrast mention, in English or Chinese', () => {
    const lead = fc.constantFrom('like ', 'unlike ', 'compared to ', 'compared with the ', 'than ', 'instead of ', 'rather than ', '相比', '比起', '不像');
    fc.assert(
      fc.property(lead, name, (l, n) => {
        const text = `my run OOMs ${l}${n} does`;
        const at = text.indexOf(n, 12 + l.length - 1);
        expect(frameworkMention(text, at, at + n.length)?.kind).toBe('contrast');
      }),
      { numRuns: 40 },
    );
  });

  it('property: words of wanting or using the tool are no comparison', () => {
    const lead = fc.constantFrom('would like ', "I'd like ", 'we like ', 'I use ', 'running with ');
    fc.assert(
      fc.property(lead, name, (l, n) => {
        const text = `${l}${n} for llama-3-8b`;
        expect(COMPARISON_ROW.words(text, l.length, l.length + n.length)).toBeNull();
      }),
      { numRuns: 25 },
    );
  });
});

describe('FSDP asked as one of the options is no more the run\'s than DeepSpeed', () => {
  it.each(['OOM with qwen2.5-32b full on 16x h100 — did you use deepspeed or fsdp?', 'llama-3-8b full on 8x a100 OOMs. Should I use fsdp or deepspeed?'])('%s', (text) => {
    const r = resolveRequest(text, null);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.notices.join(' | ')).not.toMatch(/only mentioned .* shards the run/);
  });
});
