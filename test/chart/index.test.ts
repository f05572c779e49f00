import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { chartPng, chartSvg, type ChartKind } from '../../src/render/chart/index.js';
import { reply13b, scenario13b } from './fixtures.js';
import { readHeader } from './png-decode.js';

/** End to end with the real memory model: Llama-2-13B, ZeRO-3 on 4× A100 80GB, seq 4096. */
const reply = reply13b(estimate(scenario13b()));
const KINDS: ChartKind[] = ['breakdown', 'sweep-batch', 'sweep-seq', 'timeline'];

describe('chartSvg / chartPng', () => {
  it.each(KINDS)('%s: same reply, same SVG, a PNG under 200 KB', async (kind) => {
    const svg = chartSvg(reply, kind);
    expect(chartSvg(reply, kind)).toBe(svg);
    expect(svg.startsWith('<svg')).toBe(true);
    const png = await chartPng(reply, kind);
    expect(readHeader(png)).toMatchObject({ width: 960, height: 540 });
    expect(png.length).toBeLessThan(200 * 1024);
  });

  it('the breakdown total is the estimate total', () => {
    expect(chartSvg(reply, 'breakdown')).toContain(`${(reply.estimate.deviceBytes / 2 ** 30).toFixed(1)} GiB`);
  });

  it('sweeps start at micro-batch 1 and seq 512', () => {
    expect(chartSvg(reply, 'sweep-batch')).toMatch(/data-change="base"/);
    expect(chartSvg(reply, 'sweep-batch')).toContain('micro-batch (sequences per GPU per step)');
    expect(chartSvg(reply, 'sweep-seq')).toContain('>512<');
  });
});
