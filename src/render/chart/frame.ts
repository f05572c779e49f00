import { THEME } from './palette.js';
import { group, line, rect, text } from './svg.js';
import type { Scale } from './scale.js';

/**
 * Shared layout: a 960×540 card (16:9 previews well in Slack and Discord), big type so a
 * thumbnail stays readable, plot on the left, legend on the right.
 */
export const CANVAS = { width: 960, height: 540 } as const;
export const FONT = { title: 28, subtitle: 19, label: 19, legend: 18, small: 16 } as const;
export const PLOT = { left: 86, right: 620, top: 124, bottom: 466 } as const;
export const LEGEND = { left: 648, top: 122, rowHeight: 36, width: 292 } as const;
/** Legend rows a thumbnail can still read. */
export const MAX_LEGEND_ROWS = 8;

/** DejaVu Sans averages about 0.6 em per character; used only to keep labels inside the card. */
const CHAR_WIDTH_EM = 0.6;

export function textWidth(content: string, fontSize: number): number {
  return [...content].length * fontSize * CHAR_WIDTH_EM;
}

/** Shortens a label with an ellipsis so it fits `maxWidth` pixels. */
export function fitText(content: string, maxWidth: number, fontSize: number): string {
  const chars = [...content];
  const maxChars = Math.floor(maxWidth / (fontSize * CHAR_WIDTH_EM));
  if (chars.length <= maxChars) return content;
  return chars.slice(0, Math.max(1, maxChars - 1)).join('').trimEnd() + '…';
}

/** Opaque card with title and subtitle; every chart starts with it. */
export function card(title: string, subtitle: string): string[] {
  const width = CANVAS.width - 48;
  return [
    rect(0, 0, CANVAS.width, CANVAS.height, { fill: THEME.card }),
    rect(1, 1, CANVAS.width - 2, CANVAS.height - 2, { fill: 'none', stroke: THEME.cardBorder, 'stroke-width': 2, rx: 12 }),
    text(24, 44, fitText(title, width, FONT.title), { 'font-size': FONT.title, 'font-weight': 'bold', fill: THEME.ink, 'data-role': 'title' }),
    text(24, 76, fitText(subtitle, width, FONT.subtitle), { 'font-size': FONT.subtitle, fill: THEME.mutedInk, 'data-role': 'subtitle' }),
  ];
}

/**
 * Horizontal grid lines with GiB labels on the left axis. A tick label closer than a line
 * height to `keepClearAt` (the capacity tag) is left out so the two never overprint.
 */
export function gibAxis(y: Scale, keepClearAt: number | null = null): string {
  const parts: string[] = [];
  for (const tick of y.ticks) {
    const at = y(tick);
    parts.push(line(PLOT.left, at, PLOT.right, at, { stroke: THEME.grid, 'stroke-width': 1 }));
    if (keepClearAt !== null && Math.abs(at - keepClearAt) < FONT.label + 4) continue;
    parts.push(text(PLOT.left - 10, at + 6, `${tick}`, { 'font-size': FONT.label, fill: THEME.mutedInk, 'text-anchor': 'end' }));
  }
  parts.push(line(PLOT.left, y(0), PLOT.right, y(0), { stroke: THEME.ink, 'stroke-width': 2 }));
  parts.push(text(PLOT.left - 10, PLOT.top - 22, 'GiB', { 'font-size': FONT.small, fill: THEME.mutedInk, 'text-anchor': 'end' }));
  return group(parts, { 'data-role': 'y-axis' });
}

export interface LegendItem {
  label: string;
  /** Right-aligned figure, e.g. "24.2". */
  value?: string;
  /** Draws the swatch at (x, y-centre). */
  swatch: (x: number, y: number) => string;
}

/** At most MAX_LEGEND_ROWS rows (thumbnail legibility); callers merge the rest before calling. */
export function legend(items: readonly LegendItem[], title?: string): string {
  const parts: string[] = [];
  let y = LEGEND.top;
  if (title) {
    parts.push(text(LEGEND.left, y, title, { 'font-size': FONT.small, fill: THEME.mutedInk }));
    y += 26;
  }
  for (const item of items.slice(0, MAX_LEGEND_ROWS)) {
    parts.push(item.swatch(LEGEND.left + 12, y));
    const labelRoom = LEGEND.width - 32 - (item.value ? textWidth(item.value, FONT.legend) + 8 : 0);
    parts.push(text(LEGEND.left + 32, y + 7, fitText(item.label, labelRoom, FONT.legend), { 'font-size': FONT.legend, fill: THEME.ink }));
    if (item.value) {
      parts.push(text(LEGEND.left + LEGEND.width, y + 7, item.value, { 'font-size': FONT.legend, fill: THEME.ink, 'text-anchor': 'end' }));
    }
    y += LEGEND.rowHeight;
  }
  return group(parts, { 'data-role': 'legend' });
}

export function squareSwatch(colour: string): (x: number, y: number) => string {
  return (x, y) => rect(x - 10, y - 10, 20, 20, { fill: colour, stroke: THEME.ink, 'stroke-width': 1 });
}

/** Dashed-line swatch for the capacity row of a legend. */
export function capacitySwatch(x: number, y: number): string {
  return line(x - 12, y, x + 12, y, { stroke: THEME.capacity, 'stroke-width': 3, 'stroke-dasharray': '6 4' });
}

/** Wraps a short label onto at most two lines of `maxWidth` pixels (phase names under bars). */
export function twoLines(content: string, maxWidth: number, fontSize: number): string[] {
  const words = content.split(' ');
  const first: string[] = [];
  while (words.length > 0 && textWidth([...first, words[0]].join(' '), fontSize) <= maxWidth) first.push(words.shift()!);
  if (first.length === 0) first.push(words.shift()!);
  const rest = words.join(' ');
  return rest === '' ? [first.join(' ')] : [first.join(' '), fitText(rest, maxWidth, fontSize)];
}
