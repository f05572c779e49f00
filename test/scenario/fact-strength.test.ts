import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { CALIBRATION, type Calibration } from '../../src/scenario/fact-calibration.js';
import { LONG_MESSAGE, evidenceClass, silentRate, withStrength, type StrengthFeatures } from '../../src/scenario/fact-strength.js';
import type { FactTrace } from '../../src/scenario/facts.js';

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

const notices = (text: string) => reply(text).notices.join('\n');

describe('a fact is said with the strength of its evidence (issue 22, item 5; fact-strength.ts)', () => {
  it('an attention kernel said off in longer prose is said as weak, with its words (lmstudio-ai/lmstudio-bug-tracker#1382, c2524)', () => {
    const text =
      'no qwen 3 vl 30b models load\n\n**Which version of LM Studio?**\nLM Studio 0.3.39 - All runtimes updated\n\n**Which operating system?**\nWindows 11\n\n**What is the bug?**\nQWEN 3 vl 30b & 30b-a3b-instruct models fail loading at around the halfway mark. 8B works.\n\nno flash att, no mmap\n\n**Rig**\ni5-12600K \n32gb RAM\nRTX 3090 \n24gb VRAM';
    const attention = reply(text).trace!.find((f) => f.fact === 'attention' && f.at !== null);
    expect(attention?.weak).toBe(true);
    expect(attention?.strength).toBeLessThan(1 - CALIBRATION.line);
    expect(notices(text)).toMatch(/attention eager — from "no flash"\? say the attention you mean if not/);
  });

  it('the same shape in other words, another model and card: still said (invented variation of c2524)', () => {
    const text =
      'Mistral 7B fails to load in LM Studio\n\n**Which version?** LM Studio 0.3.30\n\n**What is the bug?**\nThe model stops loading at about 60%. Smaller models work fine.\n\nno flash attention, no mmap\n\n**Rig**\nRyzen 7 5800X, 64gb RAM, RTX 4070 Ti 12gb VRAM';
    expect(notices(text)).toMatch(/attention eager — from "no flash[^"]*"\?/);
  });

  it('a sharding named in a README link label in longer prose is said as weak (axolotl-ai-cloud/axolotl#2512, c2396)', () => {
    const text =
      '- [Text Single GPU (H100) QLoRA](./scout-qlora-single-h100.yaml)\n- [Text Multi GPU QLoRA w/ FSDP1](./scout-qlora-fsdp1.yaml)\n\nOur Single H100 implementation for Llama 4 Scout uses only 68.5GB VRAM for post-training with 4k context length @ 546 tokens/second.';
    expect(notices(text)).toMatch(/sharding fsdp — from "FSDP"\?/);
    expect(notices(text.replace('FSDP1', 'FSDP'))).toMatch(/sharding fsdp — from "FSDP"\?/);
  });

  it('a one-line request keeps its settings strong: nothing is said for them (the brief\'s own example)', () => {
    for (const text of ['13b bf16 zero3 seq 4096 on 4xA100-80G', 'llama-2-7b lora fsdp bf16 seq 2048 on 8x a100 with torchtune', 'qwen2.5-7b full fine-tune deepspeed zero2 on 4x h100']) {
      const r = reply(text);
      expect(text.length).toBeLessThan(LONG_MESSAGE);
      expect(r.trace!.filter((f) => f.strength !== undefined)).toEqual([]);
    }
  });
});

describe('the calibration and its invariants', () => {
  it('names what it was measured on, and every class is over the line with silent misreadings measured', () => {
    expect(CALIBRATION.measuredOn).toMatch(/released corpus lines .* 2026-12-07/);
    for (const [k, [facts, silent]] of Object.entries(CALIBRATION.classes)) {
      expect(k.split('|')).toHaveLength(4);
      expect(silent).toBeGreaterThanOrEqual(2);
      expect(silent).toBeLessThanOrEqual(facts);
    }
  });

  const features = (over: Partial<StrengthFeatures> = {}): StrengthFeatures => ({ fact: 'sharding', reader: 'item.sharding', kind: 'prose', long: true, corroborated: false, contradicted: false, otherRun: false, ...over });

  it('a class with more silent misreadings among as many facts is never stronger (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (facts, a, b) => {
        const [lo, hi] = [Math.min(a, b, facts), Math.min(Math.max(a, b), facts)];
        const at = (silent: number): Calibration => ({ ...CALIBRATION, classes: { [evidenceClass(features())]: [facts, silent] } });
        return silentRate(features(), at(lo)) <= silentRate(features(), at(hi));
      }),
    );
  });

  const fact = fc.record({
    fact: fc.constantFrom('sharding', 'framework', 'precision', 'attention', 'gpus', 'model'),
    value: fc.string({ maxLength: 8 }),
    words: fc.string({ maxLength: 12 }),
    weak: fc.boolean(),
    at: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  });

  it('the strength only adds doubt: a weak fact stays weak, and no value, span or rule changes (property)', () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 6 }), fc.string({ minLength: 0, maxLength: 400 }), (raw, text) => {
        const facts: FactTrace[] = raw.map((f) => ({ ...f, rules: [`item.${f.fact}`], end: f.at === null ? null : f.at + f.words.length }));
        const weighed = withStrength(facts, text);
        return weighed.every((g, i) => {
          const f = facts[i]!;
          return g.value === f.value && g.at === f.at && g.rules === f.rules && (!f.weak || g.weak) && (g.weak === f.weak || text.length >= LONG_MESSAGE);
        });
      }),
    );
  });
});
