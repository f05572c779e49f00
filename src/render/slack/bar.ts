/**
 * A text bar of the per-GPU peak against the card's usable memory, e.g.
 * `██████████████████░░░░│ 61.2 / 79.2 GiB` or, when short, `████████████████████│▌▌ 91.8 / 79.2 GiB`.
 * The ratio only places characters; the numbers shown are the Estimate's.
 */
export function capacityBar(deviceBytes: number, capacityBytes: number, width = 20): string {
  if (!(capacityBytes > 0) || !Number.isFinite(deviceBytes)) return '';
  const ratio = Math.max(0, deviceBytes / capacityBytes);
  const filled = Math.min(width, Math.round(ratio * width));
  const over = ratio > 1 ? Math.min(4, Math.max(1, Math.round((ratio - 1) * width))) : 0;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}│${'▌'.repeat(over)}`;
}
