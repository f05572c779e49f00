import { gpuIdOf } from './lexicon.js';
import { NUMBER_WORDS } from './numbers.js';
import { NEVER, type MappedText, type Piece } from './mapped-text.js';

/**
 * Short chat questions about a setup ("will X fit on Y", a pasted spec sheet, a llama.cpp front-end's
 * settings): the ways of writing them that the rest of the reader took for something else. Each rule
 * rewrites the words into items the grammar already reads (or blanks them and says so), keeping the
 * text's length so positions stay mapped. Collected from lines c266–c290 of test/corpus.
 */

type Rewrite = (match: RegExpExecArray) => string | Piece[];

/**
 * "the context length of CodeLlama-7B is 16,384 tokens", "Qwen2.5-7B's context window is 128k":
 * what the model supports (from its card or docs), not the length the user runs. A model name
 * holds a size ("7b", "70b"), which keeps "the context length of my prompt is 8k" a setting.
 */
const MODEL_WINDOW =
  /\b(?:the\s+)?(?:max(?:imum)?\s+|native\s+|supported\s+)?context\s*(?:length|window|size|len)\s+of\s+(?:the\s+)?([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:\s+model)?\s+is\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?|\b([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:'s|\s+has\s+an?)\s+(?:max(?:imum)?\s+|native\s+)?context\s*(?:length|window|size|len)(?:\s+(?:is|of))\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?/g;

/**
 * "with 2 gpu layers", "40 GPU layers": llama.cpp's n-gpu-layers written as a count of layers, which
 * the grammar reads as "<N> layers on gpu" (-ngl N). The number before "gpu layers" is the count;
 * without this the number after ("2 gpu layers, 2048 context size") was taken as -ngl.
 */
const N_GPU_LAYERS = /(?<![\w.])(\d{1,3})\s+gpu[\s_-]?layers\b/g;

/**
 * "Memory 32.0GB Speed: 2400 MHz", "32GB @ 3200MHz": a memory size with a clock speed in MHz beside
 * it is system RAM (DIMMs are sold by speed), not GPU memory; read as host RAM. Before this a spec
 * sheet's "Memory 32.0GB" under an RTX 4070 Ti SUPER (16 GB) read as two cards' total.
 */
const RAM_WITH_SPEED =
  /\b(?:(?:system\s+)?memory|mem)\s*:?\s*(\d+(?:\.\d+)?)\s*(?:gb|g|gib)\b([^\n\d]{0,20}?\d{3,4}\s*mhz\b)|(?<![\w.])(\d+(?:\.\d+)?)\s*(?:gb|g|gib)\s*(?:ddr\d\s*)?(?:@|at)?\s*(\d{3,4}\s*mhz)\b/g;

/**
 * "显存占用设置95%", "显存利用率 0.9": vLLM's --gpu-memory-utilization said in Chinese (GPU memory
 * occupancy / utilisation set to N%), read as util.
 */
const UTIL_ZH = /显存(?:占用|利用)率?\s*(?:设置|设定|调)?\s*(?:为|到|成|:)?\s*(?:(\d{1,3}(?:\.\d+)?)\s*%|(0?\.\d+)(?![\d.]))/g;

/**
 * "qwen7b的硬件需求是什么呀？" (what hardware does it need), "需要什么样的硬件/显卡", "最低配置": the
 * question itself, which the estimate answers (as 需要多少显存); blanked so a short question with a
 * model in it is read, not refused for its Chinese.
 */
const WHAT_HARDWARE_ZH = /(?:的)?(?:硬件|显卡|gpu)(?:需求|要求|配置)(?:是什么|是多少)?|(?:需要|要)什么(?:样的)?(?:硬件|显卡|配置)|(?:最低|最小)(?:的)?(?:硬件|显卡)?(?:需求|要求|配置)/g;

/**
 * "…是什么呀？", "…可以吗？", "请问", "想问下": a Chinese question's particles and politeness carry no
 * setting; read as the filler word "question" so that a short question is not refused for them alone
 * ("qwen7b 呀" was).
 */
const PARTICLES_ZH = /[呀吗呢啊吧嘛么](?=\s*(?:[?？!！。.,，]|$))|请问(?:一下)?|问一下|想问(?:一)?下|想请教(?:一下)?/g;

/**
 * "加载" (load: "通过Llama-factory加载", "默认的加载精度(fp32)"): loading the model, read as "load",
 * which runs it unless a training word is said (as "load" in English).
 */
const LOAD_ZH = /加载/g;

/**
 * "单卡已经满了，但是第二张卡还没占用显存" (one card is already full, the second still empty), "one GPU
 * is full while the other sits idle": one of the cards described, not a count of one (the thread's
 * two cards stay; c275 was refused as one GPU for a two-way split).
 */
const ONE_CARD_FULL = /单卡(?=\s*(?:已经|已|就|都)?\s*(?:满|爆|占满))|\b(?:one|a single|the first)\s+(?:gpu|card)\s+(?=(?:is|was|gets|got)\s+(?:already\s+)?(?:full|filled|maxed))/g;

/**
 * "how many concurrent users", "how many simultaneous requests": the question of the largest
 * serving batch, with the simultaneity said before the noun (prose.ts reads it only when a
 * "can"/"at once" follows). Read as "max batch".
 */
const HOW_MANY_CONCURRENT = /\bhow many\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|people|requests?|clients?|sessions?|sequences?|chats?|connections?)\b/g;

/**
 * "a 7900 xtx 24gb", "RX 6800 XT", "Radeon 7900 GRE": AMD's consumer Radeon cards, which the catalog
 * does not have. Their four-digit number is no GPU count ("7900 xtx" was read as 7900 GPUs, the
 * "x" as a count's sign); the name is set aside, said, and a memory size stated with it is the card.
 */
const RADEON = /\b(?:(?:amd\s+)?radeon\s+)?(?:rx\s?)?([5-9]\d{3})\s?(xtx|xt|gre)\b/g;

/**
 * "what if 4 of them", "with 8 of those": in a thread about a card, that many of it (read as
 * "N gpus", which keeps the thread's card). Was a number with no unit.
 */
const N_OF_THEM = /\b(\d{1,3}|two|three|four|six|eight|sixteen)\s+of\s+(?:them|those|these)\b/g;

/**
 * "48GB VRAM total across 2 cards", "96gb in total over 4 gpus": the sum of the cards' memory, so
 * each card holds its share (was read as 2 cards of 48 GB each).
 */
const TOTAL_ACROSS = /(?<![\w.])(\d{1,4})\s*(?:gb|g|gib)\s+(?:of\s+)?(?:vram\s+|gpu\s+memory\s+)?(?:in\s+)?total\s+(?:across|over|on|in|from|between)\s+(\d{1,2}|two|three|four|eight)\s+(?:cards?|gpus?)\b/g;

/**
 * "24+24GB", "24GB + 24GB": cards of that memory added up (was read as 24 cards of 24 GB). Equal
 * terms are that many cards; unequal ones (a 24 GB and a 12 GB card) are cards of different
 * memory, which the estimate does not model: set aside, said.
 */
const MEMORY_SUM = /(?<![\w.+])(\d{1,3})\s*(?:gb|g)?(?:\s*\+\s*\d{1,3}\s*(?:gb|g)?)+(?<=gb|g)(?![\w.])/g;

/**
 * "24GB x2", "16gb*4" with no card before: that many cards of that memory (was refused, "x2" unread).
 * After a card ("A100 80GB x 2", "H100 SXM 80GB x8") the count is read elsewhere.
 */
const MEMORY_TIMES_COUNT = /(?<!(?:[a-z]\w*\d|\d{4})(?:[\s-]+(?:sxm\d?|pcie|nvl|hbm\d?e?|ada|gddr\d\w?))*[\s-]*)(?<![\w.])(\d{1,3})\s*(?:gb|g)\s*[x×*]\s*(\d{1,2})(?![\w.])/g;

/**
 * "50 concurrent users", "16 parallel requests" with no "for"/"to" before them, and "3 users, 8k
 * each" (a length per user): the serving batch (and its length). prose.ts reads the batch only after
 * "for/to/serve …" or before "at once".
 */
const CONCURRENT_PEOPLE = /(?<![\w.])(\d{1,5})\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|connections?)\b/g;
const USERS_EACH = /(?<![\w.])(\d{1,5})\s+users?\s*[,;]?\s*(?:with\s+)?(\d+(?:\.\d+)?k?)\s*(?:tokens?\s+)?(?:of\s+)?(?:context\s+)?each\b/g;
/** A word that already says what is done with the model (as prose.ts's SERVING_WORD). */
const DOING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|serv\w*|deploy\w*|host\w*|vllm|sglang|tgi|ollama|llama\.cpp|inference|infer|run\w*|chat\w*)\b/i;

/**
 * "an RTX 4000 Ada 20GB", "RTX 2000 Ada": NVIDIA's Ada workstation cards other than the 6000 (which
 * the catalog has). The four-digit number is no count ("is a rtx 4000 ada 20gb enough" was 4000
 * cards); the name is set aside, said, and a memory stated with it is the card.
 */
const ADA_WORKSTATION = /\b(?:nvidia\s+)?rtx\s?([2-5]\d{3})\s?ada(?:\s+generation)?\b/g;

/**
 * A global batch counted in tokens ("a 4M token batch", "4M tokens batch", "batch of 2M tokens"): the
 * tokens per optimizer step over all GPUs, not a model size or a micro-batch ("4M" was read as a
 * second model and "8 h100" as the batch). Set aside, said: the estimate needs the per-GPU batch.
 */
const TOKEN_BATCH = /\b(?:(?:a|the)\s+)?(\d+(?:\.\d+)?\s*[mk])\s*(?:tokens?)[\s-]+(?:global\s+)?batch(?:\s+size)?\b|\bbatch(?:\s+size)?\s+of\s+(\d+(?:\.\d+)?\s*[mk])\s*tokens?\b/g;

/** "1M context", "1m tokens context": a million tokens (1M = 1024k, as 4k is 4096). */
const MILLION_CONTEXT = /(?<![\w.])(\d+(?:\.\d+)?)\s*m\s*(?:tokens?\s+)?(?:context|ctx)\b(?:\s+(?:length|window|size))?/g;

/**
 * "6 machine x 8 card x 16GB", "2 machines x 8 GPUs": nodes times the GPUs in each (times the memory
 * of one), the way people size a cluster. Read as "6 nodes of 8x 16GB"; a "= 768GB" after it is their
 * product, not another card.
 */
const MACHINES_TIMES_CARDS =
  /(?<![\w.])(\d{1,3})\s*(?:machines?|nodes?|servers?|hosts?)\s*[x×*]\s*(\d{1,2})\s*(?:cards?|gpus?)(?:\s*[x×*]\s*(\d{2,3})\s*(?:gb|g)\b)?(?:\s*=\s*\d{2,5}\s*(?:gb|g)\b)?/g;

/**
 * "Ollama w/ Open WebUI", "through open-webui": a chat front-end that names no setting (the engine
 * behind it is said on its own). Set aside, said.
 */
const FRONT_END = /\bopen[\s-]?web[\s-]?ui\b/g;

/**
 * "3090TIFE", "4090 FE", "RTX 3080 Founders Edition": NVIDIA's own board of that card, the same GPU.
 */
const FOUNDERS_EDITION = /\b((?:rtx\s?)?\d{4}(?:\s?ti|\s?super)?)\s?(?:fe|founders?\s+edition)\b/g;

/**
 * A Ryzen or Core CPU named by its model number alone and quoted or beside "CPU" ("my CPU "9950x"",
 * "CPU: 14900K"): a CPU, not a GPU nor a count.
 */
const BARE_CPU = /\bcpu\b[\s:"'“]*(\d{4,5}(?:x3d|x|k|kf|ks|f)?)\b/g;

/**
 * "两张A100/A800 80G", "a 3090/4090": two cards offered as one choice with a slash. The first is
 * read and the other set aside, said (as "A100 or H100" is a comparison and "a100 … a800" a
 * conflict); before this the last one was read and the first dropped without a word.
 */
const CARD_OR_CARD = /(?<![\w./-])((?:rtx\s?)?[a-z]{0,2}\d{2,4}(?:\s?ti|\s?super)?)\/((?:rtx\s?)?[a-z]{0,2}\d{2,4}(?:\s?ti|\s?super)?)(?![\w/])/g;

export function readChatQuestions(text: MappedText, keep: (rewrite: Rewrite) => Rewrite, notes: string[] = []): MappedText {
  const has = (word: string) => text.text.includes(word);
  return text
    .replace(!has('context') ? NEVER : MODEL_WINDOW, keep((m) => {
      notes.push(`"${m[0].trim()}": the model's own context window, not a length you run; not read (say seq N for yours)`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!has('layers') ? NEVER : N_GPU_LAYERS, keep((m) => `${m[1]} layers on gpu`.padEnd(m[0].length)))
    .replace(!has('mhz') ? NEVER : RAM_WITH_SPEED, keep((m) => {
      const size = m[1] ?? m[3]!;
      return `with ${size}gb ram`.padEnd(m[0].length);
    }))
    // Read as the filler word "question", not blanked: a short message stays as long as it was, and
    // length decides whether prose around the items is tolerated (parse.ts, TOLERANT_FROM_WORDS).
    .replace(!/[呀吗呢啊吧嘛么问]/.test(text.text) ? NEVER : PARTICLES_ZH, keep(() => ' question '))
    .replace(!has('单卡') && !has('full') ? NEVER : ONE_CARD_FULL, keep((m) => ' '.repeat(m[0].length)))
    .replace(!has('total') ? NEVER : TOTAL_ACROSS, keep((m) => {
      const cards = Number(NUMBER_WORDS[m[2]!] ?? m[2]);
      const each = Number(m[1]) / cards;
      if (!Number.isInteger(each) || cards < 1) return m[0];
      return `${cards}x ${each}gb`.padEnd(m[0].length);
    }))
    .replace(!has('+') ? NEVER : MEMORY_SUM, keep((m) => {
      const terms = m[0].split('+').map((t) => Number(/\d+/.exec(t)![0]));
      if (terms.every((t) => t === terms[0])) return `${terms.length}x ${terms[0]}gb`.padEnd(m[0].length);
      notes.push(`"${m[0].trim()}": cards of different memory are not modelled; no card read from it (say one card type, e.g. "on 2x 24GB")`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/\d\s*(?:gb|g)\s*[x×*]/.test(text.text) ? NEVER : MEMORY_TIMES_COUNT, keep((m) => `${m[2]}x ${m[1]}gb`.padEnd(m[0].length)))
    .replace(!has(' of th') ? NEVER : N_OF_THEM, keep((m) => `${NUMBER_WORDS[m[1]!] ?? m[1]} gpus`.padEnd(m[0].length)))
    .replace(!has('how many') ? NEVER : HOW_MANY_CONCURRENT, keep((m) => 'max batch'.padEnd(m[0].length)))
    .replace(!/concurrent|simultaneous|parallel/.test(text.text) ? NEVER : CONCURRENT_PEOPLE, keep((m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]}`.padEnd(m[0].length)))
    .replace(!has('each') ? NEVER : USERS_EACH, keep((m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]} seq ${m[2]}`.padEnd(m[0].length)))
    .replace(!has('加载') ? NEVER : LOAD_ZH, keep(() => ' load '))
    .replace(!/硬件|显卡|配置/.test(text.text) ? NEVER : WHAT_HARDWARE_ZH, keep(() => ' hardware '))
    .replace(!has('显存') ? NEVER : UTIL_ZH, keep((m) => {
      const util = m[1] !== undefined ? Number(m[1]) / 100 : Number(m[2]);
      if (!(util > 0 && util <= 1)) return m[0];
      return ` util ${util}`.padEnd(m[0].length);
    }))
    .replace(!/machine|node|server|host/.test(text.text) ? NEVER : MACHINES_TIMES_CARDS, keep((m) =>
      `${m[1]} nodes of ${m[2]}x${m[3] ? ` ${m[3]}gb` : ' gpus'}`.padEnd(m[0].length)))
    .replace(!has('web') ? NEVER : FRONT_END, keep((m) => {
      notes.push(`"${m[0]}" is a chat front-end: it sets nothing the estimate uses`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/fe\b|founder/.test(text.text) ? NEVER : FOUNDERS_EDITION, keep((m) => m[1]!.padEnd(m[0].length)))
    .replace(!has('/') ? NEVER : CARD_OR_CARD, keep((m) => {
      if (!gpuIdOf(m[1]!) || !gpuIdOf(m[2]!)) return m[0];
      notes.push(`"${m[0]}": ${m[1]} read; ${m[2]}, the other choice, is left out (say it alone to estimate that one)`);
      return m[1]!.padEnd(m[0].length);
    }))
    .replace(!/\d\s?(?:xt|gre)/.test(text.text) ? NEVER : RADEON, keep((m) => {
      notes.push(`"${m[0].trim()}": AMD Radeon consumer cards are not in the catalog; the card is read by the memory you state (say e.g. "on 1x 24GB")`);
      // "2x 7900xtx": the count stays a count of GPUs, no card named.
      const counted = /(?:\d\s*[x×*]|\b(?:\d{1,2}|two|dual|three|four|eight))\s*$/.test(m.input.slice(0, m.index));
      return (counted ? ' gpus' : '').padEnd(m[0].length);
    }))
    .replace(!has('ada') ? NEVER : ADA_WORKSTATION, keep((m) => {
      if (gpuIdOf(m[0])) return m[0];
      notes.push(`"${m[0].trim()}": not in the catalog; the card is read by the memory you state (say e.g. "on 1x 20GB")`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!has('batch') ? NEVER : TOKEN_BATCH, keep((m) => {
      notes.push(`"${m[0].trim()}": a global batch in tokens is not read; say the per-GPU batch and length (e.g. bs 8 seq 4096)`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/\dm|\d\s+m\b/.test(text.text) ? NEVER : MILLION_CONTEXT, keep((m) => `seq ${Math.round(Number(m[1]) * 1024)}k`.padEnd(m[0].length)))
    .replace(!has('cpu') ? NEVER : BARE_CPU, keep((m) => {
      notes.push(`"${m[1]}" is a CPU: not read as a GPU`);
      return m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length);
    }));
}
