/** Number formats used inside formula strings and replies (the Estimate's wording). */

export const GiB = 2 ** 30;
export const MiB = 2 ** 20;

/** Bytes as GiB with one decimal: "12.6". */
export function gib(bytes: number, digits = 1): string {
  return (bytes / GiB).toFixed(digits);
}

/**
 * How many numbers-only estimates are running (estimate's `numbersOnly`: levers, flips and
 * solvers read only bytes and the verdict). While one runs, formula words are left empty; every
 * number is computed as always. A depth, not a flag, so a nested estimate cannot turn words back on.
 */
let numbersOnlyDepth = 0;

/** `run` with formula words left empty (the estimate is synchronous, so nothing else runs meanwhile). */
export function withoutFormulas<T>(run: () => T): T {
  numbersOnlyDepth++;
  try {
    return run();
  } finally {
    numbersOnlyDepth--;
  }
}

/** False inside `withoutFormulas`: a formula builder may return '' at once. */
export function formulasWanted(): boolean {
  return numbersOnlyDepth === 0;
}

/** A parameter or element count in words people use: "13.0 B", "262 M", "4.2 K". */
export function count(n: number): string {
  if (numbersOnlyDepth > 0) return '';
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(abs >= 1e11 ? 0 : abs >= 1e10 ? 1 : 2)} B`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(abs >= 1e8 ? 0 : 1)} M`;
  if (abs >= 1e3) return `${(n / 1e3).toFixed(1)} K`;
  return `${Math.round(n)}`;
}

/** Bytes-per-element with no trailing zeros: 2, 0.5625, 12. */
export function num(x: number): string {
  if (numbersOnlyDepth > 0) return '';
  return Number.isInteger(x) ? `${x}` : `${+x.toFixed(4)}`;
}

/**
 * n with comma thousands separators and at most three decimals, as `toLocaleString('en-US')` writes
 * it (12,345; 0.125), without it: the first toLocaleString of a process loads ICU's locale data,
 * ~15 ms of the CLI's cold start (issue 22's cold-start target; `node --cpu-prof` shows it as the
 * largest single function of a one-answer run). Like ICU, it rounds the shortest decimal that reads
 * back as n (String(n)), half away from zero (ECMA-402's default half-expand).
 */
export function grouped(n: number): string {
  const abs = Math.abs(n);
  if (!Number.isFinite(n) || abs >= 1e21) return n.toLocaleString('en-US');
  const [whole, fraction = ''] = (abs < 5e-4 ? '0' : String(abs)).split('.') as [string, string?];
  let thousandths = BigInt(whole + fraction.slice(0, 3).padEnd(3, '0'));
  if ((fraction[3] ?? '0') >= '5') thousandths += 1n;
  const text = thousandths.toString().padStart(4, '0');
  const decimals = text.slice(-3).replace(/0+$/, '');
  const digits = text.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (decimals ? `.${decimals}` : '');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}
