import { GiB, gib } from '../../memory/format.js';
import { FONT, PLOT, textWidth } from './frame.js';
import { THEME } from './palette.js';
import type { Scale } from './scale.js';
import { group, line, polygon, rect, text, circle } from './svg.js';

/** GiB with one decimal, the unit of every reply (DESIGN §3: "shown in GiB"). */
export const gibText = (bytes: number): string => gib(bytes);

export function toGib(bytes: number): number {
  return bytes / GiB;
}

/**
 * Dashed line at the card's usable memory with its value tagged on the y-axis; the card's name
 * goes in the legend, so no label sits on top of bars or lines.
 */
export function capacityLine(y: Scale, capacityBytes: number): string {
  const at = y(toGib(capacityBytes));
  const tag = gibText(capacityBytes);
  const width = textWidth(tag, FONT.small) + 12;
  return group(
    [
      line(PLOT.left, at, PLOT.right, at, { stroke: THEME.capacity, 'stroke-width': 3, 'stroke-dasharray': '10 6' }),
      rect(PLOT.left - 6 - width, at - 12, width, 24, { fill: THEME.capacity, rx: 4 }),
      text(PLOT.left - 12, at + 6, tag, { 'font-size': FONT.small, fill: THEME.card, 'text-anchor': 'end', 'font-weight': 'bold' }),
    ],
    { 'data-role': 'capacity' },
  );
}

export type MarkerShape = 'circle' | 'square' | 'triangle';

/** Point markers with distinct shapes, so series differ in grey-scale too. */
export function marker(shape: MarkerShape, x: number, y: number, colour: string, size = 7, hollow = false): string {
  const paint = hollow
    ? { fill: THEME.card, stroke: colour, 'stroke-width': 3 }
    : { fill: colour, stroke: THEME.card, 'stroke-width': 1.5 };
  if (shape === 'square') return rect(x - size, y - size, size * 2, size * 2, paint);
  if (shape === 'triangle') {
    const r = size * 1.25;
    return polygon(
      [
        [x, y - r],
        [x + r, y + r * 0.8],
        [x - r, y + r * 0.8],
      ],
      paint,
    );
  }
  return circle(x, y, size, paint);
}
