import type { EstimateReply } from '../../reply/types.js';
import type { SweepAxis, SweepSeries } from '../../plan/sweep.js';
import { capacityLegend, capacityName } from './capacity.js';
import { CANVAS, FONT, PLOT, card, gibAxis, legend, textWidth, type LegendItem } from './frame.js';
import { capacityLine, gibText, marker, toGib, type MarkerShape } from './marks.js';
import { SERIES_STYLE, THEME } from './palette.js';
import { linearFromZero, log2Scale, shortCount, type Scale } from './scale.js';
import { group, line, polyline, rect, svgDocument, text } from './svg.js';
import { gpuCountOf } from '../../scenario/gpus.js';

const AXIS_NAME: Record<SweepAxis, { title: string; short: string; axis: string }> = {
  microBatch: { title: 'micro-batch', short: 'mbs', axis: 'micro-batch (sequences per GPU per step)' },
  seq: { title: 'sequence length', short: 'seq', axis: 'sequence length (tokens)' },
};

/** Lines past twice the card would flatten the interesting part; they are clipped at the plot top. */
const Y_CLIP_FACTOR = 2;

function yMaxGib(series: readonly SweepSeries[], capacityBytes: number | null): number {
  const highest = Math.max(...series.flatMap((s) => s.points.map((p) => p.deviceBytes)), 1);
  const top = capacityBytes === null ? highest : Math.min(highest, capacityBytes * Y_CLIP_FACTOR);
  return toGib(Math.max(top, capacityBytes ?? 0)) * 1.05;
}

function xAxis(x: Scale, axis: SweepAxis): string {
  const parts = x.ticks.map((v) =>
    text(x(v), PLOT.bottom + 26, shortCount(v), { 'font-size': FONT.label, fill: THEME.mutedInk, 'text-anchor': 'middle' }),
  );
  parts.push(text((PLOT.left + PLOT.right) / 2, PLOT.bottom + 56, AXIS_NAME[axis].axis, { 'font-size': FONT.small, fill: THEME.mutedInk, 'text-anchor': 'middle' }));
  return group(parts, { 'data-role': 'x-axis' });
}

/** "max 8"; "max ≥256" when even the sweep's last value fits (the true maximum lies beyond). */
function maxText(s: SweepSeries, capacityKnown: boolean): string {
  if (!capacityKnown) return '';
  if (s.largestFitting === null) return 'none fit';
  const lastFits = s.points[s.points.length - 1]?.fits === true;
  return `max ${lastFits ? '≥' : ''}${shortCount(s.largestFitting)}`;
}

function seriesLine(s: SweepSeries, index: number, x: Scale, y: Scale): string {
  const style = SERIES_STYLE[index % SERIES_STYLE.length]!;
  const coords = s.points.map((p) => [x(p.x), y(toGib(p.deviceBytes))] as const);
  const parts = [polyline(coords, { stroke: style.colour, 'stroke-width': 4, 'stroke-dasharray': style.dash, 'stroke-linejoin': 'round' })];
  s.points.forEach((p, i) => {
    const [cx, cy] = coords[i]!;
    // Hollow markers are points that do not fit, so fit is readable without colour.
    parts.push(marker(style.marker as MarkerShape, cx, cy, style.colour, 7, p.fits === false));
  });
  return group(parts, { 'data-role': 'series', 'data-change': s.change ?? 'base', 'clip-path': 'url(#plot-area)' });
}

/** Vertical marker at the base series' largest fitting value, labelled "max mbs 8". */
function largestMark(s: SweepSeries, axis: SweepAxis, x: Scale, y: Scale): string {
  if (s.largestFitting === null) return '';
  const point = s.points.find((p) => p.x === s.largestFitting)!;
  const px = x(point.x);
  const py = y(toGib(point.deviceBytes));
  const label = `max ${AXIS_NAME[axis].short} ${shortCount(point.x)}: ${gibText(point.deviceBytes)} GiB`;
  const anchor = px > (PLOT.left + PLOT.right) / 2 ? 'end' : 'start';
  // Bold glyphs run about 10% wider than the regular estimate.
  const width = textWidth(label, FONT.label) * 1.1 + 12;
  const tx = px + (anchor === 'end' ? -16 : 16);
  const ty = Math.min(py + 36, PLOT.bottom - 12);
  return group(
    [
      line(px, PLOT.bottom, px, py, { stroke: THEME.ink, 'stroke-width': 3, 'stroke-dasharray': '4 4' }),
      marker('circle', px, py, THEME.ink, 13, true),
      // A card-coloured box keeps the label readable where series lines pass behind it.
      rect(anchor === 'end' ? tx - width + 6 : tx - 6, ty - 21, width, 28, { fill: THEME.card, 'fill-opacity': 0.9, rx: 4 }),
      text(tx, ty, label, { 'font-size': FONT.label, 'font-weight': 'bold', fill: THEME.ink, 'text-anchor': anchor }),
    ],
    { 'data-role': 'largest-fitting', 'data-x': `${point.x}` },
  );
}

function subtitle(reply: EstimateReply, base: SweepSeries, axis: SweepAxis): string {
  const cap = reply.estimate.capacityBytes;
  if (cap === null) {
    const gpus = gpuCountOf(reply.scenario);
    return `No card named: peak per GPU${gpus > 1 ? ` on ${gpus} GPUs` : ''} as nvidia-smi would show it`;
  }
  if (base.largestFitting === null) return `Even ${AXIS_NAME[axis].short} ${shortCount(base.points[0]?.x ?? 1)} does not fit (${capacityName(reply)} ${gibText(cap)} GiB)`;
  return `Largest ${AXIS_NAME[axis].title} that fits: ${shortCount(base.largestFitting)} (${capacityName(reply)} ${gibText(cap)} GiB)`;
}

/** Peak per GPU against micro-batch or sequence length, base and up to two levers. */
export function sweepSvg(reply: EstimateReply, axis: SweepAxis, series: readonly SweepSeries[]): string {
  const drawn = series.filter((s) => s.points.length > 0).slice(0, SERIES_STYLE.length);
  const base = drawn[0];
  const title = `${reply.scenario.model.name} · peak per GPU vs ${AXIS_NAME[axis].title}`;
  if (base === undefined) {
    return svgDocument(CANVAS.width, CANVAS.height, card(title, 'No point of the sweep could be estimated'));
  }
  const cap = reply.estimate.capacityBytes;
  const values = [...new Set(drawn.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const x = log2Scale(values.length > 1 ? values : [values[0]!, values[0]! * 2], PLOT.left + 24, PLOT.right - 24);
  x.ticks = values;
  const y = linearFromZero(yMaxGib(drawn, cap), PLOT.bottom, PLOT.top);
  const clip = `<defs><clipPath id="plot-area"><rect x="${PLOT.left}" y="${PLOT.top - 10}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top + 10}"/></clipPath></defs>`;
  const body = [clip, gibAxis(y, cap === null ? null : y(toGib(cap))), xAxis(x, axis)];
  if (cap !== null) body.push(capacityLine(y, cap));
  drawn.forEach((s, i) => body.push(seriesLine(s, i, x, y)));
  if (cap !== null) body.push(largestMark(base, axis, x, y));
  const items: LegendItem[] = drawn.map((s, i) => {
    const style = SERIES_STYLE[i]!;
    return {
      label: s.label,
      value: maxText(s, cap !== null),
      swatch: (sx, sy) =>
        line(sx - 12, sy, sx + 12, sy, { stroke: style.colour, 'stroke-width': 4, 'stroke-dasharray': style.dash }) +
        marker(style.marker as MarkerShape, sx, sy, style.colour, 6),
    };
  });
  items.push(...capacityLegend(reply));
  if (cap !== null) items.push({ label: 'hollow: does not fit', swatch: (sx, sy) => marker('circle', sx, sy, THEME.mutedInk, 6, true) });
  body.push(legend(items, 'peak per GPU'));
  return svgDocument(CANVAS.width, CANVAS.height, [...card(title, subtitle(reply, base, axis)), ...body]);
}
