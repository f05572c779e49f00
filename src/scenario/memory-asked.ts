import type { FactTrace } from './facts.js';

/**
 * A card question read where the message asks how much memory (issue 22, item 5: a fact whose own words
 * say something else is said, not taken as sure). Two ways the reader asked "which GPU" or "how many
 * GPUs" of a message that asks for an amount of memory:
 *
 * - the count words run on into a memory noun: "需要多少gpu内存才能运行65b" ("how much GPU memory",
 *   xverse-ai/XVERSE-65B#8, c2962) read as "how many GPUs" from "多少gpu";
 * - a title's noun phrase ("Hardware Requirements", "System requirements") read as "which GPU" where the
 *   body asks the memory: "Could you please provide the GPU RAM required to: 1. Fine tune …"
 *   (JIA-Lab-research/LongLoRA#9, c2958), "What are the minimum GPU memory requirements for running 13b
 *   and 70b models?" (abertsch72/unlimiformer#61, c3044). Where the body asks the hardware itself
 *   ("the hardware requirements for 7B 100k models", LongLoRA#110, c1286) the question stands.
 *
 * Both were read firm and wrong in silence (b87, b90): the estimate answers the memory either way, so the
 * question is kept, said with its words and how to leave it out.
 */

/** A memory noun right after the count words ("多少gpu内存", "多少GPU的显存", "how many gpu memory"). */
const MEMORY_NOUN_AFTER = /^\s*(?:的\s*)?(?:显存|内存|memory|vram|ram\b|메모리)/i;

/** Words that ask an amount of memory, not a card: "how much GPU memory", "GPU RAM required", "minimum VRAM", 多少显存, 多大显存, 메모리가 얼마. */
const MEMORY_ASKED =
  /\bhow\s+much\s+(?:(?:gpu|video|graphics|cuda)\s+)?(?:memory|v?ram)\b|\b(?:gpu|video|graphics)\s*(?:memory|v?ram)s?\s+(?:is\s+|are\s+)?(?:required|needed|requirements?)\b|\b(?:minimum|min\.?|required|ideal)\s+(?:gpu\s+)?(?:memory|v?rams?)\b|\b(?:memory|vram)\s+requirements?\b|多少\s*(?:gpu\s*)?(?:显存|内存)|多大(?:的)?显存|显存(?:要求|需求)|메모리(?:가|는)?\s*얼마/i;

/** Question words that ask the card itself ("which GPU", "what card", 哪些, 什么, 几张): the question stands beside a memory asked too. */
const ASKS_THE_CARD = /\b(?:which|what)\b|哪|什么|几/i;

const CARD_QUESTION = (f: FactTrace) => f.fact === 'question' && f.at !== null && f.end !== null && !f.weak && (f.value === 'whichGpu' || f.value.startsWith('how many'));

export function withMemoryAsked(facts: FactTrace[], text: string): FactTrace[] {
  if (!facts.some(CARD_QUESTION)) return facts;
  let asked: RegExpExecArray | null | undefined;
  return facts.map((f) => {
    if (!CARD_QUESTION(f)) return f;
    const noun = MEMORY_NOUN_AFTER.exec(text.slice(f.end!, f.end! + 12));
    if (f.value.startsWith('how many') && noun) {
      const words = `${text.slice(f.at!, f.end!)}${noun[0]}`.trim();
      return { ...f, weak: true, weakWords: words, alternative: text.slice(f.at!, f.end!).trim(), memoryAsked: words };
    }
    if (f.value !== 'whichGpu' || ASKS_THE_CARD.test(f.words)) return f;
    if (asked === undefined) asked = MEMORY_ASKED.exec(text);
    if (!asked) return f;
    const words = text.slice(f.at!, f.end!).trim();
    return { ...f, weak: true, weakWords: words, alternative: words, memoryAsked: asked[0].trim() };
  });
}
