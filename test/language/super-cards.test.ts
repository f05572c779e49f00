import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * A SUPER the catalog names is that card, not its base (language/hardware/engine.ts): "on my single RTX 4070 Ti Super
 * (16GB)" had been read as the 12 GB RTX 4070 Ti, asked against the 16 GB the user wrote, and with "on my single …"
 * refused as two GPU types (a stranger's message tried at the twenty-third session's end). A SUPER the catalog lacks
 * (the 2060 SUPER) keeps the memory the user states, asked; "super" as an adverb after a card is no part of its name.
 */

const card = (text: string) => {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`${text}: ${reply.kind === 'error' ? reply.message : reply.kind}`);
  return { id: reply.scenario.hardware?.gpuId, count: reply.scenario.hardware?.count };
};

describe('a SUPER card said with a count word, a memory or a bracket', () => {
  it('property: the 4070 Ti SUPER in any spelling, count word and memory form is the 16 GB card', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('RTX 4070 Ti Super', 'rtx 4070 ti SUPER', 'RTX 4070Ti Super', '4070 ti super', 'GeForce RTX 4070 Ti SUPER'),
        fc.constantFrom('on single', 'on my single', 'on a single', 'on one', 'on my'),
        fc.constantFrom('', ' (16GB)', ' 16GB', ' (16 GB VRAM)'),
        (name, lead, memory) => {
          expect(card(`qlora mistral-7b ${lead} ${name}${memory}`)).toEqual({ id: 'rtx-4070-ti-super', count: 1 });
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    ['Trying to fine-tune Mistral-7B with QLoRA using axolotl on my single RTX 4070 Ti Super (16GB). sequence_len: 4096', 'rtx-4070-ti-super', 1],
    ['qlora mistral-7b on 2 x 4070ti super', 'rtx-4070-ti-super', 2],
    ['qlora mistral-7b on single RTX 4080 Super (16GB)', 'rtx-4080', 1],
    ['qlora mistral-7b on single RTX 3090 super fast', 'rtx-3090', 1],
  ])('%j', (text, id, count) => {
    expect(card(text)).toEqual({ id, count });
  });
});
