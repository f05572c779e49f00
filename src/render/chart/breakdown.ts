import type { ComponentGroup } from '../../memory/types.js';
import type { EstimateReply } from '../../reply/types.js';
import { capacityLegend, fitsOnNames } from './capacity.js';
import { CANVAS, FONT, MAX_LEGEND_ROWS, PLOT, card, fitText, gibAxis, legend, squareSwatch, type LegendItem } from './frame.js';
import { capacityLine, gibText, toGib } from './marks.js';
import { GROUP_COLOUR, GROUP_LABEL, GROUP_ORDER, SERIES_STYLE, THEME, inkOn } from './palette.js';
import { linearFromZero, type Scale } from './scale.js';
import { group, line, rect, svgDocument, text } from './svg.js';
import { gpuCountOf } from '../../scenario/gpus.js';

/** Bytes per component group, in stacking order, leaving out empty groups. */
export function groupTotals(reply: EstimateReply): { group: ComponentGroup; bytes: number }[] {
  const totals = new Map<ComponentGroup, number>();
  for (const c of reply.estimate.components) totals.set(c.group, (totals.get(c.group) ?? 0) + c.bytes);
  return GROUP_ORDER.filter((g) => (totals.get(g) ?? 0) > 0).map((g) => ({ group: g, bytes: totals.get(g)! }));
}

function headroomMark(y: Scale, x: number, topBytes: number, capacityBytes: number, headroomBytes: number): string {
  const fits = headroomBytes >= 0;
  const colour = fits ? THEME.headroom : THEME.overflow;
  const y1 = y(toGib(topBytes));
  const y2 = y(toGib(capacityBytes));
  const label = `${fits ? 'headroom' : 'overflow'} ${gibText(Math.abs(headroomBytes))} GiB`;
  const mid = (y1 + y2) / 2;
  return group(
    [
      line(x, y1, x, y2, { stroke: colour, 'stroke-width': 4 }),
      line(x - 8, y1, x + 8, y1, { stroke: colour, 'stroke-width': 4 }),
      line(x - 8, y2, x + 8, y2, { stroke: colour, 'stroke-width': 4 }),
      text(x + 14, Math.abs(y1 - y2) < 30 ? Math.min(y1, y2) - 10 : mid + 7, label, {
        'font-size': FONT.label,
        'font-weight': 'bold',
        fill: colour,
      }),
    ],
    { 'data-role': fits ? 'headroom' : 'overflow' },
  );
}

function stackedBar(reply: EstimateReply, y: Scale, x: number, width: number): string {
  const parts: string[] = [];
  let base = 0;
  for (const { group: g, bytes } of groupTotals(reply)) {
    const top = base + bytes;
    const yTop = y(toGib(top));
    const height = y(toGib(base)) - yTop;
    const fill = GROUP_COLOUR[g];
    parts.push(rect(x, yTop, width, height, { fill, stroke: THEME.card, 'stroke-width': 1.5, 'data-role': 'segment', 'data-group': g }));
    if (height >= 26) {
      parts.push(text(x + width / 2, yTop + height / 2 + 7, gibText(bytes), { 'font-size': FONT.label, fill: inkOn(fill), 'text-anchor': 'middle' }));
    }
    base = top;
  }
  return group(parts, { 'data-role': 'bar' });
}

function totalLabel(x: number, yAt: number, bytes: number): string {
  return text(x, yAt - 10, `${gibText(bytes)} GiB`, { 'font-size': FONT.label, 'font-weight': 'bold', fill: THEME.ink, 'text-anchor': 'middle', 'data-role': 'total' });
}

/** No card named: list the catalog cards that hold it, beside the bar. */
function fitsOnList(reply: EstimateReply, x: number): string {
  const names = fitsOnNames(reply);
  // "8 GPUs, no card named": the list is what each of them can be.
  const gpus = gpuCountOf(reply.scenario);
  const lines = names.length === 0 ? ['Fits no single card', 'in the catalog'] : [gpus > 1 ? `Each of ${gpus} GPUs:` : 'Fits on:', ...names];
  return group(
    lines.map((row, i) =>
      text(x, PLOT.top + 40 + i * 30, fitText(row, PLOT.right - x, FONT.label), {
        'font-size': FONT.label,
        'font-weight': i === 0 ? 'bold' : undefined,
        fill: THEME.ink,
      }),
    ),
    { 'data-role': 'fits-on' },
  );
}

/** One stacked bar for the estimate: what each component group takes on one GPU at the peak. */
function singleBreakdown(reply: EstimateReply): string[] {
  const e = reply.estimate;
  const cap = e.capacityBytes;
  const y = linearFromZero(toGib(Math.max(e.deviceBytes, cap ?? 0)) * 1.08, PLOT.bottom, PLOT.top);
  const barWidth = 190;
  const x = PLOT.left + 90;
  const body = [gibAxis(y, cap === null ? null : y(toGib(cap))), stackedBar(reply, y, x, barWidth), totalLabel(x + barWidth / 2, y(toGib(e.deviceBytes)), e.deviceBytes)];
  body.push(text(x + barWidth / 2, PLOT.bottom + 30, `per GPU · peak at ${e.peakPhase}`, { 'font-size': FONT.label, fill: THEME.mutedInk, 'text-anchor': 'middle' }));
  if (cap !== null) {
    body.push(capacityLine(y, cap));
    if (e.headroomBytes !== null) body.push(headroomMark(y, x + barWidth + 40, e.deviceBytes, cap, e.headroomBytes));
  } else {
    body.push(fitsOnList(reply, x + barWidth + 50));
  }
  const capacityRows = capacityLegend(reply);
  body.push(legend([...groupLegend(groupTotals(reply), MAX_LEGEND_ROWS - capacityRows.length), ...capacityRows], 'per GPU, GiB'));
  return body;
}

/**
 * Legend rows, top of the stack first (as the eye reads the bar). Over the row budget, the
 * smallest groups fold into one "other" row so a thumbnail never gets more than 8 rows.
 */
function groupLegend(totals: { group: ComponentGroup; bytes: number }[], budget: number): LegendItem[] {
  const folded = totals.length <= budget ? [] : [...totals].sort((a, b) => a.bytes - b.bytes).slice(0, totals.length - budget + 1);
  const rows: LegendItem[] = totals
    .filter((t) => !folded.includes(t))
    .reverse()
    .map(({ group: g, bytes }) => ({ label: GROUP_LABEL[g], value: gibText(bytes), swatch: squareSwatch(GROUP_COLOUR[g]) }));
  if (folded.length > 0) {
    const bytes = folded.reduce((sum, t) => sum + t.bytes, 0);
    rows.push({ label: `other (${folded.length} groups)`, value: gibText(bytes), swatch: squareSwatch(THEME.grid) });
  }
  return rows;
}

/** Two bars for "A vs B": each side's device total (the sides carry totals, not components). */
function compareBreakdown(reply: EstimateReply): string[] {
  const sides = reply.answer?.sides ?? [];
  const cap = reply.estimate.capacityBytes;
  const y = linearFromZero(toGib(Math.max(cap ?? 0, ...sides.map((s) => s.deviceBytes))) * 1.08, PLOT.bottom, PLOT.top);
  const slot = (PLOT.right - PLOT.left) / sides.length;
  const barWidth = Math.min(170, slot * 0.6);
  const body = [gibAxis(y, cap === null ? null : y(toGib(cap)))];
  const items: LegendItem[] = [];
  sides.forEach((side, i) => {
    const style = SERIES_STYLE[i % SERIES_STYLE.length]!;
    const x = PLOT.left + slot * i + (slot - barWidth) / 2;
    const yTop = y(toGib(side.deviceBytes));
    body.push(group([rect(x, yTop, barWidth, y(0) - yTop, { fill: style.colour, stroke: THEME.ink, 'stroke-width': 1 })], { 'data-role': 'bar', 'data-side': side.label }));
    body.push(totalLabel(x + barWidth / 2, yTop, side.deviceBytes));
    const verdict = side.fits === null ? '' : side.fits ? '✓ ' : '✗ ';
    body.push(text(x + barWidth / 2, PLOT.bottom + 30, fitText(verdict + side.label, slot - 8, FONT.label), { 'font-size': FONT.label, fill: THEME.ink, 'text-anchor': 'middle' }));
    items.push({ label: side.label, value: gibText(side.deviceBytes), swatch: squareSwatch(style.colour) });
  });
  if (cap !== null) body.push(capacityLine(y, cap));
  body.push(legend([...items, ...capacityLegend(reply)], 'per GPU, GiB'));
  return body;
}

export function breakdownSvg(reply: EstimateReply): string {
  const isCompare = reply.answer?.kind === 'compare' && (reply.answer.sides?.length ?? 0) >= 2;
  const title = isCompare ? `${reply.scenario.model.name} · compare per GPU` : `${reply.scenario.model.name} · memory per GPU`;
  const subtitle = isCompare ? (reply.answer?.text ?? reply.verdict.headline) : reply.verdict.headline;
  return svgDocument(CANVAS.width, CANVAS.height, [
    ...card(title, subtitle),
    ...(isCompare ? compareBreakdown(reply) : singleBreakdown(reply)),
  ]);
}
