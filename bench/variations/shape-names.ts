import { CARD, re } from './patterns.js';
import { inProse } from './prose-lines.js';
import type { Transform } from './transforms.js';

/**
 * Names as strangers write them (issue 22, bench:variations' second family): a model as its Hub id
 * or its plain name, a card with its vendor prefix and full product name, a count of cards in words
 * (English, Chinese, Korean). Only prose lines are rewritten: a path in a command stays a path.
 */

const changed = (before: string, after: string): string | null => (after === before ? null : after);

/** The Hub organisation that publishes each family, as the Hub spells it. */
const ORG_OF_FAMILY: [RegExp, string][] = [
  [/^qwen/i, 'Qwen'],
  // LLaMA-1 was never published under meta-llama: only a versioned Llama gets the organisation.
  [/^(?:meta-)?llama-?[23]/i, 'meta-llama'],
  [/^(?:mistral|mixtral)/i, 'mistralai'],
  [/^gemma/i, 'google'],
  [/^deepseek/i, 'deepseek-ai'],
  [/^baichuan/i, 'baichuan-inc'],
  [/^chatglm/i, 'THUDM'],
  [/^falcon/i, 'tiiuae'],
  [/^vicuna/i, 'lmsys'],
];
const ORGS = String.raw`(?:Qwen|meta-llama|mistralai|google|deepseek-ai|baichuan-inc|THUDM|tiiuae|lmsys)`;

/** A model name in prose with its size ("Qwen2.5-7B-Instruct", "llama-2-13b"), not inside a path or a Hub id. */
const SIZED_MODEL = /(?<![\w./-])(?:qwen|llama|meta-llama|mistral|mixtral|gemma|deepseek|baichuan|chatglm|falcon|vicuna)[\w.]*(?:-[\w.]+)*-\d+(?:\.\d+)?b(?:-[\w.]+)*(?![\w/])/gi;
/** A Hub id of one of those organisations, in prose. */
const HUB_ID = re(String.raw`(?<![\w./-])${ORGS}/([\w][\w.-]*[\w])(?![\w/])`, 'g');

/** A model name with its Hub organisation taken off and its separators and case made one: what a change of model spelling keeps. */
const modelSpelling = (t: string): string =>
  t
    .replace(re(String.raw`(?<![\w./-])${ORGS}/`, 'g'), '')
    .toLowerCase()
    .replace(/(?<=[a-z0-9.])[-_ ](?=[a-z0-9])/g, ' ');

/** A card's vendor prefix and product name, by the short name people type and the memory written beside it. */
function productName(card: string, memory: number | null): string | null {
  const c = card.toUpperCase().replace(/\s+/g, ' ');
  if (/^(?:A100|A800)$/.test(c)) return memory === 80 || memory === 40 ? `NVIDIA ${c}-SXM4-${memory}GB` : memory === null ? `NVIDIA ${c}` : null;
  if (c === 'H100') return memory === 80 ? 'NVIDIA H100 80GB HBM3' : memory === null ? 'NVIDIA H100' : null;
  if (c === 'V100') return memory === 32 || memory === 16 ? `Tesla V100-SXM2-${memory}GB` : memory === null ? 'Tesla V100' : null;
  if (c === 'T4') return memory === null ? 'Tesla T4' : null;
  if (c === 'A6000') return memory === null ? 'NVIDIA RTX A6000' : null;
  const geforce = c.match(/^(?:RTX ?)?((?:20|30|40|50)[5-9]0(?: ?TI)?)$/);
  if (geforce) return memory === null ? `NVIDIA GeForce RTX ${geforce[1]!.replace(/ ?TI$/, ' Ti')}` : null;
  if (/^(?:H800|H200|H20|L40S|L40|L4|A10G|A10|A40)$/.test(c)) return memory === null ? `NVIDIA ${c}` : null;
  return null;
}

/** A card as typed, with a memory joined or after it ("A100 80GB", "A100-80G", "V100 (32GB)"), not already under a vendor's name. */
const TYPED_CARD = re(
  String.raw`(?<![\w/-])(?<!(?:NVIDIA|Nvidia|nvidia|Tesla|tesla|GeForce|geforce|RTX|rtx) )(${CARD})(?:(?:[ -]|\s?\()(\d+)\s?(?:GB|G|GiB|gb|g)\)?)?(?![\w/-])`,
  'gi',
);

/** Cards with vendor words and product suffixes taken off and memory in one unit, as a bag of words: what a product name keeps. */
const VENDOR_WORDS = /^(?:NVIDIA|TESLA|GEFORCE|SXM4|SXM2|HBM3|RTX)$/;
function cardBag(t: string): string {
  const sized = t
    // Any case of the unit: "80Gb" (c1722, tritonserver's "A100 80Gb") is the same memory as "80GB".
    .replace(/(\d+(?:\.\d+)?) ?(?:[Gg](?:i?[Bb])?)(?![A-Za-z/])/g, '$1G')
    .replace(/[()]/g, ' ')
    .replace(/\brtx ?(?=\d{4})/gi, '')
    .replace(/(\d{4}) ?ti\b/gi, '$1TI');
  const words = sized.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*|[^\sA-Za-z0-9_\p{P}\p{S}]/gu) ?? [];
  return words
    .map((w) => w.toUpperCase())
    .filter((w) => !VENDOR_WORDS.test(w))
    .sort()
    .join(' ');
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
/** A count of cards or GPUs in digits ("2x A100", "4 GPUs", "8*H100"), in prose, not the last factor of a product. */
const DIGIT_COUNT = re(String.raw`(?<![\w.,/*×-])(?<![*×x] )\b([1-8])(?: ?[x×*] ?| )(${CARD}|GPUs?|gpus?|cards?)(s?)(?![\w/-])`, 'g');

/** Number words read as digits, times signs between a count and its card dropped, plurals of cards singular. */
const countsAsDigits = (t: string): string =>
  t
    .replace(/\b(one|two|three|four|five|six|seven|eight)\b/gi, (w) => String(NUMBER_WORDS.indexOf(w.toLowerCase())))
    .replace(re(String.raw`\b(\d+) ?[x×*]? ?(${CARD}|GPU|gpu|card)s?(?![\w/-])`, 'g'), '$1 $2');

const CHINESE_NUMERALS = ['零', '一', '两', '三', '四', '五', '六', '七', '八'];
const KOREAN_NUMERALS = ['영', '한', '두', '세', '네', '다섯', '여섯', '일곱', '여덟'];
/** A Chinese or Korean count of cards in digits ("2张", "4块", "8卡", "4장"). */
const CJK_DIGIT_COUNT = /(?<![\w.])([1-8])\s?(张|块|卡|台|장)/g;
const cjkCountsAsDigits = (t: string): string =>
  t
    .replace(/(一|两|二|三|四|五|六|七|八)(?=张|块|卡|台)/g, (w) => String(w === '二' ? 2 : CHINESE_NUMERALS.indexOf(w)))
    .replace(/(한|두|세|네|다섯|여섯|일곱|여덟) ?(?=장)/g, (w) => String(KOREAN_NUMERALS.indexOf(w.trim())))
    .replace(/(?<![\w.])([1-8])\s(?=张|块|卡|台|장)/g, '$1');

export const NAME_SHAPES: readonly Transform[] = [
  {
    id: 'model-as-hub-id',
    description: 'a model with its size written as its Hub id: "Qwen2.5-7B-Instruct" → "Qwen/Qwen2.5-7B-Instruct"',
    seen: 'c011 vllm-project/vllm#22702 "Qwen/Qwen2.5-7B", c004 vllm-project/vllm#6689 "meta-llama/Meta-Llama-3.1-405B-Instruct-FP8"',
    apply: (t) =>
      changed(
        t,
        inProse(t, (line) =>
          line.replace(SIZED_MODEL, (name) => {
            // A GGUF quant in the name ("Qwen3-32B-Q6_K") is a file, not a repository of the organisation.
            if (/-(?:q\d|iq\d|gguf)/i.test(name)) return name;
            const org = ORG_OF_FAMILY.find(([family]) => family.test(name));
            return org ? `${org[1]}/${name}` : name;
          }),
        ),
      ),
    keeps: modelSpelling,
  },
  {
    id: 'model-plain-name',
    description: 'a Hub id written as the model\'s plain name: "Qwen/Qwen2.5-7B-Instruct" → "Qwen2.5 7B Instruct"',
    seen: 'c328 unslothai/unsloth#2937 "Qwen2.5 72B", c293 OpenRLHF/OpenRLHF#901 "Qwen 2.5 7B"',
    apply: (t) => changed(t, inProse(t, (line) => line.replace(HUB_ID, (_m, name: string) => name.replace(/(?<=[A-Za-z0-9.])[-_](?=[A-Za-z0-9])/g, ' ')))),
    keeps: modelSpelling,
  },
  {
    id: 'model-hub-lowercase',
    description: 'a Hub id written as its lower-case name: "Qwen/Qwen2.5-7B-Instruct" → "qwen2.5-7b-instruct"',
    seen: 'c102 OPPO-PersonalAI/Agent_Foundation_Models#5 "qwen2.5-7b-instruct来跑的"',
    apply: (t) => changed(t, inProse(t, (line) => line.replace(HUB_ID, (_m, name: string) => name.toLowerCase()))),
    keeps: modelSpelling,
  },
  {
    id: 'card-product-name',
    description: 'a card by its vendor and product name: "A100 80GB" → "NVIDIA A100-SXM4-80GB", "V100 32G" → "Tesla V100-SXM2-32GB", "4090" → "NVIDIA GeForce RTX 4090"',
    seen: 'c311 vllm-project/vllm#7553 "4 x NVIDIA GeForce RTX 4090 cards", c476 hiyouga/LlamaFactory#6942 "NVIDIA H100 80GB HBM3", c063 hiyouga/LlamaFactory#5077 "Tesla T4"',
    apply: (t) =>
      changed(
        t,
        inProse(t, (line) =>
          line.replace(TYPED_CARD, (m, card: string, memory: string | undefined) => productName(card, memory ? Number(memory) : null) ?? m),
        ),
      ),
    keeps: cardBag,
  },
  {
    id: 'count-in-words',
    description: 'a count of cards in words: "2x A100" → "two A100s", "8 GPUs" → "eight GPUs"',
    seen: 'c130 ollama/ollama#10615 "run on two GPUs", c104 sgl-project/sglang#3640 "four A100 nodes"',
    apply: (t) =>
      changed(
        t,
        inProse(t, (line) =>
          line.replace(DIGIT_COUNT, (m, n: string, what: string, trailingS: string, at: number) => {
            const after = line.slice(at + m.length);
            // "2 gpu layers" is llama.cpp's offload, no count of GPUs.
            if (/^\s*layers?\b/i.test(after)) return m;
            // "two A100 80GB", "four A6000 ada": a memory or a product word after the card keeps it singular.
            const sized = /^[ -]?\d|^\s+(?:ada|ti|super|laptop|mobile|sxm\d?|pcie|nvl)\b/i.test(after);
            // "eight L40s" names NVIDIA's L40S, another card (c1158's "8 L40 GPU"): an L-series card stays singular.
            const pluralNamesAnother = /^l\d+$/i.test(what);
            const plural = Number(n) > 1 && !sized && !pluralNamesAnother && !/s$/i.test(what) ? `${what}s` : what;
            // "8*L40s" is the L40S written in lower case (c2879's title): that s is the card's own, kept.
            const cardsOwnS = pluralNamesAnother ? trailingS : '';
            return `${NUMBER_WORDS[Number(n)]} ${Number(n) > 1 ? plural : what.replace(/s$/i, '')}${cardsOwnS}`;
          }),
        ),
      ),
    keeps: countsAsDigits,
  },
  {
    id: 'count-cjk-words',
    description: 'a Chinese or Korean count in words: "2张A100" → "两张A100", "4장" → "네 장"',
    seen: 'c274 QwenLM/Qwen3#499 "两张A100 40G的显卡", c466 Beomi/KoAlpaca#13 "A100 80G 4장으로"',
    apply: (t) =>
      changed(t, t.replace(CJK_DIGIT_COUNT, (_m, n: string, counter: string) => (counter === '장' ? `${KOREAN_NUMERALS[Number(n)]} 장` : `${CHINESE_NUMERALS[Number(n)]}${counter}`))),
    keeps: cjkCountsAsDigits,
  },
];
