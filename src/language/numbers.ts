/**
 * Numbers as people write them in requests: "4096", "4k" (= 4096: context lengths and batch
 * sizes are powers of two, so k is 1024; a round "100k" is 100,000, kMultiple), "6.7e9", "128,256", "13b" (= 13·10⁹: parameter
 * counts are decimal, as in model cards).
 */

export function plainNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

/**
 * How many a "k" stands for. A length made of binary steps counts in 1024s: "4k" is 4096, "12k"
 * 12,288, "40k" 40,960 (Qwen3's max_position_embeddings), "128k" 131,072 (Llama 3.1's), "160k"
 * 163,840 (DeepSeek-V3's). A multiple of 25k ("25k", "50k", "100k", "200k") is a round decimal no
 * binary window is written as: the configs that carry one write it in thousands (Yi-34B-200K's
 * max_position_embeddings is 200000; Code Llama's "100K tokens" is 100,000, meta-llama/codellama#75;
 * Yi's "200K", huggingface/transformers#27755), and the corpus reads them so (c1187, c1202). The
 * two readings differ by 2.4%, and the reply's "Read as" line shows the one taken.
 */
export function kMultiple(n: number): number {
  const binary = binaryInThousands(n);
  if (binary) return binary / n;
  return Number.isInteger(n / 25) && n > 0 ? 1000 : 1024;
}

/**
 * A power of two from 64Ki on, written by its thousands: "65K" is 65,536, "131k" 131,072, "262K" 262,144, "1048k"
 * 1,048,576 — as vLLM and model cards print them ("max_ctx=262K" for Qwen3's 262,144-token window,
 * noonghunna/club-3090#851, c1901, had read 268,288). Read in 1024s those are 1.6–2.4% too long; no binary step
 * is written so, as "256k" or "128k" are.
 */
function binaryInThousands(n: number): number | null {
  if (!Number.isInteger(n) || n < 65) return null;
  for (let j = 16; j <= 24; j++) if (Math.floor(2 ** j / 1000) === n) return 2 ** j;
  return null;
}

/**
 * A "k" in a prompt somebody measured ("a 54K long prompt", c1671; "cutting the prompt to 43K works"): a
 * whole number of thousands that is no
 * binary step is counted in 1000s, as the corpus writes them (54000, 176000). A binary step (a power
 * of two, 3·2^j from 12k, 5·2^j from 40k: "8K tokens", "a 32k prompt") stays a window's size in
 * 1024s (kMultiple), as does a "k" said as a setting ("context can be set to 15K" is 15,360, c219).
 */
export function countedKNumber(text: string): number {
  const n = Number(text.replace(/k$/, ''));
  return Number.isInteger(n) && n > 0 && !binaryStep(n) ? n * 1000 : kNumber(text);
}

/** n = m·2^j with m = 1 (any j), m = 3 (j ≥ 2) or m = 5 (j ≥ 3): 4, 8, 12, 24, 40, 160 … */
export function binaryStep(n: number): boolean {
  let m = n;
  let j = 0;
  while (m % 2 === 0) {
    m /= 2;
    j++;
  }
  return m === 1 || (m === 3 && j >= 2) || (m === 5 && j >= 3);
}

/** "4k" → 4096, "1.5k" → 1536, "100k" → 100000 (kMultiple). */
export function kNumber(text: string): number {
  const n = Number(text.replace(/k$/, ''));
  return Math.round(n * kMultiple(n));
}

const SIZE_UNITS: Record<string, number> = { b: 1e9, bn: 1e9, billion: 1e9, m: 1e6, million: 1e6, t: 1e12, trillion: 1e12 };

/** "13b" → 13e9, "350m" → 350e6, "1.8t" → 1.8e12. */
export function sizeNumber(text: string): number {
  const m = /^([\d.]+)\s*([a-z]+)$/.exec(text.trim());
  if (!m) return NaN;
  return Math.round(Number(m[1]) * (SIZE_UNITS[m[2]!] ?? NaN));
}

/** "8x7b", "8*7b" → { experts: 8, each: 7e9 }. */
export function moeNumber(text: string): { experts: number; each: number } {
  const m = /^(\d+)\s*[x×*]\s*([\d.]+)\s*b$/.exec(text.trim());
  if (!m) return { experts: NaN, each: NaN };
  return { experts: Number(m[1]), each: Math.round(Number(m[2]) * 1e9) };
}

/** "24gb" → 24 (GiB-class: DESIGN §3 treats an "80 GB" card as 80 GiB-class). */
export function capacityNumber(text: string): number {
  return Number(/^[\d.]+/.exec(text.trim())?.[0] ?? NaN);
}

/** "8x", "2 x" → 8, 2; "2 nodes" → 2; "-2x" → -2 (a sign the reader kept, for the range check to refuse). */
export function leadingInt(text: string): number {
  return Number(/^-?\d+/.exec(text.trim())?.[0] ?? NaN);
}

/** "4k context" → 4096; "8192 ctx" → 8192; "16,384 tokens" → 16384 (a thousands comma is no decimal point). */
export function seqPostNumber(text: string, counted = false): number {
  const m = /^(-?[\d.]+)(k?)/.exec(text.trim().replace(/^(\d{1,3}(?:,\d{3})+)(?![\d])/, (n) => n.replace(/,/g, '')));
  if (!m) return NaN;
  return m[2] ? (counted ? countedKNumber : kNumber)(m[1] + 'k') : Number(m[1]);
}

/** Number words before a card, a GPU count or nodes ("two 3090s", "four nodes", "dual-A100", "my pair of 3090s"). */
export const NUMBER_WORDS: Record<string, string> = {
  'pair of': '2', one: '1', single: '1', two: '2', dual: '2', double: '2', three: '3', four: '4', quad: '4', five: '5', six: '6',
  seven: '7', eight: '8', ten: '10', twelve: '12', sixteen: '16', 'thirty-two': '32', 'sixty-four': '64',
};
