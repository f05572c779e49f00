import { GPUS } from '../../catalog/index.js';
import type { EstimateReply } from '../../reply/types.js';
import { FONT, LEGEND, capacitySwatch, textWidth, type LegendItem } from './frame.js';
import { gibText } from './marks.js';

/** "A100 80GB usable", or "card usable" for a bare capacity (`on 24GB`). */
export function capacityName(reply: EstimateReply): string {
  const id = reply.scenario.hardware?.gpuId ?? null;
  const name = id === null ? 'card' : (GPUS.find((g) => g.id === id)?.name ?? id);
  return `${name} usable`;
}

/** The legend row naming the dashed capacity line; none when no hardware was named. */
export function capacityLegend(reply: EstimateReply): LegendItem[] {
  const cap = reply.estimate.capacityBytes;
  if (cap === null) return [];
  const value = gibText(cap);
  // A long card name keeps its name and drops the word "usable" rather than being cut.
  const room = LEGEND.width - 32 - textWidth(value, FONT.legend) - 8;
  const full = capacityName(reply);
  const label = textWidth(full, FONT.legend) <= room ? full : full.replace(/ usable$/, '');
  return [{ label, value, swatch: capacitySwatch }];
}

/** Without hardware: the catalog cards that hold the estimate (Estimate.fitsOn), at most `limit`. */
export function fitsOnNames(reply: EstimateReply, limit = 5): string[] {
  const names = reply.estimate.fitsOn.map((id) => GPUS.find((g) => g.id === id)?.name ?? id);
  return names.length > limit ? [...names.slice(0, limit - 1), `… ${names.length - limit + 1} more`] : names;
}
