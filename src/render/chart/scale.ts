/** Axis scales and tick choice for the charts (pure arithmetic on screen space, no memory model). */

export interface Scale {
  (value: number): number;
  ticks: number[];
}

/**
 * "Nice" tick step (1, 2 or 5 × 10^k) giving at most `maxTicks` intervals, the rule used by
 * most plotting libraries (Heckbert, "Nice numbers for graph labels", Graphics Gems 1990).
 */
export function niceStep(span: number, maxTicks: number): number {
  if (!(span > 0)) return 1;
  const raw = span / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Linear scale from [0, max] (max rounded up to a tick) onto [pixelLow, pixelHigh]. */
export function linearFromZero(max: number, pixelLow: number, pixelHigh: number, maxTicks = 5): Scale {
  const step = niceStep(max, maxTicks);
  const top = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + 1e-9; i++) ticks.push(+(i * step).toPrecision(12));
  const scale = ((value: number) => pixelLow + (value / top) * (pixelHigh - pixelLow)) as Scale;
  scale.ticks = ticks;
  return scale;
}

/** Log-2 scale over [min, max] (sweep values are powers of two), one tick per value given. */
export function log2Scale(values: readonly number[], pixelLow: number, pixelHigh: number): Scale {
  const lo = Math.log2(Math.min(...values));
  const hi = Math.log2(Math.max(...values));
  const span = hi - lo || 1;
  const scale = ((value: number) => pixelLow + ((Math.log2(value) - lo) / span) * (pixelHigh - pixelLow)) as Scale;
  scale.ticks = [...values];
  return scale;
}

/** Short tick label for sweep values: 512, 4k, 128k; 1, 2, 256. */
export function shortCount(n: number): string {
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024}k`;
  return `${n}`;
}
