import type { KnownVariant } from './card-suffixes.js';

/**
 * The hardware grammar's records (issue 22, item 3). A message's hardware is a few small
 * parts — a count of nodes, a count of cards (per node or in all), a card's name, a memory per
 * card, a stated total — written in any order and notation. Each part is found by one named
 * rule; parts that stand next to each other (only punctuation and joining words between) make
 * one hardware phrase, and the phrase, not any one rule, says what the numbers count.
 */

/** What a part of a hardware phrase says. */
export type PartRole =
  /** A count of machines: "10 nodes", "4台", "3 boxes". */
  | 'nodes'
  /** Cards in each machine: "每个结点8张卡", "8 per node". */
  | 'perNode'
  /** Nodes × cards per node written as a product: "4x8", "5 x 8". */
  | 'product'
  /** A count of cards whose scope the phrase decides: "8x", "x 6", "8张", "8 GPUs", "dual". */
  | 'count'
  /** A card the catalog knows: "A100", "RTX 3090", "L40GPU". */
  | 'card'
  /** Memory per card: "40G", "80GB". */
  | 'memory'
  /** The user's own total of cards: "(40 GPUs total)", "共16卡". */
  | 'totalCards'
  /** The user's own total of memory: "(48GB total)". */
  | 'totalMemory';

/** What a number that looks like hardware is, when it is not. */
/** `index`: a device's number ("Device 0:", "cuda:1", "0卡"), never a count (device-index.ts). */
export type GuardRole = 'measurement' | 'version' | 'arithmetic' | 'list-marker' | 'index';

export interface HardwareRule<Role extends string = PartRole> {
  /** Dotted and stable: `hw.…` for parts, `not-hw.…` for guards. */
  id: string;
  role: Role;
  /** Global, on normalised (lower-case) text; groups `n` / `a`, `b` / `card` / `word` carry the values. */
  pattern: RegExp;
  /** A real or invented line the rule reads. */
  example: string;
  /** The thread it came from, where there is one (`owner/repo#N`, or a corpus id). */
  source?: string;
}

/** One part found in the text. */
export interface Part {
  rule: string;
  role: PartRole;
  at: number;
  end: number;
  /** The count, memory in GiB, or total; for a product, nodes. */
  value: number;
  /** A product's cards per node. */
  second?: number;
  /** A card's catalog id, and its name as written ("a100"). */
  gpuId?: string;
  written?: string;
  /** A variant word after the card that the catalog lacks ("2060 SUPER"): the card read is its base. */
  variant?: string;
  /** A shared number's card picked by the product or generation words beside it ("6000 blackwell"; shared-names.ts). */
  byWords?: boolean;
  /** A variant sold under the card's name with a memory of its own ("H20-3e": 141 GB; card-suffixes.ts). */
  known?: KnownVariant;
}

/** One hardware phrase read: what it says, and the parts (rules and spans) it was read from. */
export interface HardwareReading {
  at: number;
  end: number;
  nodes: number | null;
  perNode: number | null;
  /** Cards in all. */
  count: number | null;
  gpuId: string | null;
  memoryGiB: number | null;
  parts: Part[];
  /** What the reply must ask or say (a product or total that disagrees). */
  notes: string[];
  /** The item-language text the phrase is read as ("10 nodes of 8x a100-40g"). */
  canonical: string;
}

/** A number set aside as no hardware: its span, and the digits to blank. */
export interface Guarded {
  rule: string;
  role: GuardRole;
  at: number;
  end: number;
  /** The span of the number itself (blanked for the rest of the reader). */
  numberAt: number;
  numberEnd: number;
}
