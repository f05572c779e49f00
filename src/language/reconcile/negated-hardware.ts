import type { Item } from '../items.js';
import type { OwnedRuns } from './owners.js';

/**
 * Hardware the user says they do not have is not theirs: "Since I don't have 8 x NVIDIA H200 GPUs
 * (in fact, I only have one)" (deepseek-ai/DeepSeek-V3#401, c631) names the README's machine to say
 * the user lacks it. The cards after the negation are set aside, with a note; a count said right
 * after it with no card of its own ("I only have one", "只有一张") is one of those cards — "one" stands
 * for the card the sentence named — and is the user's.
 */
type Hardware = Extract<Item, { kind: 'hardware' }>;
type Parallel = Extract<Item, { kind: 'parallel' }>;

/** The words just before a card that deny having it: "I don't have", "we do not own", "I haven't got", "我没有". */
const DENIED = /(?:\b(?:i|we)\s+(?:don['’]?t|do\s+not|didn['’]?t|did\s+not)\s+(?:have|own|got)|\b(?:i|we)\s+(?:haven['’]?t|have\s+not)(?:\s+got)?|\b(?:i|we)\s+have\s+no|没有|沒有)\s*(?:an?\s+|any\s+|the\s+)?$/i;

/** A count with no card, said of the user right after the denial: "(in fact, I only have one)", "but I just have 2", "只有一张". */
const OWN_COUNT = /^[^.!?\n。！？]{0,24}?(?:\b(?:i|we)\s+(?:only\s+|just\s+)?(?:have|got|own)\s+(?:only\s+|just\s+)?(one|a single one|two|three|four|\d+)\b(?!\s*(?:x\b|×|gpus?\b|cards?\b|[a-z]*\d))|只有\s*(一|两|二|三|四|\d+)\s*[张块个台]?(?![\w\d]))/i;

const NUMBER: Record<string, number> = { one: 1, 'a single one': 1, two: 2, three: 3, four: 4, 一: 1, 两: 2, 二: 2, 三: 3, 四: 4 };

export function negatedHardware(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  const denied = items.filter((i): i is Hardware => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null) && DENIED.test(text.slice(Math.max(0, i.at - 40), i.at)));
  if (denied.length === 0) return items;
  const out: Item[] = [];
  // "I only have one": all the user has, so more cards or nodes said elsewhere are another machine's.
  let only: number | null = null;
  for (const i of items) {
    if (!denied.includes(i as Hardware)) {
      out.push(i);
      continue;
    }
    const card = i as Hardware;
    const own = OWN_COUNT.exec(text.slice(card.end, card.end + 60));
    // A count item the grammar read in the same words ("只有一张" is a count already): it becomes this card's.
    const words = own ? { at: card.end + Math.max(0, own[0].search(/\b(?:in fact|actually|but|i|we)\b|只有/i)), end: card.end + own[0].length } : null;
    const count = own ? (NUMBER[(own[1] ?? own[2])!.toLowerCase()] ?? Number(own[1] ?? own[2])) : NaN;
    notes.push(`"${card.text.trim()}" set aside: hardware you say you do not have`);
    if (!words || !Number.isInteger(count) || count <= 0) continue;
    const said = text.slice(words.at, words.end).trim();
    notes.push(`${count}× the same card: "${said}" (of the cards "${card.text.trim()}" names)`);
    out.push({ ...card, count, nodes: null, at: words.at, end: words.end, text: text.slice(words.at, words.end) });
    // Its words are read ("one" is the count): never listed as not read.
    owned?.cues.push(words);
    if (ONLY.test(said)) only = count;
  }
  // The count item read in the correction's own words is the one just made.
  const made = out.filter((i): i is Hardware => i.kind === 'hardware' && !items.includes(i));
  const restated = (i: Hardware) => i.gpuId === null && i.capacityGiB === null && made.some((m) => i.at >= m.at && i.end <= m.end);
  const beyond = (i: Hardware) => only !== null && ((i.nodes ?? 1) > 1 || (i.count ?? 0) > only);
  // A split that needs more GPUs than that (the README's `--tp 8` run on one card) cannot be the user's either.
  const split = (dim: 'tp' | 'pp') => out.find((i): i is Parallel => i.kind === 'parallel' && i.dim === dim)?.value ?? 1;
  const tooWide = only !== null && split('tp') * split('pp') > only;
  return out.filter((i) => {
    if (tooWide && i.kind === 'parallel' && (i.dim === 'tp' || i.dim === 'pp')) {
      if (!notes.some((n) => n.startsWith(`"${i.text.trim().replace(/`$/, '')}`))) notes.push(`"${i.text.trim()}" set aside: it needs ${split('tp') * split('pp')} GPUs, more than the ${only} you say is all you have`);
      return false;
    }
    if (i.kind !== 'hardware' || !items.includes(i)) return true;
    if (restated(i)) return false;
    if (!beyond(i)) return true;
    notes.push(`"${i.text.trim()}" set aside: more than the ${only} you say is all you have`);
    return false;
  });
}

const ONLY = /\b(?:only|just)\b|a single|只有/i;
