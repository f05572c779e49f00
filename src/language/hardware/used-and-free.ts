import type { MappedText } from '../mapped-text.js';
import { allMatches } from '../all-matches.js';
import { gpuIdOf } from '../lexicon.js';
import { PART_RULES } from './rules.js';

/**
 * Memory in use and memory free are readings of one card, never the card (s47, rhw5: "memory in use or free is not the
 * card"). The evidence model: a figure with a word of use (used, in use, usage, takes, occupies, 占用 / 占了 / 用了,
 * 사용 중, 使用中) and, in the same clause, a figure with a word of what is left (free, available, left, remaining, 可用,
 * 剩 / 剩余, 남은, 空き) are the two halves of the card: the card is their sum, derived, said with the words
 * ("after loading it takes 14G, 10G still free": a card of 24 GB). A figure over a total ("nvidia-smi shows 22/24 GB",
 * "显存 30G/80G", "VRAM usage 70GB out of 80GB") is in use over the card: the card is the total. Neither alone is the
 * card (the guards in memory-left.ts and rules.ts set them aside).
 * "of the available 32GB" is the total (the card), not what is left (c2056).
 * What breaks it: a card named anywhere in the message (its own memory is the card: "4090, 8 GB left" stays the
 * 4090; no sum is read), a full stop, a semicolon or a line between the halves, a host word before them ("RAM used 20G,
 * 12G free", free(1)'s rows), a figure in a table or a log (the segments read those).
 * Strength: weak, said on the first screen with the user's figures and "say "on <your card>"" (scenario/bare-memory.ts
 * says a card read from a memory alone).
 */
export interface UsedFreeRule {
  id: string;
  pattern: RegExp;
  example: string;
}

const AMOUNT = String.raw`\d{1,3}(?:\.\d+)?\s*(?:gb|g|gib)(?![a-z])`;
const USED = String.raw`(?:used|in\s+use|usage|takes?|taking|took|occup(?:y|ies|ied)|consum(?:es|ed|ing)|占用了?|占了|用了|使用了?|사용\s*중|사용량?|使用中|使用量)`;
const FREE = String.raw`(?:free|available|left|remaining|spare|可用|空闲|剩余?|剩下?|남은|남아|여유|空き|残り)`;
/** Up to a few words inside one clause: no digit, no full stop, semicolon or line. */
const GAP = (n: number) => String.raw`[^\d.;\n。；]{0,${n}}?`;
const HOST_BEFORE = /(?:\b(?:ram|swap|disk|cpu|host|system)\b|内存|内存条)[^.;\n]{0,12}$/;
/**
 * A share the user gives the GPU out of a unified memory ("I set the VRAM to 64GB out of 128GB", c1641's "set the GPU
 * memory to 96GB out of the 128GB available") is the GPU's memory, read by the unified-memory rules: no use over a total.
 */
const SHARE_SET = /\b(?:set|sets|setting|allocat\w*|assign\w*|dedicat\w*|carv\w*)\b/i;

export const USED_FREE_RULES: readonly UsedFreeRule[] = [
  {
    id: 'hw.used-plus-free',
    // The figure in use (its word before or after it), then the figure left (its word before or after it).
    pattern: new RegExp(
      String.raw`(?:${USED}${GAP(20)}(?<a>${AMOUNT})|(?<a2>${AMOUNT})\s*(?:of\s+\w+\s+)?${USED})${GAP(40)}(?:(?<b>${AMOUNT})${GAP(12)}${FREE}|(?<of>\bof\s+(?:the\s+|my\s+)?)?${FREE}${GAP(12)}(?<b2>${AMOUNT}))`,
      'g',
    ),
    example: 'after loading qwen2-7b it takes 14G, 10G still free, can I lora it?',
  },
  {
    id: 'hw.used-over-total',
    // A use word or a tool's "shows", then "X/Y GB" or "X GB out of Y GB": Y is the card.
    pattern: new RegExp(
      String.raw`(?:${USED}|nvidia-smi\s+(?:shows?|says|reports?)|显存|vram|gpu\s+memory)${GAP(20)}(?<a>\d{1,3}(?:\.\d+)?)\s*(?:gb|g|gib)?\s*(?:/|out\s+of)\s*(?<b>\d{1,3}(?:\.\d+)?\s*(?:gb|g|gib))(?![a-z])`,
      'g',
    ),
    example: 'nvidia-smi shows 22/24 GB while serving llama-3-8b with vllm',
  },
];

/**
 * Whether the message names a catalog card anywhere (a card alone is no hardware reading of its own, so the readings do
 * not say it: "**GPU**\nNvidia RTX 4090", c521).
 */
function cardNamed(text: string): boolean {
  const rule = PART_RULES.find((r) => r.id === 'hw.card')!;
  return allMatches(rule.pattern, text).some((m) => {
    const g = m.groups ?? {};
    return gpuIdOf((g.pro ? 'pro' : '') + g.card!.replace(/\s+/g, '')) !== undefined || gpuIdOf(m[0].replace(/(?:gpus?|cards?|['’]s)$/, '')) !== undefined;
  });
}

const gib = (amount: string) => Number(/\d+(?:\.\d+)?/.exec(amount)![0]);
const written = (n: number) => `${Math.round(n * 10) / 10}gb`;

/**
 * The message's halves of a card, read as the card where the message names none: each pair is written as the card's
 * memory ("24gb") over the user's words, and said. A text with no such pair is returned as it is (no scan).
 */
export function readUsedAndFree(input: MappedText, notes: string[]): MappedText {
  let text = input;
  for (const rule of USED_FREE_RULES) {
    rule.pattern.lastIndex = 0;
    if (!rule.pattern.test(text.text)) continue;
    // A card named anywhere is the card: the figures are its readings (no sum read).
    if (cardNamed(text.text)) return input;
    text = text.replaceEach(rule.pattern, (m) => {
      if (HOST_BEFORE.test(text.text.slice(Math.max(0, m.index - 30), m.index))) return null;
      if (SHARE_SET.test(text.text.slice(Math.max(0, m.index - 30), m.index) + m[0])) return null;
      const g = m.groups!;
      const used = gib((g.a ?? g.a2)!);
      const other = gib((g.b ?? g.b2)!);
      // "occupies 8.2 GB of the available 32GB" (c2056): what is available after "of" is the total, not what is left.
      const card = rule.id === 'hw.used-plus-free' && !g.of ? used + other : other;
      if (card < 4 || card > 300 || (rule.id === 'hw.used-over-total' && used > card)) return null;
      const said = input.userText(m.index, m.index + m[0].length).trim();
      notes.push(
        rule.id === 'hw.used-plus-free' && !g.of
          ? `"${said}" read as memory in use (${used} GB) + free (${other} GB): a card of ${written(card).replace('gb', ' GB')}, derived from your figures — say "on <your card>" if not`
          : `"${said}" read as memory in use / the card's total: a card of ${written(card).replace('gb', ' GB')} — say "on <your card>" if not`,
      );
      return { result: ` ${written(card)} `.padEnd(m[0].length), rule: { id: rule.id, weak: true } };
    });
  }
  return text;
}
