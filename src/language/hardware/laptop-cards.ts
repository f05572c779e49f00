import { gpuById } from '../../catalog/index.js';
import { allMatches } from '../all-matches.js';
import { gpuIdOf } from '../lexicon.js';

/**
 * A GeForce laptop part ("NVIDIA GeForce RTX 3080 Ti Laptop GPU", as CUDA names the device) shares its
 * name with a desktop card of other memory: the RTX 3080 Ti Laptop GPU has 16 GB, the desktop card 12
 * (zylon-ai/private-gpt#921, c1214: "Device 0: NVIDIA GeForce RTX 3080 Ti Laptop GPU, compute capability
 * 8.6 16GBVRam"); the RTX 4090 Laptop GPU 16 GB against 24. The catalog holds the desktop cards, so the
 * card is read as the desktop one and said as weak, with the memory the message states beside it, if any.
 * Max-Q is written apart too, and before "mobile": "8gb vram (rtx 2070 max q mobile)" (LostRuins/koboldcpp#365,
 * c1946, had read the desktop card silently).
 */
export const LAPTOP_CARD = {
  id: 'hw.laptop-card',
  // The laptop word may come first, as people say what they own: "I am running large llms on my 8Gb laptop 3070ti"
  // (nalexand, corpus c1349: read as the desktop card in silence), "notebook RTX 4060", "笔记本4060", "笔记本的3060".
  pattern: /(?<![a-z\d])(?:(?:nvidia|geforce|rtx|gtx)[\s-]*)*(?<card>(?:rtx|gtx)?\s*\d{4}(?:\s*ti|\s*super)?)(?:[\s-]+(?:laptop|notebook|mobile|max[\s-]?q)(?:[\s-]+(?:laptop|mobile))?(?:\s+gpu)?\b|\s*笔记本)|(?:\b(?:laptop|notebook)(?:['’]s)?|笔记本(?:电脑)?(?:的|上的?|里的?)?)[\s-]*(?:(?:nvidia|geforce|rtx|gtx)[\s-]*)*(?<card2>(?:rtx|gtx)?\s*\d{4}(?:\s*ti|\s*super)?)(?![a-z\d])/g,
  example: 'Device 0: NVIDIA GeForce RTX 3080 Ti Laptop GPU, compute capability 8.6 16GBVRam',
  source: 'zylon-ai/private-gpt#921',
};

/**
 * A memory on the same line: right after the part ("RTX4060 Laptop 8GB", noahc1510/trt-llm-rag-linux#5, c1343),
 * or glued to VRAM or not ("16GBVRam", "16 GB VRAM"). Never the host's: "8GB with 16gb ram" had been read as a
 * 16 GB laptop card, the machine's RAM for the card's memory.
 */
const MEMORY_ON_LINE = /^[\s,:(-]*(\d{1,2})\s*(?:gb|g|gib)(?![a-z])(?!\s*(?:of\s+)?(?:system\s+|host\s+)?ram\b)|(?<![\w.])(\d{1,2})\s*(?:gb|g|gib)\s*(?:of\s+)?vram\b/;

/** The notes for each laptop part the text names: the desktop card read, its memory, and how to say the laptop's. */
export function laptopCardNotes(text: string, userText: (at: number, end: number) => string): string[] {
  const notes: string[] = [];
  for (const m of allMatches(LAPTOP_CARD.pattern, text)) {
    const gpuId = gpuIdOf((m.groups!.card ?? m.groups!.card2)!.replace(/\s+/g, ''));
    if (!gpuId) continue;
    const card = gpuById(gpuId);
    const lineEnd = text.indexOf('\n', m.index);
    // …or right before it, the memory said first ("my 8Gb laptop 3070ti", c1349).
    const stated = MEMORY_ON_LINE.exec(text.slice(m.index + m[0].length, lineEnd < 0 ? undefined : lineEnd)) ??
      /(?<![\w.])(\d{1,2})\s*(?:gb|g|gib)[\s-]*$/.exec(text.slice(Math.max(0, m.index - 10), m.index));
    const own = card.nominalGB;
    const said = stated ? Number(stated[1] ?? stated[2]) : null;
    const memory = said !== null && said !== own ? said : null;
    notes.push(
      `"${userText(m.index, m.index + m[0].length).trim()}" is a laptop part: read as the desktop ${/GB$/.test(card.name) ? card.name : `${card.name} (${own} GB)`}, whose memory the laptop's may not share` +
        (memory !== null ? ` — the message says ${memory} GB: say "on 1x ${memory}gb" if yours has ${memory} GB` : ` — read right if yours has ${own} GB; say "on 1x 16gb" with your card's memory if it has another`),
    );
  }
  return notes;
}
