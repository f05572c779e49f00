import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS } from '../../src/catalog/index.js';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { otherSizes } from '../../src/scenario/card-variants.js';

/** The catalog's cards sold in several memory sizes, by the bare name people use ("A100", "V100"). */
const SOLD_IN_SIZES = GPUS.filter((g) => otherSizes(g.id).length > 0);

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

describe('a card named without its memory, where it is sold in several sizes (issue 22, item 5)', () => {
  it('the catalog knows the families: A100 and V100 each come in two sizes, the RTX 4090 in one', () => {
    expect(otherSizes('a100-80g').map((g) => g.id)).toEqual(['a100-40g']);
    expect(otherSizes('v100-16g').map((g) => g.id)).toEqual(['v100-32g']);
    expect(otherSizes('rtx-4090')).toEqual([]);
  });

  it('is a weak card fact, said on the first screen with the size to say instead', () => {
    const r = reply('serve llama-2-70b with vllm tp 8 on 8 A100');
    const card = r.trace!.find((f) => f.fact === 'card')!;
    expect(card.weak).toBe(true);
    expect(r.notices.join('\n')).toMatch(/A100 80GB — from "on 8 A100"\? say "a100-40g" if yours has 40 GB/);
  });

  it('is not weak when the memory is written, in any notation, or for a card sold in one size', () => {
    fc.assert(
      fc.property(fc.constantFrom('8 A100 40G', '8x A100-40GB', '8 A100 (40 GB)', '8*A100 80G', '8 a100-80gb', '8x RTX 4090'), fc.constantFrom('serve llama-2-70b tp 8 on', 'llama 3 8b lora on'), (card, setup) => {
        const r = reply(`${setup} ${card}`);
        expect(r.trace!.find((f) => f.fact === 'card')?.weak ?? false).toBe(false);
      }),
      { numRuns: 20 },
    );
  });

  it('holds for every card of the catalog sold in several sizes, by each of its names that writes no memory', () => {
    let checked = 0;
    for (const gpu of SOLD_IN_SIZES) {
      for (const bare of gpu.aliases.filter((a) => !/\d\s*g(?:b|ib)?\b/i.test(a.replace(/^(?:rtx|gtx|tesla|nvidia|geforce|\s)+/i, '').replace(/^[a-z]*\d+/i, '')))) {
        const card = reply(`llama 3 8b on 1x ${bare}`).trace!.find((f) => f.fact === 'card')!;
        expect(card.value, bare).toContain(gpu.name);
        expect(card.weak, `${bare} → ${gpu.name}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
