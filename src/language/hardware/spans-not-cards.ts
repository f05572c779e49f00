import { DEVICE_NAME_NUMBER_RULES } from './device-name-numbers.js';
import type { GuardRole, HardwareRule } from './types.js';

/**
 * Numbers beside a card that count no cards and size no card (s31, rhw10: "a number fills the count only with a
 * counter word or its place in a hardware expression").
 *
 * A range of memory is a class of cards, never the user's card: "Tier 3 (Pro, 20-39GB VRAM)" was three GPUs of 39 GB,
 * "which models fit a 16-24GB GPU?" a 24 GB card, "显存在8~12G之间" a 12 GB card. The user who owns a card says its
 * memory once; a range is a recommendation, a tier, a table's band. A card named right after the range keeps its own
 * memory from its name (the range is set aside either way). The first number is 4 or more, as a card's memory is:
 * "2-80GB" is no range people write.
 *
 * A PCIe link's width is no count: "2× RTX 3090 PCIe x8" was sixteen 3090s (two nodes of eight), "A100 80GB PCIe x16"
 * sixteen A100s, "PCIe 3.0 x4 riser", "gen4 x16", "x8/x8 bifurcation". The "x" glued to the lane count after the bus's
 * name, its generation or another width is the link's. (The unit after the first amount is optional in one group
 * with its spaces, so a long blank after a number is never split two ways.)
 *
 * free(1)'s table is the host's memory: "Mem:           216Gi       3.0Gi        77Gi …" under "total used free" (corpus
 * c1135, NVIDIA/TensorRT-LLM: its 216Gi was read as the memory of six A10s in all; "Mem: 125Gi" beside "my 4090" as
 * five 4090s). Its rows (Mem, Swap) are set aside whole, as /proc/meminfo's MemTotal in kB. (The look-ahead first: the
 * look-behind over three lines runs only where a row starts.)
 */
/** An amount in free(1)'s columns: "216Gi", "3.0Gi", "0B", "251" (free -g), "2.0Ti". */
const FREE_AMOUNT = String.raw`\d+(?:[.,]\d+)?[ \t]?(?:[kmgt]i?b?|b)?`;
const MEMORY_UNIT = String.raw`(?:gb|g|gib)`;
const FIRST_AMOUNT = String.raw`(?:[4-9]|[1-9]\d{1,2})(?:\.\d+)?`;
const SECOND_AMOUNT = String.raw`\d{1,3}(?:\.\d+)?`;
/** An amount in a list: one or two digits, no leading zero. */
const LIST_AMOUNT = String.raw`[1-9]\d?`;

export const NOT_CARD_SPAN_RULES: readonly HardwareRule<GuardRole>[] = [
  ...DEVICE_NAME_NUMBER_RULES,
  {
    id: 'not-hw.memory-range',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?<![\w.\-−])(?<n>${FIRST_AMOUNT}(?:\s*${MEMORY_UNIT})?\s*(?:-|–|—|~|to|至|到)\s*${SECOND_AMOUNT}\s*${MEMORY_UNIT})(?![a-z\d])` +
        String.raw`|\bbetween\s+(?<n2>${FIRST_AMOUNT}(?:\s*${MEMORY_UNIT})?\s*and\s+${SECOND_AMOUNT}\s*${MEMORY_UNIT})(?![a-z\d])` +
        String.raw`|(?<n3>${FIRST_AMOUNT}(?:\s*${MEMORY_UNIT})?\s*(?:-|–|—|~|到|至)\s*${SECOND_AMOUNT}\s*${MEMORY_UNIT})(?=\s*之间)`,
      'g',
    ),
    example: 'Tier 3 (Pro, 20-39GB VRAM): can I run qwen2.5-14b inference?',
    source: 'headroom s31 brief (a tier table read as 3 GPUs of 39 GB)',
  },
  {
    // A list of amounts is no product and no card (rhw12, s33): "只占用17,18G的样子" (it takes only 17 or 18G,
    // xusenlinzy/api-for-open-llm#78, c2506: read as 17 cards of 18 GB with a 17-stage pipeline), "16,24GB",
    // "12、14G", "8,16,24GB". Only "x", "×", "*" or a counter word make a count of a memory. The comma stands with no
    // space after it ("bs 16, 24GB" is two items) and each amount has one or two digits (a thousands comma, "4,096 GiB",
    // has three after it). The unit stands once, after the last: "显存占用会快速到15G，15G应该是模型的正常大小" (c746) is two
    // sentences, each amount with its own unit.
    id: 'not-hw.memory-list',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?<![\w.\-−,，、])(?<n>${LIST_AMOUNT}(?:(?:[,，]|\s*、\s*)${LIST_AMOUNT})*(?:[,，]|\s*、\s*)${LIST_AMOUNT}\s*${MEMORY_UNIT})(?![a-z\d])`,
      'g',
    ),
    example: 'qwem官方的代码跑，只占用17,18G的样子',
    source: 'xusenlinzy/api-for-open-llm#78 (corpus c2506)',
  },
  {
    // Apple's model identifier names the machine, never a count or a memory: "Apple M4 Max (Mac16,9), 64GB unified
    // memory" (ml-explore/mlx#3564, c2457: read as nine devices of 64 GB), "MacBookPro18,2", "iMac21,1", "iPhone15,3".
    id: 'not-hw.model-identifier',
    role: 'version',
    pattern: /\b(?:mac|macbook(?:pro|air)?|imac(?:pro)?|macmini|macpro|iphone|ipad(?:pro)?)(?<n>\d{1,2},\d{1,2})(?![\w.])/g,
    example: '- **Hardware**: Apple M4 Max (Mac16,9), 64GB unified memory',
    source: 'ml-explore/mlx#3564 (corpus c2457)',
  },
  {
    // A line of a file counts no cards: "在startup.py的176行修改gpu编号" (changing the GPU number at line 176 of startup.py,
    // chatchat-space/Langchain-Chatchat#4136, corpus c2765: read as a machine of 176 GPUs), "第176行", "line 176", "lines
    // 120-130", a link's "#L176" (a bare "L40" is a card). 行 after a digit is the line's counter (行业, 行情 are other words); "line 4 GPUs" keeps its count.
    id: 'not-hw.line-number',
    role: 'index',
    pattern: /(?:\blines?\s*(?:no\.?\s*|number\s*|#\s*)?|#l)(?<n>\d{1,6}(?:\s*[-–~]\s*\d{1,6})?)(?![\w.])(?!\s*(?:x\s*)?(?:gpus|cards|nodes)\b)|(?<![\w.])(?:第\s*)?(?<n2>\d{1,6}(?:\s*[-–~到至]\s*\d{1,6})?)\s*行(?![业情])/g,
    example: '尝试了accelerate config ,CUDA_VISIBLE_DEVICES=1,2 或在startup.py的176行修改gpu编号均出现以下问题',
    source: 'chatchat-space/Langchain-Chatchat#4136 (corpus c2765)',
  },
  {
    id: 'not-hw.pcie-lanes',
    role: 'version',
    pattern: new RegExp(
      // The whole link is set aside ("gen3 x4"): its generation left alone read as 3 generated tokens (rserve3's test).
      String.raw`\b(?<n>(?:pcie|pci-e|pci\s+express|gen\s*[1-6])\s*(?:(?:gen\s*)?[1-6](?:\.0)?\s*)?[x×]\s*\d{1,2})(?!\d|\.\d)` +
        String.raw`|(?<![\w.])[x×](?<n2>(?:1|2|4|8|16)\s*\/\s*[x×]?(?:1|2|4|8|16))(?![\w.])` +
        String.raw`|(?<![\w.])[x×]\s*(?<n3>1|4|8|16)(?=\s*(?:lanes?|slots?|links?|riser|electrical|mode|speed|bandwidth|插槽|通道)(?![a-z]))`,
      'g',
    ),
    example: 'running llama-3-8b inference on 2× RTX 3090 PCIe x8, is the link a bottleneck?',
    source: 'headroom s31 brief (read as 16 RTX 3090s)',
  },
  {
    // A picture's or a matrix's size is no count: "增大图片分辨率到原始qwen2.5 的 3584 *3584，为什么多机多卡（64卡）会爆显存"
    // (raising the image resolution to 3584*3584, why do 64 cards run out of memory; hiyouga/LlamaFactory#7099, the thread
    // of corpus c3030: read as 3584 GPUs), "图片分辨率1024*1024，4张A100" (1024 A100s), "1344×1344 images, 8 H100". Both sides
    // have three digits or more: no node holds a hundred cards, and a card's count is never multiplied by a bare number
    // that large ("128x8" is nodes of eight, "2x 1024" no product). A third factor ("1280*28*28", max_pixels) is left alone.
    id: 'not-hw.dimensions',
    role: 'measurement',
    pattern: /(?<![\w.*×])(?<n>\d{3,5}\s*[x×*]\s*\d{3,5})(?![\w.]|\s*[x×*]\s*\d)/g,
    example: '增大图片分辨率到原始qwen2.5 的 3584 *3584，为什么多机多卡（64卡）会爆显存',
    source: 'hiyouga/LlamaFactory#7099 (corpus c3030\'s thread)',
  },
  {
    id: 'not-hw.free-table',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?=mem|swap)(?<=\btotal[ \t]+used[ \t]+free\b[^\n]*\n(?:[^\n]*\n){0,2}[ \t]*)(?:mem|swap)[ \t]*:[ \t]*(?<n>${FREE_AMOUNT}(?:[ \t]+${FREE_AMOUNT})*)` +
        String.raw`|(?<![\w.])mem:[ \t]*(?<n2>${FREE_AMOUNT}(?:[ \t]+${FREE_AMOUNT}){2,})` +
        String.raw`|\bmemtotal[ \t]*:[ \t]*(?<n3>\d+[ \t]*kb)`,
      'gm',
    ),
    example: 'RAM\n```\n               total        used        free      shared  buff/cache   available\nMem:           216Gi       3.0Gi        77Gi        28Mi       135Gi       211Gi',
    source: 'NVIDIA/TensorRT-LLM (corpus c1135)',
  },
];
