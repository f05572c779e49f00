import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';
import { ANOTHERS, offeredAt } from './question-cues.js';

/**
 * The card question read by its structure, not by one phrase: an asking cue (what / which / what sort of,
 * 哪些 / 什么, 어떤, どの, quel / qué / welche; how many, 几张 / 卡数, 몇 장, 何枚, combien / cuántas / wie viele)
 * attached to a target noun (GPU, card, graphics card, hardware, PC, 显卡, 芯片, 그래픽카드, グラボ) decides the
 * question: the kind of card asked is "which gpu", the count of cards asked is "how many gpus". The amount of
 * memory asked ("what GPU memory", "GPU requirements", "显存") is no card question: every estimate answers it.
 *
 * Guards, as the other question rules keep them: a card the message names as the user's own ("I have an RTX
 * 3090", "A100 80G", "12GB VRAM") is what the question asks about, so the words are left as written (the
 * estimate of that card answers "what are the minimum hardware requirements?", deepseek-ai/DeepSeek-V3#401 c631, getumbrel/llama-gpt#102 c1313); a requirement
 * said in a statement ("The hardware requirements are in the README.") asks nothing; another's run ("which
 * GPU did you use") is set aside by question.gpu-of-another-run before these run.
 */

/** A card named anywhere in the message (a catalog name such as "A100", "3090", "4090s") or a GPU memory stated ("12GB VRAM", "显存 24G"). */
const CARD_WORD = /(?<![\w.])(?:rtx\s?|gtx\s?|tesla\s?|nvidia\s?)?[a-z]{0,3}\d{1,4}(?:\s?(?:ti|super|xtx|xt|ada))?s?(?![\w.])/g;
const GPU_MEMORY = /(?<![\w.])[a-z]{1,4}\s?\d{3,4}\w*\s+\d{1,3}\s*(?:gb|g|gib)\b|(?<![\w.])\d{1,3}\s*(?:gb|g|gib)\b\s*(?:of\s+)?(?:vram|gpu|显存|graphics)|(?:vram|显存|gpu\s+memory)\s*[:：-]?\s*\d{1,3}\s*(?:gb|g|gib)\b/g;
/**
 * A card (or a card's memory) the message names as the user's. A card offered rather than owned ("we can get H100s",
 * "可以租A100", "A100 대여 가능": question-cues.ts `offeredAt`, branch rques2) is a card asked about, not the setup.
 */
export function namesOwnCard(text: string): boolean {
  for (const m of text.matchAll(GPU_MEMORY)) if (!offeredAt(text, m.index, m.index + m[0].length)) return true;
  for (const m of text.matchAll(CARD_WORD)) if (/\d/.test(m[0]) && gpuIdOf(m[0].replace(/\s+/g, '')) && !offeredAt(text, m.index, m.index + m[0].length)) return true;
  return false;
}
/** CARD_WORD, ended by a sentence's full stop too ("We can rent H100s."): only a version's ".5" continues a card. */
const OFFERED_CARD_WORD = /(?<![\w.])(?:rtx\s?|gtx\s?|tesla\s?|nvidia\s?)?[a-z]{0,3}\d{1,4}(?:\s?(?:ti|super|xtx|xt|ada))?s?(?!\w|\.\d)/g;
/** A card the message names that is offered, not owned (its first such card, as written), or null. */
export function offeredCard(text: string): string | null {
  for (const m of text.matchAll(OFFERED_CARD_WORD)) if (/\d/.test(m[0]) && gpuIdOf(m[0].replace(/\s+/g, '')) && offeredAt(text, m.index, m.index + m[0].length)) return m[0];
  return null;
}

/** Words that ask in a sentence (a question mark, an interrogative, a request for advice). */
const ASKING = /[?？]|\b(?:what|which|how|any|anyone|information|info|know|wonder\w*|advice|advise|recommend\w*|suggest\w*|seeking|inquiry|question|could|can|would|will|should|need(?:ed|s)?|minimum|min)\b|吗|哪|什么|多少|几|所需|需要|몇|어떤|どの|何|必要/i;

/** The sentence asks (its words or a question mark), or is a title (no full stop ends it). */
function asked(text: string, at: number, end: number): boolean {
  const { sentence } = sentenceAround(text, at, end);
  return ASKING.test(sentence) || !/[.。!！]$/.test(sentence);
}

/** A predicate right after the card and its memory: they are said to be or do something ("are not used", "usage is low"). */
const STATED_OF_IT = /^\s*(?:(?:usage|utili[sz]ation|util|load|consumption|occupancy)\b|(?:are|is|was|were|stays?|stayed|remains?|remained|shows?|showed|gets?|got|seems?|looks?|aren't|isn't|weren't|wasn't|not|never|both|all)\b(?!\s+(?:needed|required|necessary|recommended|enough|sufficient)\b))/;


const CARD_NOUN = String.raw`(?:gpus?|graphics\s+cards?|video\s+cards?|cards?|hardware|pcs?|computers?)`;
/** Not the card's memory or a setting of it ("what GPU memory", "Recommended GPU Layers" in KoboldCpp's log, c1231). */
const NOT_MEMORY = String.raw`(?!\s*(?:memory|vram|ram|mem|utili[sz]ation|layers?|offload\w*|util|usage|count)\b)`;
const KIND_WORDS = String.raw`(?:the|a|an|sort|sorts|kind|kinds|type|types|model|models|of|minimum|minimal|min|recommended|suitable|best|optimal|required|necessary|ideal|good|right|appropriate|cheapest)`;

export const STRUCTURE_QUESTION_RULES: readonly ProseRule[] = [
  {
    // The kind of card asked: "what's sort of GPU require for llama-2-7B-chat" (meta-llama/llama#810,
    // c1310), "What are the pc requirement to run Llama-70B-chat-hf model locally?" (meta-llama/llama#574,
    // c1311), "Hardware requirements for 7B 100k … the hardware requirements for 7B 100k models, for
    // inference?" (JIA-Lab-research/LongLoRA#110, c1286), "Optimal CPU and GPU Configurations for LLaMA 2(70B)"
    // (ollama/ollama#2393, c1285), "which is suite able GPU", "qwen2 72B模型在哪些GPU芯片可以跑起来" (QwenLM/Qwen3#888, c1284), "어떤 GPU가 필요한가요",
    // "どのGPUが必要ですか", "quelle carte graphique", "qué GPU necesito", "welche GPU brauche ich": read as
    // "which gpu" when the message names no card of the user's.
    id: 'question.which-card-asked',
    pattern: new RegExp(
      [
        // what / which + kind words + the card noun (+ "requirement(s)" / "specs" / "configuration")
        // ("what are the GPU requirements" asks the memory, as "the GPU requirements to use the models for
        // inference, in bf16", c1035, and "help me understand GPU requirements", c1313, do: not this form)
        String.raw`\b(?:what|which)(?:'s|\s+is|\s+are|\s+will\s+be|\s+would\s+be)?(?:\s+${KIND_WORDS})*\s+${CARD_NOUN}${NOT_MEMORY}(?<!\bgpus?(?=\s+req))(?:\s+(?:requirements?|reqs?|specs?|specifications?|configurations?|config))?\b`,
        // hardware / pc / system requirements (a card of any kind asked by what it must be)
        String.raw`\b(?:hardware|pc|computer|system|machine)\s+(?:requirements?|reqs?|specs?|specifications?|configurations?|recommendations?)\b`,
        // recommended / suitable / optimal (CPU and) GPU (configurations | models)
        String.raw`\b(?:optimal|recommended|suit(?:e)?\s?able|best|ideal)\s+(?:(?:cpu|and|or|\/|&)\s*)*(?:gpus?|graphics\s+cards?|hardware)${NOT_MEMORY}(?:\s+(?:configurations?|models?|choices?|options?|setups?))?\b`,
        String.raw`\b(?:gpu|graphics\s+card|hardware)\s+recommendations?\b`,
        // Chinese: 哪些 / 哪种 / 什么(样的) + 显卡 / GPU / 卡 / 芯片 / 硬件
        String.raw`(?:哪些|哪种|哪款|哪个|哪张|哪类|什么样的?|什么)(?:型号的?)?\s*(?:gpu芯片|gpu|显卡|芯片|硬件|卡)`,
        // Chinese, asked by advice: "请问有推荐的配置吗" (jianzhnie/LLamaTuner#87), "推荐什么显卡", "建议的gpu型号"
        String.raw`(?:推荐|建议)(?:的|一下|一款|用)?\s*(?:显卡|gpu|硬件|配置)(?:配置|型号)?(?=[^。.!！\n]{0,12}[吗呢？?])`,
        // Korean, Japanese, French, Spanish, German
        String.raw`어떤\s*(?:gpu|그래픽\s*카드|하드웨어|사양)`,
        String.raw`(?:どの|どんな)(?:ような)?\s*(?:gpu|グラボ|グラフィックボード|ハードウェア|マシン)`,
        String.raw`\bquel(?:le)?s?\s+(?:gpus?|cartes?\s+graphiques?|cartes?|mat[ée]riel)\b`,
        String.raw`(?:\bqu[ée]|\bcu[áa]l(?:es)?)\s+(?:gpus?|tarjetas?(?:\s+gr[áa]ficas?)?|hardware)\b`,
        String.raw`\bwelche[rsmn]?\s+(?:gpus?|grafikkarten?|karten?|hardware)\b`,
      ].join('|'),
      'g',
    ),
    when: (t) => /gpu|card|hardware|pc|computer|system|machine|显卡|芯片|硬件|卡|그래픽|사양|グラ|ハード|マシン|carte|mat|tarjeta|karte/.test(t),
    write: (m) => {
      const text = m.input;
      if (namesOwnCard(text)) return m[0];
      // "什么硬件 … gpu显存多大，几个" (zjunlp/KnowLM#10, c2956): a count asked too (question-evidence.ts wrote it) is the
      // question; it answers the kind of card as well, and the two would contradict.
      if (/^(?:哪|什么)/.test(m[0]) && text.includes(' how many ')) return m[0];
      const { sentence } = sentenceAround(text, m.index, m.index + m[0].length);
      if (ANOTHERS.test(sentence)) return m[0];
      if (!/^(?:what|which|哪|什么|어떤|どの|どんな|quel|qu|cu|welche)/.test(m[0]) && !asked(text, m.index, m.index + m[0].length)) return m[0];
      // Cards offered, not owned ("Available to us: A6000 or L40S. What GPU setup would … require?"): the count of the
      // offered card is asked (reconcile/asked-card.ts says it), not a ranking of the catalog.
      if (offeredCard(text)) return ' how many gpus '.padEnd(m[0].length);
      return ' which gpu '.padEnd(m[0].length);
    },
    example: 'What are the pc requirement to run Llama-70B-chat-hf model locally?',
    source: 'meta-llama/llama#574',
  },
  {
    // The card and its memory asked as two things: "is there a recommended GPU/VRAM configuration?" (AutoAWQ,
    // c1617, Mixtral-8x7B read with no question), "the minimum requirement to infer on a short video. In GPU,
    // CPU and VRAM requirements." (LLaMA-VID, c1620), "can you recommend minimum specific GPU … How much VRAM
    // need" (ai-forever/KandinskyVideo#5). "GPU VRAM" as one noun ("the recommended GPU VRAM",
    // wangyuanbiubiubiu/FaithFusion#5) is the memory and stays so; here a separator lists the card apart from
    // its memory. Read as "which gpu" on a weak cue, said, where the message names no card of the user's and
    // the sentence asks or is a title.
    id: 'question.card-and-memory-asked',
    pattern: /\b(?:gpus?|graphics\s+cards?)\s*(?:\/|,|&|\band\b|\bor\b)\s*(?:(?:cpu|ram)\s*(?:\/|,|&|\band\b)\s*)?(?:vram|gpu\s+memory)\b(?:\s+(?:requirements?|reqs?|configurations?|config|specs?))?/g,
    when: (t) => t.includes('vram') || t.includes('gpu memory'),
    weak: true,
    // "gpu/vram" has the shape of a Hub id (owner/name): the pair is the card and its memory, never a repository.
    insideHubIds: true,
    write: (m) => {
      const text = m.input;
      const { before, sentence } = sentenceAround(text, m.index, m.index + m[0].length);
      // Or a fragment that goes on from an asking sentence ("… the minimum requirement to infer on a short video. In GPU, CPU and VRAM requirements.").
      const previous = /[^.!?。？！\n]*[.!?。？！]\s*$/.exec(text.slice(0, m.index - before.length))?.[0] ?? '';
      const goesOn = /^(?:in|for|e\.g\.?|i\.e\.?|like|such\s+as)\b/i.test(sentence) && ASKING.test(previous);
      if (namesOwnCard(text) || (!asked(text, m.index, m.index + m[0].length) && !goesOn)) return m[0];
      // "CPU and RAM are used, but the GPU and VRAM are not used" (gpustack/gpustack#1231, c2058, a title with no
      // full stop), "my GPU and VRAM are idle", "GPU and VRAM usage is low": the user's own card said to do or
      // show something is the subject of a statement, not a card asked for.
      if (/\b(?:the|my|our|his|her|their|its|this|that)\s+$/.test(before) || STATED_OF_IT.test(text.slice(m.index + m[0].length))) return m[0];
      if (ANOTHERS.test(sentence)) return m[0];
      return ' which gpu '.padEnd(m[0].length);
    },
    example: 'To quantize the MistralAI/Mixtral-8x7B-Instruct-v0.1, is there a recommended GPU/VRAM configuration?',
    source: 'ai-forever/KandinskyVideo#5',
  },
  {
    // "what GPU memory do I need for llama-2-13b", "which graphics card memory is enough": the card's memory
    // asked, which every estimate states; "what gpu" here is no card to rank (the vocabulary reads "what gpu"
    // as "which gpu" wherever it stands). The asking words are blanked; the memory words stay.
    id: 'question.card-memory-asked',
    pattern: /\b(?:what|which)(?:\s+(?:kind|sort|type)\s+of)?\s+(?:gpu|graphics\s+card|card)\s+(?=(?:memory|vram|mem)\b(?!\s+util))/g,
    when: (t) => /what|which/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'what GPU memory do I need for llama-2-13b inference?',
  },
  {
    // "How many blocks of 80g a100 are needed to fine-tune the 70b model" (meta-llama/llama#389: "blocks"
    // renders 块, the Chinese counter for cards), "how many pieces of H100", "how many units of A100": a
    // counter noun between "how many" and the card; the count is of the card named after it.
    id: 'question.how-many-counter-noun',
    pattern: /\bhow\s+many\s+(?:blocks?|pieces?|pcs|units?|sets?)\s+of\s+(?=[a-z0-9])/g,
    when: (t) => t.includes('how many'),
    // Written at the end of the span, so the card follows "how many" after one space (prose.how-many-uncounted reads it so).
    write: (m) => 'how many '.padStart(m[0].length),
    example: 'How many blocks of 80g a100 are needed to fine-tune the 70b model',
    source: 'meta-llama/llama#389',
  },
  {
    // The count of cards asked: "DeepSeek-V3 Lora微调所需卡数和最大训练长度" (modelscope/ms-swift#3043, the number of cards needed,
    // c1326), "需要的显卡数量是多少", "GPU는 몇 장 필요한가요", "GPUは何枚必要ですか", "combien de GPU", "cuántas
    // GPU", "wie viele GPUs": read as "how many gpus" ("how many" before a card named just after, as
    // question.how-many-cards-zh does). A count stated after the words ("卡数：8", "显卡数量为4") is the user's.
    id: 'question.how-many-cards-asked',
    pattern: new RegExp(
      [
        String.raw`(?:所需|需要的?|要的?)?(?:显卡|gpu|卡)(?:的)?(?:数量|数目|张数|块数)|(?:所需|需要的?)?卡数`,
        String.raw`(?:gpu|그래픽\s*카드|카드)\s*(?:를|가|는|을)?\s*몇\s*(?:장|개|대)|몇\s*(?:장|개|대)의\s*(?:gpu|그래픽\s*카드|카드)`,
        String.raw`(?:gpu|グラボ|カード)\s*(?:は|が|を)?\s*何(?:枚|台|個)|何(?:枚|台)の\s*(?:gpu|グラボ)`,
        String.raw`\bcombien\s+de\s+(?:gpus?|cartes?)\b`,
        String.raw`\bcu[áa]nt[ao]s\s+(?:gpus?|tarjetas?)\b`,
        String.raw`\bwie\s*viele\s+(?:gpus?|grafikkarten?|karten?)\b`,
        // The card named before the counter asked (s32, rcount): "A100 몇 장이 필요한가요", "H100は何枚必要ですか".
        // A particle after a consonant (이 / 은: "H100이 몇 장") and an adverb of the least between ("H100이 최소 몇 장", "H100は最低何枚").
        String.raw`(?<![\w.])((?:[a-z]{1,4}[ -]?)?\d{2,4}[a-z]{0,3})\s*(?:를|가|는|을|이|은|は|が|を)?\s*(?:(?:최소|최소한|적어도|最低|少なくとも)\s*)?(?:몇\s*(?:장|개|대)|何(?:枚|台|個))`,
      ].join('|'),
      'g',
    ),
    when: (t) => /卡|gpu|카드|グラボ|カード|combien|cu[áa]nt|viele|몇|何/.test(t),
    write: (m) => {
      if (m[1]) return gpuIdOf(m[1]) ? ` how many ${m[1]} ` : m[0];
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 30);
      // A count stated right after ("卡数：8", "数量为 4"): the user's own, not asked.
      if (/^\s*(?:[:：=]|为|是)?\s*\d/.test(after)) return m[0];
      return after.split(/[^a-z0-9-]+/).some((w) => w && gpuIdOf(w)) ? ' how many ' : ' how many gpus ';
    },
    example: 'DeepSeek-V3 Lora微调所需卡数和最大训练长度',
    source: 'modelscope/ms-swift#3043',
  },
];
