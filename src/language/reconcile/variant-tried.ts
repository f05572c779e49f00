import type { Item } from '../items.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * A quantised checkpoint of the model, named after the model itself as one more try, as the fallback
 * weighed, or as the variant that works, is not the run the message is about: that run is the model
 * named before it, in its own weights. Three sentence shapes say so:
 *
 * - one more try: "MiniCPM-V 2.6跑demo … 显存不够 … 接着又尝试了MiniCPM-V 2.6 int4也很慢" (then also tried
 *   the int4, slow too; OpenBMB/MiniCPM-V, corpus c1943), "I also tried the GPTQ version";
 * - the fallback weighed: "如果实在不行，是不是可以用qwen-vl-chat-int4去微调？" (if it really does not
 *   work, could I fine-tune qwen-vl-chat-int4?; QwenLM/Qwen-VL, c1182), "otherwise should I use the AWQ one?";
 * - the variant that works: "When I use the 4-bit version of LLaVA, the program works" beside LLaVA 7B's
 *   OOM (haotian-liu/LLaVA, c1197).
 *
 * Before, the format was read as the run's (c1943 and c1182 silently). The format is set aside, with a
 * note that names the words, so the reply says which weights it estimated and how to ask for the other.
 * Only where a model is named in an earlier sentence: a message that names only the quantised model runs it.
 */

export const VARIANT_TRIED_RULE = {
  id: 'reconcile.variant-tried',
  example: 'MiniCPM-V 2.6跑demo，本身机器显存8G，使用cuda提示显存不够。接着又尝试了MiniCPM-V 2.6 int4也很慢。',
  source: 'c1943; c1182; c1197',
} as const;

/** "also tried", "又尝试了", "也试过", right before the variant's name (up to a few words between). */
const ALSO_TRIED = /(?:(?:又|也|还|另外|再)(?:尝试|试)(?:了|过)?(?:一下)?(?:用|使用)?|\b(?:also|additionally|even)\s+(?:tried|tested)(?:\s+(?:out|with|using|loading|running))?)[^。.!?！？\n]{0,40}$/i;
/** "if it really does not work, could I use …", "否则可以用…", "otherwise should I use …": the fallback weighed. */
const FALLBACK =
  /(?:(?:如果|要是)?(?:实在|还是|真的)?不行(?:的话)?|否则|不然|\bif (?:that|it|this) (?:doesn't|does not|won't|will not|can't|cannot) (?:work|fit)|\botherwise|\bfailing that)[,，\s]*(?:我|那|那么|那就)?\s*(?:是不是|是否|能不能|能否|可不可以|可以|可否|要不要|就)*\s*(?:用|使用|换|换用|改用|\b(?:can|could|should|shall)\s+(?:i|we)\s+(?:just\s+)?(?:use|try|switch to|go (?:with|to)))[^。.!?！？\n]{0,40}$/i;
/** "when I use the …", "with the …": the variant said as the condition of a run that works. */
const WHEN_USED = /\b(?:when|if|once)\s+(?:i|we)\s+(?:use|load|run|try|switch to)\s+(?:the\s+|a\s+)?[^.!?\n]{0,30}$/i;
/** The rest of that sentence says the run works. */
const WORKS = /\b(?:works?|worked|runs? (?:fine|well|ok)|ran (?:fine|well)|fits?)\b|可以跑|能跑|跑起来|正常运行|没(?:有)?问题/i;

const QUANTISED = new Set(['int8', 'nf4', 'nf4-dq', 'gptq', 'awq', 'fp8', 'mxfp4']);
const NAMES_MODEL = new Set<Item['kind']>(['model', 'hub', 'size']);

/**
 * The model's family is said before `start` too: the saying kept may be the variant's own ("MiniCPM-V 2.6 int4")
 * or a later one ("llava-v1.5-7b" in the code after "LLaVA-1.6 7B"), the earlier collapsed into it as the same
 * model said again (reconcile/models.ts).
 */
function nameSaidBefore(text: string, m: Item, start: number): boolean {
  // The family's letters ("minicpm", "llava", "qwen"): "LLaVA-1.6 7B" before "llava-v1.5-7b" is the same model said two ways.
  const family = /^[a-z]+/.exec(m.text.trim().toLowerCase().replace(/^[\w.-]+\//, ''))?.[0] ?? '';
  return family.length >= 4 && text.slice(0, start).toLowerCase().includes(family);
}

function framed(text: string, w: Item): 'another try' | 'a fallback weighed' | 'the variant that works' | null {
  const start = sentenceStart(text, w.at);
  // A Chinese clause may start after a comma ("如果实在不行，是不是可以用…"): the whole sentence is read.
  const head = text.slice(start, w.at);
  if (ALSO_TRIED.test(head)) return 'another try';
  if (FALLBACK.test(head)) return 'a fallback weighed';
  if (WHEN_USED.test(head) && WORKS.test(text.slice(w.end, sentenceStop(text, w.end)))) return 'the variant that works';
  return null;
}

export function variantsTried(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  const aside = new Set<Item>();
  for (const w of items) {
    if (w.kind !== 'weights' || !QUANTISED.has(w.value)) continue;
    const how = framed(text, w);
    if (!how) continue;
    const start = sentenceStart(text, w.at);
    if (!items.some((m) => NAMES_MODEL.has(m.kind) && (m.end <= start || nameSaidBefore(text, m, start)))) continue;
    notes.push(`"${w.text.trim()}" set aside as your setup's weight format: said as ${how}, beside the model the message runs; estimated in its own weights (say "${w.value}" to estimate the quantised one)`);
    recordAside(owned, w, how);
    aside.add(w);
  }
  return aside.size ? items.filter((i) => !aside.has(i)) : items;
}
