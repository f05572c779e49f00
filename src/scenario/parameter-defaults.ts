import type { FactTrace } from './facts.js';

/**
 * A length or a batch read from a function's parameter default (`def __init__(self, model: str,
 * max_seq_length: int = 2048, …)`, unslothai/unsloth#1552, c1265, where the prose says "I have also
 * tried reducing the number of max sequences to 1024"): the default of the user's own function, which
 * a call may pass otherwise, not the value the run used. The fact is weak, said with its words. A
 * dataclass's fields (`context_length: int =16000` under `class train_config:`, c060) and a config's
 * `field(default=…)` are the settings themselves, and stay.
 */
const COUNTS = new Set(['seq', 'batch', 'grad accum', 'global batch']);

/** A `def name(` whose bracket is still open at the end of the text before the fact. */
const OPEN_SIGNATURE = /\bdef\s+[A-Za-z_]\w*\s*\(([^()]|\([^()]*\))*$/;

export function withParameterDefault(f: FactTrace, text: string): FactTrace {
  if (f.weak || !COUNTS.has(f.fact) || f.at === null || !f.rules.includes('code.annotation')) return f;
  // The signature's text up to the fact, within a few lines (a long signature wraps).
  if (!OPEN_SIGNATURE.test(text.slice(Math.max(0, f.at - 600), f.at))) return f;
  return { ...f, weak: true, weakWords: f.words.trim() };
}
