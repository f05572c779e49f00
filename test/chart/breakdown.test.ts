import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Component, ComponentGroup } from '../../src/memory/types.js';
import { breakdownSvg, groupTotals } from '../../src/render/chart/breakdown.js';
import { PLOT } from '../../src/render/chart/frame.js';
import { GROUP_ORDER } from '../../src/render/chart/palette.js';
import { compareReply, estimate13b, reply13b, scenario13b } from './fixtures.js';

const GIB = 2 ** 30;

function count(svg: string, pattern: RegExp): number {
  return svg.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
}

function segmentHeights(svg: string): number[] {
  return [...svg.matchAll(/<rect[^>]*height="([\d.]+)"[^>]*data-role="segment"/g)].map((m) => Number(m[1]));
}

describe('breakdown chart', () => {
  it('draws one segment per component group present, in stacking order', () => {
    const svg = breakdownSvg(reply13b());
    const groups = [...svg.matchAll(/data-group="(\w+)"/g)].map((m) => m[1]);
    expect(groups).toEqual(['weights', 'gradients', 'optimizer', 'activations', 'logits', 'overhead']);
  });

  it('sums the groups from the estimate components (optimizer = master 12.1 + Adam 24.2)', () => {
    const totals = groupTotals(reply13b());
    const optimizer = totals.find((t) => t.group === 'optimizer')!.bytes / GIB;
    expect(optimizer).toBeCloseTo(36.3, 6);
    expect(breakdownSvg(reply13b())).toContain('>36.3<');
  });

  it('shows the card line and the overflow in GiB when the run does not fit', () => {
    const svg = breakdownSvg(reply13b());
    expect(count(svg, /data-role="capacity"/)).toBe(1);
    expect(svg).toContain('data-role="overflow"');
    expect(svg).toContain('overflow 12.6 GiB'); // 91.8 − 79.2 (81050 MiB)
    expect(svg).toContain('A100 80GB usable');
    expect(svg).toContain('>79.2<');
  });

  it('labels headroom instead when it fits', () => {
    const bigCard = scenario13b({ hardware: { gpuId: 'h200', capacityBytes: 140 * GIB, count: 4, perNode: 8 } });
    const svg = breakdownSvg(reply13b(estimate13b(bigCard)));
    expect(svg).toContain('data-role="headroom"');
    expect(svg).toContain('headroom 48.2 GiB');
    expect(svg).not.toContain('overflow');
  });

  it('draws no capacity line and no headroom mark without hardware', () => {
    const svg = breakdownSvg(reply13b(estimate13b(scenario13b({ hardware: null }))));
    expect(svg).not.toContain('data-role="capacity"');
    expect(svg).not.toMatch(/data-role="(headroom|overflow)"/);
    expect(svg).toContain('91.8 GiB');
    expect(svg).toContain('data-role="fits-on"');
    expect(svg).toContain('>Fits on:<');
    expect(svg).toContain('>H100 NVL 94GB<'); // names from the catalog, ids from Estimate.fitsOn
    expect(svg).toContain('>… 2 more<'); // six cards: four named, then the rest counted
  });

  it('draws the two sides of a compare answer as two bars', () => {
    const svg = breakdownSvg(compareReply());
    expect(count(svg, /data-role="bar"/)).toBe(2);
    expect(svg).toContain('104.2 GiB');
    expect(svg).toContain('zero3 needs 12.4 GiB less');
  });

  it('escapes text that came from the user', () => {
    const r = reply13b();
    const svg = breakdownSvg({ ...r, scenario: { ...r.scenario, model: { ...r.scenario.model, name: 'a<b & "c"' } } });
    expect(svg).toContain('a&lt;b &amp; &quot;c&quot;');
    expect(svg).not.toContain('a<b');
  });

  it('stacks segments whose heights add up to the bar, and keeps the legend within 8 rows (property)', () => {
    const groupArb = fc.constantFrom<ComponentGroup>(...GROUP_ORDER);
    const componentArb = fc.record({ group: groupArb, gib: fc.double({ min: 0.05, max: 200, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(componentArb, { minLength: 1, maxLength: 14 }), fc.boolean(), (parts, withCard) => {
        const components: Component[] = parts.map((p, i) => ({ key: `c${i}`, name: `c${i}`, group: p.group, bytes: p.gib * GIB, formula: '' }));
        const deviceBytes = components.reduce((s, c) => s + c.bytes, 0);
        const base = estimate13b(scenario13b({ hardware: withCard ? { gpuId: 'a100-80g', capacityBytes: 80 * GIB, count: 1, perNode: 1 } : null }));
        const e = { ...base, components, deviceBytes, headroomBytes: withCard ? 80 * GIB - deviceBytes : null, fits: withCard ? deviceBytes <= 80 * GIB : null };
        const svg = breakdownSvg(reply13b(e));
        const heights = segmentHeights(svg);
        expect(heights.length).toBe(new Set(parts.map((p) => p.group)).size);
        // The stack is as tall as the total on the GiB axis: height = total / top tick × plot height.
        const axis = svg.split('data-role="y-axis"')[1]!.split('</g>')[0]!;
        const topTick = Math.max(...[...axis.matchAll(/>([\d.]+)</g)].map((m) => Number(m[1])));
        const stacked = heights.reduce((s, h) => s + h, 0);
        expect(Math.abs(stacked - (deviceBytes / GIB / topTick) * (PLOT.bottom - PLOT.top))).toBeLessThan(0.1 * heights.length + 0.1);
        expect(count(svg, /<g data-role="legend">/)).toBe(1);
        const legendRows = svg.split('data-role="legend"')[1]!.match(/<text/g)!.length;
        expect(legendRows).toBeLessThanOrEqual(1 + 8 * 2); // title + label/value per row
        expect(svg.includes('data-role="capacity"')).toBe(withCard);
      }),
      { numRuns: 60 },
    );
  });
});

describe('breakdown legend with every group present', () => {
  it('folds the smallest groups into one "other" row to stay within 8 rows', () => {
    const groups: ComponentGroup[] = [...GROUP_ORDER];
    const components: Component[] = groups.map((g, i) => ({ key: g, name: g, group: g, bytes: (i + 1) * GIB, formula: '' }));
    const e = { ...estimate13b(), components, deviceBytes: 36 * GIB, headroomBytes: 44 * GIB, fits: true };
    const svg = breakdownSvg(reply13b(e));
    const legendPart = svg.split('data-role="legend"')[1]!;
    const rows = legendPart.match(/<rect/g)!.length + legendPart.match(/stroke-dasharray/g)!.length;
    expect(rows).toBe(8); // 7 group rows (6 kept + other) + the card line
    expect(legendPart).toContain('other (2 groups)');
    expect(legendPart).toContain('>3.0<'); // the two smallest, weights 1 + gradients 2 GiB
    expect(legendPart).not.toContain('>weights<');
    expect(legendPart).toContain('>slack + context<');
  });
});
