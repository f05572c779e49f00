import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';
import { ANOTHERS, offeredAt } from './question-cues.js';
import { namesOwnCard, offeredCard } from './question-structure.js';

/**
 * What a setup needs, asked (branch rques1, s45; docs/reading.md "The question slot: what a setup needs"). A user
 * who asks what hardware a run needs — "how much compute would I need to do DPO on a 7B", "what is the minimum GPU
 * memory configuration required", 需要多少计算资源, 需要怎样的GPU配置, 필요한 최소 사양, 必要な計算資源はどれくらい —
 * asks the card question; read as the run on defaults with no card, the reply answered another question and looked
 * sure of itself (3 of 11 silent misreadings of the last fresh batches).
 *
 * One mechanism over the clause, in any order and in English, Chinese, Korean and Japanese: a setup or resource noun
 * (compute, hardware, a GPU or machine setup / configuration / specs, GPU resources; 算力, 配置, 计算资源; 사양, 컴퓨팅 자원;
 * スペック, 構成, 計算資源) is the thing asked when its sentence holds a question word (what, which, how much, 什么, 怎样, 多少, 几,
 * 어떤, 몇, 얼마나, どんな, どれくらい, 何, or a question mark) and a need (need, require, minimum, at least; 需要, 所需, 最少,
 * 至少, 最低; 필요, 최소; 必要, 最低). The question word nearest the noun decides what is asked: an amount (how much,
 * 多少, 多大, 몇, 얼마나, 어느 정도, どれくらい) is the count of cards ("how many gpus", of the card the clause names), a kind
 * (what, which, 什么, 怎样, 어떤, どんな) or the requirement alone the kind of card ("which gpu").
 *
 * What breaks it: the noun is the user's or another's ("my setup", "我的配置", "your hardware"), the hardware is stated
 * (a card or a card's memory named anywhere in the message: its estimate answers "what do I need", as
 * question-structure.ts keeps it), a person's own ("I have", 我有, 제, 私の), a noun that is no hardware ("compute time",
 * "配置文件", a DeepSpeed config), or no question word or no need in the sentence (a title that only names a topic).
 * The memory alone asked ("how much VRAM do I need") stays no card question: every estimate states it.
 */

/** The setup nouns, by language: compute, hardware, a GPU / machine / memory setup, configuration or specs. */
const SETUP = new RegExp(
  [
    // English: "compute power", "hardware", "a GPU / machine / memory setup or configuration", "minimum specs"
    String.raw`\b(?:(?:gpu|hardware|compute|computing|computational|cloud|server|machine|cluster)\s+(?:power|setup|set-up|configuration|config|specs?|specifications?|requirements?)|(?:(?:gpu|vram|memory|hardware|machine|server|cluster|system)\s+){1,3}(?:setup|set-up|configuration|specs?|specifications?)|hardware(?!\s+(?:accelerat\w*|support|issue|error|failure|acceleration|resources?))|(?<=\b(?:much|what|minimum|min|enough|more|of|the|total)\s+)compute(?!\s+(?:time|hours?|cost|budget|efficien\w*|throughput|bound|capabilit\w*|the|it|this|that|how|what|a|an|resources?)\b)|(?<=\b(?:minimum|minimal|min|smallest|cheapest|least)\s+)(?:setup|configuration|config|specs?))\b`,
    // Chinese: 算力, (GPU / 显卡 / 显存 / 硬件 / 服务器 / 机器)配置, a modified 配置 (什么配置, 最低配置, 怎样的配置)
    String.raw`算力(?!资源)|(?<=(?:的|什么|啥|哪些|哪种|最低|最小|最少|推荐|参考)\s*)配置(?!文件|项|参数|了|好|成|为|需要开启|开启|打开|设置)|(?:gpu|显卡|显存|硬件|服务器|机器)\s*配置(?!文件|项|参数|了|好|成|为)`,
    // Korean: 사양, 스펙, 하드웨어, (GPU) 구성
    String.raw`사양|스펙|하드웨어(?!\s*(?:자원|리소스))|(?:gpu|하드웨어)\s*구성`,
    // Japanese: スペック, (GPU / ハードウェア)構成, ハードウェア
    String.raw`スペック|(?:gpu|ハードウェア|マシン)\s*構成|ハードウェア`,
  ].join('|'),
  'g',
);

/**
 * The resource nouns, qualified (a bare "resources" / 资源 names no kind): compute / GPU / hardware resources, 计算资源,
 * 硬件资源, 算力资源, 컴퓨팅 자원, 計算資源. Weaker than a setup: "how much resources" is answered by the memory per GPU as
 * often as by a count of cards (the corpus reads "需要多少硬件资源", c2951, as the estimate), so the question is said.
 */
const RESOURCES = new RegExp(
  [
    String.raw`\b(?:gpu|hardware|compute|computing|computational|cloud|server|machine|cluster)\s+resources?\b`,
    String.raw`(?:计算|硬件|显卡|gpu|服务器|机器|算力)资源`,
    String.raw`(?:컴퓨팅|gpu|하드웨어|연산)\s*(?:자원|리소스)`,
    String.raw`計算資源|(?:gpu|計算)リソース`,
  ].join('|'),
  'g',
);

/** The question words, each an amount (the count asked) or a kind (which card). */
const AMOUNT = String.raw`\bhow\s+(?:much|many)\b|多少|几|多大|몇|얼마나|어느\s*정도|どれ(?:くらい|ぐらい|ほど)|どの(?:くらい|ぐらい)|何枚|何台|いくつ`;
const KIND = String.raw`\b(?:what|which|whats)\b|什么|怎样|怎么样|哪些|哪种|哪类|啥|어떤|무슨|어떻게|どんな|どの(?!くらい|ぐらい)|どういう|何(?!枚|台)`;
const ASK = new RegExp(`(${AMOUNT})|${KIND}|[?？]|请问|想问|教えて|알려`, 'g');

/** A need: need, require, minimum, at least, take; 需要, 所需, 最少, 至少, 最低, 起码; 필요, 최소, 적어도; 必要, 最低, 少なくとも. */
const NEED = /\b(?:need(?:s|ed|ing)?|requir(?:e|es|ed|ing|ements?)|necessary|minimum|minimal|min|at\s+least|take|takes|suffice)\b|需要|需|要|所需|最少|至少|最低|起码|필요|최소|적어도|있어야|必要|最低|少なくとも/;

/** The user's hardware or another's: "I have", "we've got", 我有, 手上, 제, 私の (a card they own is asked about, not asked for). */
const OWNED = /\b(?:i|we)\s+(?:have(?!\s+access)|got|own|'ve|am\s+using|are\s+using|use)\b|\b(?:i|we)'ve\s+got\b|我(?:有|们有|手上|手里|这边)|手头|(?:^|\s)(?:제|내)\s|저는[^?]*있|私の|手元/;
/** Right before the noun: it is someone's ("my setup", "your hardware", 我的配置, 你们的资源). */
const SOMEONES = /\b(?:my|our|your|their|his|her|this|that|same|author'?s|authors'|official)\s+(?:[\w-]+\s+)?$|(?:我|我们|你|你们|您|他们|他|作者|官方|别人|论文)的\s*(?:[\w-]+\s*)?$/;

/**
 * Hardware the message states, beyond the catalog cards namesOwnCard finds: a memory size not said of host RAM ("49G的显卡",
 * "M1 Pro 16GB", "14G的显存") or a count of cards ("八卡", "7卡", "4张", "2 gpus"): the setup asked about, not one asked for.
 */
const STATED_HARDWARE = /(?<![\w.])\d{1,4}(?:\.\d)?\s*(?:gb|g|gib)\b(?!\s*(?:的\s*)?(?:内存|ram|dram|ddr\d?|system|host|cpu|disk|ssd|硬盘|磁盘|存储|storage|of\s+(?:system\s+|host\s+)?ram))|(?:(?<![\w.])\d{1,3}|[两二三四五六七八九十])\s*(?:张|块|台|个)?\s*(?:显卡|卡)|(?<![\w.])\d{1,3}\s*(?:gpus|cards)\b/;

/** Hardware the message states as the user's (STATED_HARDWARE), not a memory of a card it offers ("or A100 80GB"). */
function statesHardware(text: string): boolean {
  const all = new RegExp(STATED_HARDWARE.source, 'g');
  for (const m of text.matchAll(all)) if (!offeredAt(text, m.index, m.index + m[0].length)) return true;
  return false;
}

/** The noun stated, not asked: "设备配置是256GB内存", "the configuration is 2x A100". */
const STATED_AFTER = /^\s*(?:是|为|[:：=]|is|are|was|were)\s*\d/;

/** The ask nearest to [at, end) in the sentence: whether it asks an amount (null when none asks). */
function nearestAsk(sentence: string, at: number, end: number): { amount: boolean } | null {
  let best: { distance: number; amount: boolean } | null = null;
  for (const a of sentence.matchAll(ASK)) {
    const distance = a.index >= end ? a.index - end : a.index + a[0].length <= at ? at - a.index - a[0].length : 0;
    // A question mark weighs only where no word asks: it asks, but says neither an amount nor a kind.
    const weight = /^[?？]$/.test(a[0]) ? distance + 1000 : distance;
    if (!best || weight < best.distance) best = { distance: weight, amount: !!a[1] };
  }
  return best && { amount: best.amount };
}

/** The question a setup or resource noun asks in its sentence, or the noun as written where nothing asks it. */
function askedNeed(m: RegExpExecArray): string {
  const text = m.input;
  const at = m.index;
  const end = at + m[0].length;
  const { before, after, sentence } = sentenceAround(text, at, end);
  // "how much hardware for llama-2-13b?" (branch rques2): an amount asked right before the noun is the need asked.
  const needed = NEED.test(sentence) || /\bhow\s+much\s+$/.test(before);
  if (SOMEONES.test(before) || STATED_AFTER.test(after) || OWNED.test(sentence) || ANOTHERS.test(sentence) || !needed) return m[0];
  // The hardware stated anywhere in the message is the setup asked about: its estimate answers "what do I need".
  if (namesOwnCard(text) || statesHardware(text)) return m[0];
  const start = at - before.length;
  const local = nearestAsk(text.slice(start, end + after.length), at - start, end - start);
  if (!local) return m[0];
  // A card offered, not owned ("we can get H100s", 可以租A100): the need is counted in it, whatever the question word
  // (reconcile/asked-card.ts takes the card as the one counted, and says so).
  const asked = local.amount || offeredCard(text) ? ' how many gpus ' : ' which gpu ';
  return asked.padEnd(m[0].length);
}

export const NEEDS_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "how much compute would I need to do DPO on a 7B with all parameters?", "What is the minimum GPU memory
    // configuration required for full fine-tuning qwen2.5-14b?", "请问基于Qwen2-7B做全参数SFT大概需要怎样的GPU配置？",
    // "llama-3-70b 추론에 필요한 최소 사양이 어떻게 되나요?", "llama-3-70bの推論に最低限必要なスペックは？": the hardware a run needs,
    // asked (invented from the mechanism the lead saw in the fresh batches of s44; test/language/rques1-invented.test.ts).
    // The noun is written as the question: "how many gpus" for an amount, "which gpu" for a kind.
    id: 'question.needs-asked',
    pattern: SETUP,
    when: (t) => /compute|hardware|setup|set-up|config|spec|算力|配置|사양|스펙|하드웨어|구성|スペック|構成|ハードウェア/.test(t),
    write: askedNeed,
    example: 'What is the minimum GPU memory configuration required for full fine-tuning qwen2.5-14b? assuming seq 4096',
  },
  {
    // "全参微调baichuan2-13b模型，需要多少计算资源", "llama-3.1-8b qlora r16: how much GPU resources do we need?", "gemma-2-9b 풀
    // 파인튜닝에 어느 정도 컴퓨팅 자원이 필요한가요?": the same question by a qualified resource noun. Weak: resources are
    // answered by the memory per GPU as often (c2951), so the reply says the question with the words it came from.
    id: 'question.resources-asked',
    pattern: RESOURCES,
    when: (t) => /resource|资源|자원|리소스|計算資源|リソース/.test(t),
    write: askedNeed,
    example: '全参微调baichuan2-13b模型，需要多少计算资源',
    weak: true,
  },
];
