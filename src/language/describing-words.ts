/**
 * Words that describe a model rather than name one (issue 22, b12 item 4): "Thanks for making such
 * a powerful model widely available" (c525) has "model" next to "powerful", the cue the reader
 * takes for an unknown model's name, and was refused as an unknown model "powerful". An unknown
 * word is a model's name only with a model cue; an adjective before "model" is none.
 */
const DESCRIBING = new Set([
  'such', 'very', 'really', 'quite', 'same', 'whole', 'entire', 'other', 'another', 'own', 'any', 'every', 'each', 'some', 'that', 'this', 'these', 'those', 'which', 'what', 'whose',
  'good', 'great', 'nice', 'cool', 'amazing', 'awesome', 'impressive', 'excellent', 'fantastic', 'strong', 'smart', 'fast', 'slow', 'better', 'best', 'worse', 'worst',
  'big', 'bigger', 'biggest', 'huge', 'large', 'larger', 'largest', 'small', 'smaller', 'smallest', 'tiny', 'little', 'new', 'newer', 'newest', 'old', 'older', 'latest',
  'original', 'current', 'previous', 'specific', 'particular', 'different', 'similar', 'single', 'whole', 'complete', 'final', 'official', 'local', 'remote', 'custom',
  'trained', 'pretrained', 'finetuned', 'merged', 'converted', 'exported', 'saved', 'loaded', 'resulting', 'underlying', 'chosen', 'selected', 'given',
  // A model's role in a run names none ("with the Agent model", zai-org/CogVLM's CogAgent thread, c1213;
  // OpenRLHF's "reward model", "critic model"): the run's model is named elsewhere or asked for.
  'agent', 'base', 'chat', 'instruct', 'language', 'reward', 'critic', 'actor', 'policy', 'reference', 'draft', 'teacher', 'student', 'target', 'main', 'embedding', 'vision', 'text',
  // A verb before "model" names none: "I put model _path as --model_name_or_path Qwen/…" (c1274).
  'put', 'use', 'load', 'run', 'save', 'train', 'call', 'pass', 'set', 'change', 'download', 'serve', 'deploy',
  // How the model is reached names none ("If I don't use the request model", a demo's HTTP client beside its server).
  'request', 'requests', 'server', 'client', 'api', 'demo', 'service', 'default', 'quantized', 'quantised',
]);

/**
 * One slip of the keys from such a word: a letter swapped with its neighbour, dropped, doubled or mistyped
 * ("If I don't use the requset model", bananaml/demo-mistral-7b-instruct-v0.1#1, corpus c2703, was asked about a
 * model "requset"). Only words of five letters or more, so a short name one letter from a word stays a name.
 */
export function misspeltDescribingWord(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length < 5 || !/^[a-z]+$/.test(w) || DESCRIBING.has(w)) return false;
  for (const known of DESCRIBING) if (known.length >= 5 && oneSlipApart(w, known)) return true;
  return false;
}

/** Whether `a` is `b` with one letter swapped with the next, dropped, added or changed. */
function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A past participle ("customized model", "quantized model", c1130): it says what was done to a model. */
const PARTICIPLE = /^[a-z]{4,}(?:ized|ised|ed)$/;

/** English endings of adjectives ("powerful", "famous", "impressive", "capable", "biggest"). */
const ADJECTIVE_ENDING = /^[a-z]{3,}(?:ful|ous|ive|able|ible|less)$/;

/** Whether a word before "model" describes it ("a powerful model") rather than names it ("the zephyr model"). */
export function describesModel(word: string): boolean {
  const w = word.toLowerCase();
  return DESCRIBING.has(w) || ((ADJECTIVE_ENDING.test(w) || PARTICIPLE.test(w)) && !/\d/.test(w));
}
