import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { KEY_SET_IN_WORDS_RULES } from '../../src/language/prose/rules/key-set-in-words.js';

/**
 * A config key given its value in a sentence, no colon or equals sign (prose/rules/key-set-in-words.ts):
 * 'set the "offload_optimizer_device" parameter to cpu' (fe1ixxu/ALMA#17, c1895) had left the offload
 * unread and "cpu" listed as not used.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

/** fe1ixxu/ALMA#17 (c1895), the sentences that hold the setup (the two-A40 option left out). */
const ALMA_17 =
  'I am currently performing full-weight fine-tuning on llama-2-7b-hf on an NVIDIA A40 GPU. I followed your suggestion in other questions and set the "offload_optimizer_device" parameter to cpu. Adjust "per_device_train_batch_size" and "per_device_eval_batch_size" to 1';

describe('a key given its value in words', () => {
  it('every rule reads its own example', () => {
    for (const rule of KEY_SET_IN_WORDS_RULES) expect([...rule.example.toLowerCase().matchAll(rule.pattern)].length, rule.id).toBeGreaterThan(0);
  });

  it('ALMA#17: the optimizer offloaded to the CPU, under ZeRO-2 (the stage offload runs with, said)', () => {
    const s = read(ALMA_17);
    expect(s.offload.optimizer).toBe('cpu');
    expect(s.sharding).toMatchObject({ kind: 'zero', stage: 2 });
  });

  it('in any phrasing, quoting and noun, the key reads as its pasted pair', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('I set {k} to {v}', 'set the {k} parameter to {v}.', 'I changed `{k}` to {v}', 'with {k} set to {v}', "{k} is set to '{v}'", 'and setting the "{k}" option to {v},'),
        fc.constantFrom<[string, string, (s: ReturnType<typeof read>) => unknown, unknown]>(
          ['offload_optimizer_device', 'cpu', (s) => s.offload.optimizer, 'cpu'],
          ['gradient_accumulation_steps', '16', (s) => s.gradAccum, 16],
          ['per_device_train_batch_size', '2', (s) => s.microBatch, 2],
        ),
        (template, [key, value, get, want]) => {
          const s = read(`full finetune llama-2-7b on 1x a100. ${template.replace('{k}', key).replace('{v}', value)}`);
          expect(get(s)).toEqual(want);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a key the message pastes with its value keeps the pasted value', () => {
    const s = read('full finetune llama-2-7b on 1x a100. I had set gradient_accumulation_steps to 4 before.\n```\ngradient_accumulation_steps: 16\n```');
    expect(s.gradAccum).toBe(16);
  });

  it('ordinary words are no key: "set the batch to 4" is left to the other rules', () => {
    expect(KEY_SET_IN_WORDS_RULES[0]!.pattern.test('i set the batch to 4')).toBe(false);
  });
});
