import type { ComponentGroup, PhasePoint } from '../../memory/types.js';
import type { EstimateReply } from '../../reply/types.js';
import { capacityLegend } from './capacity.js';
import { CANVAS, FONT, PLOT, card, gibAxis, legend, squareSwatch, twoLines, type LegendItem } from './frame.js';
import { capacityLine, gibText, toGib } from './marks.js';
import { GROUP_COLOUR, GROUP_LABEL, GROUP_ORDER, THEME, inkOn } from './palette.js';
import { linearFromZero, type Scale } from './scale.js';
import { group, rect, svgDocument, text } from './svg.js';

/** A phase's parts summed per group, in stacking order. */
function phaseGroups(phase: PhasePoint): { group: ComponentGroup; bytes: number }[] {
  const totals = new Map<ComponentGroup, number>();
  for (const p of phase.parts) totals.set(p.group, (totals.get(p.group) ?? 0) + p.bytes);
  return GROUP_ORDER.filter((g) => (totals.get(g) ?? 0) > 0).map((g) => ({ group: g, bytes: totals.get(g)! }));
}

function phaseBar(phase: PhasePoint, isPeak: boolean, y: Scale, x: number, width: number, slot: number): string {
  const parts: string[] = [];
  let base = 0;
  for (const { group: g, bytes } of phaseGroups(phase)) {
    const yTop = y(toGib(base + bytes));
    const height = y(toGib(base)) - yTop;
    parts.push(rect(x, yTop, width, height, { fill: GROUP_COLOUR[g], stroke: THEME.card, 'stroke-width': 1.5, 'data-role': 'segment', 'data-group': g }));
    if (height >= 26 && width >= 56) {
      parts.push(text(x + width / 2, yTop + height / 2 + 7, gibText(bytes), { 'font-size': FONT.small, fill: inkOn(GROUP_COLOUR[g]), 'text-anchor': 'middle' }));
    }
    base += bytes;
  }
  const yTop = y(toGib(phase.bytes));
  if (isPeak) {
    parts.push(rect(x - 4, yTop - 4, width + 8, y(0) - yTop + 4, { fill: 'none', stroke: THEME.peak, 'stroke-width': 4, 'data-role': 'peak' }));
    parts.push(text(x + width / 2, yTop - 40, 'peak', { 'font-size': FONT.label, 'font-weight': 'bold', fill: THEME.peak, 'text-anchor': 'middle' }));
  }
  parts.push(text(x + width / 2, yTop - 12, gibText(phase.bytes), { 'font-size': FONT.label, 'font-weight': isPeak ? 'bold' : undefined, fill: THEME.ink, 'text-anchor': 'middle' }));
  twoLines(phase.label, slot - 6, FONT.small).forEach((row, i) => {
    parts.push(text(x + width / 2, PLOT.bottom + 26 + i * 22, row, { 'font-size': FONT.small, fill: THEME.ink, 'text-anchor': 'middle' }));
  });
  return group(parts, { 'data-role': 'phase', 'data-phase': phase.phase });
}

/** Allocated memory at each point of the step (load → forward → backward → optimizer, or prefill → decode). */
export function timelineSvg(reply: EstimateReply): string {
  const e = reply.estimate;
  const title = `${reply.scenario.model.name} · memory through one step`;
  const sub = `Allocated per GPU by phase · nvidia-smi at the peak: ${gibText(e.deviceBytes)} GiB`;
  if (e.phases.length === 0) return svgDocument(CANVAS.width, CANVAS.height, card(title, 'No phases in this estimate'));
  const peakIndex = e.phases.reduce((best, p, i) => (p.bytes > e.phases[best]!.bytes ? i : best), 0);
  const cap = e.capacityBytes;
  const y = linearFromZero(toGib(Math.max(cap ?? 0, ...e.phases.map((p) => p.bytes))) * 1.12, PLOT.bottom, PLOT.top);
  const slot = (PLOT.right - PLOT.left) / e.phases.length;
  const width = Math.min(120, slot * 0.62);
  const body = [gibAxis(y, cap === null ? null : y(toGib(cap)))];
  e.phases.forEach((phase, i) => body.push(phaseBar(phase, i === peakIndex, y, PLOT.left + slot * i + (slot - width) / 2, width, slot)));
  if (cap !== null) body.push(capacityLine(y, cap));
  // Every group drawn in any phase gets a row; the figure is its size at the peak ("–" if absent then).
  const atPeak = new Map(phaseGroups(e.phases[peakIndex]!).map((t) => [t.group, t.bytes]));
  const drawn = new Set(e.phases.flatMap((p) => phaseGroups(p).map((t) => t.group)));
  const items: LegendItem[] = GROUP_ORDER.filter((g) => drawn.has(g))
    .reverse()
    .map((g) => ({ label: GROUP_LABEL[g], value: atPeak.has(g) ? gibText(atPeak.get(g)!) : '–', swatch: squareSwatch(GROUP_COLOUR[g]) }));
  body.push(legend([...items, ...capacityLegend(reply)], 'at the peak, GiB'));
  return svgDocument(CANVAS.width, CANVAS.height, [...card(title, sub), ...body]);
}
