import type { Item } from '../items.js';

/**
 * Two formats said in parallel clauses, each with its own figure, are weighed, not one run: "35b-w8a8推荐四卡，bf16推荐两卡"
 * (HYGON-AI/inference-cookbook-das#58, c3143: the cookbook recommends four cards for W8A8 and two for bf16), "int8 needs
 * 2 GPUs, bf16 needs 4", "INT4 24G够，BF16要48G". The reading had kept the first format in silence. Read as the
 * comparison the message makes ("compare int8 vs bf16", as "int8 vs bf16" reads), said; the figures are the
 * message's own, set against the estimate.
 */
export const COMPARED_FORMATS_RULE = {
  id: 'reconcile.compared-formats',
  example: 'vllm/qwen3.5.md的推荐卡数是不是有误？35b-w8a8推荐四卡，bf16推荐两卡',
  source: 'HYGON-AI/inference-cookbook-das#58',
} as const;

type Format = Extract<Item, { kind: 'weights' | 'precision' }>;
const isFormat = (i: Item): i is Format => i.kind === 'weights' || i.kind === 'precision';

/** Words of one clause: no separator, full stop, question mark or line break. */
const CLAUSE = String.raw`[^，,;；。.!?？\n]`;
const FIGURE = String.raw`(?:\d|[一二两三四五六七八九十])`;
/** Between the two formats: the first's figure, then the clause's end, then up to twelve characters before the second. */
const BETWEEN = new RegExp(String.raw`^${CLAUSE}{0,12}?${FIGURE}${CLAUSE}{0,8}[，,;；]\s*${CLAUSE}{0,12}$`, 'u');
/** After the second: its own figure in its clause. */
const AFTER = new RegExp(String.raw`^${CLAUSE}{0,12}?${FIGURE}`, 'u');
/** A format set by a key or a flag (`--dtype bfloat16`, `torch_dtype: float16`) is a setting, never one side of a comparison. */
const KEYED = /[=:_-]{2}|--|=/;

export function comparedFormats(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || items.some((i) => i.kind === 'compare')) return items;
  const said = items.filter(isFormat).sort((x, y) => x.at - y.at);
  for (let k = 0; k + 1 < said.length; k++) {
    const [a, b] = [said[k]!, said[k + 1]!];
    if (a.value === b.value || KEYED.test(a.text) || KEYED.test(b.text)) continue;
    if (!BETWEEN.test(text.slice(a.end, b.at)) || !AFTER.test(text.slice(b.end))) continue;
    notes.push(`"${text.slice(a.at, b.end).trim()}" weighs two formats, each with its own figure: compared, ${a.text.trim()} against ${b.text.trim()}; say one alone to estimate it`);
    // A side read off a name's suffix ("35b-w8a8") is named without its joining mark.
    const side = (i: Format): Item => ({ ...i, text: i.text.replace(/^[\s_.-]+/, '') });
    const compare: Item = { kind: 'compare', a: side(a), b: side(b), at: a.at, end: b.end, text: text.slice(a.at, b.end) };
    return [...items.filter((i) => i !== a && i !== b), compare].sort((x, y) => x.at - y.at);
  }
  return items;
}
