import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { breakdownSvg } from '../../src/render/chart/breakdown.js';
import { chartFont } from '../../src/render/chart/font.js';
import { svgToPng } from '../../src/render/chart/png.js';
import { timelineSvg } from '../../src/render/chart/timeline.js';
import { reply13b } from './fixtures.js';
import { decodePng, differingShare } from './png-decode.js';

/**
 * Golden images, rendered with DejaVu Sans. Regenerate after an intended visual change with
 * `UPDATE_GOLDEN=1 npx vitest run test/chart/golden.test.ts` and look at the PNGs before committing.
 * The tolerance absorbs anti-aliasing differences between resvg builds, not layout changes:
 * moving one label or recolouring one segment changes well over 0.5% of the pixels.
 */
const TOLERANCE = 0.005;

const goldens: [string, () => string][] = [
  ['breakdown-13b-zero3-a100.png', () => breakdownSvg(reply13b())],
  ['timeline-13b-zero3-a100.png', () => timelineSvg(reply13b())],
];

const dejavu = chartFont().family === 'DejaVu Sans';

describe.skipIf(!dejavu)('golden chart images (DejaVu Sans)', () => {
  it.each(goldens)('%s matches within 0.5%% of pixels', async (file, build) => {
    const path = fileURLToPath(new URL(`./golden/${file}`, import.meta.url));
    const png = await svgToPng(build());
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
      writeFileSync(path, png);
      if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden ${file} was missing and has been written; check it and rerun`);
    }
    const share = differingShare(decodePng(readFileSync(path)), decodePng(png));
    expect(share).toBeLessThan(TOLERANCE);
  });

  it('notices a real change (a recoloured segment is outside the tolerance)', async () => {
    const path = fileURLToPath(new URL(`./golden/${goldens[0]![0]}`, import.meta.url));
    const changed = breakdownSvg(reply13b()).replace(/#E69F00/g, '#0072B2'); // activations drawn in the weights colour
    const share = differingShare(decodePng(readFileSync(path)), decodePng(await svgToPng(changed)));
    expect(share).toBeGreaterThan(TOLERANCE);
  });
});
