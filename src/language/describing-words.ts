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
]);

/** A past participle ("customized model", "quantized model", c1130): it says what was done to a model. */
const PARTICIPLE = /^[a-z]{4,}(?:ized|ised|ed)$/;

/** English endings of adjectives ("powerful", "famous", "impressive", "capable", "biggest"). */
const ADJECTIVE_ENDING = /^[a-z]{3,}(?:ful|ous|ive|able|ible|less)$/;

/** Whether a word before "model" describes it ("a powerful model") rather than names it ("the zephyr model"). */
export function describesModel(word: string): boolean {
  const w = word.toLowerCase();
  return DESCRIBING.has(w) || ((ADJECTIVE_ENDING.test(w) || PARTICIPLE.test(w)) && !/\d/.test(w));
}
