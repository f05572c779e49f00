/**
 * A number the reader could not place that says no setup: a time ("after about 10 minutes"), a
 * speed ("11 tok/sec"), a share ("at 95%"), a step or epoch count ("after ~30 steps"), a version
 * ("Ubuntu server 24.04"), a port. It is never listed as an unread setup word (issue 22, item 4):
 * "not read: "10"" asks the user about a setting that is not one. The number is still accounted
 * for: accounting.ts lists it once under "not used", with the words around it in the text.
 * Corpus: "the server crashes after about 10 minutes" (c318), "decent performance (11 tok/sec)"
 * (c205), "Ubuntu server 24.04, fully up2date" (c325), and the stranger's "after ~30 steps I get
 * CUDA out of memory" the lead saw.
 */
const AFTER = /^\s?(?:%|percent\b|(?:min(?:ute)?s?|secs?|seconds?|ms|hours?|hrs?|days?|weeks?|months?|years?)\b|s\b(?!\s*\/)|(?:tok(?:en)?s?|t|it|samples?)\s*\/\s*(?:s|sec|second)\b|tokens?\s+per\s+second\b|(?:steps?|epochs?|iterations?|iters?)\b|x\s+(?:faster|slower|more|less)\b|times\s+(?:faster|slower|more|less)\b)/i;
const BEFORE = /(?:\bv|\bversion\s*:?\s*|\b(?:ubuntu|debian|centos|python|cuda|torch|pytorch|driver|port)(?:\s+(?:server|desktop|lts))?\s*[:=]?\s*)$/i;
/** "accumulate over 8 steps", "gradient_accumulation_steps 8": a step count that is a setting. */
const ACCUMULATION = /accumulat|\bga\b/i;

export function isNoSetupNumber(text: string, word: string, at: number): boolean {
  if (!/^\d+(?:[.,]\d+)*$/.test(word)) return false;
  const after = text.slice(at + word.length, at + word.length + 32);
  const before = text.slice(Math.max(0, at - 40), at);
  if (AFTER.test(after)) return !(/^\s?steps?\b/i.test(after) && ACCUMULATION.test(before));
  return BEFORE.test(before);
}
