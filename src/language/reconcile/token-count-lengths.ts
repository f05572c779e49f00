import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';
import { boundBefore } from '../length-bound.js';
import { clauseBefore } from './clause-before.js';

/**
 * A length read from a count of tokens in prose and nothing else: "an output of 101 tokens, the model takes
 * 6.8 seconds" (unslothai/unsloth, corpus c2092), "1 182 MB VRAM with 512 tokens, batch 1" (NVIDIA/TensorRT-LLM,
 * c1819), "Gives me nice 40-50 tokens when answering" (nomic-ai/gpt4all, c1346). A count of tokens may be one
 * prompt, one answer, a speed or a measurement; only a length word ("context", "max length", "seq", 上下文,
 * 长度) or a key (`--max-model-len`, `max_length=`) says it is the length the run is set to. Kept, as the best
 * figure the message gives, but weak: said on the first screen with its words and "seq N", never in silence.
 */
export const TOKEN_COUNT_LENGTH = {
  id: 'reconcile.length-from-token-count',
  /** The words right after the number: its unit, "tokens" (the item's text is the number alone). */
  unit: /^\s*(?:[-_]\s*)?tokens?\b/i,
  /** A length word in the clause before the number, or a key: the length is said as one. */
  lengthWord: /\b(?:context|ctx|length|len|seq(?:uence)?s?|window|max(?:imum)?|num_ctx|n_ctx|cutoff)\b|上下文|长度|序列/i,
  /** A key right before the number (`max_tokens: 512`, `--max-tokens 512`): a setting's value. */
  key: /(?:[:=]\s*|--[\w-]+\s+)$/,
  example: 'with a prompt that is 441 tokens long, and an output of 101 tokens, the model takes 6.8 seconds',
  source: 'unslothai/unsloth (corpus c2092)',
} as const;

/**
 * A count this short, said only with its token unit, is no length a memory question is about (s47, rlen3): "outputs 18
 * tokens", "only 5 tokens" once its "/s" is dropped. It is set aside and said, and the length is the engine's default,
 * said as one. A short length with its noun or key stays the user's ("prompt长度只有8", c662; `max-model-len=32`, c396).
 */
export const SHORT_TOKEN_COUNT = {
  id: 'reconcile.short-token-count',
  /** Fewer tokens than this, from a count alone, is not read as a sequence length. */
  below: 64,
  /** A length noun before the count keeps it (the prompt's or the input's length is the user's). */
  lengthNoun: /\b(?:prompts?|inputs?|questions?|queries|query)\b|提示|输入|입력|프롬프트|入力|プロンプト/i,
  example: 'qwen2-7b with transformers on a 3090, outputs 18 tokens',
} as const;

/** A length read from "N tokens" alone: kept, said weak (a doubt over its span). */
export function tokenCountLengths(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text || !owned) return items;
  const dropped = new Set<Item>();
  for (const i of items) {
    // The unit may be glued to the count in the item's own words ("40 토큰", "5tokens").
    const glued = /^\s*[\d.,]+\s*[k万千]?\s*(?:tokens?|토큰|トークン)\s*$/i.test(i.text);
    if (i.kind !== 'seq' || (!glued && !/^\s*[\d.,]+\s*[k万千]?\s*$/i.test(i.text))) continue;
    const before = clauseBefore(text, i.at, ['(']);
    if ((!glued && !TOKEN_COUNT_LENGTH.unit.test(text.slice(i.end, i.end + 12))) || TOKEN_COUNT_LENGTH.lengthWord.test(before) || TOKEN_COUNT_LENGTH.key.test(before)) continue;
    // A bound before it ("longer than 3000 tokens") is the failure-threshold doubt's, said with its own words.
    if (boundBefore(text, i.at) !== null) continue;
    const count = i.text.trim().replace(/\s*(?:tokens?|토큰|トークン)$/i, '');
    if (i.value < SHORT_TOKEN_COUNT.below && !SHORT_TOKEN_COUNT.lengthNoun.test(before)) {
      const short = `"${count} tokens" is too short to be the sequence a memory question is about: not read as a length (say "seq N" for yours)`;
      recordAside(owned, i, short);
      if (!notes.includes(short)) notes.push(short);
      dropped.add(i);
      continue;
    }
    const note = `seq ${i.value} read from "${count} tokens" alone, which may be one prompt, one answer or a measurement: say "seq N" for the length you run`;
    owned.doubts.push({ at: i.at, end: i.end, note });
    if (!notes.includes(note)) notes.push(note);
  }
  return dropped.size ? items.filter((i) => !dropped.has(i)) : items;
}
