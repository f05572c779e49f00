import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectPatch } from '../../src/scenario/patch.js';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { TRAINING_ONLY_SLOTS, firstTrainingSetting } from '../../src/scenario/training-slots.js';

/**
 * One list of the settings only training has (src/scenario/training-slots.ts), read by the mode
 * step (a request with one and no intent word trains) and by the fact doubts (a run read as
 * inference beside one has a weak method). Each note quotes the setting written first, so the
 * list's order decides nothing.
 */

/** Words that set each training-only slot, and nothing else the notes would quote. */
const SAID: Record<string, string> = {
  optimizer: 'adamw 8bit',
  impl: 'fused',
  ga: 'ga 4',
  // On one GPU at micro-batch 1, a global batch of 4 is 4 accumulation steps: it agrees with "ga 4".
  gbs: 'gbs 4',
  recompute: 'gradient checkpointing',
  'offload.optimizer': 'offload optimizer',
  sharding: 'zero2',
  loss: 'chunked loss',
};

const slotsSaid = fc.uniqueArray(fc.constantFrom(...TRAINING_ONLY_SLOTS), { minLength: 2, maxLength: 4 });

function outcome(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r;
}

describe('the training-only settings', () => {
  it('has words for every slot on the list, each setting that slot', () => {
    expect(Object.keys(SAID).sort()).toEqual([...TRAINING_ONLY_SLOTS].sort());
    for (const slot of TRAINING_ONLY_SLOTS) {
      const read = parseRequest(`llama-3-8b ${SAID[slot]}`);
      if (!read.ok) throw new Error(`not read: ${SAID[slot]}`);
      const patch = collectPatch(read.items, `llama-3-8b ${SAID[slot]}`, false);
      if ('kind' in patch) throw new Error(patch.message);
      expect(firstTrainingSetting(patch)).toBe(slot);
    }
  });

  it('each one alone turns "run" with no intent word into a fine-tune, quoting it', () => {
    for (const slot of TRAINING_ONLY_SLOTS) {
      const r = outcome(`run llama-3-8b on an a100-80g with ${SAID[slot]}`);
      expect(r.scenario!.mode).toBe('full');
      expect(r.assumptions).toContain(`full fine-tune: "run" with a training setting ("${SAID[slot]}"); say "inference" to run it instead`);
    }
  });

  it('the fine-tune is said with the setting written first, whatever its place on the list (property)', () => {
    fc.assert(
      fc.property(slotsSaid, (slots) => {
        const r = outcome(`run llama-3-8b on an a100-80g with ${slots.map((s) => SAID[s]).join(' and ')}`);
        expect(r.assumptions).toContain(`full fine-tune: "run" with a training setting ("${SAID[slots[0]!]}"); say "inference" to run it instead`);
      }),
      { numRuns: 60 },
    );
  });

  it('a served model beside them has a weak method, said with the setting written first (property)', () => {
    const doubting = TRAINING_ONLY_SLOTS.filter((s) => s !== 'impl');
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...doubting), { minLength: 1, maxLength: 4 }), (slots) => {
        const r = outcome(`serve llama-3-8b on an a100-80g with vllm, ${slots.map((s) => SAID[s]).join(' and ')}`);
        expect(r.scenario!.mode).toBe('inference');
        const method = r.notices.find((n) => n.startsWith('method inference'));
        expect(method).toContain(`"${SAID[slots[0]!]}" is a training setting`);
      }),
      { numRuns: 60 },
    );
  });

  it('an optimizer implementation\'s words alone cast no doubt on a served model (c311: "2k for each query")', () => {
    const r = outcome('serve llama-3-8b on an a100-80g with vllm, input length 2k for each query');
    expect(r.scenario!.mode).toBe('inference');
    expect(r.notices.find((n) => n.startsWith('method inference'))).toBeUndefined();
  });
});
