import { describe, expect, it } from 'vitest';
import type { PhasePoint } from '../../src/memory/types.js';
import { timelineSvg } from '../../src/render/chart/timeline.js';
import { estimate13b, reply13b, scenario13b } from './fixtures.js';

const GIB = 2 ** 30;

describe('step timeline chart', () => {
  it('draws one bar per phase, in the estimate order', () => {
    const svg = timelineSvg(reply13b());
    expect([...svg.matchAll(/data-phase="(\w+)"/g)].map((m) => m[1])).toEqual(['load', 'forward', 'backward', 'optimizer']);
  });

  it('marks the phase with the most allocated memory as the peak', () => {
    const svg = timelineSvg(reply13b());
    expect(svg.match(/data-role="peak"/g)).toHaveLength(1);
    const peakGroup = svg.slice(svg.lastIndexOf('<g', svg.indexOf('data-role="peak"')));
    expect(peakGroup).toMatch(/^<g data-role="phase" data-phase="backward"/);
    expect(svg).toContain('>84.4<');
  });

  it('follows the peak when the phases change (inference: prefill vs decode)', () => {
    const phases: PhasePoint[] = [
      { phase: 'load', label: 'weights loaded', bytes: 13.5 * GIB, parts: [{ key: 'weights', group: 'weights', bytes: 13.5 * GIB }] },
      { phase: 'prefill', label: 'prefill', bytes: 16 * GIB, parts: [{ key: 'weights', group: 'weights', bytes: 13.5 * GIB }, { key: 'logits', group: 'logits', bytes: 2.5 * GIB }] },
      { phase: 'decode', label: 'last decode step', bytes: 17.2 * GIB, parts: [{ key: 'weights', group: 'weights', bytes: 13.5 * GIB }, { key: 'kv', group: 'kv', bytes: 3.7 * GIB }] },
    ];
    const svg = timelineSvg(reply13b({ ...estimate13b(), phases, peakPhase: 'decode' }));
    const peakGroup = svg.slice(svg.lastIndexOf('<g', svg.indexOf('data-role="peak"')));
    expect(peakGroup).toMatch(/^<g data-role="phase" data-phase="decode"/);
    expect(svg).toContain('data-group="kv"');
    // Logits are drawn in prefill only: still in the legend, with no figure at the decode peak.
    const legendPart = svg.split('data-role="legend"')[1]!;
    expect(legendPart).toMatch(/>logits \+ loss<\/text><text[^>]*>–</);
    expect(legendPart).toMatch(/>KV cache<\/text><text[^>]*>3\.7</);
  });

  it('omits the capacity line without hardware', () => {
    expect(timelineSvg(reply13b())).toContain('data-role="capacity"');
    expect(timelineSvg(reply13b(estimate13b(scenario13b({ hardware: null }))))).not.toContain('data-role="capacity"');
  });

  it('wraps long phase names onto two lines instead of cutting them', () => {
    const svg = timelineSvg(reply13b());
    expect(svg).toContain('>start of<');
    expect(svg).toContain('>backward<');
  });
});
