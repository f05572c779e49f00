import { allMatches } from '../all-matches.js';
import { gpuById } from '../../catalog/index.js';
import { variantAfter, variantOfMemory } from './card-suffixes.js';
import { memoryOfItsOwn, moddedMemory, moddedProduct, siblings } from '../../scenario/card-variants.js';
import { GPU_NAMES, gpuIdOf } from '../lexicon.js';
import { compact } from '../spelling.js';
import { GUARD_RULES, PART_RULES } from './rules.js';
import { beyondOneCard, LARGEST_CARD_GIB } from './beyond-one-card.js';
import { cardsInTotal } from './cards-in-total.js';
import { tableColumnGuards } from './table-columns.js';
import { onServerBoards } from './server-boards.js';
import { namedByWords, readSharedName } from './shared-names.js';
import type { Guarded, HardwareReading, Part } from './types.js';
import { machinesOfUnnamedCards } from './unnamed-machines.js';
import { startsAnotherSetup, twice } from './phrase-breaks.js';
import { ARCHITECTURE_RULES, ARCHITECTURE_RULE_ID, generationOfNamedCard, resolveArchitecture } from './architectures.js';

/**
 * One engine for the hardware grammar: find every part (rules.ts), keep the longest at each
 * place, join neighbours into phrases, and read each phrase as nodes × cards per node × card ×
 * memory. A count's meaning comes from the phrase: beside a node count it is per node, two
 * counts in a product are nodes and cards per node, a total is checked against the product.
 */

const WORD_COUNTS: Record<string, number> = {
  single: 1, dual: 2, double: 2, twin: 2, two: 2, both: 2, 'pair of': 2, triple: 3, three: 3, quad: 4, four: 4, five: 5, six: 6, seven: 7, eight: 8,
  单: 1, 一: 1, 双: 2, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 十六: 16,
  한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8,
};

/**
 * What may stand between two parts of one phrase: punctuation, joining words, the nouns the parts imply;
 * the particles that join a card and its count in Japanese and Korean ("RTX 4090を1枚", "A100을 2장",
 * "2枚のA100"), as 的 does in Chinese; the memory word and "each one is" between a card and its memory
 * ("4张V100,显存32G", "有4张V100,单张是32G": Facico/Chinese-Vicuna, c359, had kept the 16 GB V100).
 * The verbs that say what a machine holds join too: "8 nodes each equipped with 8 A100 GPUs"
 * (huggingface/accelerate#2161, c1101: read as 8 GPUs), "three nodes, each equipped with 8x H100" (c139),
 * "2 servers having 4 L40S", "4 boxes, each containing 8 A100s".
 * A times sign the normaliser wrote as "x" joins too, alone as a word: "노드 4개 × GPU 8장 H100" (nodes × GPUs).
 * So do the words that give each card the same ("两个gpu显存都有24g", shibing624/MedicalGPT#175, c2869; "两个GPU,每个24G",
 * "分别是24G").
 */
const JOIN = /^(?:[ \t,;:()*×\[\]\-/+的，、のをがは의을를]|\b(?:of|with|x|each|apiece|gpus?|cards?|nvidia|servers?|nodes?|machines?|boxes|pods?|per|a|an|node|total|sxm\d?|pcie|nvl|vram|super|laptop|mobile|max-q|equipped|fitted|having|has|have|containing|contains|holding|hosting|featuring|build|rig|workstation)\b|张|块|卡|显卡|个|台|显存|짜리|(?:单|每)(?:张|卡|块|个)(?:的)?(?:显存)?是?|(?:都|各|分别)(?:有|是|为)?)*$/;
/** Words after a memory that make it the machine's, not a card's: RAM, DDR, system memory, 内存 (a bare "memory" is either). */
const HOST_MEMORY_AFTER = /^\s*(?:of\s+)?(?:(?:cpu|system|host|main)\s+)?(?:d?ram\b|ddr|memory\b|内存)/;
/** Words after a memory that name the host's alone: CPU / system / host memory, RAM, DDR, 内存 (not a bare "memory"). */
const HOST_NAMED_AFTER = /^\s*(?:of\s+)?(?:(?:cpu|system|host|main)\s+(?:ram|memory|dram)\b|d?ram\b|ddr|内存)/;
/** A phrase's parts are at most this far apart (a sentence's clause, not a paragraph). */
const MAX_JOIN = 24;
/** The most cards one machine holds (an HGX board or a 4U server): a larger second factor is no product. */
const MAX_PER_NODE = 16;
export { LARGEST_CARD_GIB } from './beyond-one-card.js';
/** The rule that sets aside a memory of all the cards said with no count to divide it by. */
export const MEMORY_OF_ALL_CARDS = 'not-hw.memory-of-all-cards';

export interface HardwareScan {
  readings: HardwareReading[];
  guarded: Guarded[];
}

export function scanHardware(text: string): HardwareScan {
  const guarded = findGuards(text);
  const parts = findParts(text, guarded);
  const readings: HardwareReading[] = [];
  for (const phrase of phrasesOf(parts, text)) {
    const reading = readPhrase(phrase, text);
    if (reading) readings.push(reading);
    // "at least 700GB of GPU memory is required" (c757): more than one card holds and no count to divide
    // it by, it is no card; set aside, so no later rule reads it as one.
    else if (phrase.length === 1 && phrase[0]!.role === 'totalMemory' && phrase[0]!.value > LARGEST_CARD_GIB) {
      const p = phrase[0]!;
      guarded.push({ rule: MEMORY_OF_ALL_CARDS, role: 'measurement', at: p.at, end: p.end, numberAt: p.at, numberEnd: p.end });
    }
  }
  guarded.push(...beyondOneCard(text, readings, guarded));
  return { readings, guarded };
}

function findGuards(text: string): Guarded[] {
  // A table's column of sizes or memory in use (table-columns.ts): read by the column's place, not by a pattern.
  const found: Guarded[] = tableColumnGuards(text);
  for (const rule of GUARD_RULES) {
    rule.pattern.lastIndex = 0;
    for (const m of allMatches(rule.pattern, text)) {
      const n = m.groups!.n ?? m.groups!.n2 ?? m.groups!.n3 ?? m.groups!.n4 ?? m.groups!.n5!;
      const numberAt = m.index + m[0].lastIndexOf(n);
      found.push({ rule: rule.id, role: rule.role, at: m.index, end: m.index + m[0].length, numberAt, numberEnd: numberAt + n.length });
    }
  }
  return found;
}

function findParts(text: string, guarded: Guarded[]): Part[] {
  const candidates: (Part & { order: number })[] = [];
  [...PART_RULES, ...ARCHITECTURE_RULES].forEach((rule, order) => {
    for (const m of allMatches(rule.pattern, text)) {
      const g = m.groups ?? {};
      const part: Part & { order: number } = { rule: rule.id, role: rule.role, at: m.index, end: m.index + m[0].length, value: 0, order };
      // "8x32GB Volta": an architecture, its card picked by the phrase's memory (architectures.ts).
      if (rule.id === ARCHITECTURE_RULE_ID) part.written = g.word!.replace(/\s+/g, ' ');
      else if (rule.role === 'card') {
        // A SUPER the catalog names is that card, not its base ("single RTX 4070 Ti Super (16GB)", twenty-third session).
        // A number several cards share ("RTX 6000", c1884; "6000 blackwell", "Ada 6000") is picked by its words
        // on either side, else left to its memory (shared-names.ts); "RTX PRO 6000" (c2451) is the catalog's name.
        const superAfter = /^[\s-]*super\b/.exec(text.slice(part.end));
        const superId = superAfter ? gpuIdOf(`${g.card!.replace(/\s+/g, '')}super`) : undefined;
        const byWords = superId ? null : namedByWords(m[0].replace(/(?:gpus?|cards?|['’]s)$/, ''), text.slice(Math.max(0, part.at - 40), part.at), text.slice(part.end));
        if (byWords) [part.gpuId, part.written, part.at, part.end, part.byWords] = [byWords.gpuId, byWords.written, part.at - byWords.before, part.end + byWords.after, byWords.before + byWords.after > 0];
        if (byWords && !guarded.some((x) => part.at < x.end && x.at < part.end)) candidates.push(part);
        if (byWords) continue;
        const bare = superId ?? gpuIdOf((g.pro ? 'pro' : '') + g.card!.replace(/\s+/g, ''));
        const generation = bare ? (superId ? superAfter : null) : /^[\s-]*(?:ada|pro|blackwell)\b/.exec(text.slice(part.end));
        const withVendor = m[0].replace(/(?:gpus?|cards?|['’]s)$/, '');
        const named = generation && (superId || gpuIdOf(withVendor + generation[0])) ? withVendor + generation[0] : withVendor;
        const gpuId = bare ?? gpuIdOf(named);
        if (!gpuId) continue;
        if (named !== withVendor) part.end += generation![0].length;
        part.gpuId = gpuId;
        // "8 A10Gs", "4 L4s": a plural the catalog reads by its singular is written as the singular (the
        // lexer reads "a100s", whose s follows a digit, but not "a10gs": "8 A10Gs" was read as no card, c856).
        const name = superId ? `${g.card!.replace(/\s+/g, '')}super` : bare ? (g.pro ? 'rtxpro' : '') + g.card!.replace(/\s+/g, '') : compact(named);
        part.written = /s$/.test(name) && !GPU_NAMES.has(compact(name)) ? name.slice(0, -1) : name;
        // "GeForce RTX 2060 SUPER (8 GiB VRAM)": a SUPER the catalog lacks (the 2060 SUPER has 8 GB, the 2060 6 or 12);
        // the card read is its base, and the phrase reads on across the word to the memory the user states.
        const variant = /^\s*super\b/.exec(text.slice(part.end));
        if (variant && /^\d{4}$/.test(name) && !gpuIdOf(`${name}super`)) part.variant = 'super';
        // "RTX4060 Laptop 8GB" (noahc1510/trt-llm-rag-linux#5, c1343): a laptop part shares the desktop card's name,
        // not always its memory (laptop-cards.ts); the phrase reads on across the word to the memory the user states,
        // read as said where it is not the desktop card's (below). "RTX 3070 Laptop 8 Go" (c1401) is the desktop's 8: the card.
        // Only a memory right after the word: "4060 laptop with 7gb vram … it has 8gb" (c172) is what the card reports free.
        if (/^[\s-]*(?:laptop|mobile|max-q)(?:\s+gpu)?[\s,:(-]*\d/.test(text.slice(part.end))) part.variant = 'laptop';
        // "RTX 5090 D v2", "4090 D" (c1306): the China-market variant's letters are the card's name, so the phrase reads on
        // to the total the message gives ("两张RTX 5090 D v2，共48G显存": two 24 GB cards, the share of the total below).
        // A suffix that names a variant sold with a memory of its own ("H20-3e", "4090 D"; card-suffixes.ts) is the card's.
        const known = variantAfter(gpuId, text.slice(part.end));
        const market = known ? null : /^[\s-]*d(?:[\s-]*v2)?(?![\w.])/.exec(text.slice(part.end));
        if (known) [part.end, part.known] = [part.end + known.length, known.variant];
        else if (market && /\d{4}$/.test(name)) part.end += market[0].length;
      } else if (rule.role === 'product') {
        part.value = Number(g.a);
        part.second = Number(g.b);
        if (part.value < 1 || part.second < 1 || part.second > MAX_PER_NODE) continue;
      } else if (g.word ?? g.word2) part.value = WORD_COUNTS[(g.word ?? g.word2)!.replace(/^a\s+/, '').replace(/\s+/g, ' ')]!;
      else part.value = Number(g.n ?? g.n2 ?? g.n3 ?? g.n4 ?? g.n5);
      if (rule.role === 'memory' && (part.value < 4 || part.value > LARGEST_CARD_GIB)) continue;
      // A GPU memory with no "total" said is the cards' in all only where no one card holds it ("80GB of GPU memory" is a card's).
      if (g.n4 !== undefined && part.value <= LARGEST_CARD_GIB) continue;
      if ((rule.role === 'count' || rule.role === 'nodes' || rule.role === 'perNode') && part.value < 1) continue;
      // "3090/4090 cards", "4090 GPUs": a card's own number before the word for cards names the card, never 4090 of them.
      if (rule.role === 'count' && part.value >= 1000 && gpuIdOf(String(part.value))) continue;
      if (guarded.some((x) => part.at < x.end && x.at < part.end)) continue;
      // "total 376 GB cpu memory" (vllm-project/vllm#1395, c877) is the host's, no total of the cards:
      // left for the host-RAM rules (prose/rules/hardware.ts prose.host-ram).
      if (rule.role === 'totalMemory' && HOST_NAMED_AFTER.test(text.slice(part.end, part.end + 24))) continue;
      candidates.push(part);
    }
  });
  // The longest part at each place, then the earlier rule: "40 GPUs total" is a total, not "40 GPUs".
  candidates.sort((a, b) => a.at - b.at || b.end - b.at - (a.end - a.at) || a.order - b.order);
  const kept: Part[] = [];
  for (const c of candidates) {
    const last = kept.at(-1);
    if (last && c.at < last.end) {
      // A longer part that starts inside the last one and runs past it wins only over a shorter count.
      continue;
    }
    const { order: _order, ...part } = c;
    kept.push(part);
  }
  return generationOfNamedCard(kept, text);
}

function phrasesOf(parts: Part[], text: string): Part[][] {
  const phrases: Part[][] = [];
  let current: Part[] = [];
  for (const p of parts) {
    const last = current.at(-1);
    const gap = last ? text.slice(last.end, p.at) : '';
    // "4 * A6000 GPUs = 192 GB total": an equals sign leads only to the user's own total.
    const joins = JOIN.test(gap) || (/^[^=]*=[^=]*$/.test(gap) && JOIN.test(gap.replace('=', ' ')) && p.role.startsWith('total'));
    if (last && gap.length <= MAX_JOIN && joins && !twice(current, p) && !startsAnotherSetup(current, p, gap, text)) current.push(p);
    else {
      if (current.length) phrases.push(current);
      current = [p];
    }
  }
  if (current.length) phrases.push(current);
  return phrases;
}


function readPhrase(named: Part[], text: string): HardwareReading | null {
  // "8x32GB Volta", "Ampere 24GB": the architecture's card picked by the memory, or the memory alone (architectures.ts).
  const architecture = resolveArchitecture(named, text);
  const phrase = architecture?.parts ?? named;
  if (!phrase.length) return null;
  if (architecture?.notes.length && phrase.length === 1 && phrase[0]!.role === 'memory') {
    return { at: named[0]!.at, end: named.at(-1)!.end, nodes: null, perNode: null, count: null, gpuId: null, memoryGiB: phrase[0]!.value, parts: named, notes: architecture.notes, canonical: `${phrase[0]!.value}gb` };
  }
  // "8x RTX 6000, 768GB of VRAM": a name sold as several cards, the card its memory picks (shared-names.ts).
  const shared = readSharedName(phrase, text.slice(phrase[0]!.at, phrase.at(-1)!.end));
  const given = shared?.parts ?? phrase;
  if (shared?.picked && given.length === 1 && given[0]!.role === 'memory') {
    const m = given[0]!;
    return { at: phrase[0]!.at, end: phrase.at(-1)!.end, nodes: null, perNode: null, count: null, gpuId: null, memoryGiB: m.value, parts: phrase, notes: shared.notes, canonical: `${m.value}gb` };
  }
  // A count glued to a memory's unit ("40GB×2") counts the cards of a phrase that names its card
  // ("A100 40GB×2"); with no card it is the user's own sum ("24G*4 in total", "8 GPUs, 24G*8"), which
  // arithmetic.ts reads beside a card stated elsewhere.
  const parts = given.some((p) => p.role === 'card') ? given : given.filter((p, i) => !gluedToMemory(p, given[i - 1], text));
  const one = (role: Part['role']) => parts.find((p) => p.role === role);
  const card = one('card');
  const memory = one('memory');
  // A variant named by its suffix, or by a memory only it has ("H20 141G" is the H20-3e): read by its own memory.
  const known = card?.known ?? (card && memory && !matches(card.gpuId!, memory.value) ? variantOfMemory(card.gpuId!, memory.value) : undefined);
  // "8 * H20(8 * 96G)": a count said again before the memory is the same count; so is one said again after it,
  // "两张v100(16G*2)" (two V100 16GB, hiyouga/LlamaFactory#1369, c1351: read as 2 nodes of 2), "2x A100 (80GB x 2)".
  // A count said again in brackets after the count of GPUs is that count: "on 8 GPUs (8x V100, 32GB)", "双卡（2×4090）"
  // (invented from modelscope/ms-swift#2284, c2942's "多卡（4 * 3090，96GB）"), never 8 nodes of 8.
  // One pass finds both: a count is said again when an earlier count has its value, and said again in brackets when a
  // bracket stands after that value's earliest count (its span holds every later one's); comparing every count with
  // every earlier one over the text between was cubic ("8x8x8x…" pasted a thousand times: ci-s42c).
  const firstEndOf = new Map<number, number>();
  const repeat = parts.map((p) => {
    if (p.role !== 'count') return { again: false, inBrackets: false };
    const from = firstEndOf.get(p.value);
    if (from === undefined) firstEndOf.set(p.value, p.end);
    return { again: from !== undefined, inBrackets: from !== undefined && from < p.at && /[(（\[]/.test(text.slice(from, p.at)) };
  });
  const nextToMemory = (i: number) => parts[i + 1]?.role === 'memory' || parts[i - 1]?.role === 'memory';
  const counts = parts.filter((p, i) => p.role === 'count' && !(nextToMemory(i) && repeat[i]!.again) && !repeat[i]!.inBrackets);
  // "H20x16 (96x16)" (MoonshotAI/Kimi-K2#51, c2613: read as 96 nodes of 16): a product of the card's memory and the
  // phrase's count restates them, as "2x 3090 (24x2)" does; it counts no machines.
  const stated = one('product');
  // A sibling's memory names that sibling ("A100 x 4 (40 x 4)" is four of the 40 GB A100).
  const restated = stated && card && (matches(card.gpuId!, stated.value) || variantOf(card.gpuId!, stated.value) !== card.gpuId || variantOfMemory(card.gpuId!, stated.value) !== undefined) &&
    (counts.length === 0 || counts.some((c) => c.value === stated.second));
  if (restated && counts.length === 0) counts.push({ ...stated, role: 'count', value: stated.second! });
  const product = restated ? undefined : stated;
  // A phrase is hardware when it names a card or a memory, and says more than that alone; or when it
  // counts cards and states their memory in all ("4 GPUs, 96GB in total": four of 24 GB, not four of 96).
  // "on 32gpus", "8GPUs": a count glued to the word for cards is a count of them, with no card named
  // (hpcaitech/ColossalAI#5139, c915: "How to run llama2 70B pretrain on 32gpus?" was refused as an unknown word in a short request).
  // Only after the word that puts a run on them: "total batch = 32gpus * batch_size" (c650) is the user's sum,
  // "请问您这边 32gpus 显存是多少" (c772) asks about someone else's.
  // After a times sign too: "_gpu peak memory:[45GB✖️8GPUS]_" (hiyouga/LlamaFactory#8876, c2481) is a peak of 45 GB
  // (set aside as a measurement) on each of eight GPUs.
  const runOn = /\b(?:on|with|using|across|over)\s+$|[x×*✖]\ufe0f?\s*$/.test(text.slice(Math.max(0, parts[0]!.at - 8), parts[0]!.at));
  if (parts.length === 1 && parts[0]!.role === 'count' && runOn && /^\d+(?:gpus?|cards?)$/.test(text.slice(parts[0]!.at, parts[0]!.end))) {
    const n = parts[0]!.value;
    return { at: parts[0]!.at, end: parts[0]!.end, nodes: null, perNode: null, count: n, gpuId: null, memoryGiB: null, parts, notes: [], canonical: `${n} gpus` };
  }
  // "GPU数量: 4", "divided by the number of cards, 4", "world size 8" (labelled-counts.ts): the noun names the cards counted.
  const labelled = parts.length === 1 && parts[0]!.rule === 'hw.count-labelled' ? parts[0]! : null;
  if (labelled) return { at: labelled.at, end: labelled.end, nodes: null, perNode: null, count: labelled.value, gpuId: null, memoryGiB: null, parts, notes: [], canonical: `${labelled.value} gpus` };
  const machines = !card && !memory ? machinesOfUnnamedCards(parts, product, text, (c, n) => countScope(c, n, text)) : null;
  if (machines) return machines;
  if (!card && !memory && !(one('totalMemory') && (counts.length > 0 || product))) return null;
  // "L40GPU" (c324): a card glued to its noun is the card.
  if (parts.length === 1 && !known) return card && (card.byWords || /[a-z\d](?:gpus?|cards?)$/.test(text.slice(card.at, card.end))) && !/ti$|super$/.test(card.written!) ? alone(card) : null;
  // "3080 Ti", "3090ti": the reader's own rule reads a variant it may not know (with a note); one the
  // catalog knows ("2*22G 2080ti", c1137) is read here, so its count and memory are not lost.
  if (card && /ti$|super$/.test(card.written!) && !/\b(?:ti|super)\b/i.test(gpuById(card.gpuId!).name)) return null;
  // A card and its memory side by side ("A100 80GB", "A100 (40G)") is the lexer's; and so is a
  // memory that is not the card's ("A100 32GB": refused there as no such card).
  // A memory the card is sold in near none of its sizes ("RTX 3060 with 6GB VRAM") is read below as the user's card.
  // Not one followed by the words of host memory ("RTX 3060 with 64GB RAM", "3090 with 64G内存").
  const ownMemory =
    card !== undefined && memory !== undefined && !HOST_MEMORY_AFTER.test(text.slice(memory.end, memory.end + 24)) &&
    !matches(card.gpuId!, memory.value) && memoryOfItsOwn(card.gpuId!, memory.value);
  // Not a memory glued to the card after it ("40GA100", "32GV100"): the lexer reads no such word, the phrase is written again.
  const glued = card !== undefined && memory !== undefined && memory.end === card.at;
  // "4x2080ti 22GB": twice the memory the card is sold with is a modified card (below), not the lexer's.
  const twice = card !== undefined && memory !== undefined && !HOST_MEMORY_AFTER.test(text.slice(memory.end, memory.end + 24)) && moddedMemory(card.gpuId!, memory.value);
  // Not one joined by "each card" ("A100 单卡40G", c419): the lexer reads no such words between them.
  const gap = text.slice(parts[0]!.end, parts[1]?.at);
  if (parts.length === 2 && card && memory && card.rule !== ARCHITECTURE_RULE_ID && !known && !ownMemory && !twice && !glued && !card.variant && !shared?.picked && (card.at < memory.at || /^[\s()\-]*$/.test(gap)) && !/[单每]/.test(gap)) return null;
  // "three A100 nodes" (c104): a machine word right after the card makes the count before it the nodes.
  const nodesAfterCard = card && one('nodes') === undefined && /^[ \t]*(?:nodes|servers|machines|boxes|hosts|pods)\b/.test(text.slice(parts.at(-1)!.end));
  const countBefore = nodesAfterCard ? counts.find((c) => c.end <= card.at) : undefined;
  if (countBefore) counts.splice(counts.indexOf(countBefore), 1);
  let nodes = one('nodes')?.value ?? product?.value ?? countBefore?.value ?? null;
  let perNode = one('perNode')?.value ?? product?.second ?? null;
  let count: number | null = null;
  let asked: string | null = null;
  let machineNote: string | null = null;
  const free = counts.map((c) => c.value);
  if (nodes === null && perNode === null) {
    // Two counts with no machine word are a product ("4x 8 H200"); one is the cards in all.
    if (free.length > 2) return null;
    if (free.length === 2) {
      if (free[1]! > MAX_PER_NODE) return null;
      [nodes, perNode] = [free[0]!, free[1]!];
    }
    else if (free.length === 1) count = free[0]!;
  } else if (perNode === null) {
    if (free.length > 1) return null;
    // "2台4090": 台 counts devices too; with no other count it counts the cards. Before a card sold on eight-GPU
    // server boards, two or more 台 are machines ("4台H100", c1832; server-boards.ts): the resolver's 8 per node.
    // Either way the other reading is said (weak), never picked silently.
    if (free.length === 0 && /台/.test(text.slice(one('nodes')?.at ?? 0, one('nodes')?.end ?? 0))) {
      const said = text.slice(parts[0]!.at, parts.at(-1)!.end).trim();
      const id = card?.gpuId ?? null;
      // One machine of a desktop card ("一台4090") is one card either way: nothing to say. Of a card sold on
      // eight-GPU boards ("1台A100") it may be a machine of eight: said, below.
      if (nodes === 1 && !(id && onServerBoards(id))) [nodes, count] = [null, 1];
      else if (id && nodes! >= 2 && onServerBoards(id)) {
        machineNote = `"${said}" read as ${nodes} machines of ${id}; say "on ${nodes}x ${id}" if ${nodes} is the count of cards`;
      } else {
        machineNote = `"${said}" read as ${nodes} cards; say "${nodes} nodes of 8x ${id ?? 'a100'}" if each is a machine`;
        [nodes, count] = [null, nodes];
      }
    }
    if (free.length === 1) {
      const scope = countScope(counts[0]!, one('nodes') ?? countBefore!, text);
      if (scope === 'perNode') perNode = free[0]!;
      else {
        // "2台服务器4张4090": cards in all, spread over the nodes; asked, since "2 nodes, 8 GPUs" may mean 8 each.
        const each = free[0]! / nodes!;
        perNode = Number.isInteger(each) ? each : free[0]!;
        // One machine holds them all: no other reading to ask about ("一台服务器四张4090").
        asked = Number.isInteger(each) && nodes! > 1
          ? `"${text.slice(parts[0]!.at, parts.at(-1)!.end).trim()}" read as ${free[0]} GPUs in all (${each} on each of ${nodes} nodes); say "${nodes} nodes of ${free[0]}x" if each node has ${free[0]}`
          : null;
      }
    }
  } else if (free.some((v) => v !== perNode && v !== (nodes ?? 1) * perNode!)) return null;
  if (perNode !== null) count = (nodes ?? 1) * perNode;
  const notes: string[] = [asked, machineNote, ...(architecture?.notes ?? []), ...(shared?.notes ?? [])].filter((n): n is string => n !== null);
  const said = (p: Part[]) => text.slice(p[0]!.at, p.at(-1)!.end).trim();
  const totalCards = one('totalCards');
  if (totalCards) {
    if (count === null) count = totalCards.value;
    else if (totalCards.value !== count) {
      notes.push(`"${said(parts)}": ${nodes !== null ? `${nodes} × ${perNode} is ` : ''}${count} GPUs, but the message says ${totalCards.value} in all — read as ${count}; say "on ${totalCards.value}x" if that is the count`);
    }
  }
  let memoryGiB = memory?.value ?? (known ? known.memoryGB : null) ?? (restated && !matches(card!.gpuId!, stated.value) ? stated.value : null);
  // "256 GB VRAM of Tesla V100 32GB": a total of the cards, said with "of" before them and no count, is so many of them
  // (cards-in-total.ts); "32G的T4" (c838) is a T4 said to have 32G, asked about below.
  const inTotal = card && memory && count === null && memory.at < card.at && !known && /\bof\b/i.test(text.slice(memory.end, card.at)) ? cardsInTotal(card.gpuId!, memory.value, text.slice(card.end)) : null;
  if (inTotal) {
    [count, memoryGiB] = [inTotal.count, inTotal.memoryGiB];
    notes.push(`"${said(parts)}": ${memory!.value} GB in all, read as ${count} × ${gpuById(inTotal.gpuId).name}; say "on Nx ${card!.gpuId}" if the count is another`);
  }
  // "2*22G", "2x 4090 48G each": a count multiplied by the memory, or a memory said of each card, is so many
  // cards of that memory, never their total.
  const perCard = memory !== undefined && (counts.some((c) => c.end <= memory.at && /^\s*$/.test(text.slice(c.end, memory.at)) && /[x×*]\s*$/.test(text.slice(c.at, c.end))) ||
    /^\s*(?:each|apiece|per\s+(?:card|gpu))\b/.test(text.slice(memory.end)));
  // "4x2080ti 22GB": twice the memory the card is sold with is a modified card, read by the memory said (weak).
  // "双 2080ti 22G" (c1253): a modded product's memory right after the card's name is the card's even when
  // the count times the stock card's gives the same figure; the other reading is asked (below).
  const product22 = twice && !!count && !perCard && memory.at > card.at && memory.at - card.end <= 2 && moddedProduct(card.gpuId!, memory.value);
  const modded = twice &&
    (perCard || !count || product22 || Math.abs(count * gpuById(card.gpuId!).totalMiB / 1024 - memory.value) > 0.1 * memory.value);
  if (card && memory && count && !perCard && !modded && !matches(card.gpuId!, memory.value) && variantOf(card.gpuId!, memory.value) === card.gpuId) {
    // "3x 3090 72GB", "4 * A10 96G": the cards' memory in all, when it is the count times the card's.
    const cardGiB = gpuById(card.gpuId!).totalMiB / 1024;
    if (Math.abs(count * cardGiB - memory.value) <= 0.1 * memory.value) memoryGiB = null;
    // "8 * 4090,256G memory": a memory far above the card's and not its total is not the card's (host memory,
    // a budget); the phrase ends before it. One near a card's size ("8 x L40S 80GB") is asked below.
    else if (memory.value >= 2 * cardGiB && memory === parts.at(-1)) return readPhrase(parts.slice(0, -1), text);
  }
  const totalMemory = one('totalMemory');
  let shareOfTotal = false;
  if (totalMemory && count) {
    const each = totalMemory.value / count;
    // (To a tenth of a GiB: "3 GPUs, 100GB in total" is three of 33.3 GiB, written so in the item language.)
    if (memoryGiB === null && !card) memoryGiB = Math.round(each * 10) / 10;
    // "2 servers of 8 A100 GPUs has a total memory of 1280GB": a total that is the count times one
    // of the card's sizes says which size (the a100-80g); one that is no size of it is noted below.
    else if (memoryGiB === null && card && matches(variantOf(card.gpuId!, each), each)) memoryGiB = each;
    // "双卡2080ti 共44g显存" (c1751), "两张RTX 5090 D v2，共48G显存" (c1306): a total whose share is no size the card
    // is sold in, but a part of its name is (the modified 22 GB 2080 Ti, the 24 GB 5090 D v2): cards of that share.
    else if (memoryGiB === null && card && !card.variant && Number.isInteger(each) && (moddedMemory(card.gpuId!, each) || memoryOfItsOwn(card.gpuId!, each))) {
      memoryGiB = each;
      shareOfTotal = true;
    }
    const cardGiB = memoryGiB ?? (card ? gpuById(card.gpuId!).totalMiB / 1024 : each);
    if (Math.abs(cardGiB * count - totalMemory.value) > 0.1 * totalMemory.value) {
      notes.push(`"${said(parts)}": ${count} × ${Math.round(cardGiB)} GB is ${Math.round(cardGiB * count)} GB, but the message says ${totalMemory.value} GB in all — read as ${count} cards of ${Math.round(cardGiB)} GB; say the card's memory if not`);
    }
  }
  let gpuId = card ? variantOf(card.gpuId!, memoryGiB) : null;
  if (known && memoryGiB !== null && Math.abs(memoryGiB - known.memoryGB) <= 0.05 * known.memoryGB) {
    // Read by its memory, as the corpus writes a card the catalog lacks ("NVIDIA 4090D with 24G of VRAM", c895: 24GB).
    const base = gpuById(card!.gpuId!);
    const same = matches(card!.gpuId!, known.memoryGB);
    notes.push(`"${said(parts)}": read as the ${known.name}, ${known.memoryGB} GB each — not in the catalog; the ${base.name} I know has ${same ? 'the same memory' : `${Math.round(base.totalMiB / 1024)} GB`}; say "on ${card!.gpuId}" for that card`);
    [gpuId, memoryGiB] = [null, known.memoryGB];
  } else if (shareOfTotal) {
    const name = gpuById(card!.gpuId!).name.replace(/\s*\d+\s*GB$/, '');
    notes.push(`"${said(parts)}": read as ${count} ${name} of ${memoryGiB} GB each (the ${totalMemory!.value} GB in all you said) — the ${name} I know has ${Math.round(gpuById(card!.gpuId!).totalMiB / 1024)} GB; say "on ${count}x ${card!.gpuId}" for that card`);
    gpuId = null;
  } else if (modded && memoryGiB !== null) {
    const name = gpuById(card.gpuId!).name.replace(/\s*\d+\s*GB$/, '');
    const stock = Math.round(gpuById(card.gpuId!).totalMiB / 1024);
    notes.push(
      product22 && count !== null && Math.abs(count * stock - memoryGiB) <= 1
        ? `"${said(parts)}": read as ${count} ${name} at ${memoryGiB} GB each as you wrote (a modified card?), or ${count} stock ${stock} GB cards, ${memoryGiB} GB in all? Say "on ${count}x ${card.gpuId}" for the stock ones`
        : `"${said(parts)}": read as ${name} with ${memoryGiB} GB as you said (a modified card?) — the ${name} was sold with ${stock} GB; say "on ${card.gpuId}" for that card`,
    );
    gpuId = null;
  } else if (card?.variant && memoryGiB !== null && !matches(card.gpuId!, memoryGiB)) {
    // A variant the catalog lacks, with the memory the user states: a card of that memory, named as they did.
    const name = `${gpuById(card.gpuId!).name.replace(/\s*\d+\s*GB$/, '')} ${card.variant.toUpperCase()}`;
    notes.push(`"${said(parts)}": read as ${name} (${memoryGiB} GB as you said) — I don't know the ${name}; say "on ${card.gpuId}" for the ${gpuById(card.gpuId!).name}`);
    gpuId = null;
  } else if (card?.variant && memoryGiB !== null) {
    notes.push(`"${said(parts)}": read as the ${gpuById(card.gpuId!).name} (the memory you said) — I don't know the ${card.variant.toUpperCase()} variant`);
  } else if (card && memoryGiB !== null && gpuId === card.gpuId && ownMemory && memoryOfItsOwn(card.gpuId!, memoryGiB)) {
    // The memory the user states for their card wins over a catalog of desktop parts: a card of that memory, named as they did.
    const name = gpuById(card.gpuId!).name.replace(/\s*\d+\s*GB$/, '');
    const sizes = [gpuById(card.gpuId!), ...siblings(card.gpuId!)].map((g) => `${Math.round(g.totalMiB / 1024)} GB`);
    notes.push(`"${said(parts)}": read as ${name} (${memoryGiB} GB as you said) — the ${name} I know has ${[...new Set(sizes)].join(' or ')}; say "on ${card.gpuId}" for that card`);
    gpuId = null;
  } else if (card && memoryGiB !== null && gpuId === card.gpuId && !matches(card.gpuId!, memoryGiB)) {
    notes.push(`"${said(parts)}": the ${card.gpuId} has ${Math.round(gpuById(card.gpuId!).totalMiB / 1024)} GB, not ${memoryGiB} GB — which did you mean?`);
  }
  // A card with no memory stated stays as written, for the reader's defaults and a memory said elsewhere.
  const cardText = !gpuId ? `${memoryGiB}gb` : memoryGiB === null ? card!.written! : matches(gpuId, memoryGiB) ? gpuId : `${gpuId} ${memoryGiB}gb`;
  const canonical = nodes !== null ? `${nodes} nodes of ${perNode !== null ? `${perNode}x ` : ''}${cardText}` : count !== null ? `${count}x ${cardText}` : cardText;
  // "number of GPUs = 4, A100" (a config line written again as "number of 4 gpus"): the words are the count's noun.
  const lead = /(?:the\s+)?number of\s*$/.exec(text.slice(Math.max(0, parts[0]!.at - 16), parts[0]!.at));
  // A card dropped for its memory ("8x RTX 6000 (24GB)", the Quadro), an architecture ("2x Ampere 24GB") is still the phrase's words.
  const spanned = shared?.picked ? phrase : architecture ? named : parts;
  const at = spanned[0]!.at - (lead?.[0].length ?? 0);
  return { at, end: spanned.at(-1)!.end, nodes, perNode, count, gpuId, memoryGiB, parts: spanned, notes, canonical };
}

/** A times-sign count right after a memory's unit, with nothing between: the "×2" of "40GB×2". */
function gluedToMemory(p: Part, before: Part | undefined, text: string): boolean {
  return p.rule === 'hw.times-count' && before?.role === 'memory' && before.end === p.at && /^\\?[x×*]/.test(text.slice(p.at));
}

/** The catalog's card of that memory in the same line ("a100" with 40 GB is the a100-40g). */
function variantOf(gpuId: string, memoryGiB: number | null): string {
  if (memoryGiB === null || matches(gpuId, memoryGiB)) return gpuId;
  const line = gpuId.replace(/-\d+g$/, '');
  const sibling = gpuIdOf(`${line}-${memoryGiB}g`) ?? gpuIdOf(`${line}${memoryGiB}g`);
  return sibling && matches(sibling, memoryGiB) ? sibling : gpuId;
}

/** A stated memory names the card when it is within 10% of the card's (marketing GB vs GiB). */
function matches(gpuId: string, memoryGiB: number): boolean {
  const gib = gpuById(gpuId).totalMiB / 1024;
  return Math.abs(gib - memoryGiB) <= 0.1 * Math.max(gib, memoryGiB);
}

/**
 * Whether a count beside a node count is per node: said so ("each", "per node", 每), joined by
 * "of" / "with" ("3 boxes of 4 L40S", "2 servers with 8 H100s"), or the Chinese machine size
 * glued to its 卡 ("4台8卡", "四台八卡"). Otherwise it is the cards in all.
 */
function countScope(count: Part, nodes: Part, text: string): 'perNode' | 'total' {
  const written = text.slice(count.at, count.end);
  // "2 8*H100 nodes", "two 8-GPU servers": the size between the machines' count and their word is each machine's.
  if (nodes.rule === 'hw.nodes-before-node-size') return 'perNode';
  // The same with the size in words ("四台八卡"): hw.nodes-chinese-numeral, found on c343 by bench:variations.
  if (/^(?:\d+|单|双|两|二|三|四|五|六|七|八|十六)\s*卡$/.test(written)) return 'perNode';
  // "A100 2node * 8 GPUs", "2 H100*8 machines": a product of nodes and cards; "2 nodes (16x A100)": in all.
  const before = count.at > nodes.end ? text.slice(nodes.end, count.at) : '';
  if (before.includes('(')) return 'total';
  // "8x A100 x 2 nodes", "16卡*32G * 4机": nodes written as a factor multiply the cards, which are each node's.
  if (/^[x×*]/.test(text.slice(nodes.at, nodes.end))) return 'perNode';
  if (/^[x×*]/.test(written) || /[x×*]/.test(before)) return 'perNode';
  // "2台8xA100 80G" (c1980), "两台 8*H100": a card product right after the machines' counter is what each machine holds.
  // Glued only: "2台 16xA100" with a space stays the cards in all (asked), as "2 nodes, 16 GPUs" does.
  if (before === '' && count.at === nodes.end && /[x×*]\s*$/.test(written) && /(?:台|机器?|节点|结点)$/.test(text.slice(nodes.at, nodes.end))) return 'perNode';
  const between = count.at > nodes.end ? text.slice(nodes.end, count.at) : text.slice(count.end, nodes.at);
  // "2 nodes of 8", "2 nodes with 8", "2 nodes, each 8x H100", "2 servers having 4 L40S": the count belongs to each node.
  if (/\b(?:of|with|each|having|holding|containing|equipped)\b|每/.test(between)) return 'perNode';
  // Korean 짜리 after a count makes it the size of the thing after it: "H100 8장짜리 노드 2개" (two nodes of eight; s46 rhw4).
  if (count.end <= nodes.at && /^\s*짜리/.test(between)) return 'perNode';
  const after = text.slice(count.end, count.end + 24);
  if (/^[^.;\n]*?\b(?:each|apiece|per\s+(?:node|server|machine|box|host|pod))\b/.test(after)) return 'perNode';
  return 'total';
}

function alone(card: Part): HardwareReading {
  return { at: card.at, end: card.end, nodes: null, perNode: null, count: null, gpuId: card.gpuId!, memoryGiB: null, parts: [card], notes: [], canonical: card.written! };
}
