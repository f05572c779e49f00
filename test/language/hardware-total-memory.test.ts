import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A total memory said of the cards ("2 servers of 8 A100 GPUs has a total memory of 1280GB",
 * EleutherAI/gpt-neox#707, c465) is the count times one card's memory: when that is one of the
 * card's sizes it names the size; when it is none, the card stays and a note says so. The size
 * of weights on disk ("a total size of 268GB") is no card at all.
 */

const scan = (text: string) => scanHardware(normalise(text).text).readings;
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a total memory of the cards', () => {
  it('c465: two servers of eight A100s with 1280GB in all are the 80 GB A100, and the line is read', () => {
    const outcome = parseRequest(line('c465'));
    expect(outcome.ok).toBe(true);
    const readings = scan(line('c465'));
    expect(readings.some((r) => r.nodes === 2 && r.perNode === 8 && r.gpuId === 'a100-80g')).toBe(true);
  });

  const sizes = [
    { card: 'A100', sizes: [40, 80] },
    { card: 'H100', sizes: [80] },
  ];
  const verbs = ['has a total memory of', 'have a total memory of', 'with a total memory of', 'with total memory', 'total'];
  it('a total that is nodes × cards × one size of the card names that size, in any wording', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sizes), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom(...verbs), fc.nat(), (c, nodes, per, verb, pick) => {
        const size = c.sizes[pick % c.sizes.length]!;
        const total = nodes * per * size;
        fc.pre(total >= 10 && total <= 9999);
        const text = `${nodes} servers of ${per} ${c.card} GPUs ${verb} ${total}GB`;
        const [reading] = scan(text);
        expect(reading?.count).toBe(nodes * per);
        expect(reading?.memoryGiB).toBe(size);
      }),
    );
  });

  it('a total that is no size of the card keeps the card and says the difference (not a refusal)', () => {
    const text = 'gpt-neox-20b finetune on 2 servers of 8 A100 GPUs with a total memory of 1000GB';
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(true);
    const [reading] = scan(text);
    expect(reading!.gpuId).toMatch(/^a100/);
    expect(reading!.notes.join(' ')).toMatch(/1000 GB in all/);
  });

  it.each([
    'the model weights and optimizer states are a total size of 268GB',
    'the checkpoint size is about 26GB',
    'file size of 13.5 GB',
  ])('"%s" is a size on disk, no card', (text) => {
    expect(scan(`13b on 4 H100 GPUs; ${text}`).map((r) => r.count)).toEqual([4]);
    const guarded = scanHardware(normalise(text).text).guarded.map((g) => g.rule);
    expect(guarded).toContain('not-hw.size-of');
  });
});
