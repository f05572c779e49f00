import type { Part } from './types.js';

// Where the hardware grammar ends one phrase and starts another (engine.ts phrasesOf).

/**
 * A bare comma or semicolon after a card or a memory, outside parentheses ("H200, 4 gpus of 48GB",
 * "on 24GB, H200") ends the phrase: in a list of request items it separates items (DESIGN §2),
 * when a count, a card or a memory follows, that is another setup, which the reader reconciles
 * or asks about, never one card read with the other's memory. A description still joins: words
 * after the comma ("four A100 nodes, each with 8"), nothing but counts before it ("10 nodes, 8
 * cards each"), machines after it ("40G的A100，10个结点"), or inside parentheses ("(40G, A100)").
 */
export function startsAnotherSetup(current: Part[], next: Part, gap: string, text: string): boolean {
  // A plus before a count or a card adds another card to the machine ("RTX5000ADA 32G+1张V100 32G", c3821; "4090 24G + 2x
  // 3090"): two sets, which reconcile/mixed-cards.ts reads as one machine.
  if (/^\s*[+＋]\s*$/.test(gap) && (next.role === 'count' || next.role === 'card') && current.some((q) => q.role === 'card' || q.role === 'memory')) return true;
  if (!/^\s*[,;]\s*$/.test(gap) || !current.some((q) => q.role === 'card' || q.role === 'memory')) return false;
  // Machines after a card ("40G的A100，10个结点") describe the same hardware.
  if (next.role !== 'count' && next.role !== 'card' && next.role !== 'memory') return false;
  // A count with its Chinese counter and no card after it, in the next clause, counts the card just
  // named: "显卡4090，两张，显存24G单张" (two 4090s, QwenLM/Qwen3-VL#130, c1344: read as one),
  // "3090，2块". Not a count before another card ("A100，4张A800"), nor a second count.
  if (next.role === 'count' && current.some((q) => q.role === 'card') && !current.some((q) => q.role === 'count')
    && /[张块卡]$/.test(text.slice(next.at, next.end).trimEnd())
    && !/^\s*(?:nvidia\s*|rtx\s*|tesla\s*)?(?:[a-z]{1,3}\d{2,4}|\d{4})/i.test(text.slice(next.end))) return false;
  const before = text.slice(0, next.at);
  return (before.match(/[(（]/g)?.length ?? 0) <= (before.match(/[)）]/g)?.length ?? 0);
}

/** A second card, memory or node count starts another phrase ("8 H100 vs 8 A100"). */
export function twice(phrase: Part[], p: Part): boolean {
  const single = ['card', 'memory', 'nodes', 'product', 'totalCards', 'totalMemory', 'perNode'];
  return single.includes(p.role) && phrase.some((q) => q.role === p.role);
}
