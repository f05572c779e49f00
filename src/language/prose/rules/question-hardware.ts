import { gpuIdOf } from '../../lexicon.js';
import { NUMBER_WORDS } from '../../numbers.js';
import type { ProseRule } from '../types.js';

/**
 * Hardware as people write it in a question: memory added up or multiplied ("24+24GB", "16gb*4",
 * "6 machine x 8 card"), a card offered as one of two, cards the catalog lacks (Radeon, Ada
 * workstation), a CPU or host RAM beside the GPU, a front-end or llama.cpp's GPU layers.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

export const HARDWARE_QUESTION_RULES: readonly ProseRule[] = [
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
    // "The model has unusually an uneven number of layers: 63, according to logs" (ollama/ollama#11162, c2787):
    // the count the user saw of the named model's own layers (Ollama counts the output layer too), told, not
    // a change to its shape; the question rule after it blanked only the words and left ": 63" for an
    // earlier "layer" ("one layer always gets offloaded") to take as an architecture override.
    id: 'question.model-layer-count-told',
    pattern:
      /\b(?:model|it)\s+has\s+(?:[a-z]+\s+){0,3}number\s+of\s+layers\s*(?::|=|\bis\b|\bof\b)?\s*\d{1,3}\b|\bnumber\s+of\s+layers\s*(?::|=|\bis\b)?\s*\d{1,3}\s*,?\s*(?:according\s+to|as\s+(?:shown|reported)\s+(?:in|by)|in|from)\s+(?:the\s+)?logs?\b/gi,
    when: (t) => t.includes('number of layers'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'The model has unusually an uneven number of layers: 63, according to logs.',
    source: 'ollama/ollama#11162',
  },
  {
    // "how many layers should I offload?", "the optimal number of layers to offload to GPU"
    // (abetlen/llama-cpp-python#960), "is 35 good? Should I try different numbers?" (mozilla-ai/llamafile#3):
    // the question -ngl answers, which the reply's levers do (the split that fits, layer by layer); no
    // setting of its own, so its words are never listed as not read.
    id: 'question.how-many-layers',
    pattern: /\b(?:how\s+many\s+(?:more\s+)?|(?:the\s+)?(?:optimal\s+|right\s+|best\s+)?number\s+of\s+)layers\b(?:\s+(?:should|can|could|do|must|to|would)(?:\s+(?:i|we|you))?\s+(?:offload|put|load|fit|keep|run|move|send)\b)?(?:\s+(?:on|to|onto|in|into)\s+(?:the\s+|my\s+)?(?:gpu|vram|card)\b)?/gi,
    when: (t) => t.includes('layers'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'got OOM running gemma-3-27b-it on my 3090 with ollama, num_ctx 16384, q4_K_M. how many layers should i offload?',
    source: 'abetlen/llama-cpp-python#960',
  },
  {
    // LM Studio's "GPU Offload" setting written as layers on the GPU out of the model's ("GPU Offload
    // 93/93", "「GPU Offload Layers」を「36/36」"): -ngl N; the total is the model's own layer count, no setting.
    id: 'question.gpu-offload-of-total',
    pattern: /\bgpu[\s_-]?offload(?:[\s_-]?layers)?\b([^\d\n]{0,8}?)(\d{1,3})\s*\/\s*\d{1,3}\b(?:\s*layers\b)?/g,
    when: (t) => t.includes('offload') && t.includes('/'),
    write: (m) => `ngl ${m[2]}`.padEnd(m[0].length),
    example: 'Opening GLM 4.7 UD Q3_K_XL, ctx 66354, GPU Offload 93/93, LM Studio only offloads 87 layers',
    source: 'lmstudio-ai/lms#412',
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
    // Not a card's memory plus the host's: "RTX 2060 8GB + 48GB RAM" (c1190: both read as cards, set aside).
    pattern: /(?<![\w.+])(\d{1,3})\s*(?:gb|g)?(?:\s*\+\s*\d{1,3}\s*(?:gb|g)?)+(?<=gb|g)(?![\w.])(?!\s*(?:of\s+)?(?:(?:system|host|cpu|main)\s+)?(?:d?ram|ddr\d?|mem(?:ory)?|内存)(?![a-z]))/g,
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
    // "RX 7650 GRE": an AMD consumer Radeon card that src/catalog/other-devices.ts lacks too (the ones it
    // has, "a 7900 xtx 24gb", "RX 6800 XT", are read there by training.other-device, with their memory).
    // The four-digit number is no GPU count; the name is set aside, said, and a stated memory is the card.
    id: 'question.radeon',
    // A Ryzen's model number with its suffix apart ("Ryzen 7 5800 XT", c2187) is the CPU's (prose.cpu), not a Radeon.
    pattern: /(?<!(?:ryzen|锐龙)\s*(?:\d\s+)?)\b(?:(?:amd\s+)?radeon\s+)?(?:rx\s?)?([5-9]\d{3})\s?(xtx|xt|gre)\b/g,
    when: (t) => /\d\s?(?:xt|gre)/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": AMD Radeon consumer cards are not in the catalog; the card is read by the memory you state (say e.g. "on 1x 24GB")`);
      // "2x 7900xtx": the count stays a count of GPUs, no card named.
      const counted = /(?:\d\s*[x×*]|\b(?:\d{1,2}|two|dual|three|four|eight))\s*$/.test(m.input.slice(0, m.index));
      return (counted ? ' gpus' : '').padEnd(m[0].length);
    },
    example: 'llama-3-8b q4 on an RX 7650 GRE',
  },
  {
    // "an RTX 3500 Ada": NVIDIA's Ada workstation parts that neither the catalog (the 6000) nor
    // src/catalog/other-devices.ts (the 2000/4000/4500/5000, training.other-device) has. The four-digit
    // number is no count; the name is set aside, said.
    id: 'question.ada-workstation',
    pattern: /\b(?:nvidia\s+)?rtx\s?([2-5]\d{3})\s?ada(?:\s+generation)?\b/g,
    when: (t) => t.includes('ada'),
    write: (m, notes) => {
      if (gpuIdOf(m[0])) return m[0];
      notes.push(`"${m[0].trim()}": not in the catalog; the card is read by the memory you state (say e.g. "on 1x 20GB")`);
      return ' '.repeat(m[0].length);
    },
    example: 'is a laptop rtx 3500 ada 12gb enough for llama-3-8b',
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
];
