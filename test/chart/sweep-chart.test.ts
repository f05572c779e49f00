import { describe, expect, it } from 'vitest';
import type { SweepSeries } from '../../src/plan/sweep.js';
import { sweepSvg } from '../../src/render/chart/sweep-chart.js';
import { estimate13b, reply13b, scenario13b } from './fixtures.js';

const GIB = 2 ** 30;
const CAP_GIB = 81050 / 1024; // A100 80GB usable

/** A line of device GiB = fixed + perUnit × x over powers of two, stopping past 1.5 × the card. */
function line(label: string, change: string | null, fixed: number, perUnit: number): SweepSeries {
  const points: SweepSeries['points'] = [];
  for (let x = 1; x <= 256; x *= 2) {
    const g = fixed + perUnit * x;
    points.push({ x, deviceBytes: g * GIB, fits: g <= CAP_GIB });
    if (g > CAP_GIB * 1.5) break;
  }
  let largest: number | null = null;
  for (const p of points) {
    if (!p.fits) break;
    largest = p.x;
  }
  return { label, change, points, largestFitting: largest };
}

describe('sweep chart', () => {
  const series = [line('as asked', null, 40, 8), line('+ gc', 'gc', 40, 1.5), line('+ offload optimizer', 'offload optimizer', 10, 8)];

  it('draws one line per series with a marker per point', () => {
    const svg = sweepSvg(reply13b(), 'microBatch', series);
    expect([...svg.matchAll(/data-role="series" data-change="([^"]+)"/g)].map((m) => m[1])).toEqual(['base', 'gc', 'offload optimizer']);
    const base = svg.split('data-change="base"')[1]!.split('</g>')[0]!;
    expect(base.match(/<circle/g)).toHaveLength(series[0]!.points.length);
  });

  it('marks the largest micro-batch that fits on the base line', () => {
    const svg = sweepSvg(reply13b(), 'microBatch', series);
    expect(series[0]!.largestFitting).toBe(4); // 40 + 8·4 = 72 ≤ 79.2 < 40 + 8·8
    expect(svg).toContain('data-role="largest-fitting" data-x="4"');
    expect(svg).toContain('Largest micro-batch that fits: 4');
    expect(svg).toContain('max mbs 4: 72.0 GiB');
  });

  it('draws points that do not fit hollow', () => {
    const svg = sweepSvg(reply13b(), 'microBatch', [series[0]!]);
    const base = svg.split('data-change="base"')[1]!.split('</g>')[0]!;
    const hollow = base.match(/fill="#FCFCFA"/g)?.length ?? 0;
    expect(hollow).toBe(series[0]!.points.filter((p) => p.fits === false).length);
  });

  it('labels the x axis in tokens for a sequence sweep', () => {
    const seqSeries: SweepSeries = {
      label: 'as asked',
      change: null,
      points: [512, 1024, 2048, 4096, 8192].map((x, i) => ({ x, deviceBytes: (60 + i * 10) * GIB, fits: 60 + i * 10 <= CAP_GIB })),
      largestFitting: 2048,
    };
    const svg = sweepSvg(reply13b(), 'seq', [seqSeries]);
    expect(svg).toContain('>4k<');
    expect(svg).toContain('sequence length (tokens)');
    expect(svg).toContain('data-x="2048"');
  });

  it('has no capacity line and no largest mark without hardware', () => {
    const reply = reply13b(estimate13b(scenario13b({ hardware: null })));
    const free = series.map((s) => ({ ...s, points: s.points.map((p) => ({ ...p, fits: null })), largestFitting: null }));
    const svg = sweepSvg(reply, 'microBatch', free);
    expect(svg).not.toContain('data-role="capacity"');
    expect(svg).not.toContain('data-role="largest-fitting"');
    expect(svg).toContain('No card named');
  });

  it('says when even the smallest value does not fit', () => {
    const svg = sweepSvg(reply13b(), 'microBatch', [line('as asked', null, 90, 8)]);
    expect(svg).toContain('Even mbs 1 does not fit');
    expect(svg).not.toContain('data-role="largest-fitting"');
  });
});
