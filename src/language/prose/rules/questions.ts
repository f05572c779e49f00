import { LIMIT_OF_ANOTHER } from '../../config-keys/patterns.js';
import { FAMILIES, gpuIdOf } from '../../lexicon.js';
import { NUMBER_WORDS } from '../../numbers.js';
import type { ProseRule } from '../types.js';

/**
 * Short chat questions about a setup ("will X fit on Y", a pasted spec sheet, a llama.cpp
 * front-end's settings): the ways of writing them that the rest of the reader took for something
 * else. Each rule rewrites the words into items the grammar already reads (or blanks them and says
 * so), keeping the text's length so positions stay mapped. Collected from lines c266–c290 of
 * test/corpus.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/** A word that already says what is done with the model (as the prose rules' SERVING_WORD). */
const DOING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|serv\w*|deploy\w*|host\w*|vllm|sglang|tgi|ollama|llama\.cpp|inference|infer|run\w*|chat\w*)\b/i;

/**
 * Settings a user asks where or whether to set: parallel sizes and sharding, never a method (the
 * "lora" of "如何lora微调" is what the user does). Chinese and English names.
 */
const ASKED_SETTING = String.raw`(?:tp|pp|tensor[ _-]?parallel(?:ism|_size)?|pipeline[ _-]?parallel(?:ism|_size)?|model[ _-]?parallel(?:ism)?|sequence[ _-]?parallel(?:ism)?|zero[-_ ]?[0-3]?|fsdp|deepspeed|(?:cpu[ _-]?)?offload(?:ing)?|gradient[ _-]checkpointing|张量并行|流水线并行|模型并行|序列并行)`;
/** A list of them ("TP，PP这些", "tp or pp"), with no value after the last (a value makes it a setting: "set tp to 4"). */
const ASKED_LIST = String.raw`${ASKED_SETTING}(?:\s*(?:[,，、/]|\band\b|\bor\b|和|或|或者|及)\s*${ASKED_SETTING})*(?![ \t]*(?:=|:|to\b|为|成|设为)?[ \t]*\d)(?![\w-])`;

/** What a question about a setting asks; the setting is left unset, and the reply says so. */
function askedAbout(m: RegExpExecArray, notes: string[]): string {
  const words = m[0].trim();
  notes.push(`"${words}" asks about a setting; none is set from it (the estimate shows what each would change)`);
  return ' '.repeat(m[0].length);
}

export const QUESTION_RULES: readonly ProseRule[] = [
  {
    // "有没有设置TP，PP这些的地方" (is there somewhere to set TP, PP?), "where do I set tp?", "should I use
    // zero3?": a question about a setting is not the setting. The bare "TP" had set tp to the GPU count
    // and the request was refused (modelscope/ms-swift#2743).
    id: 'question.asks-about-setting',
    pattern: new RegExp(
      [
        // "是不是没有启动tensor-parallel？" (is it that tensor-parallel was not started? hiyouga/LlamaFactory#7559, c676).
        String.raw`(?:有没有|哪里|哪儿|在哪里?|怎么|如何|怎样|能不能|可不可以|要不要|需不需要|是否(?:需要|要|可以|应该|没有?)?|是不是(?:没有?)?|该不该)\s*(?:设置|设定|配置|开启|启动|启用|打开|开|使用|用|加|调)?\s*${ASKED_LIST}(?:\s*(?:这些|这种|之类)?\s*(?:的)?\s*(?:地方|参数|选项|吗|呢|么))?`,
        String.raw`\b(?:where|how)\s+(?:do|can|could|should|would)\s+(?:i|we|you|one)\s+(?:set|enable|turn\s+on|configure|specify|change|use)\s+(?:the\s+)?${ASKED_LIST}`,
        String.raw`\b(?:should|shall|must)\s+(?:i|we)\s+(?:use|try|enable|set|turn\s+on)\s+${ASKED_LIST}\s*\?`,
        // "Will this fit or do we need CPU offload?": whether a setting is needed is no setting.
        String.raw`\b(?:do|does|would|will)\s+(?:i|we|you|it|one)\s+need\s+(?:to\s+(?:use|enable|turn\s+on|add)\s+)?(?:the\s+)?${ASKED_LIST}\s*\?`,
        String.raw`\bis\s+there\s+(?:a|any)\s+(?:way|place|option|setting|flag)\s+(?:to|for)\s+(?:set(?:ting)?\s+|enabl(?:e|ing)\s+|us(?:e|ing)\s+)?(?:the\s+)?${ASKED_LIST}`,
      ].join('|'),
      'g',
    ),
    when: (t) => /tp|pp|parallel|zero|fsdp|deepspeed|offload|checkpointing|并行/.test(t),
    write: askedAbout,
    example: '还是不行，有没有设置TP，PP这些的地方= =感谢！',
    source: 'modelscope/ms-swift#2743',
  },
  {
    // "the context length of CodeLlama-7B is 16,384 tokens", "Qwen2.5-7B's context window is 128k":
    // what the model supports (from its card or docs), not the length the user runs. A model name
    // holds a size ("7b", "70b"), which keeps "the context length of my prompt is 8k" a setting.
    id: 'question.model-window',
    pattern: /\b(?:the\s+)?(?:max(?:imum)?\s+|native\s+|supported\s+)?context\s*(?:length|window|size|len)\s+of\s+(?:the\s+)?([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:\s+model)?\s+is\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?|\b([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:'s|\s+has\s+an?)\s+(?:max(?:imum)?\s+|native\s+)?context\s*(?:length|window|size|len)(?:\s+(?:is|of))\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?/g,
    when: (t) => t.includes('context'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": the model's own context window, not a length you run; not read (say seq N for yours)`);
      return ' '.repeat(m[0].length);
    },
    example: 'According to the model documentation, the context length of CodeLlama-7B is 16,384 tokens.',
    source: 'meta-llama/codellama#198',
  },
  {
    // "For DeepSeek-R1:671b, what is the maximum context length and throughput that a single GPU can
    // support?" (deepseek-ai/DeepSeek-R1#460, c744, one of a list of planning questions), "What is the
    // maximum context length possible?" (facebookresearch/mega#13): a length asked of a model or of any
    // card is that one's limit, not a question about the user's run (config.asked-value leaves it:
    // LIMIT_OF_ANOTHER). Set aside, said; "what's the max context length I can fit" stays "max seq".
    id: 'question.limit-of-another',
    pattern: /\bwhat(?:'s| is| are)?(?: the| a)?(?: (?:max(?:imum)?|largest|biggest|longest))? (?:context(?:[ _-]?(?:length|len|size|window))?|seq(?:uence)?[ _-]?(?:length|len)|max_seq_length|max_model_len)\b/g,
    when: (t) => t.includes('what'),
    write: (m, notes) => {
      if (!LIMIT_OF_ANOTHER.test(m.input.slice(m.index + m[0].length))) return m[0];
      notes.push(`"${m[0].trim()}" asks a model's or a card's own limit, not the longest length your setup fits; not read (say "max seq" for that)`);
      return ' '.repeat(m[0].length);
    },
    example: 'For DeepSeek-R1:671b, what is the maximum context length and throughput that a single GPU can support?',
    source: 'deepseek-ai/DeepSeek-R1#460',
  },
  {
    // "when you say you can train on four GPUs, what GPUs are they?" (FasterDecoding/Medusa#14, c789),
    // "Can I ask about what kind of GPU did you use" (fangyuanmao/PID#7), "What GPU is used for training
    // the model" (zgjiangtoby/FND_fewshot#2): the GPUs of another's run (the authors', the maintainers'),
    // asked to learn theirs, not which GPU fits the user's setup. Set aside, said; "what gpu do you
    // recommend" and "what gpu do I need" stay the question.
    id: 'question.gpu-of-another-run',
    pattern: /\b(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|model\s+of\s+)?(?:gpus?|cards?|graphics\s+cards?)\s+(?:(?:did|do|does)\s+(?:you|they|u|the\s+authors?)\s+(?:use|used|run|train)\w*|(?:are|were)\s+(?:they|those|these)|(?:is|are|was|were)\s+(?:being\s+)?used)\b/g,
    when: (t) => /gpu|card/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" asks about the GPUs of another's run, not which GPU fits yours; not read (say "which gpu" to rank cards)`);
      return ' '.repeat(m[0].length);
    },
    example: 'I would like to know when you say you can train on four GPUs, what GPUs are they? thanks!',
    source: 'FasterDecoding/Medusa#14',
  },
  {
    // The window a model is described as having, written number first: "its 32k context window (qwen
    // 2.5 7b)" (yansikuan/memory-r1#2), "a model fine tuned for 100k context" (JIA-Lab-research/LongLoRA#31),
    // "llama 3.1 8b has a 128K context window", "(8k context model)". What the model supports, not
    // the length the user runs (issue 22, item 7): their own length, said beside it ("I only need
    // 16k"), is then read alone. The owner is a model name with a size, "its" / "the model's", or the
    // noun "model" after the window; "16k context" alone stays the user's length.
    id: 'question.model-window-described',
    pattern: new RegExp(
      [
        // "<name with a size> has / supports / offers (a | up to) 128K (token) context (window)"
        String.raw`(?<=\b[\w./-]*\d+(?:\.\d+)?b\b[\w.-]*\)?\s+)(?:has|have|supports?|offers?|comes\s+with)\s+(?:an?\s+|up\s+to\s+|(?:a\s+)?(?:max(?:imum)?|native)\s+)*~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?(?:of\s+)?context(?:[\s_-]*(?:length|window|size|len))?\b`,
        // "its 32k context window", "the model's 8192 context length"
        String.raw`\b(?:its|the\s+model'?s|the\s+models'?)\s+(?:max(?:imum)?\s+|native\s+)?~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?context(?:[\s_-]*(?:length|window|size|len))?\b`,
        // "(8k context model)", "a 32k-context version", "a model fine tuned for 100k context"
        String.raw`(?<![\w.])~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?context(?:[\s_-]*(?:length|window))?\s+(?:model|version|variant|checkpoint)s?\b`,
        // "mistral 7b instruct v0.2 is a 32k model": a model named by its window (sizes are in B, never k).
        String.raw`(?<![\w.])\d+\s*k[\s-]+models?\b`,
        String.raw`\bmodels?\s+(?:fine[\s-]?tuned|trained|pretrained|extended)\s+(?:for|to|on|with)\s+~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?(?:of\s+)?context\b`,
      ].join('|'),
      'g',
    ),
    when: (t) => t.includes('context') || /\dk[\s-]+model/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": the model's own context window, not a length you run; not read (say seq N for yours)`);
      return ' '.repeat(m[0].length);
    },
    example: 'llama 3.1 8b has a 128K context window; I only need 16k. Can I run it on a 4090?',
    source: 'yansikuan/memory-r1#2',
  },
  {
    // "with 2 gpu layers", "40 GPU layers": llama.cpp's n-gpu-layers written as a count of layers,
    // read as "<N> layers on gpu" (-ngl N); without it the number after ("2 gpu layers, 2048 context
    // size") was taken as -ngl.
    id: 'question.gpu-layers',
    pattern: /(?<![\w.])(\d{1,3})\s+gpu[\s_-]?layers\b/g,
    when: (t) => t.includes('layers'),
    write: (m) => `${m[1]} layers on gpu`.padEnd(m[0].length),
    example: 'mistral-7b-instruct-v0.2.Q4_K_M.gguf with 2 gpu layers, 2048 context size.',
    source: 'brucepro/Memoir#108',
  },
  {
    // "Memory 32.0GB Speed: 2400 MHz", "32GB @ 3200MHz": a memory size with a clock speed beside it is
    // system RAM (DIMMs are sold by speed), not GPU memory. Weak: the size is host RAM only because a
    // clock speed stands near it.
    id: 'question.ram-with-speed',
    pattern: /\b(?:(?:system\s+)?memory|mem)\s*:?\s*(\d+(?:\.\d+)?)\s*(?:gb|g|gib)\b([^\n\d]{0,20}?\d{3,4}\s*mhz\b)|(?<![\w.])(\d+(?:\.\d+)?)\s*(?:gb|g|gib)\s*(?:ddr\d\s*)?(?:@|at)?\s*(\d{3,4}\s*mhz)\b/g,
    when: (t) => t.includes('mhz'),
    write: (m) => `with ${m[1] ?? m[3]!}gb ram`.padEnd(m[0].length),
    example: 'NVIDIA GeForce RTX 4070 Ti SUPER\nMemory 32.0GB Speed: 2400 MHz',
    source: 'LostRuins/koboldcpp#1185',
    weak: true,
  },
  {
    // "Qwen2官网提供的显存数据" (the memory figures Qwen2's website gives), "llama官方文档": a name before
    // 官网 / 官方 is where a figure comes from, not the model run (the thread's qwen2-72b stays).
    id: 'question.official-source-zh',
    pattern: /(?<![\w.\-])[a-z][\w.\-]*\s*(?:官网|官方(?:文档|数据|说明))(?:上|里)?(?:说|写的?|提供的|给的|给出的)?/g,
    when: (t) => /官网|官方/.test(t),
    write: () => ' question ',
    example: '我看了下Qwen2官网提供的显存数据，确实需要40G以上，是AWQ量化版本不支持多卡推理吗？',
    source: 'c402',
  },
  {
    // "4*A800能跑吗？", "能不能跑", "跑得动吗" said with nothing after: can the setup run, the question the
    // estimate answers. In a thread it asks about the setup the thread holds (a full fine-tune stays
    // one), unlike "能跑起来 Qwen2-72B" or "用vllm跑qwen", whose 跑 runs the model named.
    id: 'question.can-it-run-zh',
    pattern: /(?:能不能|可不可以|能|可以)(?:跑|运行)(?:得?(?:起来|动|了))?(?=\s*(?:[吗嘛么呢]|[?？!！。.,，]|$))|(?:跑|运行)得(?:起来|动)(?=\s*[吗嘛么呢])/g,
    when: (t) => /跑|运行/.test(t),
    write: () => ' question ',
    example: '如题\n4*A800能跑吗？',
    source: 'c352',
  },
  {
    // "…是什么呀？", "…可以吗？", "请问", "想问下": a Chinese question's particles and politeness carry no
    // setting; read as the filler word "question", not blanked: a short message stays as long as it
    // was, and length decides whether prose around the items is tolerated (parse.ts).
    id: 'question.particles-zh',
    pattern: /[呀吗呢啊吧嘛么](?=\s*(?:[?？!！。.,，]|$))|请问(?:一下)?|问一下|想问(?:一)?下|想请教(?:一下)?/g,
    when: (t) => /[呀吗呢啊吧嘛么问]/.test(t),
    write: () => ' question ',
    example: 'zero3 + qlora + 4bit + double quantize。请问可能有什么原因导致的oom呢',
    source: 'hiyouga/LlamaFactory#3880',
  },
  {
    // "单卡已经满了，但是第二张卡还没占用显存", "one GPU is full while the other sits idle": one of the
    // cards described, not a count of one (the thread's two cards stay).
    id: 'question.one-card-full',
    pattern: /单卡(?=\s*(?:已经|已|就|都)?\s*(?:满|爆|占满))|\b(?:one|a single|the first)\s+(?:gpu|card)\s+(?=(?:is|was|gets|got)\s+(?:already\s+)?(?:full|filled|maxed))/g,
    when: (t) => t.includes('单卡') || t.includes('full'),
    write: blank,
    example: '但是在通过Llama-factory加载的时候 出现单卡已经满了，但是第二张卡还没占用显存的情况',
    source: 'QwenLM/Qwen3#499',
  },
  {
    // "48GB VRAM total across 2 cards", "96gb in total over 4 gpus": the sum of the cards' memory, so
    // each card holds its share (was read as 2 cards of 48 GB each).
    id: 'question.total-across',
    pattern: /(?<![\w.])(\d{1,4})\s*(?:gb|g|gib)\s+(?:of\s+)?(?:vram\s+|gpu\s+memory\s+)?(?:in\s+)?total\s+(?:across|over|on|in|from|between)\s+(\d{1,2}|two|three|four|eight)\s+(?:cards?|gpus?)\b/g,
    when: (t) => t.includes('total'),
    write: (m) => {
      const cards = Number(NUMBER_WORDS[m[2]!] ?? m[2]);
      const each = Number(m[1]) / cards;
      if (!Number.isInteger(each) || cards < 1) return m[0];
      return `${cards}x ${each}gb`.padEnd(m[0].length);
    },
    example: 'llama-3-70b q4 on 48gb vram total across 2 cards',
  },
  {
    // "24+24GB", "24GB + 24GB": cards of that memory added up (was read as 24 cards of 24 GB). Unequal
    // terms are cards of different memory, which the estimate does not model: set aside, said.
    id: 'question.memory-sum',
    pattern: /(?<![\w.+])(\d{1,3})\s*(?:gb|g)?(?:\s*\+\s*\d{1,3}\s*(?:gb|g)?)+(?<=gb|g)(?![\w.])/g,
    when: (t) => t.includes('+'),
    write: (m, notes) => {
      const terms = m[0].split('+').map((t) => Number(/\d+/.exec(t)![0]));
      if (terms.every((t) => t === terms[0])) return `${terms.length}x ${terms[0]}gb`.padEnd(m[0].length);
      notes.push(`"${m[0].trim()}": cards of different memory are not modelled; no card read from it (say one card type, e.g. "on 2x 24GB")`);
      return ' '.repeat(m[0].length);
    },
    example: 'can i run a 70b on 24+24gb?',
  },
  {
    // "24GB x2", "16gb*4" with no card before: that many cards of that memory (was refused, "x2"
    // unread). After a card ("A100 80GB x 2") the count is read elsewhere.
    id: 'question.memory-times-count',
    pattern: /(?<!(?:[a-z]\w*\d|\d{4})(?:[\s-]+(?:sxm\d?|pcie|nvl|hbm\d?e?|ada|gddr\d\w?))*[\s-]*)(?<![\w.])(\d{1,3})\s*(?:gb|g)\s*[x×*]\s*(\d{1,2})(?![\w.])/g,
    when: (t) => /\d\s*(?:gb|g)\s*[x×*]/.test(t),
    write: (m) => `${m[2]}x ${m[1]}gb`.padEnd(m[0].length),
    example: 'qwen2.5-32b awq on 24gb x2',
  },
  {
    // "what if 4 of them", "with 8 of those": in a thread about a card, that many of it (read as
    // "N gpus", which keeps the thread's card). Weak: a count inferred with no counter noun, only a
    // pronoun that may stand for anything said before.
    id: 'question.n-of-them',
    pattern: /\b(\d{1,3}|two|three|four|six|eight|sixteen)\s+of\s+(?:them|those|these)\b/g,
    when: (t) => t.includes(' of th'),
    write: (m) => `${NUMBER_WORDS[m[1]!] ?? m[1]} gpus`.padEnd(m[0].length),
    example: 'what if 4 of them?',
    weak: true,
  },
  {
    // "how many concurrent users", "how many simultaneous requests": the largest serving batch, with
    // the simultaneity said before the noun (the prose rule reads it only when "can"/"at once" follows).
    id: 'question.how-many-concurrent',
    pattern: /\bhow many\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|people|requests?|clients?|sessions?|sequences?|chats?|connections?)\b/g,
    when: (t) => t.includes('how many'),
    write: (m) => 'max batch'.padEnd(m[0].length),
    example: 'how many concurrent users for llama-3-8b on an l4',
  },
  {
    // "50 concurrent users", "16 parallel requests" with no "for"/"to" before them: the serving batch.
    id: 'question.concurrent-people',
    pattern: /(?<![\w.])(\d{1,5})\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|connections?)\b/g,
    when: (t) => /concurrent|simultaneous|parallel/.test(t),
    write: (m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]}`.padEnd(m[0].length),
    example: 'mistral-7b, 50 concurrent users, a100',
  },
  {
    // "3 users, 8k each": the serving batch and a length per user. Weak: the length is a number
    // attached only by "each", with "tokens" and "context" optional.
    id: 'question.users-each',
    pattern: /(?<![\w.])(\d{1,5})\s+users?\s*[,;]?\s*(?:with\s+)?(\d+(?:\.\d+)?k?)\s*(?:tokens?\s+)?(?:of\s+)?(?:context\s+)?each\b/g,
    when: (t) => t.includes('each'),
    write: (m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]} seq ${m[2]}`.padEnd(m[0].length),
    example: 'llama-3-8b on a 4090 for 3 users, 8k each',
    weak: true,
  },
  {
    // "加载" (load: "通过Llama-factory加载"): loading the model, read as "load", which runs it unless a
    // training word is said. Weak: what is done with the model is guessed from a verb.
    id: 'question.load-zh',
    pattern: /加载/g,
    when: (t) => t.includes('加载'),
    write: () => ' load ',
    example: '我现在采用AWQ量化的72B模型，但是在通过Llama-factory加载的时候',
    source: 'QwenLM/Qwen3#499',
    weak: true,
  },
  {
    // "显存要求大概是怎么样的" (what is the memory requirement like), "需求是多少": the question the
    // estimate answers, read as the filler word "question" so a Chinese title keeps its model.
    id: 'question.requirement-zh',
    pattern: /(?:显存|硬件|配置|资源)?(?:要求|需求)(?:大概|大约|大致|一般)?(?:是)?(?:怎么样|怎样|什么样|多少|多大)(?:的)?/g,
    when: (t) => /要求|需求/.test(t),
    write: () => ' question ',
    example: 'Baichuan-13B 全参微调显存要求大概是怎么样的？',
    source: 'c352',
  },
  {
    // "qwen7b的硬件需求是什么呀？", "需要什么样的硬件/显卡", "最低配置": the question itself, which the
    // estimate answers; read so a short question with a model in it is not refused for its Chinese.
    id: 'question.what-hardware-zh',
    pattern: /(?:的)?(?:硬件|显卡|gpu)(?:需求|要求|配置)(?:是什么|是多少)?|(?:需要|要)什么(?:样的)?(?:硬件|显卡|配置)|(?:最低|最小)(?:的)?(?:硬件|显卡)?(?:需求|要求|配置)/g,
    when: (t) => /硬件|显卡|配置/.test(t),
    write: () => ' hardware ',
    example: '你好，我想本地部署llama 3 70B，想问下大概需要什么样的硬件？',
    source: 'LlamaChinese/Llama-Chinese#338',
  },
  {
    // "显存不足" (not enough GPU memory), "爆显存" (blew the GPU memory): the user's run ran out of
    // memory, read as "oom". "内存溢出" is left alone: it is said as often with a negation.
    id: 'question.oom-zh',
    pattern: /显存(?:不足|不够(?:用)?|爆了?)|爆显存/g,
    when: (t) => t.includes('显存'),
    write: (m) => ' oom '.padEnd(Math.max(5, m[0].length)),
    example: 'full tuning 显存不足',
    source: 'c379',
  },
  {
    // "8卡2080ti无法启动qwen2-72b" (cannot start), "启动失败": a report that it fails, no setting.
    id: 'question.fails-to-start-zh',
    pattern: /无法(?:启动|运行|加载)|(?:启动|运行|加载)失败/g,
    when: (t) => /无法|失败/.test(t),
    write: () => ' question ',
    example: '[Bug]8卡2080ti无法启动qwen2-72b-insctruct',
    source: 'c378',
  },
  {
    // "调Baichuan 13B需要多少显存" (tuning Baichuan 13B): 调 before a model's family is to tune it. Weak:
    // 调 alone also means to adjust a setting, so the method is guessed from one character. Not the 调
    // of a word of its own (微调 is "fine-tune", read as such by prose.chinese-words).
    id: 'question.tune-zh',
    pattern: new RegExp(String.raw`(?<![微空协强单声语曲格基])调(?=\s*(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')}))`, 'g'),
    when: (t) => t.includes('调'),
    write: () => ' finetune ',
    example: '调Baichuan 13B需要多少显存？',
    source: 'c392',
    weak: true,
  },
  {
    // "显存占用设置95%", "显存利用率 0.9": vLLM's --gpu-memory-utilization said in Chinese, read as util.
    id: 'question.util-zh',
    pattern: /显存(?:占用|利用)率?\s*(?:设置|设定|调)?\s*(?:为|到|成|:)?\s*(?:(\d{1,3}(?:\.\d+)?)\s*%|(0?\.\d+)(?![\d.]))/g,
    when: (t) => t.includes('显存'),
    write: (m) => {
      const util = m[1] !== undefined ? Number(m[1]) / 100 : Number(m[2]);
      if (!(util > 0 && util <= 1)) return m[0];
      return ` util ${util}`.padEnd(m[0].length);
    },
    example: '使用A800  80g跑vllm，两张卡，显存占用设置95%才能跑起来',
    source: 'QwenLM/Qwen3#88',
  },
  {
    // "6 machine x 8 card x 16GB", "2 machines x 8 GPUs": nodes times the GPUs in each (times the
    // memory of one); a "= 768GB" after it is their product, not another card.
    id: 'question.machines-times-cards',
    pattern: /(?<![\w.])(\d{1,3})\s*(?:machines?|nodes?|servers?|hosts?)\s*[x×*]\s*(\d{1,2})\s*(?:cards?|gpus?)(?:\s*[x×*]\s*(\d{2,3})\s*(?:gb|g)\b)?(?:\s*=\s*\d{2,5}\s*(?:gb|g)\b)?/g,
    when: (t) => /machine|node|server|host/.test(t),
    write: (m) => `${m[1]} nodes of ${m[2]}x${m[3] ? ` ${m[3]}gb` : ' gpus'}`.padEnd(m[0].length),
    example: 'with ZeRO-3 offload, the speed is very low(6 machine x 8 card x 16GB = 768GB)',
    source: '2U1/Qwen-VL-Series-Finetune#64',
  },
  {
    // "Ollama w/ Open WebUI": a chat front-end that names no setting. Set aside, said.
    id: 'question.front-end',
    pattern: /\bopen[\s-]?web[\s-]?ui\b/g,
    when: (t) => t.includes('web'),
    write: (m, notes) => {
      notes.push(`"${m[0]}" is a chat front-end: it sets nothing the estimate uses`);
      return ' '.repeat(m[0].length);
    },
    example: 'gpt-oss:latest, Ollama w/ Open WebUI.',
    source: 'ollama/ollama#14002',
  },
  {
    // "3090TIFE", "4090 FE", "RTX 3080 Founders Edition": NVIDIA's own board of that card, the same GPU.
    id: 'question.founders-edition',
    pattern: /\b((?:rtx\s?)?\d{4}(?:\s?ti|\s?super)?)\s?(?:fe|founders?\s+edition)\b/g,
    when: (t) => /fe\b|founder/.test(t),
    write: (m) => m[1]!.padEnd(m[0].length),
    example: 'why is gpt-oss is using my CPU "9950x" Rather my "3090TIFE"?',
    source: 'ollama/ollama#14002',
  },
  {
    // "两张A100/A800 80G", "a 3090/4090": two cards offered as one choice. The first is read and the
    // other set aside, said. Weak: which of the two is the user's is a guess from the order.
    id: 'question.card-or-card',
    pattern: /(?<![\w./-])((?:rtx\s?)?[a-z]{0,2}\d{2,4}(?:\s?ti|\s?super)?)\/((?:rtx\s?)?[a-z]{0,2}\d{2,4}(?:\s?ti|\s?super)?)(?![\w/])/g,
    when: (t) => t.includes('/'),
    write: (m, notes) => {
      if (!gpuIdOf(m[1]!) || !gpuIdOf(m[2]!)) return m[0];
      notes.push(`"${m[0]}": ${m[1]} read; ${m[2]}, the other choice, is left out (say it alone to estimate that one)`);
      return m[1]!.padEnd(m[0].length);
    },
    example: '比如两张A100/A800 80G足够吗？',
    source: 'LlamaChinese/Llama-Chinese#338',
    weak: true,
  },
  {
    // "a 7900 xtx 24gb", "RX 6800 XT": AMD's consumer Radeon cards, which the catalog lacks. Their
    // four-digit number is no GPU count; the name is set aside, said, and a stated memory is the card.
    id: 'question.radeon',
    pattern: /\b(?:(?:amd\s+)?radeon\s+)?(?:rx\s?)?([5-9]\d{3})\s?(xtx|xt|gre)\b/g,
    when: (t) => /\d\s?(?:xt|gre)/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": AMD Radeon consumer cards are not in the catalog; the card is read by the memory you state (say e.g. "on 1x 24GB")`);
      // "2x 7900xtx": the count stays a count of GPUs, no card named.
      const counted = /(?:\d\s*[x×*]|\b(?:\d{1,2}|two|dual|three|four|eight))\s*$/.test(m.input.slice(0, m.index));
      return (counted ? ' gpus' : '').padEnd(m[0].length);
    },
    example: "I'm running RoCM(RX 5600XT, 8GB of Vram) with 16GB of Ram",
    source: 'deepspeedai/DeepSpeed#3000',
  },
  {
    // "an RTX 4000 Ada 20GB": NVIDIA's Ada workstation cards other than the 6000 (which the catalog
    // has). The four-digit number is no count; the name is set aside, said.
    id: 'question.ada-workstation',
    pattern: /\b(?:nvidia\s+)?rtx\s?([2-5]\d{3})\s?ada(?:\s+generation)?\b/g,
    when: (t) => t.includes('ada'),
    write: (m, notes) => {
      if (gpuIdOf(m[0])) return m[0];
      notes.push(`"${m[0].trim()}": not in the catalog; the card is read by the memory you state (say e.g. "on 1x 20GB")`);
      return ' '.repeat(m[0].length);
    },
    example: 'is a rtx 4000 ada 20gb enough for llama-3-8b',
  },
  {
    // "a 4M token batch", "batch of 2M tokens": the tokens per optimizer step over all GPUs, not a
    // model size or a micro-batch. Set aside, said: the estimate needs the per-GPU batch.
    id: 'question.token-batch',
    pattern: /\b(?:(?:a|the)\s+)?(\d+(?:\.\d+)?\s*[mk])\s*(?:tokens?)[\s-]+(?:global\s+)?batch(?:\s+size)?\b|\bbatch(?:\s+size)?\s+of\s+(\d+(?:\.\d+)?\s*[mk])\s*tokens?\b/g,
    when: (t) => t.includes('batch'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": a global batch in tokens is not read; say the per-GPU batch and length (e.g. bs 8 seq 4096)`);
      return ' '.repeat(m[0].length);
    },
    example: 'pretrain a 7b with a 4m token batch on 8 h100',
  },
  {
    // "1M context", "1m tokens context": a million tokens (1M = 1024k, as 4k is 4096). Weak: "1M
    // context" is most often the model's own window, taken here as the length the user runs.
    id: 'question.million-context',
    pattern: /(?<![\w.])(\d+(?:\.\d+)?)\s*m\s*(?:tokens?\s+)?(?:context|ctx)\b(?:\s+(?:length|window|size))?/g,
    when: (t) => /\dm|\d\s+m\b/.test(t),
    write: (m) => `seq ${Math.round(Number(m[1]) * 1024)}k`.padEnd(m[0].length),
    example: 'qwen2.5-7b-instruct-1m with 1m context on 8x h100',
    weak: true,
  },
  {
    // A Ryzen or Core CPU named by its model number alone beside "CPU" ("my CPU "9950x"", "CPU:
    // 14900K"): a CPU, not a GPU nor a count.
    id: 'question.bare-cpu',
    pattern: /\bcpu\b[\s:"'“]*(\d{4,5}(?:x3d|x|k|kf|ks|f)?)\b/g,
    when: (t) => t.includes('cpu'),
    write: (m, notes) => {
      notes.push(`"${m[1]}" is a CPU: not read as a GPU`);
      return m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length);
    },
    example: 'why is gpt-oss is using my CPU "9950x" Rather my "3090TIFE"?',
    source: 'ollama/ollama#14002',
  },
  {
    // "I hope get the support of your experts like an lora example" (huggingface/trl#2404, c701): an
    // example of a method the user wishes for is no method of the run, which trains all weights. Only
    // after a word of wishing or asking, with no verb of running between: "trying to run the LORA
    // example" (c496) and "I want to run the lora example" are the run's.
    id: 'question.method-example-asked',
    pattern: new RegExp(
      String.raw`\b(?:hope|hoping|wish|want|would like|need|ask(?:ing)? for|request(?:ing)?|provide|share|give|is there|are there|any)\b(?:(?!\b(?:run|running|ran|use|using|try|trying|tried|launch|launching|execute|follow|following)\b)[^.?!\n]){0,50}?\b(?:an?|some|any|the)\s+(q?lora|peft)(?=\s+(?:example|tutorial|demo|guide|sample|notebook|recipe|script)s?\b)` +
        String.raw`|(?:有没有|是否有|求一?个?|希望(?:能)?(?:提供|给)?一?个?|能否提供一?个?|可以提供一?个?)\s*(q?lora|peft)(?=\s*(?:的)?\s*(?:例子|示例|样例|教程|脚本|demo|example))`,
      'g',
    ),
    when: (t) => /lora|peft/.test(t),
    write: (m, notes) => {
      const method = m[1] ?? m[2]!;
      notes.push(`"${method}" read as an example asked for, not the run's method`);
      return m[0].slice(0, m[0].length - method.length) + ' '.repeat(method.length);
    },
    example: 'I hope get the support of your experts like an lora example or run in mutiple-gpu with given index',
    source: 'huggingface/trl#2404',
  },
  {
    // "I never trained MoE or over 32B params models" (unslothai/unsloth#4040, c687), "models above 70B",
    // "超过32B的模型", "70B以上的模型": a bound on sizes is no model's size; it had become the model
    // of a message whose own model the catalog lacks.
    id: 'question.size-bound',
    pattern:
      /\b(?:over|more than|above|larger than|bigger than|beyond|under|less than|below|smaller than)\s+~?\d+(?:\.\d+)?\s*b\b(?=\s*(?:params?|parameters?|models?|llms?)\b)|(?:超过|大于|小于|高于|低于)\s*\d+(?:\.\d+)?\s*b(?![a-z])(?=\s*(?:的|参数|模型))|(?<![\w.])\d+(?:\.\d+)?\s*b\s*(?:以上|以下)(?=\s*(?:的|参数|模型))/g,
    when: (t) => /\d\s*b/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" bounds a size; no model's size read from it`);
      return ' '.repeat(m[0].length);
    },
    example: 'Is it normal to still have OOM error? I never trained MoE or over 32B params models',
    source: 'unslothai/unsloth#4040',
  },
];
