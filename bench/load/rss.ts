import { readFileSync } from 'node:fs';

/** One reading: the bot's resident memory when it had posted `answers` answers. */
export interface RssSample {
  answers: number;
  rssKb: number;
}

export interface RssSummary {
  samples: number;
  minMb: number;
  medianMb: number;
  maxMb: number;
  /** Least-squares slope of RSS over answers posted, KB per answer (per new thread); NaN under 2 samples. */
  kbPerAnswer: number;
}

function rssKbOf(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb);
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/** Slope of y over x by least squares; NaN when x does not vary. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/**
 * Reads the bot's RSS (/proc, Linux) every `intervalMs` over a run, beside the count of answers
 * posted so far, so growth can be told per answer and not per second.
 */
export class RssSampler {
  readonly samples: RssSample[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pid: number,
    private readonly answers: () => number,
  ) {}

  start(intervalMs: number): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  sample(): void {
    const rssKb = rssKbOf(this.pid);
    if (rssKb !== null) this.samples.push({ answers: this.answers(), rssKb });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
  }

  /** Over the samples taken once `fromAnswers` answers were posted (after a warm-up). */
  summary(fromAnswers = 0): RssSummary {
    const kept = this.samples.filter((s) => s.answers >= fromAnswers);
    const mbs = kept.map((s) => s.rssKb / 1024).sort((a, b) => a - b);
    return {
      samples: kept.length,
      minMb: mbs[0] ?? Number.NaN,
      medianMb: mbs[Math.floor(mbs.length / 2)] ?? Number.NaN,
      maxMb: mbs.at(-1) ?? Number.NaN,
      kbPerAnswer: slope(kept.map((s) => ({ x: s.answers, y: s.rssKb }))),
    };
  }
}
