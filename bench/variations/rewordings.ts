import { CARD, isProseLine, re } from './patterns.js';
import { inProse } from './prose-lines.js';
import { LENGTH_BEFORE, PROSE_BATCH, lengthWordsAsOne, renameLengthWord, tokens } from './shape-settings.js';
import type { Transform } from './transforms.js';

/**
 * Rewordings (issue 22, bench:variations' third family): the same request typed with other words —
 * the count of cards after the card ("A100-80G x4") or in a plural with its memory in parentheses
 * ("4 A100s (80 GB)"), a length as "4096 tokens" or as a trainer key ("max_seq_len=4096"), a batch as
 * "bs 2", "batch size of 2" or "per_device_train_batch_size=2", "on" / "with" / "using" before the
 * cards, the cards moved to the front of the sentence, a "Thanks!" on the same line, a line typed in
 * lower case. Each keeps the meaning exactly; `keeps` is the view both lines share. Only prose lines
 * are rewritten (a command or a config stays as pasted).
 */

const changed = (before: string, after: string): string | null => (after === before ? null : after);

/** A memory after a card: " 80GB", "-80G", " 80 GB". */
const CARD_MEMORY = String.raw`(?:([ -])(\d+) ?(GiB|GB|G|gb|g))`;

/**
 * A counted card in prose: "8x A100", "8 A100 80GB", "4*A100-80G"; not a plural ("2 A100s": the count
 * is already in words' order), not a factor of a product ("2*8*H20"), not a version ("Llama-2 A100").
 */
const COUNTED_CARD = re(String.raw`(?<![\w/.*×x-])(\d{1,2}) ?(?:[x×*] ?)?(${CARD})${CARD_MEMORY}?(?![\w/-])`, 'gi');

/** An L-series card whose plural names another card ("L40s" is NVIDIA's L40S). */
const pluralNamesAnother = (card: string): boolean => /^l\d+$/i.test(card);

/**
 * The characters of a text as a bag, without the marks a card count is written with ("x", "×", "*"), a
 * plural's "s", spaces, hyphens, parentheses and memory units: what a card-count rewrite keeps — the same card,
 * count and memory digits, whichever side of the card the count stands.
 */
function countBag(t: string): string {
  return [...t.toLowerCase().replace(/gib|gb|[x×*\s()sg-]/g, '')].sort().join('');
}

/** A length phrase with an article before it ("a context length of 4096") or "tokens" after it ("of 128K tokens"): both go with the phrase. */
const LENGTH_WITH_ARTICLE = new RegExp(String.raw`(?:\b(?:a|an|the) )?${LENGTH_BEFORE.source}(?:\s*tokens?\b)?`, 'gi');
/** "4096 tokens", the form length-as-tokens writes. */
const TOKENS_AFTER = /(?<![\w.,-])(\d+) tokens\b/g;

/** Length phrases and "N tokens" read as one form: what length-as-tokens keeps. */
const lengthsAsOne = (t: string): string =>
  t
    .replace(LENGTH_WITH_ARTICLE, (_m, _w, _j, typed: string) => `⟨length⟩ ${tokens(typed) ?? typed}`)
    .replace(TOKENS_AFTER, (_m, n: string) => `⟨length⟩ ${n}`);

/** A batch in prose as "bs 2", "bs=2" or "batch size of 2" (PROSE_BATCH's forms and "bs"). */
const BS = /(?<![\w-])bs ?[=:]? ?(\d+)(?![\w.,])/gi;
/** Every prose batch form read as one: what the batch rewrites keep. */
const batchesAsOne = (t: string): string =>
  t
    .replace(PROSE_BATCH, (_m, n: string) => `⟨batch⟩ ${n}`)
    .replace(BS, (_m, n: string) => `⟨batch⟩ ${n}`)
    .replace(/(?<![\w-])per_device_train_batch_size=(\d+)/g, (_m, n: string) => `⟨batch⟩ ${n}`);

/** Every prose batch of a text written by `write` ("batch size 2", "bs 2", "micro batch size of 2"). */
const rewriteBatches = (text: string, write: (n: string) => string): string =>
  inProse(text, (line) =>
    line
      // "micro batch size 1 / batch_size 32" (alpaca-lora, c155): "micro" tells it from the global batch beside it, so it stays.
      .replace(PROSE_BATCH, (m, n: string) => (/^micro/i.test(m) ? m : write(n)))
      .replace(BS, (_m, n: string) => write(n)),
  );

/** A message about serving: a batch there is no trainer's per-device batch. */
const SERVING = /\b(?:vllm|sglang|serv(?:e|ing|er)|inference|ollama|llama\.cpp|llama-cpp|tgi|text-generation|lmdeploy|tensorrt|exllama|generat\w*|decode|kv ?cache)\b/i;

/** The cards a preposition governs: "8x A100 80GB", "a 4090", "two H100s", "4 GPUs". */
const CARD_PHRASE = String.raw`(?:(?:\d{1,2} ?(?:[x×*] ?)?|a |an |one |two |three |four |six |eight |single |dual )(?:NVIDIA |Nvidia |nvidia |Tesla )?(?:${CARD})(?:s(?!\w))?(?:[ -]\d+ ?(?:GiB|GB|G|gb|g))?|\d{1,2} ?(?:x ?)?(?:GPUs?|gpus?|cards?))`;
// Not "a node equipped with 8 A100" (possession, no place to run), not "with 2 gpu layers" (llama.cpp's offload).
const PREP_CARDS = re(String.raw`(?<![\w-])(?<!(?:equipped|fitted|built|server|machine|node|box|cluster|workstation|system) )(on|with|using)(?= ${CARD_PHRASE}(?![\w/-])(?! ?(?:gpu|GPU)? ?layers?\b))`, 'gi');

/** "on", "with", "using" before the cards read as one word: what a change of preposition keeps. */
const prepositionsAsOne = (t: string): string => t.replace(PREP_CARDS, '⟨on⟩');

/** The prepositions before the cards of prose lines written as `word`, the first letter's case kept. */
function swapPreposition(text: string, word: string): string {
  return inProse(text, (line) =>
    line.replace(PREP_CARDS, (m) => (m.toLowerCase() === word ? m : /^[A-Z]/.test(m) ? word[0]!.toUpperCase() + word.slice(1) : word)),
  );
}

/** A one-sentence prose line ending in its cards: "I fine-tune llama-7b with lora on 8x A100 80GB." */
const ENDS_IN_CARDS = re(String.raw`^(\s*)([A-Za-z][^\n]*?\S),?\s+(?:on|with|using) (${CARD_PHRASE})( GPUs?| gpus?| cards?)?([.?!]?)\s*$`, 'i');

/** The cards of a one-sentence line moved to its front: "On 8x A100 80GB, I fine-tune llama-7b with lora." */
function cardsToFront(text: string): string {
  return inProse(text, (line) => {
    const m = line.match(ENDS_IN_CARDS);
    if (!m) return line;
    const [, indent, rest, cards, noun = '', end] = m as unknown as [string, string, string, string, string | undefined, string];
    // A second sentence, a list item or a heading: the cards may belong to a part of it only.
    if (/[.!?;:]\s|^[-*#>]|\bthan\b|\bvs\.?\b|\bor\b/i.test(rest)) return line;
    const lead = /^[A-Z][a-z]/.test(rest) && !/^I\b/.test(rest) ? rest[0]!.toLowerCase() + rest.slice(1) : rest;
    return `${indent}On ${cards}${noun}, ${lead}${end}`;
  });
}

/** The words of a text as a lower-case bag, the preposition before the cards left out ("with" becomes "On" at the front): what a change of word order keeps. */
const wordBag = (t: string): string =>
  (t.toLowerCase().match(/[\p{L}\p{N}_.]+/gu) ?? [])
    .map((w) => w.replace(/\.$/, ''))
    .filter((w) => !/^(?:on|with|using)$/.test(w))
    .sort()
    .join(' ');

const THANKS = 'Thanks!';

/**
 * A length written as a key ("max_seq_len=4096"): a key's value has no thousands comma ("4,000" is
 * 4000), and a line of tool output ("Output generated … context 56") or a length under 128 ("context
 * 16" of textgen's log, c508) is no setting a person would retype as a key.
 */
function lengthAsKey(text: string, name: string): string {
  if (/tokens\/s|Output generated/.test(text)) return text;
  const plain = inProse(text, (line) =>
    line.replace(LENGTH_BEFORE, (m, word: string, join: string, typed: string) => (/,/.test(typed) ? `${word}${join}${typed.replace(/,/g, '')}` : m)),
  );
  const tooShort = [...plain.matchAll(LENGTH_BEFORE)].some((m) => (tokens(m[3]!) ?? 0) < 128);
  return tooShort ? text : renameLengthWord(plain, name);
}

export const REWORDINGS: readonly Transform[] = [
  {
    id: 'count-after-card',
    description: 'the count after the card: "4x A100 80GB" → "A100 80GB x4", "8*A100-80G" → "A100-80G x8"',
    seen: 'c460 deepspeedai/DeepSpeed-MII#224 "A100 x 8", c599 hiyouga/LlamaFactory#4263 "A100 x 8", c654 OpenRLHF/OpenRLHF#384 "A100-80Gx8"',
    apply: (t) =>
      changed(
        t,
        inProse(t, (line) =>
          line.replace(COUNTED_CARD, (m, n: string, card: string, sep: string | undefined, size: string | undefined, unit: string | undefined) =>
            Number(n) < 2 ? m : `${card}${size ? `${sep}${size}${unit}` : ''} x${n}`,
          ),
        ),
      ),
    keeps: countBag,
  },
  {
    id: 'count-plural-paren',
    description: 'a plural card with its memory in parentheses: "4x A100 80GB" → "4 A100s (80 GB)"',
    seen: 'c453 EleutherAI/gpt-neox#892 "8 A100 (80G)", c1030 rhymes-ai/Aria#38 "8 A100 (80GB)", c295 verl-project/verl#249 "8 A800(80G)"',
    apply: (t) =>
      changed(
        t,
        inProse(t, (line) =>
          line.replace(COUNTED_CARD, (m, n: string, card: string, _sep: string | undefined, size: string | undefined) =>
            Number(n) < 2 || !size || pluralNamesAnother(card) || /\s?(?:ti|super)$/i.test(card) ? m : `${n} ${card}s (${size} GB)`,
          ),
        ),
      ),
    keeps: countBag,
  },
  {
    id: 'length-as-tokens',
    description: 'a length as a number of tokens: "seq len 4096" / "a context length of 4096" → "4096 tokens"',
    seen: 'c165 lm-sys/FastChat#346 "2048 tokens", c205 turboderp/exllama#191 "2048 tokens", c287 meta-llama/codellama#198 "16,384 tokens"',
    apply: (t) =>
      changed(t, inProse(t, (line) => line.replace(LENGTH_WITH_ARTICLE, (m, _w, _j, typed: string) => (tokens(typed) === null ? m : `${tokens(typed)} tokens`)))),
    keeps: lengthsAsOne,
  },
  {
    id: 'length-key-equals',
    description: 'a length as a key=value in prose: "seq len 4096" → "max_seq_len=4096"',
    seen: 'c097 simplescaling/s1#106 "in max_seq_length=32768", c062 hiyouga/LlamaFactory#3880 "context len=2k"',
    apply: (t) => changed(t, lengthAsKey(t, 'max_seq_len=')),
    keeps: (t) => lengthWordsAsOne(t).replace(/(?<=⟨length⟩ )(\d{1,3}(?:,\d{3})+)/g, (n) => n.replace(/,/g, '')),
  },
  {
    id: 'length-key-colon',
    description: 'a length as a YAML key in prose: "seq len 4096" → "max_seq_len: 4096"',
    seen: 'c001 tloen/alpaca-lora#389 "cutoff_len: 400", c066 hiyouga/LlamaFactory#8482 "cutoff_len: 2048"',
    apply: (t) => changed(t, lengthAsKey(t, 'max_seq_len: ')),
    keeps: (t) => lengthWordsAsOne(t).replace(/(?<=⟨length⟩ )(\d{1,3}(?:,\d{3})+)/g, (n) => n.replace(/,/g, '')),
  },
  {
    id: 'length-key-spaced',
    description: 'a length as a key and its number: "seq len 4096" → "max_seq_len 4096"',
    seen: 'c424 ssbuild/chatglm_finetuning#70 "layer_num 28" (a key and its value without a colon), c097 simplescaling/s1#106 "max_seq_length=32768"',
    apply: (t) => changed(t, lengthAsKey(t, 'max_seq_len ')),
    keeps: (t) => lengthWordsAsOne(t).replace(/(?<=⟨length⟩ )(\d{1,3}(?:,\d{3})+)/g, (n) => n.replace(/,/g, '')),
  },
  {
    id: 'batch-as-bs',
    description: 'a batch size as "bs": "batch size of 2" / "micro batch size 2" → "bs 2"',
    seen: 'c537 hiyouga/LlamaFactory#3259 "bs 1", c062 hiyouga/LlamaFactory#3880 "bs=1", c790 SafeAILab/EAGLE#44 "bs=1"',
    apply: (t) => changed(t, rewriteBatches(t, (n) => `bs ${n}`)),
    keeps: batchesAsOne,
  },
  {
    id: 'batch-size-of',
    description: 'a batch size in words: "bs 2" / "batch size 2" / "batch size=2" → "batch size of 2"',
    seen: 'c156 meta-pytorch/torchtune#830 "batch size of 1", c168 artidoro/qlora#184, c291 OpenRLHF/OpenRLHF#698 "batch size of 1"',
    apply: (t) => changed(t, rewriteBatches(t, (n) => `batch size of ${n}`)),
    keeps: batchesAsOne,
  },
  {
    id: 'batch-as-key',
    description: 'a training batch size as the trainer\'s key in prose: "batch size of 2" → "per_device_train_batch_size=2"',
    seen: 'c244 unslothai/unsloth#2818 "per_device_train_batch_size=2"',
    // A serving message's batch is a number of sequences decoded together, no trainer's per-device batch.
    apply: (t) => (SERVING.test(t) ? null : changed(t, rewriteBatches(t, (n) => `per_device_train_batch_size=${n}`))),
    keeps: batchesAsOne,
  },
  {
    id: 'cards-with',
    description: '"with" before the cards: "on 8x A100" / "using 8x A100" → "with 8x A100"',
    seen: 'c033 haotian-liu/LLaVA#655 "with 8xA100", c050 Lightning-AI/lit-llama#381 "with 4 A100", c139 OpenRLHF/OpenRLHF#887 "with 8x H100"',
    apply: (t) => changed(t, swapPreposition(t, 'with')),
    keeps: prepositionsAsOne,
  },
  {
    id: 'cards-using',
    description: '"using" before the cards: "on 8x A100" / "with 8x A100" → "using 8x A100"',
    seen: 'c049 Lightning-AI/lit-llama#381 "using 8 A100", c077 ngruver/llmtime#14 "using 2 A100", c266 sgl-project/sglang#3344 "Using 2 H100"',
    apply: (t) => changed(t, swapPreposition(t, 'using')),
    keeps: prepositionsAsOne,
  },
  {
    id: 'cards-on',
    description: '"on" before the cards: "with 8x A100" / "using 8x A100" → "on 8x A100"',
    seen: 'c009 vllm-project/vllm#1752, c006 vllm-project/vllm#6689 "on 4*H100"',
    apply: (t) => changed(t, swapPreposition(t, 'on')),
    keeps: prepositionsAsOne,
  },
  {
    id: 'cards-to-front',
    description: 'the cards moved to the front of a one-sentence line: "I fine-tune X with lora on 8x A100." → "On 8x A100, I fine-tune X with lora."',
    seen: 'c266 sgl-project/sglang#3344 "Using 2 H100 …" (a line that starts with its cards), c049 Lightning-AI/lit-llama#381',
    apply: (t) => changed(t, cardsToFront(t)),
    keeps: wordBag,
  },
  {
    id: 'thanks-inline',
    description: '"Thanks!" at the end of the last line: "… on 8 A100?" → "… on 8 A100? Thanks!"',
    seen: 'c574 oobabooga/textgen#1861 "Thanks!", c629 mlc-ai/web-llm#69 "Thanks!", c645 juyongjiang/CodeUp#1',
    apply: (t) => {
      const last = t.trimEnd().split('\n').pop() ?? '';
      return !isProseLine(last) || /thanks!$/i.test(last) ? null : `${t.trimEnd()} ${THANKS}`;
    },
    keeps: (t) => t.trimEnd().replace(/ Thanks!$/, ''),
  },
  {
    id: 'prose-lowercase',
    description: 'prose typed all in lower case: "Fine-tuning Qwen2-7B on 8x A100 80GB" → "fine-tuning qwen2-7b on 8x a100 80gb"',
    seen: 'c026 unslothai/unsloth#824 "rtx 4090", c001 tloen/alpaca-lora#389 "3090 24g，跑llama-7b"',
    apply: (t) => changed(t, inProse(t, (line) => line.toLowerCase())),
    keeps: (t) => t.toLowerCase(),
  },
];
