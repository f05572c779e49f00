import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS } from '../../src/catalog/index.js';
import { memoryOff } from '../../src/scenario/card-variants.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a card written with a memory near one of its sizes but not it ("96GB H100",
 * corpus c396, read as the H100 NVL 94GB) took the nearest size: a weak fact, said on the first
 * screen with the other sizes and the memory as written.
 */

const sizeOf = (name: string) => Number(/(\d+)\s*GB/.exec(name)![1]);

function card(text: string): { value: string; weak: boolean; notice: string | undefined } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'card' && t.at !== null);
  if (!f) throw new Error(`no card read in: ${text}`);
  return { value: f.value, weak: f.weak, notice: r.notices.find((n) => n.startsWith(f.value)) };
}

describe('a memory near, but not, the card’s own', () => {
  it.each([
    // c396 (vllm-project/vllm#9630): the title.
    ['[Bug]: Llama-3.2-11B-Vision gives OOM error on 96GB H100', '96'],
    ['serve llama-3.2-11b-vision on an H100 96GB', '96'],
    ['lora llama-3-8b on a GTX 1080 Ti with 12GB', '12'],
  ])('%j is weak, with the memory as written to say', (text, gib) => {
    const read = card(text);
    expect(read.weak).toBe(true);
    expect(read.notice).toContain(`say "${gib}gb" if yours has ${gib} GB`);
  });

  it('one the hardware phrase asks about ("1x H100 (96 GB)") is weak by its own question', () => {
    const r = resolveRequest('serve llama-3-8b on 1x H100 (96 GB)', null);
    expect(r.ok && r.trace?.find((f) => f.fact === 'card')?.weak).toBe(true);
    expect(r.ok && r.notices.join(' | ')).toMatch(/not 96 GB — which did you mean\?/);
  });

  it.each([
    ['serve llama-3-8b on an H100 80GB'],
    ['serve llama-3-8b on an H100 NVL 94GB'],
    ['serve llama-3-8b on 2x 3090 48GB'],
    ['lora yi-34b on 8卡L40(45GB)'],
    ['serve llama-3-8b on an A100 79GB'],
  ])('%j, the card’s size, its total or what it reports, is not', (text) => {
    expect(card(text).weak).toBe(false);
  });
});

describe('memoryOff', () => {
  const cards = fc.constantFrom(...GPUS.filter((g) => /\d+\s*GB/.test(g.name)));

  it('the size in the card’s name, or the count times it, is never off', () => {
    fc.assert(
      fc.property(cards, fc.integer({ min: 1, max: 8 }), (g, count) => {
        expect(memoryOff(g.id, `${sizeOf(g.name)}GB`, count)).toBeNull();
        expect(memoryOff(g.id, `${count}x ${g.name} (${count * sizeOf(g.name)} GB total)`.replace(/\d+\s*GB\b(?! total)/, ''), count)).toBeNull();
      }),
    );
  });

  it('a memory a little above the size is off, and is what is returned', () => {
    fc.assert(
      fc.property(cards, fc.integer({ min: 1, max: 20 }), (g, pct) => {
        const size = sizeOf(g.name);
        const said = Math.round(size * (1 + pct / 100)) + 1;
        fc.pre(said <= 1.25 * size && said !== size);
        expect(memoryOff(g.id, `${said}G`, 1)).toBe(said);
      }),
    );
  });
});
