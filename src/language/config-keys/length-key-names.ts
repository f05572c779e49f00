import { IGNORE, numberOf, unquote, type Handler, type KeyReading } from './values.js';

/**
 * A length key no table lists, read by the words of its name. People's own scripts and configs spell
 * the length their own way — GLM-4's "max_token_len=8000" (zai-org/GLM-4#16, c2164), an eval config's
 * "input_max_length: 131072" / "generation_max_length: 20" (c984), RWKV's "--ctx_len 4096", llama-index's
 * "context_window" — and a list of spellings never catches the next one. A key made only of length words
 * (max, a length word, and what is long: tokens, sequence, context, text, sample, input or output) says a
 * length; any other word in it ("eval", "num", "batched", "penalty", "pad", "position", "query") and it is not read.
 * The reading rests on the name alone, no program's documentation: weak, said with the key as written. A count of
 * tokens named with what it counts is a length too: `--max-context-tokens 131072`, `MAX_CONTEXT_TOKENS=20000`,
 * `"max_ctx_tokens"`, OpenAI's `max_completion_tokens` (the answer's, `gen N`).
 */

const LENGTH = new Set(['len', 'length', 'lens', 'lengths']);
const WHAT_IS_LONG = new Set(['token', 'tokens', 'seq', 'sequence', 'context', 'ctx', 'text', 'sample', 'train', 'training', 'data', 'total', 'model']);
// Not "query" or "passage": an embedding trainer's query_max_len / passage_max_len cut its retrieval texts,
// no generation's length (GritLM's training.run "--query_max_len 32 --passage_max_len 128", c1840).
const INPUT = new Set(['input', 'prompt', 'source', 'src']);
const OUTPUT = new Set(['gen', 'generation', 'generate', 'generated', 'output', 'new', 'completion', 'response', 'answer', 'target', 'tgt', 'decode', 'reply']);
const LIMIT = new Set(['max', 'maximum']);
const WINDOW = 'window';

type Role = 'seq' | 'input' | 'output';

/** Glued spellings a person writes as one word ("seqlen", "maxlen", "ctxlen"), split into their words. */
function wordsOf(key: string): string[] {
  const last = key.split('.').pop() ?? key;
  return last
    .split(/_+/)
    .filter(Boolean)
    .flatMap((w) => /^(max|seq|ctx|token|tokens|context|input|prompt|gen)(len|length)$/.exec(w)?.slice(1, 3) ?? [w]);
}

/** What a key's name says it bounds, or null when its name holds a word outside the length vocabulary. */
export function lengthRoleOf(key: string): Role | null {
  const words = wordsOf(key);
  if (words.length < 2) return null;
  const known = (w: string) => LENGTH.has(w) || WHAT_IS_LONG.has(w) || INPUT.has(w) || OUTPUT.has(w) || LIMIT.has(w) || w === WINDOW;
  if (!words.every(known)) return null;
  // A count of tokens bounded by what it counts says a length too (s47, rlen3): an engine's own spelling of the context
  // ("max_context_tokens", "max_ctx_tokens") or of the answer ("max_completion_tokens", "max_output_tokens"); "max_tokens"
  // alone, a table's, and "max_batched_tokens" (no length word) are not this.
  const tokensOf = (words.includes('tokens') || words.includes('token')) && words.some((w) => w === 'context' || w === 'ctx' || OUTPUT.has(w) || INPUT.has(w));
  const saysLength = words.some((w) => LENGTH.has(w)) || (words.includes(WINDOW) && words.some((w) => w === 'context' || w === 'ctx')) || tokensOf;
  if (!saysLength || !words.some((w) => !LIMIT.has(w) && !LENGTH.has(w))) return null;
  const input = words.some((w) => INPUT.has(w));
  const output = words.some((w) => OUTPUT.has(w));
  if (input && output) return null;
  return output ? 'output' : input ? 'input' : 'seq';
}

/** SHORTEST_SERVED in sequence.ts: a length under it holds no prompt. */
const SHORTEST = 16;

/** An integer, or one integer repeated over a list (an eval config's per-data-set values, "131072,131072,131072"). */
function lengthOf(v: string): number {
  const parts = unquote(v).replace(/^\[|\]$/g, '').split(/\s*,\s*/);
  const ns = parts.map((p) => numberOf(p));
  if (!ns.every((n) => Number.isInteger(n)) || new Set(ns).size !== 1) return NaN;
  return ns[0]!;
}

const weakly = (say: string, note: string): KeyReading => ({ say, note, weak: true });

/** The first other key present that names the given role, with its length. */
function sibling(role: Role, current: string | undefined, keys: ReadonlySet<string>, values: ReadonlyMap<string, string> | undefined) {
  for (const k of keys) {
    if (k === current || lengthRoleOf(k) !== role) continue;
    const n = lengthOf(values?.get(k) ?? '');
    if (Number.isFinite(n)) return { key: k, n };
  }
  return undefined;
}

/** The handler for a key lengthRoleOf names, or undefined. */
export function lengthKeyHandler(key: string): Handler | undefined {
  const role = lengthRoleOf(key);
  if (!role) return undefined;
  return (v, ctx) => {
    const n = lengthOf(v);
    const written = ctx.pair ?? `${ctx.spelling ?? key} ${unquote(v)}`;
    if (!Number.isFinite(n)) return IGNORE;
    if (n < SHORTEST) return { ignore: true, note: `${written} holds no prompt: not read as a length (say seq N for yours)` };
    const byName = `read by its name (no program's table lists ${key})`;
    if (role === 'seq') return weakly(`seq ${n}`, `sequence ${n}: ${written}, ${byName}`);
    if (role === 'input') {
      const out = sibling('output', ctx.current, ctx.keys, ctx.values);
      if (out) return weakly(`seq ${n + out.n} gen ${out.n}`, `sequence ${n + out.n}: ${written} + ${out.key} ${out.n}, ${byName}`);
      return weakly(`seq ${n}`, `sequence ${n}: ${written}, the prompt's part (what is generated adds to it), ${byName}`);
    }
    // An output length beside an input one was read with it, at the input key.
    if (sibling('input', ctx.current, ctx.keys, ctx.values)) return IGNORE;
    return weakly(`gen ${n}`, `${n} generated tokens: ${written}, ${byName}`);
  };
}
