import { CARD, CJK, JOINED_CARD, KEY, MEMORY, isProseLine, re } from './patterns.js';

/**
 * Meaning-preserving rewrites of a request line (issue 22): the small changes people make to a line
 * that reads right. Each is one a real person made — `seen` names a corpus line (test/corpus/
 * requests.jsonl) that writes it the rewritten way — and none is invented for the bench.
 *
 * `keeps` states what the rewrite claims to leave alone: a view of the text under which the line
 * before and after the rewrite are the same (test/bench/variations.test.ts holds every transform to
 * it on the corpus and on generated lines).
 */
export interface Transform {
  id: string;
  description: string;
  /** A corpus line written the rewritten way, with its thread. */
  seen: string;
  /** The line rewritten; null where the rewrite finds nothing to change. */
  apply(text: string): string | null;
  /** The view of a line that the rewrite leaves unchanged. */
  keeps(text: string): string;
}

const changed = (before: string, after: string): string | null => (after === before ? null : after);

/** Each line of a text rewritten alone (a rewrite for prose lines leaves a config line as it is). */
const perLine = (text: string, rewrite: (line: string) => string): string => text.split('\n').map(rewrite).join('\n');

/**
 * The words of a text as a bag, with every memory size in one unit ("80GB", "80 GiB", "80g" are "80G"):
 * what a card-notation rewrite keeps — the same cards and sizes, in any order and unit spelling.
 */
/** A word for the bag views: a Latin word or number ("v0.5", "A100"), or one character of another script ("显"). */
const WORD = /[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*|[^\sA-Za-z0-9_\p{P}\p{S}]/gu;

/**
 * Cards and memories as a bag of words, memory in one unit. A dot splits words here except inside a
 * decimal number: "A100 80GB.A100 80GB" and its rewrite "80GB A100.80GB A100" hold the same cards
 * (WORD would keep "80G.A100" and "A100.80G" whole, and they differ).
 */
const CARD_WORD = /\d+\.\d+|[A-Za-z0-9_]+|[^\sA-Za-z0-9_\p{P}\p{S}]/gu;

function cardsCanonical(text: string): string {
  const sized = text.replace(/(\d+(?:\.\d+)?) ?(?:GiB|GB|G|gb|g)(?![A-Za-z/])/g, '$1G');
  return (sized.match(CARD_WORD) ?? []).map((w) => w.toUpperCase()).sort().join(' ');
}

/** Words and numbers in order, with punctuation and spacing gone: what a change of spacing, punctuation or form keeps. */
const wordsOnly = (text: string): string => (text.match(/[\p{L}\p{N}_.]+/gu) ?? []).join(' ');

/** Model family names as a person types them in prose, not inside a path or an identifier ("meta-llama/Llama-2-7b-hf" is left alone). */
const MODEL_TOKEN = /(?<![\w./-])(?:llama|qwen|mistral|mixtral|gemma|falcon|baichuan|chatglm|deepseek|vicuna|bloom)[\w.-]*(?![\w/])/gi;

/** The last line of a text when it is prose (no key, flag or code), where a sentence's punctuation ends. */
function endsInProse(text: string): boolean {
  return isProseLine(text.trimEnd().split('\n').pop() ?? '');
}

/** The prose lines of a text rewritten, every other line left as it was pasted. */
const inProse = (text: string, rewrite: (line: string) => string): string => perLine(text, (line) => (isProseLine(line) ? rewrite(line) : line));

/** A count of cards ("8" of "8x A100"), not the last factor of a product ("2*8*H20" stays as written). */
const COUNT = String.raw`(?<![*x×] ?)\b(\d+)`;

/** A config line with a scalar value ("  per_device_train_batch_size: 4", "lora_target_modules: ['q_proj', 'v_proj']  # …"), not a nested mapping or a typed Python field. */
const SCALAR = String.raw`(?:\[[^\]\n]*\]|[^\s=(){}\[\],\\]+)(?:[ \t]+#.*)?`;
const CONFIG_LINE = String.raw`^([ \t]*)(${KEY}):[ \t]*(${SCALAR}[ \t]*)$`;
/** A key=value on a line of its own ("per_device_train_batch_size=2"), as a shell script or an .env file writes it. */
const ASSIGNMENT_LINE = String.raw`^([ \t]*)(${KEY})=(${SCALAR}[ \t]*)$`;

/** Two sentences on one line, split where one ends and a capital starts the next. */
function twoSentences(text: string): [string, string] | null {
  if (text.includes('\n')) return null;
  const parts = text.trim().split(/(?<=[.!?])\s+(?=[A-Z])/);
  if (parts.length !== 2) return null;
  const [first, second] = parts as [string, string];
  // A second sentence that points back ("It OOMs", "But …") leans on the first: not independent.
  if (/^(?:It|Its|This|That|These|Those|They|Then|But|So|And|Also|However|Here|There|Same|When|He|She)\b/.test(second)) return null;
  if (first.split(/\s+/).length < 4 || second.split(/\s+/).length < 4) return null;
  return [first, second];
}

/** Keys with their values in one form ("key 4"), whichever of ": ", "=", "--key " wrote them: what every key rewrite keeps. */
const keyValueCanonical = (t: string): string => t.replace(re(`(?<![\\w.-])(?:--)?(${KEY})[ \\t]*[:= \\t][ \\t]*`, 'g'), '$1 ');

const GREETING = 'Hi all,';
const THANKS = 'Thanks in advance!';

export const TRANSFORMS: readonly Transform[] = [
  {
    id: 'space-before-paren',
    description: 'a space before "(": "A100(80G)" → "A100 (80G)"',
    seen: 'c160 QwenLM/Qwen3-VL#1489 "A100 (80GB)" beside c573 YJiangcm/LTE#3 "A100(80G)"',
    apply: (t) => changed(t, inProse(t, (line) => line.replace(/([\p{L}\p{N}])\(/gu, '$1 ('))),
    keeps: (t) => t.replace(/ +\(/g, '('),
  },
  {
    id: 'paren-space-dropped',
    description: 'no space before "(": "A100 (80G)" → "A100(80G)"',
    seen: 'c573 YJiangcm/LTE#3 "A100(80G)"',
    apply: (t) => changed(t, inProse(t, (line) => line.replace(/([\p{L}\p{N}]) \(/gu, '$1('))),
    keeps: (t) => t.replace(/ +\(/g, '('),
  },
  {
    id: 'double-space',
    description: 'two spaces between words: "on 8 A100" → "on  8  A100"',
    seen: 'c009 vllm-project/vllm#1752, c042 huggingface/text-generation-inference#1831 (double spaces in prose)',
    apply: (t) => changed(t, inProse(t, (line) => line.replace(/(\S) (?=\S)/g, '$1  '))),
    keeps: (t) => t.replace(/ {2,}/g, ' '),
  },
  {
    id: 'card-lowercase',
    description: 'a card name in lower case: "RTX 4090" → "rtx 4090", "V100" → "v100"',
    seen: 'c026 unslothai/unsloth#824 "rtx 4090", c073 turboderp/exllama#186 "v100"',
    apply: (t) => changed(t, t.replace(re(`(?<![\\w/])${CARD}(?![\\w/])`, 'g'), (card) => card.toLowerCase())),
    keeps: (t) => t.toLowerCase(),
  },
  {
    id: 'model-uppercase',
    description: 'a model name typed in capitals in prose: "Llama-2-7b" → "LLAMA-2-7B"',
    seen: 'c035 meta-pytorch/torchtune#1694, c064 hiyouga/LlamaFactory#5709 "LLAMA"',
    apply: (t) => changed(t, t.replace(MODEL_TOKEN, (name) => name.toUpperCase())),
    keeps: (t) => t.toLowerCase(),
  },
  {
    id: 'model-lowercase',
    description: 'a model name typed in lower case in prose: "Qwen2-7B" → "qwen2-7b"',
    seen: 'c001 tloen/alpaca-lora#389 "llama-7b", c027 hiyouga/LlamaFactory#3524 "llama2"',
    apply: (t) => changed(t, t.replace(MODEL_TOKEN, (name) => name.toLowerCase())),
    keeps: (t) => t.toLowerCase(),
  },
  {
    id: 'count-times-sign',
    description: 'a count of cards with "×": "8x A100" → "8× A100"',
    seen: 'c579 QwenLM/Qwen3-VL#1493 "8 × H"',
    apply: (t) => changed(t, t.replace(re(`${COUNT}( ?)[x*]( ?)(?=${CARD}\\b)`, 'gi'), '$1$2×$3')),
    keeps: (t) => t.replace(re(`\\b(\\d+) ?[x×*] ?(?=${CARD}\\b)`, 'gi'), '$1x'),
  },
  {
    id: 'count-star',
    description: 'a count of cards with "*": "8x A100" → "8*A100"',
    seen: 'c015 deepspeedai/DeepSpeed#3448 "8*A100", c006 vllm-project/vllm#6689 "4*H100"',
    apply: (t) => changed(t, t.replace(re(`${COUNT}( ?)[x×]( ?)(?=${CARD}\\b)`, 'gi'), '$1$2*$3')),
    keeps: (t) => t.replace(re(`\\b(\\d+) ?[x×*] ?(?=${CARD}\\b)`, 'gi'), '$1x'),
  },
  {
    id: 'count-x',
    description: 'a count of cards with "x": "8*A100" → "8xA100", "8 × H100" → "8 x H100"',
    seen: 'c033 haotian-liu/LLaVA#655 "8xA100", c051 meta-llama/llama-cookbook#234 "8x V100"',
    apply: (t) => changed(t, t.replace(re(`${COUNT}( ?)[×*]( ?)(?=${CARD}\\b)`, 'gi'), '$1$2x$3')),
    keeps: (t) => t.replace(re(`\\b(\\d+) ?[x×*] ?(?=${CARD}\\b)`, 'gi'), '$1x'),
  },
  {
    id: 'memory-G-to-GB',
    description: 'a memory size in GB: "80G" → "80GB"',
    seen: 'c028 unslothai/unsloth#22 "A100 80GB" beside c021 axolotl-ai-cloud/axolotl#1439 "A100 80G"',
    apply: (t) => changed(t, t.replace(re(MEMORY), (m, size: string, sp: string, unit: string) => (/^g$/i.test(unit) ? `${size}${sp}GB` : m))),
    keeps: cardsCanonical,
  },
  {
    id: 'memory-GB-to-G',
    description: 'a memory size in G: "80GB" → "80G"',
    seen: 'c021 axolotl-ai-cloud/axolotl#1439 "A100 80G", c001 tloen/alpaca-lora#389 "3090 24g"',
    apply: (t) => changed(t, t.replace(re(MEMORY), (m, size: string, sp: string, unit: string) => (/^gb$/i.test(unit) ? `${size}${sp}G` : m))),
    keeps: cardsCanonical,
  },
  {
    id: 'memory-spaced',
    description: 'a space between a memory size and its unit: "80GB" → "80 GB"',
    seen: 'c032 Lightning-AI/litgpt#553 "24 GB", c069 meta-llama/llama#480',
    apply: (t) => changed(t, t.replace(re(MEMORY), (m, size: string, sp: string, unit: string) => (!sp && /^g(?:i?b)$/i.test(unit) ? `${size} ${unit}` : m))),
    keeps: cardsCanonical,
  },
  {
    id: 'memory-GiB',
    description: 'a memory size in GiB: "80GB" / "80G" → "80GiB"',
    seen: 'c170 johnsmith0031/alpaca_lora_4bit#50 "4GiB", c351 NVIDIA/TensorRT-LLM#67 "5 GiB"',
    apply: (t) => changed(t, t.replace(re(MEMORY), (_m, size: string, sp: string) => `${size}${sp}GiB`)),
    keeps: cardsCanonical,
  },
  {
    id: 'memory-before-card',
    description: 'the memory before the card: "A100 80GB" → "80GB A100"',
    seen: 'c097 simplescaling/s1#106 "80GB A100", c039 huggingface/text-generation-inference#832 "80G A100"',
    // Not after a dot: "rtx 4090.A100 80GB" (a generated line) would become "4090.80GB", one number; nor before a
    // dot and a digit: "RTX 3090 24G.80G" (ci-s42b's counterexample) would leave "3090.80G", one number.
    apply: (t) => changed(t, t.replace(re(`(?<![\\w/.])(${CARD}) ${MEMORY}(?!\\.\\d)`, 'g'), (_m, card: string, size: string, sp: string, unit: string) => `${size}${sp}${unit} ${card}`)),
    keeps: cardsCanonical,
  },
  {
    id: 'memory-after-card',
    description: 'the memory after the card: "80GB A100" → "A100 80GB"',
    seen: 'c028 unslothai/unsloth#22 "A100 80GB"',
    apply: (t) => changed(t, t.replace(re(`${MEMORY} (${CARD})(?![\\w/])`, 'g'), (_m, size: string, sp: string, unit: string, card: string) => `${card} ${size}${sp}${unit}`)),
    keeps: cardsCanonical,
  },
  {
    id: 'card-hyphen-memory',
    description: 'the memory joined to the card: "A100 80GB" / "80GB A100" → "A100-80G"',
    seen: 'c004 vllm-project/vllm#6689, c020 deepspeedai/DeepSpeed#4953 "A100-80G"',
    apply: (t) =>
      changed(
        t,
        t
          .replace(re(`(?<![\\w/])(${JOINED_CARD}) ${MEMORY}`, 'g'), (_m, card: string, size: string) => `${card}-${size}G`)
          .replace(re(`${MEMORY} (${JOINED_CARD})(?![\\w/])`, 'g'), (_m, size: string, _sp, _unit, card: string) => `${card}-${size}G`),
      ),
    keeps: cardsCanonical,
  },
  {
    id: 'cjk-fullwidth',
    description: 'full-width punctuation in a Chinese line: "," ":" "()" → "，" "：" "（）"',
    seen: 'c066 hiyouga/LlamaFactory#8482 "：", c286 hiyouga/LlamaFactory#10841 "（", c001 tloen/alpaca-lora#389 "，"',
    apply: (t) =>
      changed(
        t,
        perLine(t, (line) =>
          CJK.test(line) ? line.replace(/,\s*/g, '，').replace(/:(?!\/\/|\d)\s*/g, '：').replace(/\(/g, '（').replace(/\)/g, '）') : line,
        ),
      ),
    keeps: (t) => wordsOnly(t.replace(/，/g, ',').replace(/：/g, ':').replace(/（/g, '(').replace(/）/g, ')')),
  },
  {
    id: 'cjk-halfwidth',
    description: 'ASCII punctuation in a Chinese line: "，" "：" "（）" → "," ":" "()"',
    seen: 'c001 tloen/alpaca-lora#389 "3090 24g，跑llama-7b" beside lines typed with ASCII commas in Chinese (c010 vllm-project/vllm#1752)',
    apply: (t) => changed(t, t.replace(/，/g, ',').replace(/：/g, ':').replace(/（/g, '(').replace(/）/g, ')')),
    keeps: (t) => wordsOnly(t.replace(/，/g, ',').replace(/：/g, ':').replace(/（/g, '(').replace(/）/g, ')')),
  },
  {
    id: 'key-colon-to-equals',
    description: 'a key with "=" instead of ": ": "per_device_train_batch_size: 4" → "per_device_train_batch_size=4"',
    seen: 'c244 unslothai/unsloth#2818 "per_device_train_batch_size=2" beside c066 hiyouga/LlamaFactory#8482 "per_device_train_batch_size: 4"',
    apply: (t) => changed(t, t.replace(re(CONFIG_LINE, 'gm'), '$1$2=$3')),
    keeps: (t) => keyValueCanonical(t),
  },
  {
    id: 'key-colon-to-flag',
    description: 'a key as a command-line flag: "per_device_train_batch_size: 4" → "--per_device_train_batch_size 4"',
    seen: 'c027 hiyouga/LlamaFactory#3524 "--per_device_train_batch_size 4" beside c066 hiyouga/LlamaFactory#8482 (the same key in YAML)',
    apply: (t) => changed(t, t.replace(re(CONFIG_LINE, 'gm'), '$1--$2 $3')),
    keeps: (t) => keyValueCanonical(t),
  },
  {
    id: 'key-colon-dropped',
    description: 'a key written without its colon: "num_layers: 28" → "num_layers 28"',
    seen: 'c424 ssbuild/chatglm_finetuning#70 "layer_num 28"',
    apply: (t) => changed(t, t.replace(re(CONFIG_LINE, 'gm'), '$1$2 $3')),
    keeps: (t) => keyValueCanonical(t),
  },
  {
    id: 'key-equals-to-colon',
    description: 'a key=value written as YAML: "per_device_train_batch_size=2" → "per_device_train_batch_size: 2"',
    seen: 'c066 hiyouga/LlamaFactory#8482 "per_device_train_batch_size: 4" beside c244 unslothai/unsloth#2818 "per_device_train_batch_size=2"',
    apply: (t) => changed(t, t.replace(re(ASSIGNMENT_LINE, 'gm'), '$1$2: $3')),
    keeps: (t) => keyValueCanonical(t),
  },
  {
    id: 'key-flag-to-equals',
    description: 'a flag with "=": "--per_device_train_batch_size 4" → "--per_device_train_batch_size=4"',
    seen: 'c023 huggingface/trl#4100 "--num_processes=8", c100 huggingface/open-r1#506 "--config_file=…"',
    // A flag already followed by its "=" after a space ("`--lora_r =4`", c1808) is no flag-and-value pair.
    apply: (t) => changed(t, t.replace(re(`(?<![\\w.-])--(${KEY})[ \\t]+(?=[^\\s\\\\=-])`, 'g'), '--$1=')),
    keeps: (t) => keyValueCanonical(t),
  },
  {
    id: 'greeting-before',
    description: 'a greeting before the request: "Hi all, …"',
    seen: 'c044 huggingface/text-generation-inference#2160 "Hi", c024 unslothai/unsloth#995 "Hello"',
    apply: (t) => (t.startsWith(GREETING) ? null : `${GREETING}${t.includes('\n') ? '\n' : ' '}${t}`),
    keeps: (t) => (t.startsWith(GREETING) ? t.slice(GREETING.length).replace(/^[ \n]/, '') : t),
  },
  {
    id: 'thanks-after',
    description: 'thanks after the request: "… Thanks in advance!"',
    seen: 'c589 OpenRLHF/OpenRLHF#961 "Thanks in advance", c328 unslothai/unsloth#2937 "Thank you"',
    apply: (t) => (t.trimEnd().endsWith(THANKS) ? null : `${t.trimEnd()}\n${THANKS}`),
    keeps: (t) => t.trimEnd().replace(/\s*Thanks in advance!$/, ''),
  },
  {
    id: 'sentence-swap',
    description: 'two independent sentences in the other order',
    seen: 'c015 deepspeedai/DeepSpeed#3448 (title sentence, then the symptom), c017 deepspeedai/DeepSpeed#2899',
    apply: (t) => {
      const pair = twoSentences(t);
      if (!pair) return null;
      const [first, second] = pair;
      return `${/[.!?]$/.test(second) ? second : `${second}.`} ${first}`;
    },
    keeps: (t) => (t.match(/[\p{L}\p{N}_]+/gu) ?? []).sort().join(' '),
  },
  {
    id: 'question-mark-added',
    description: 'a question mark at the end: "… on 8 A100" → "… on 8 A100?"',
    seen: 'c006 vllm-project/vllm#6689, c010 vllm-project/vllm#1752 (requests that end in "?")',
    apply: (t) => (endsInProse(t) && !/[?？]\s*$/.test(t) ? t.trimEnd().replace(/[.。]$/, '') + '?' : null),
    keeps: (t) => t.replace(/[?？.。\s]+$/, ''),
  },
  {
    id: 'question-mark-dropped',
    description: 'no question mark at the end: "… on 8 A100?" → "… on 8 A100"',
    seen: 'c001 tloen/alpaca-lora#389 ends "？？" mid-text; most corpus requests end without one',
    apply: (t) => (/[?？]\s*$/.test(t) ? t.replace(/[?？\s]+$/, '') : null),
    keeps: (t) => t.replace(/[?？.。\s]+$/, ''),
  },
];
