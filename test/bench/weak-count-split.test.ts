import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';

/**
 * bench:language: a GPU count said as weak on the first screen ("8× 8 GiB GPU — from …? say "on <your card>" if not")
 * flags the split over those GPUs too (pp N, ddp): correcting the count re-splits the model, as a GPU not read and
 * said so already did. Invented line in the shape of a Jetson report with a second memory beside the board's.
 */
const line = {
  id: 'invented',
  text: 'Model: llama-2-7b-chat awq, Device: Jetson Orin Nano Developer Kit 8GB (also tried with 64GB), running out of memory',
  source: 'invented',
  reading: 'llama-2-7b inference awq on 1x 8gb',
  intent: 'stated' as const,
};

describe('a weak GPU count flags the split derived from it', () => {
  it('the count and its layer split differ, both flagged: a flagged misreading, not a silent one', () => {
    const result = judge(line);
    expect(result.compared?.differ).toEqual(expect.arrayContaining(['hardware', 'parallel']));
    expect(result.verdict).toBe('flagged');
  });
});
