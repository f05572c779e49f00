import { GPUS } from '../catalog/index.js';
import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * A memory figure read as the card with nothing around it that says it is a GPU's (issue 22, item 2:
 * "a value fills a slot only with a cue"). A unit says a number is memory, not whose: the same "16gb"
 * is a card ("my 16GB card", "16GB VRAM", "48G单卡"), the host, a checkpoint's size, or what a process
 * took ("i see node process with 16gb", lmstudio-ai/lmstudio-bug-tracker#1798, c1990; "makes the model
 * initialize with 15GB", meta-pytorch/torchtune#1398, c1986; du's "6.4G /data/model/…",
 * InternLM/lmdeploy#1758, c1966). A GPU word, an owner's word or a count beside the figure says whose it
 * is; with none, the card stands on the figure alone and is said weak on the first screen with its words
 * and the switch, never dropped: over the corpus such a figure was the user's card in 2 of 7 lines and
 * something else in 5 (a process, a du line, a host's RAM in a JSON report, memory in use).
 */

/** Words that make a memory a GPU's: the card's nouns in the languages the corpus holds, and names of devices. */
const GPU_WORDS =
  /\bgpu|\b(?:v-?ram|vrams?|graphics|cards?|cuda|nvidia|geforce|radeon|unified|mac(?:s|book)?|mig|jetson|orin)\b|显存|显卡|[单每双两]?(?:张|卡)|그래픽|비램|グラボ|ビデオメモリ/i;
/** A card's or a chip's name beside it ("RX 5600XT, 8GB", "M2 ultra with 64G", "3060 6GB"): the card it is. */
const DEVICE_NAME = /\b[a-z]{1,5}[\s-]?\d{2,4}[a-z]*\b|\b\d{4}(?:\s?ti|\s?super)?\b|\bm[1-5]\b/i;
/**
 * Words that make it the user's to run on: "I have 8GB", "with my 12GB", "on a 24GB", "only 36GB", "is 12gb enough?",
 * "我有24G", "只有16G", "够吗". A machine's own figure in such words is its card's far more often than not.
 */
const OWNED =
  /\b(?:i|we)(?:'ve| have| got| own| only have| just have)\b|\bmy\b|\b(?:on|in|into)\s+(?:a|an|my|one|the|single)\s*$|\bonly\b|\benough\b|\bbudget\b|我有|我的|只有|够/i;
/**
 * A bare place before the figure ("on 24GB", "runs in 19GB", "fits into 21 GB") says the user runs there when the
 * figure is a size cards are sold with; one no card has is what a run took (s31: "I just barely fit the 7B model on
 * 17gb using vllm", vllm-project/vllm, corpus c1082, read in silence as a 17 GB card; "runs in 19GB with unsloth").
 */
const PLACE = /\b(?:on|in|into)\s*$/i;
/** The memory sizes cards are sold with, in GB as people write them: the catalog's, rounded both ways. */
const SOLD_SIZES = new Set(GPUS.flatMap((g) => [Math.floor(g.totalMiB / 1024), Math.round(g.totalMiB / 1024)]));
const soldSize = (words: string) => {
  const figure = /(\d+(?:\.\d+)?)\s*(?:g|gb|gib|gigs?|go)\b/i.exec(words);
  return figure !== null && SOLD_SIZES.has(Math.round(Number(figure[1])));
};

/** How far around the figure its cue may sit: the clause it is in, not the paragraph. */
const REACH = 40;

export function withBareMemory(f: FactTrace, s: Scenario, text: string): FactTrace {
  if (f.fact !== 'card' || f.weak || f.at === null || f.end === null || !s.hardware || s.hardware.gpuId !== null) return f;
  if (f.asTotal || f.sizes || !/\d\s*(?:g|gb|gib|gigs?|go)\b/i.test(f.words)) return f;
  // The figure inside a hardware phrase ("8*24G", "2GPU, per 80G", "24G x 2"): a count or a card beside it says whose it is.
  const rest = f.words.replace(/\d+(?:\.\d+)?\s*(?:g|gb|gib|gigs?|go)\b/gi, ' ');
  if (GPU_WORDS.test(f.words) || OWNED.test(f.words) || DEVICE_NAME.test(rest) || /\d|[x×*]\s*$|^\s*[x×*]/i.test(rest)) return f;
  const lineStart = text.lastIndexOf('\n', f.at - 1) + 1;
  const lineEnd = text.indexOf('\n', f.end);
  const before = text.slice(Math.max(lineStart, f.at - REACH), f.at);
  const after = text.slice(f.end, Math.min(lineEnd < 0 ? text.length : lineEnd, f.end + REACH));
  if (GPU_WORDS.test(before) || GPU_WORDS.test(after) || OWNED.test(before) || OWNED.test(after)) return f;
  const placed = /^\s*(?:on|in|into)\b/i.test(f.words) || PLACE.test(before);
  if (placed && soldSize(f.words)) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), bareMemory: true };
}
