import { editDistance, nearestSpelling } from './fuzzy.js';
import { ENGLISH_NEAR_KEYWORDS } from './english-near-keywords.js';
import { tokenize, type Token } from './lexer.js';

/**
 * A word not read, and the keyword it is a near-miss of (DESIGN §2: a word close to a keyword is an
 * error with a suggestion): "did you mean" is said only where the word keeps the keyword's meaning.
 */

/**
 * English words one letter off a keyword: a word of their own, never its typo. "content" is a chat
 * message's key (`"content": [{"type": "image", … "min_pixels": 224 * 224}]`, QwenLM/Qwen3-VL#518,
 * c721), and read as "context" it made 224 the length. "turning" is no "tuning": "after turning on
 * \"verbose\"" (KLL535/ComfyUI_Simple_Qwen3-VL-gguf#25, c1233) made a GGUF load a fine-tune.
 */
const WORDS_NOT_TYPOS = new Set(['content', 'contest', 'turning']);

/** The keyword token a long, letters-only word one edit away from a keyword spelling stands for. */
export function typoOf(word: string, suggestion: string): Token | null {
  if (!/^[a-z]{7,}$/.test(word) || WORDS_NOT_TYPOS.has(word)) return null;
  const key = suggestion.toLowerCase().replace(/[\s_\-]/g, '');
  if (!/^[a-z]+$/.test(key) || editDistance(word, key, 1) > 1) return null;
  // A word that only adds or drops an ending ("decoder", "trainer") is another English word.
  if (word.startsWith(key) || key.startsWith(word)) return null;
  const tokens = tokenize(suggestion.toLowerCase()).filter((t) => t.type !== 'ws');
  return tokens.length === 1 && tokens[0]!.type !== 'word' ? tokens[0]! : null;
}

/**
 * Suggest a spelling only for a real near-miss of it (issue 22, item 4: "did you mean "full"?" for
 * "fully" is noise). Never for a word of the English list (english-near-keywords.ts: "leads" is no
 * "loads", "content" no "context", "long" no "longlora", "weights" no "weights fp8"), nor for the
 * keyword with an ending ("fully", "lengths", "outputs", "compared"). A setting word the reader did
 * not read stays pointed at its setting: "NVMe" → "nvme offload" (deepspeedai/DeepSpeed#3000, c340),
 * "optim" → "optimizer offload".
 */
export function meaningfulSuggestion(word: string): string | null {
  const suggestion = nearMiss(word);
  if (!suggestion) return null;
  const typed = word.toLowerCase();
  if (ENGLISH_NEAR_KEYWORDS.has(typed) || ML_WORDS.has(typed)) return null;
  // Another form of the keyword, as a whole ("input_lengths" of "input length") or of its first word ("fully" of "full").
  const first = /^[a-z]+/.exec(suggestion.toLowerCase())?.[0] ?? '';
  const [t, k] = [typed.replace(/[\s_\-]/g, ''), suggestion.toLowerCase().replace(/[\s_\-]/g, '')];
  if (/^[a-z]+$/.test(t) && [first, k].some((f) => f.length >= 3 && (inflects(t, f) || inflects(f, t)))) return null;
  // A name with digits is a near-miss only when few of its characters differ: "zer3" (zero3), "bf61" (bf16), "4090D"
  // (RTX-4090), one in four or fewer; "f16" (llama.cpp's fp16) is not "bf16", "WSL2" not "exl2", "CL32" not "fp32".
  if (/\d/.test(t) && !k.startsWith(t) && editDistance(t, nearestKey(t, k), 3) / t.length > 0.25) return null;
  return suggestion;
}

/** What a word with digits is compared with: the key, or the key from its digits where the word starts with them ("4090D" with "rtx4090"'s "4090"). */
function nearestKey(typed: string, key: string): string {
  const digits = /\d+/.exec(typed)?.[0] ?? '';
  const at = digits ? key.indexOf(digits) : -1;
  return at > 0 && typed.startsWith(digits) ? key.slice(at) : key;
}

/**
 * Words of the field that no English list holds, never a typo: "pretrained" is a checkpoint's adjective
 * ("load the pretrained weights", `from_pretrained`), never "pretrained from scratch" (corpus c526, c976, c996);
 * "quantised" / "quantized" and "online" alone ("quantised with gptq", "online RL") are not the
 * "quantised at load" / "online quantization" setting whose first word they are (vocabulary.ts).
 */
// "rollout", "sleep" and "colocate" alone ("vllm rollout", "went to sleep") are not the rollout engine's
// settings whose first word they are ("rollout colocate", "sleep mode": memory/rollout-engine.ts).
const ML_WORDS: ReadonlySet<string> = new Set(['pretrained', 'quantised', 'quantized', 'online', 'rollout', 'rollouts', 'sleep', 'colocate', 'colocated', 'enable']);

/** Endings that make another form of a word ("full" → "fully", "length" → "lengths", "compare" → "compared"). */
const ENDINGS = ['s', 'es', 'd', 'ed', 'r', 'er', 'ers', 'y', 'ly', 'ing', 'ings', 'ion', 'ions', 'ive', 'al'];

/** `longer` is `stem` with an ending. */
const inflects = (longer: string, stem: string) => longer.length > stem.length && longer.startsWith(stem) && ENDINGS.includes(longer.slice(stem.length));

/**
 * The nearest spelling that keeps the meaning — same digits, or the word is its beginning — before
 * any word list: scripts/english-near-keywords.mjs lists the English words this reaches.
 */
export function nearMiss(word: string): string | null {
  const suggestion = nearestSpelling(word);
  if (!suggestion) return null;
  const digits = (s: string) => [...s.replace(/\D/g, '')].sort().join('');
  const key = suggestion.toLowerCase().replace(/[\s_\-]/g, '');
  const typed = word.replace(/[\s_\-]/g, '');
  if (key.startsWith(typed) && typed.length >= 3) return suggestion;
  if (namesItsOwn(typed, key)) return null;
  if (digits(typed) !== digits(key)) return null;
  // A word of letters only is a typo of a keyword only when long enough to tell ("adafactr"), not "tom" → "oom".
  if (digits(typed) === '' && (typed.length < 5 || editDistance(typed, key, 2) > 1)) return null;
  return suggestion;
}

/**
 * A name of letters with letters written before it is a name of its own, not a typo of it:
 * "ktransformers" (kvcache-ai/ktransformers, corpus c692) is not Hugging Face's "transformers".
 * Names with digits are left to the typo rules ("nvidiah100" is still the H100).
 */
function namesItsOwn(typed: string, key: string): boolean {
  const at = typed.indexOf(key);
  return at > 0 && key.length >= 5 && /^[a-z]+$/.test(key) && /^[a-z]+$/.test(typed.slice(0, at));
}
