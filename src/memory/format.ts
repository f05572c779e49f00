/** Number formats used inside formula strings and replies (the Estimate's wording). */

export const GiB = 2 ** 30;
export const MiB = 2 ** 20;

/** Bytes as GiB with one decimal: "12.6". */
export function gib(bytes: number, digits = 1): string {
  return (bytes / GiB).toFixed(digits);
}

/** A parameter or element count in words people use: "13.0 B", "262 M", "4.2 K". */
export function count(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(abs >= 1e11 ? 0 : abs >= 1e10 ? 1 : 2)} B`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(abs >= 1e8 ? 0 : 1)} M`;
  if (abs >= 1e3) return `${(n / 1e3).toFixed(1)} K`;
  return `${Math.round(n)}`;
}

/** Bytes-per-element with no trailing zeros: 2, 0.5625, 12. */
export function num(x: number): string {
  return Number.isInteger(x) ? `${x}` : `${+x.toFixed(4)}`;
}
