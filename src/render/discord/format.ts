/** Bytes as GiB with one decimal, the one formatter every surface uses. */
export { gib } from '../../memory/format.js';

/** Text inside a Discord code block cannot contain a fence; swap backticks for a look-alike. */
export function codeSafe(text: string): string {
  return text.replace(/`/g, 'ˋ');
}

/** Plain text in an embed must not be read as markdown (names like `q_proj` or `*`). */
export function markdownSafe(text: string): string {
  return text.replace(/([\\`*_~|>])/g, '\\$1');
}

/**
 * A text bar of `width` cells for `value` on a `scale` (the card's capacity, or the peak when no
 * card is named). `marker` puts a │ at a position on the same scale (the capacity on the peak row).
 */
export function bar(value: number, scale: number, width: number, marker?: number): string {
  const cells = (x: number) => (scale > 0 ? Math.max(0, Math.min(width, Math.round((x / scale) * width))) : 0);
  const filled = cells(value);
  const chars: string[] = Array.from({ length: width }, (_, i) => (i < filled ? '█' : '░'));
  if (marker !== undefined) {
    const at = Math.min(width - 1, cells(marker));
    chars[at] = '│';
  }
  return chars.join('');
}
