import { describe, expect, it } from 'vitest';
import { breakdownSvg } from '../../src/render/chart/breakdown.js';
import { card } from '../../src/render/chart/frame.js';
import { svgToPng } from '../../src/render/chart/png.js';
import { svgDocument } from '../../src/render/chart/svg.js';
import { sweepSvg } from '../../src/render/chart/sweep-chart.js';
import { timelineSvg } from '../../src/render/chart/timeline.js';
import { compareReply, reply13b } from './fixtures.js';
import { PNG_SIGNATURE, decodePng, differingShare, readHeader } from './png-decode.js';

const GIB = 2 ** 30;
const sweepSeries = [
  {
    label: 'as asked',
    change: null,
    points: [1, 2, 4, 8].map((x) => ({ x, deviceBytes: (40 + 10 * x) * GIB, fits: 40 + 10 * x <= 79.1 })),
    largestFitting: 2,
  },
];

const charts: [string, string][] = [
  ['breakdown', breakdownSvg(reply13b())],
  ['compare', breakdownSvg(compareReply())],
  ['timeline', timelineSvg(reply13b())],
  ['sweep', sweepSvg(reply13b(), 'microBatch', sweepSeries)],
];

describe('chart PNGs', () => {
  it.each(charts)('%s is a valid 960×540 RGBA PNG under 200 KB', async (_name, svg) => {
    const png = await svgToPng(svg);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(readHeader(png)).toMatchObject({ width: 960, height: 540, bitDepth: 8, colourType: 6 });
    expect(png.length).toBeLessThan(200 * 1024);
  });

  it.each(charts)('%s renders to identical SVG and PNG bytes every time', async (name, svg) => {
    const again = charts.find(([n]) => n === name)![1];
    expect(again).toBe(svg);
    const [a, b] = await Promise.all([svgToPng(svg), svgToPng(svg)]);
    expect(a.equals(b)).toBe(true);
  });

  it('draws the text (a font was really loaded): the title changes pixels', async () => {
    const blank = decodePng(await svgToPng(svgDocument(960, 540, card('', ''))));
    const titled = decodePng(await svgToPng(svgDocument(960, 540, card('Llama-2-13B · memory per GPU', 'Does not fit'))));
    expect(differingShare(blank, titled)).toBeGreaterThan(0.003);
  });

  it('keeps the card opaque so chat themes do not show through', async () => {
    const { pixels } = decodePng(await svgToPng(breakdownSvg(reply13b())));
    let transparent = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) transparent++;
    // Only the anti-aliased rounded corners may be partly transparent.
    expect(transparent).toBeLessThan(200);
  });
});
