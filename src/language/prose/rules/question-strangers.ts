import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';
import { ANOTHERS, ASKS_COUNT_OR_NEED, offeredAt } from './question-cues.js';

/**
 * Questions the way strangers ask them (branch rques2, s46; docs/reading.md "The question slot: questions the way
 * strangers ask them"). Of the 8 silent misreadings of the last fresh batches, 4 answered a setup where the user asked
 * a question: a count asked in broken words ("how much A100 I need", "on much h100", "H100要几块", "몇 장 필요"), cards
 * offered rather than owned ("we can get H100s or A100 80GB", 可以租A100或者H800), and a requirement the user already
 * knows of another run ("one 3090 is for inference, right? To fine-tune … how many 3090s?"). Each rule here is one
 * of those mechanisms, written from invented lines first (test/language/rques2-invented.test.ts).
 */

/** A card as people write it in a question: a catalog name, "rtx 4090", "h100s", "l40s" (checked with gpuIdOf). */
const CARD = String.raw`(?:nvidia\s*)?(?:(?:rtx|tesla|geforce)\s?)?[a-z]{0,3}\d{2,4}(?:\s?(?:ti|super|ada))?[a-z]?s?`;
/** The card's word, from a match: its plural "s" and spaces off, so gpuIdOf reads it. */
const cardOf = (words: string): string | null => gpuIdOf(words.replace(/\s+/g, '')) ?? gpuIdOf(words.replace(/\s+/g, '').replace(/s$/, '')) ?? null;

/** Not the card's count: its memory, time or price ("how much h100 memory", "how much 4090 time", "how much a100 hours"). */
const NOT_COUNT = String.raw`(?!\s*(?:memory|vram|ram|mem|hours?|time|cost|costs|money|price|\$|capacity|bandwidth)\b)`;

/** "how much A100", "how much 4090s", "how much gpus", "how much of H200": the count asked with the wrong amount word. */
const HOW_MUCH_CARD = new RegExp(String.raw`\bhow\s+much\s+(?:of\s+(?:the\s+)?)?(?=(?:${CARD}|gpus|cards|graphics\s+cards)(?![\w.])${NOT_COUNT})`, 'g');
/** "on much h100", "need much a100": "much" alone before the card, the question word left out. */
const MUCH_CARD = new RegExp(String.raw`(?:\b(?:on|with|using|use|need|needs|needed|require|requires)\s+)?(?<!\bhow\s+|\bvery\s+|\bso\s+|\btoo\s+|\bas\s+)\bmuch\s+(?=${CARD}(?![\w.])${NOT_COUNT})`, 'g');

/** The card word right after the match (its first word or two), for the checks. */
function cardAfter(m: RegExpExecArray): string | null {
  const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 24);
  if (/^(?:gpus|cards|graphics\s+cards)(?![\w.])/.test(after)) return 'gpus';
  const word = new RegExp(`^${CARD}(?![\\w.])`).exec(after)?.[0];
  return word && cardOf(word) ? word : null;
}

/** A count asked with "how much" or a bare "much" before a card: written "how many", the card left after it. */
function muchToMany(m: RegExpExecArray): string {
  if (!cardAfter(m)) return m[0];
  const { sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
  if (ANOTHERS.test(sentence) || /\bhow\s+many\b/.test(m.input)) return m[0];
  return 'how many '.padStart(m[0].length);
}

/** "How many?", "how many do we need", "how many for qwen2.5-32b", "how many would it take": no noun after "how many". */
const HOW_MANY_BARE = /\bhow\s+many(?=\s*(?:[?？]|$|\b(?:do|does|would|will|are|is|should|shall|could|can|i|we|for|to|needed|required|necessary|at\s+least|minimum|min|of\s+(?:them|those|these))\b))/g;
/** A card or a card noun named anywhere: what a bare "how many" counts. */
const CARD_NAMED = new RegExp(String.raw`(?<![\w.])${CARD}(?!\w|\.\d)|\b(?:gpus?|cards?|graphics\s+cards?)\b|显卡|卡|그래픽\s*카드|グラボ`, 'g');

function namesACard(text: string): boolean {
  for (const m of text.matchAll(CARD_NAMED)) if (!/\d/.test(m[0]) || cardOf(m[0])) return true;
  return false;
}

/** A card named before its count asked in Chinese: "H100要几块", "A800需要多少块", "4090的话最少要几张". */
const CARD_THEN_COUNT_ZH = new RegExp(String.raw`(?<![\w.])(${CARD})\s*(?:的话)?[，,]?\s*(?:最少|至少|起码)?\s*(?:需要|要|得)\s*(?:最少|至少|起码)?\s*(?:几|多少)\s*(?:张|块|台|个|片)`, 'g');

/** The counter alone asked, with no card noun: "몇 장 필요", "몇 대", "何枚必要": 장 / 枚 count flat things (cards), 대 / 台 machines. */
const COUNTER_ALONE_CJK = /몇\s*(?:장|대)(?:이|을|를|가|은|는|의|이나|이면)?|何\s*(?:枚|台)/g;
/** Words that ask or need in the sentence (Korean, Japanese, or a question mark). */
const ASKS_CJK = /[?？]|필요|있어야|나요|까|되나|될까|돼|해요|必要|ですか|ますか|いる|要る|か$/;

/**
 * A requirement of another run the user already knows (inference, serving), stated as known: "one 3090 is for inference,
 * right?", "inference needs 16GB, I know", "推理只要一张4090就够了", "추론은 A100 두 장이면 된다고", "推論はRTX 4090 1枚で足りますよね".
 * One clause (no sentence or clause mark inside, 100 characters at most) that holds the run word and a requirement.
 */
const RUN_WORD = String.raw`\b(?:inference|inferencing|serving)\b|(?<=\s)deploy(?=\s)|推理|部署|추론|서빙|推論`;
const CLAUSE = String.raw`[^.?!。？！;；,，、\n]`;
const KNOWN_CLAUSE = new RegExp(String.raw`${CLAUSE}{0,60}?(?:${RUN_WORD})${CLAUSE}{0,60}`, 'g');
/** The requirement said: is for, needs, takes, requires, fits, is enough; 需要 / 只要 / 就够 / 就行 / 即可; 이면 된다 / 면 충분; で足り / で十分. */
const REQUIREMENT = /\b(?:is\s+for|are\s+for|needs?|takes?|requires?|fits?|(?:is|are)\s+enough|enough|suffices?|only\s+needs?)\b|需要|只要|就够|够了|就行|即可|이면\s*된|면\s*(?:된|충분)|충분|で足り|で十分|で大丈夫|が必要/;
/** The user's own run in the clause ("works fine for me", "I run", "my 3090", 我的, 제): a measurement, not a known requirement. */
const OWN_RUN = /\b(?:for\s+me|my|mine|i\s+run|i'm\s+running|i\s+am\s+running|we\s+run|works?|worked|running)\b|我的|我在|我用|제\s|내\s/;
/** A training run asked elsewhere: a training word. */
const TRAINING = /fine-?tun\w*|finetun\w*|\btrain\w*|\blora\b|\bqlora\b|\bsft\b|\bdpo\b|\bppo\b|\bgrpo\b|pretrain\w*|\bfull\s+ft\b|微调|训练|预训练|파인\s*튜닝|학습|ファインチューニング|学習|チューニング/;
/** Something that asks in the rest of the message. */
const ASKS = /[?？]|\b(?:how|what|which|can|could|will|would)\b|几|多少|吗|몇|나요|까|何|ですか|ますか|必要|필요/;
/** A count written with a card in the known clause ("one 3090", "2x H100", "一张4090", "A100 두 장", "4090 1枚"). */
const CLAUSE_COUNT = /(?<![\w.-])\d{1,2}\s*[x×*]\s*(?=[a-z\d])|\b(?:one|two|three|four|eight|a\s+single|single|dual)\s+(?=(?:(?:rtx|nvidia|tesla)\s?)?[a-z]{0,3}\d{2,4})|(?:[一两二三四五六七八]|\d{1,2})\s*(?:张|块|台|个)|(?:한|두|세|네|여덟|\d{1,2})\s*(?:장|개|대)|\d{1,2}\s*枚/g;
/** A memory in the known clause ("20G RAM", "16GB", "16G显存", "24GB"): the other run's, neither the card's nor the host's. */
const CLAUSE_MEMORY = /(?<![\w.])\d{1,4}(?:\.\d)?\s*(?:gb|g|gib)\b(?:\s*(?:of\s+)?(?:ram|vram|显存|内存|memory|gpu\s+memory))?|\b(?:ram|vram)\b|显存|内存/g;

/** A connective that ends the known clause and opens the asked one: "…는데", "…지만", "but", 但是 / 不过, けど. */
const CONNECTIVE = /는데|지만|\bbut\b|\bhowever\b|\bwhat\s+about\b|\bhow\s+about\b|但是|不过|那么|けど|けれど/;
/** Interrogatives in the clause itself: then it is the question, not a requirement known. */
const INTERROGATIVE = /[?？]|\b(?:how|what|which|whether)\b|多少|几|吗|몇|얼마|何|どれ|どの/;

function knownRequirement(m: RegExpExecArray, notes: string[]): string {
  const run = new RegExp(RUN_WORD).exec(m[0]);
  if (!run) return m[0];
  const cut = CONNECTIVE.exec(m[0].slice(run.index + run[0].length));
  const end = cut ? run.index + run[0].length + cut.index : m[0].length;
  const clause = m[0].slice(0, end);
  if (!REQUIREMENT.test(clause) || OWN_RUN.test(clause) || INTERROGATIVE.test(clause) || TRAINING.test(clause)) return m[0];
  // The run asked: a training word with an asking word near it, outside the clause.
  const rest = m.input.slice(0, m.index) + ' '.repeat(end) + m.input.slice(m.index + end);
  const training = TRAINING.exec(rest);
  if (!training || !ASKS.test(rest.slice(Math.max(0, training.index - 60), training.index + 80))) return m[0];
  const blanked = clause
    .replace(new RegExp(RUN_WORD, 'g'), (w) => ' '.repeat(w.length))
    .replace(CLAUSE_COUNT, (w) => ' '.repeat(w.length))
    .replace(CLAUSE_MEMORY, (w) => ' '.repeat(w.length));
  notes.push(`"${clause.trim()}" is a requirement you know of another run, not the one you ask about: its run, count and memory are not read (a card in it is the card asked about)`);
  return blanked + m[0].slice(end);
}

export const STRANGER_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "20G RAM and one 3090 is for inference, right? To fine-tune the 10B, how many 3090s at least?", "推理只要一张4090就够了，
    // 那全参微调qwen2-7b要几张4090？": a requirement of another run the user knows, beside the training run asked. Its run
    // word, count and memory are blanked (said); the card stays, the card the question counts (reconcile/asked-card.ts).
    id: 'question.known-requirement',
    pattern: KNOWN_CLAUSE,
    when: (t) => /inferenc|serving|deploy|推理|部署|추론|서빙|推論/.test(t),
    write: knownRequirement,
    example: '20G RAM and one 3090 is for inference, right? To fine-tune the 10B, how many 3090s at least?',
    weak: true,
  },
  {
    // "We can get H100s or A100 80GB — what's the minimum setup?", "可以租A100或者H800", "our options are L40S or H100",
    // "A100 또는 H100 대여 가능한데", "H100かA100を借りられます": two cards offered, in a message that asks a count or a need.
    // The first is kept (the card the need is counted in), the other set aside and said. Weak: which one the user
    // would take is a guess from the order.
    id: 'question.cards-offered',
    pattern: new RegExp(String.raw`(?<![\w.])(${CARD})((?:\s*\(?\s*\d{2,3}\s*(?:gb|g)\s*\)?)?)\s*(?:\bor\b|或者|或是|或|또는|이나|か)\s*(${CARD}(?:\s*\(?\s*\d{2,3}\s*(?:gb|g)\s*\)?)?)(?!\w|\.\d)`, 'g'),
    when: (t) => /\bor\b|或|또는|이나|か/.test(t),
    write: (m, notes) => {
      if (!cardOf(m[1]!) || !cardOf(m[3]!.replace(/\s*\(?\s*\d{2,3}\s*(?:gb|g)\s*\)?$/, ''))) return m[0];
      if (!offeredAt(m.input, m.index, m.index + m[1]!.length)) return m[0];
      const rest = m.input.slice(0, m.index) + m.input.slice(m.index + m[0].length);
      if (!ASKS_COUNT_OR_NEED.test(rest)) return m[0];
      notes.push(`"${m[0].trim()}": cards offered, not owned — the count is asked of ${m[1]!.trim()}, the first named (say "how many ${m[3]!.trim()}" for the other)`);
      const kept = m[1]! + m[2]!;
      return kept.padEnd(m[0].length);
    },
    example: "We can get H100s or A100 80GB — what's the minimum setup for full fine-tuning llama-3-70b?",
    weak: true,
  },
  {
    // "how much A100 I need for 70b", "How much 4090s needed for qwen2.5-72b inference", "70b full finetune, how much
    // gpus?", "how much of H200 would it take": the count of cards asked with "how much". Written "how many", the card after.
    id: 'question.how-much-cards',
    pattern: HOW_MUCH_CARD,
    when: (t) => t.includes('how much'),
    write: muchToMany,
    example: 'how much A100 I need for 70b',
  },
  {
    // "config for finetune qwen3 235b on much h100": "much" alone before a card, the question word left out. Weak: a
    // count read from one word, said.
    id: 'question.much-cards',
    pattern: MUCH_CARD,
    when: (t) => t.includes('much'),
    write: muchToMany,
    example: 'config for finetune qwen3 235b on much h100',
    weak: true,
  },
  {
    // "We're thinking of renting A100s to fine-tune mistral-7b. How many?", "our options are L40S …, how many do we need?":
    // "how many" with no noun, in a message that names a card or a card noun: the count of cards (of the one card
    // named, reconcile/asked-card.ts). Weak: what is counted is taken from the message, not the phrase.
    id: 'question.how-many-bare',
    pattern: HOW_MANY_BARE,
    when: (t) => t.includes('how many'),
    write: (m) => {
      const text = m.input;
      const { sentence } = sentenceAround(text, m.index, m.index + m[0].length);
      if (ANOTHERS.test(sentence) || !namesACard(text)) return m[0];
      if (/\bhow\s+many\s+(?!(?:do|does|would|will|are|is|should|shall|could|can|i|we|for|to|needed|required|necessary|at|minimum|min|of)\b)[a-z0-9]/.test(text)) return m[0];
      return 'how many gpus';
    },
    example: "We're thinking of renting A100s to fine-tune mistral-7b. How many?",
    weak: true,
  },
  {
    // "H100要几块 deepseek-v3推理", "部署qwen2.5-72b，A800需要多少块": the card named before the count asked in Chinese.
    id: 'question.card-then-count-zh',
    pattern: CARD_THEN_COUNT_ZH,
    when: (t) => /几|多少/.test(t),
    write: (m, notes) => {
      const gpuId = cardOf(m[1]!);
      if (!gpuId) return m[0];
      // Said as reconcile/asked-card.ts says a card named apart from its count question.
      notes.push(`"${m[1]!.trim()}": read as the card whose count is asked (how many ${gpuId}); say "on 1x ${gpuId}" if you have one and ask whether it fits`);
      return ` how many ${m[1]!.trim()} `;
    },
    example: 'H100要几块 deepseek-v3推理',
  },
  {
    // "llama-3-70b 추론 몇 장 필요", "풀 파인튜닝은 몇 장 필요한가요?", "フルファインチューニングには何枚必要ですか": the counter of cards
    // asked with no card noun (장 and 枚 count flat things, 대 and 台 machines). Read as the count of GPUs (of the one card
    // the message names, reconcile/asked-card.ts).
    id: 'question.counter-alone-cjk',
    pattern: COUNTER_ALONE_CJK,
    when: (t) => /몇|何/.test(t),
    write: (m) => {
      const { sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (!ASKS_CJK.test(sentence) || /\bhow\s+many\b/.test(m.input)) return m[0];
      return ' how many gpus ';
    },
    example: 'llama-3-70b 추론 몇 장 필요',
  },
];
