import { compact } from '../spelling.js';

/**
 * One name, several cards (issue 22, the silent hardware of b51): "RTX 6000" is sold as the Quadro RTX 6000
 * (Turing, 24 GB), the RTX 6000 Ada (48 GB) and the RTX PRO 6000 Blackwell (96 GB). The catalog spells these as
 * different cards (not a "-NNg" size of one, which variantOf in engine.ts reads) or lacks one, and the lexer's
 * alias took "RTX 6000" as the Ada always: "System is an 8x RTX 6000 build, 768GB of VRAM" (ollama/ollama#12389,
 * corpus c1884) is eight of 96 GB, the PRO, and had been read as eight Ada cards. The memory the user states
 * (per card, or a total over the count) picks the card; one no card has is asked; none at all keeps the
 * catalog's default for the name, said as weak with the others (scenario/fact-doubts.ts).
 * Sources: NVIDIA's datasheets (Quadro RTX 6000 24 GB GDDR6, Quadro RTX 8000 48 GB, RTX 6000 Ada 48 GB,
 * RTX PRO 6000 Blackwell 96 GB).
 */
export interface NamedCard {
  /** The memory the card is sold with, GB. */
  gib: number;
  /** The product or generation words that name this card among the others, before or after the number (s47 rhw5). */
  words: RegExp;
  /** The catalog's id, or null for a card the catalog lacks (read as a card of its memory, its name said). */
  id: string | null;
  name: string;
}

export interface SharedName {
  id: string;
  /** The name as the reply says it ("RTX 6000"). */
  name: string;
  /** The name as written, compacted ("rtx6000"), the vendor words the hardware grammar strips put back. */
  written: RegExp;
  /** The model number the cards share ("6000"), written alone or with its vendor or product words. */
  number: string;
  /** The name inside a fact's words ("on an 8x RTX 6000"), not a longer name that holds it ("RTX PRO 6000", "RTX 6000 Ada"). */
  inWords: RegExp;
  cards: NamedCard[];
  example: string;
  source?: string;
}

export const SHARED_NAMES: readonly SharedName[] = [
  {
    id: 'shared.rtx-6000',
    name: 'RTX 6000',
    // Not "RTX 6000 Ada" or "RTX PRO 6000": those name one card (the catalog's own aliases).
    written: /^(?:nvidia)?(?:geforce)?rtx6000s?$/,
    inWords: /(?<![a-z])(?<!(?:pro|ada|blackwell|quadro)[\s-]*)(?:rtx[\s-]*)?6000s?(?![\w-]|[\s-]+(?:ada|pro|blackwell)\b)/i,
    number: '6000',
    cards: [
      { gib: 24, id: null, name: 'Quadro RTX 6000', words: /^(?:quadro|turing|튜링|チューリング)$/ },
      { gib: 48, id: 'rtx-6000-ada', name: 'RTX 6000 Ada', words: /^(?:ada|lovelace|에이다|エイダ)$/ },
      { gib: 96, id: 'rtx-pro-6000', name: 'RTX PRO 6000 Blackwell', words: /^(?:pro|blackwell|블랙웰|ブラックウェル)$/ },
    ],
    example: 'System is an 8x RTX 6000 build, 768GB of VRAM',
    source: 'ollama/ollama#12389',
  },
];

/** The cards a written name stands for, or null where it names one card. */
export function sharedName(written: string): SharedName | null {
  const w = compact(written);
  return SHARED_NAMES.find((s) => s.written.test(w)) ?? null;
}

/** A stated memory is a card's when it is within 10% of it (marketing GB vs the GiB a tool reports). */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 0.1 * Math.max(a, b);

/** The card of that memory among the name's cards, or undefined where none has it. */
export function cardOfMemory(shared: SharedName, gib: number): NamedCard | undefined {
  return shared.cards.find((c) => near(c.gib, gib));
}

/** The name's cards as a list the reply reads: "24 GB (Quadro RTX 6000), 48 GB (RTX 6000 Ada) or 96 GB (RTX PRO 6000 Blackwell)". */
export function sizesSaid(shared: SharedName): string {
  const each = shared.cards.map((c) => `${c.gib} GB (${c.name})`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} or ${each.at(-1)}` : each[0]!;
}

/** The parts of a hardware phrase this reads (the role and value engine.ts gives each). */
interface PhrasePart {
  role: string;
  value: number;
  second?: number;
  gpuId?: string;
  written?: string;
}

export interface SharedReading<P extends PhrasePart> {
  /** The phrase's parts with the card picked by its memory (or dropped for a card the catalog lacks). */
  parts: P[];
  notes: string[];
  /** The memory picked another card than the name's default: the phrase is read here, never left to the lexer. */
  picked: boolean;
}

/**
 * A phrase whose card is a shared name, read by the memory it states: per card ("RTX 6000 96GB"), or the
 * count's total ("8x RTX 6000, 768GB of VRAM"; "2x RTX 6000 192GB"). A per-card memory is tried first, as
 * "4x A100 80GB" is per card. None matching is asked; no memory stated keeps the name's default (weak elsewhere).
 */
export function readSharedName<P extends PhrasePart>(parts: P[], said: string): SharedReading<P> | null {
  const card = parts.find((p) => p.role === 'card');
  const shared = card?.written ? sharedName(card.written) : null;
  if (!card || !shared) return null;
  const one = (role: string) => parts.find((p) => p.role === role);
  const product = one('product');
  const cards = one('totalCards')?.value ?? (product ? product.value * product.second! : (one('nodes')?.value ?? 1) * (one('perNode')?.value ?? one('count')?.value ?? 1));
  const memory = one('memory')?.value;
  const total = one('totalMemory')?.value;
  const perCard = memory !== undefined ? cardOfMemory(shared, memory) : undefined;
  const fromTotal = [memory, total].filter((t): t is number => t !== undefined && cards > 1).map((t) => cardOfMemory(shared, t / cards)).find((c) => c !== undefined);
  const pick = perCard ?? fromTotal;
  const name = said.trim();
  if (!pick) {
    if (memory === undefined && total === undefined) return null;
    const stated = memory !== undefined ? `${memory} GB` : `${total} GB over ${cards} cards`;
    return { parts, picked: false, notes: [`"${name}": the ${shared.name} is sold with ${sizesSaid(shared)}; ${stated} is none of them — which did you mean?`] };
  }
  // "2x RTX 6000, 48GB of VRAM": 48 GB each (the Ada) or 24 each in all (the Quadro); per card is read, the other said.
  const otherReading = perCard && fromTotal && fromTotal !== perCard
    ? [`"${name}": read as ${cards} ${perCard.name} of ${perCard.gib} GB each; say "on ${cards}x ${fromTotal.id ?? `${fromTotal.gib}gb`}" if ${memory} GB is all the cards' (the ${fromTotal.name})`]
    : [];
  if (pick.id === card.gpuId) return otherReading.length ? { parts, picked: false, notes: otherReading } : null;
  const others = shared.cards.filter((c) => c !== pick).map((c) => `${c.name} (${c.gib} GB)`).join(', ');
  if (pick.id === null) {
    const fallback = shared.cards.find((c) => c.id !== null)!;
    // A memory that was the cards' in all ("5x RTX 6000, 120GB of VRAM") is each card's 24 now the card is dropped.
    const memoryPart = one('memory');
    return {
      parts: parts.filter((p) => p !== card).map((p) => (p === memoryPart && !perCard ? { ...p, value: pick.gib } : p)),
      picked: true,
      notes: [`"${name}": read as the ${pick.name} (${pick.gib} GB), by the memory you said — a card I know by its memory only; not the ${others}: say "on ${fallback.id}" for the ${fallback.name}`, ...otherReading],
    };
  }
  return {
    parts: parts.map((p) => (p === card ? { ...p, gpuId: pick.id!, written: pick.id! } : p)),
    picked: true,
    notes: [`"${name}": read as the ${pick.name} (${pick.gib} GB) by the memory you said, not the ${others}`, ...otherReading],
  };
}

/** The shared name a fact's words hold, where they name no memory (scenario/fact-doubts.ts says the card weak). */
export function sharedNameIn(words: string): SharedName | null {
  return SHARED_NAMES.find((s) => s.inWords.test(words)) ?? null;
}

/** A product or generation word beside a shared number: up to three, any order ("6000 Pro Blackwell Max-Q"). */
const WORD = String.raw`(?:pro|ada|blackwell|lovelace|quadro|turing|generation|max-q|workstation|server|edition|블랙웰|에이다|튜링|ブラックウェル|エイダ|チューリング)`;
const AFTER = new RegExp(String.raw`^(?:[\s-]*${WORD}(?![a-z]))+`);
const BEFORE = new RegExp(String.raw`(?<![a-z])(?:${WORD}[\s-]+)+$`);
/** A card cue beside a bare number: a GPU word, a memory, or a times-sign count right before or after it. */
const CUE_AFTER = /^(?:s?\s*(?:gpus?|cards?|显卡|卡)(?![a-z])|\s*\(?\s*\d{2,3}\s*(?:gb|g|gib)(?![a-z])|\s*[x×*]\s*\d(?!\d{3}))/;
const CUE_BEFORE = /\d\s*[x×*]\s*$/;

export interface NamedByWords {
  gpuId: string;
  /** What the reading says the user wrote: the card's id where the words picked it, else the shared name ("rtx6000"). */
  written: string;
  /** How far the name reaches before and after the number's own match. */
  before: number;
  after: number;
}

/**
 * A card sold under one number whose product or generation words, before or after it and in any order, pick one of
 * the cards (s47 rhw5: "two 6000 blackwell gpus", "Blackwell RTX 6000", "Ada 6000 x2", "RTX A6000 Ada", "6000 블랙웰"):
 * the words decide, never the catalog's default for the bare name. Words of two cards ("6000 Ada … Blackwell") pick
 * none. The number alone ("8x 6000, 96GB") is the shared name where a card cue stands beside it (a GPU word, a
 * memory, a times sign), left to its memory (readSharedName); with none it is no card ("6000 steps", "--port 6000").
 * `written` is the match without vendor words; "A6000" is its own card unless "Ada" follows (NVIDIA's RTX 6000 Ada is
 * often written "A6000 Ada").
 */
export function namedByWords(written: string, before: string, after: string): NamedByWords | null {
  const number = compact(written).replace(/^(?:nvidia|geforce|quadro|rtx|pro)+/, '');
  const shared = SHARED_NAMES.find((s) => number === s.number || number === `${s.number}s` || number === `a${s.number}`);
  if (!shared) return null;
  const a = AFTER.exec(after)?.[0] ?? '';
  const b = number.startsWith('a') ? '' : (BEFORE.exec(before)?.[0] ?? '');
  const said = `${b} ${a} ${/^(?:\w+\s*)*pro/.test(compact(written)) ? 'pro' : ''}`.split(/[\s-]+/).filter(Boolean);
  const picked = new Set(said.flatMap((w) => shared.cards.filter((c) => c.words.test(w))));
  if (number.startsWith('a')) return picked.size === 1 && [...picked][0]!.id === 'rtx-6000-ada' ? { gpuId: 'rtx-6000-ada', written: 'rtx-6000-ada', before: 0, after: a.length } : null;
  if (picked.size === 1) {
    const card = [...picked][0]!;
    const fallback = shared.cards.find((c) => c.id !== null)!;
    return card.id ? { gpuId: card.id, written: card.id, before: b.length, after: a.length } : { gpuId: fallback.id!, written: compact(shared.name), before: b.length, after: a.length };
  }
  if (picked.size > 1) return null;
  // No word picks one: the shared name, where a vendor word or a card cue stands beside the number.
  const vendor = /[a-z]/.test(compact(written).replace(/s$/, ''));
  if (!vendor && !CUE_AFTER.test(after) && !CUE_BEFORE.test(before)) return null;
  return { gpuId: shared.cards.find((c) => c.id !== null)!.id!, written: compact(shared.name), before: 0, after: 0 };
}
