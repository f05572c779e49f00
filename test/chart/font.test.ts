import { describe, expect, it } from 'vitest';
import { resolveChartFont, type FontCandidate } from '../../src/render/chart/font.js';

const candidates: FontCandidate[] = [
  { file: null, family: 'DejaVu Sans', boldFile: null },
  { file: '/a/DejaVuSans.ttf', family: 'DejaVu Sans', boldFile: '/a/DejaVuSans-Bold.ttf' },
  { file: '/b/Arial.ttf', family: 'Arial', boldFile: null },
];

describe('chart font resolution', () => {
  it('takes the first candidate that exists, with its bold face when present', () => {
    const font = resolveChartFont(candidates, (p) => p.startsWith('/a/'));
    expect(font).toEqual({ files: ['/a/DejaVuSans.ttf', '/a/DejaVuSans-Bold.ttf'], family: 'DejaVu Sans' });
  });

  it('goes without a bold face rather than failing', () => {
    const font = resolveChartFont(candidates, (p) => p === '/a/DejaVuSans.ttf');
    expect(font.files).toEqual(['/a/DejaVuSans.ttf']);
  });

  it('falls through to the next family', () => {
    expect(resolveChartFont(candidates, (p) => p === '/b/Arial.ttf')).toEqual({ files: ['/b/Arial.ttf'], family: 'Arial' });
  });

  it('fails loudly, naming the font and the paths tried, when none exists', () => {
    expect(() => resolveChartFont(candidates, () => false)).toThrow(/DejaVu Sans.*Tried: \/a\/DejaVuSans\.ttf, \/b\/Arial\.ttf/s);
  });
});
