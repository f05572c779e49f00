import { VLLM_RELEASE } from '../vllm-versions.js';
import { DEVICE_INDEX_RULES } from './device-index.js';
import { LABEL_INDEX_RULES } from './label-index.js';
import { PHONE_CHIP_RULES } from './phone-chips.js';
import { NOT_CARD_MEMORY_RULES } from './memory-of-other-things.js';
import { NOT_CARD_SPAN_RULES } from './spans-not-cards.js';
import { USAGE_CJK_RULES } from './usage-cjk.js';
import { USAGE_CHANGE_RULES } from './usage-change.js';
import { MEMORY_LEFT_RULES } from './memory-left.js';
import { NUMERAL_PART_RULES } from './numeral-rules.js';
import type { GuardRole, HardwareRule, PartRole } from './types.js';
import { VENDOR_WORDS } from './vendor-words.js';
import { MACHINE, MACHINE_KIND } from './machine-words.js';

/**
 * The parts of a hardware phrase, as data (issue 22, item 3). Each pattern finds one part on
 * normalised text; `engine.ts` joins neighbouring parts into phrases and reads them. The
 * patterns have no nested quantifiers over the same characters (linear on any text).
 */

/** Words a vendor or a product line puts before a card's name. */
const VENDOR = String.raw`(?:(?:nvidia|geforce|tesla|rtx|gtx|amd|instinct|radeon|quadro)[\s-]*)*`;

/** The words between a share and the card it is a share of: "of the", "from", "of each", 的. */
const SHARE_OF = String.raw`\s*(?:of|from|的)\s*(?:(?:the|an?|one|each|my|its|this|that|your)\s+)?`;
/** One card by a plain noun, not its memory ("of the GPU memory" is a memory fraction). */
/**
 * A bound placed by "in", "into" or "within" is the budget the run must fit, the card the user asks about: "Full
 * Fine-tune for Llama7B in < 16GB" (meta-pytorch/torchtune#389, c2935), "in under 16GB of VRAM", "into less than
 * 16 GB"; only a bound from above ("resulting in over 40GB" is memory in use). It is left to the memory rules (said weak by scenario/bare-memory.ts where no GPU word stands beside it);
 * "anything under 16GB OOMs" stays a bound.
 */
const BUDGET_PLACE = String.raw`\b(?:in|into|within|inside)\s*`;
const ONE_CARD = String.raw`(?:gpu|card|device|显卡|卡)s?(?![a-z])(?!\s*(?:memory|mem|vram|ram|显存|内存)(?![a-z]))`;

export const PART_RULES: readonly HardwareRule<PartRole>[] = [
  {
    id: 'hw.product',
    role: 'product',
    // "4x8H200", "2x8 80GB GPUs", "5 x 8 GPU A100": nodes × cards per node (a node holds at most 16).
    pattern: /(?<![\w.\-−])(?<a>\d{1,3})\s*\\?[x×*]\s*(?<b>\d{1,2})(?!\d|\.\d)(?!b\b)(?!\s*(?:gb?|gib)(?:(?![a-z])|(?=[a-z]{1,3}\d)))/g,
    example: 'I am running on 5 x 8 GPU A100 80GB servers (40 GPUs total)',
    source: 'c341',
  },
  {
    id: 'hw.total-cards',
    role: 'totalCards',
    // The adverbs say it too: "then I need 4 nodes with totally 32 gpus?" (OpenRLHF/OpenRLHF, corpus c745: read as the
    // 8 of one node), "32 GPUs altogether", "in all 16 cards".
    pattern: /(?<![\w.])(?<n>\d{1,4})\s*(?:gpus?|cards?)\s*(?:(?:in\s+)?total\b|altogether\b|in\s+all\b)|\b(?:total(?:ly)?|altogether|in\s+(?:total|all))(?:\s+of)?\s*(?<n2>\d{1,4})\s*(?:gpus?|cards?)\b|(?:共|总共|一共)\s*(?<n3>\d{1,4})(?![\d.])(?!\s*(?:gb?|gib|tb?)(?![a-z]))\s*(?:张|块|个)?\s*(?:卡|gpu)?/g,
    // (Not before a memory's unit: "两张显卡，共160G" is 160 GB in all, hw.total-memory's.)
    example: '5 x 8 GPU A100 80GB servers (40 GPUs total)',
    source: 'c341',
  },
  {
    id: 'hw.total-memory',
    role: 'totalMemory',
    // "8 A100 GPUs has a total memory of 1280GB": the verb and the noun belong to the total, so the
    // phrase reaches it across "GPUs" alone.
    // In Chinese the total comes first: "使用H100的两张显卡，共160G" (two H100, 160G in all, InternLM/lmdeploy#3154,
    // c361: read as 160 cards), "四台V100，一共128G" (four V100, 128G in all: the 32 GB V100, c775).
    // A GPU memory more than any one card holds is the cards' memory in all, with no "total" said (group n4;
    // engine.ts keeps it only above the catalog's largest card): "at least 700GB of GPU memory is required"
    // (simplescaling/s1#25, c757: read as 1280 cards of 700 GB), "8 GPUs with 640GB of GPU memory" (eight of 80).
    pattern: /(?<![\w.])(?<n>\d{2,4})\s*(?:gb|g|gib)\s*(?:(?:of\s+)?(?:(?:gpu|video)\s+)?(?:memory|vram)\s+)?(?:(?:in\s+)?total\b|in\s+all\b)|(?:\b(?:has|have|with)\s+(?:a\s+)?)?\btotal(?:\s+(?:gpu\s+|vram\s+)?memory(?:\s+(?:of|is))?|\s+of)?\s*(?<n2>\d{2,4})\s*(?:gb|g|gib)(?![a-z])|(?:共|总共|一共|合计|总计|총|전체)\s*(?<n3>\d{2,4})\s*(?:gb|g|gib)(?![a-z])|(?<![\w.])(?<n4>\d{3,4})\s*(?:gb|g|gib)\s*(?:of\s+)?(?:(?:gpu|cuda)\s*(?:memory|vram)|vram|video\s+memory|显存)(?![a-z])/g,
    // The unit's noun may come between ("4 GPUs with 96GB VRAM in total", "two 4090s, 48 GB in all";
    // c1348 lmms-lab: "a 4-card GPU with 96GB video memory").
    example: 'dual 3090 (48GB total)',
  },
  {
    id: 'hw.nodes',
    role: 'nodes',
    // 台 counts machines; Korean 대 counts any machine-like thing, so it is a machine only after
    // a machine word ("서버 2대"): after a card it counts the cards (hw.count-counter). 机 counts
    // machines in the "N机M卡" idiom ("4机8卡 H100 80GB", c617) where M is a node's cards (8 at most);
    // "4机32卡" (c628) is the 32 cards in all, and 机 is not read there.
    // A node count may follow the cards as the last factor, its times sign with it (so the sign is no
    // count's): "单机16卡*32G显存 * 4机" (four machines of sixteen 32G cards, LlamaChinese/Llama-Chinese#278,
    // c934: read as 16 nodes of 4), "8x A100 x 2 nodes", "8卡A100 * 2机" (read as 8 nodes of 2). Not a machine word
    // in the singular or one that names the box: "A100 80GB * 8 서버" is an eight-card server (Beomi/KoAlpaca#53, c468);
    // nor a sign glued to the card, its count: "2 H100*8 machines" is two machines of eight.
    // Hyphenated as an adjective: "on 32-node H200 (A3Ultra)" (AI-Hypercomputer/gpu-recipes#195, c2750: read as 32
    // cards), "a 2-node, 8-GPU-per-node GRPO recipe" (NVIDIA-NeMo/RL#3678, c2743); Korean counts nodes with 개 as with
    // 대 ("노드 4개 × GPU 8장").
    pattern: new RegExp(String.raw`(?<=\s)[x×*]\s*(?<n5>\d{1,3})\s*(?:(?:个|台)\s*${MACHINE}|台|nodes|servers|machines|boxes|hosts|结点|节点|机(?!器))(?![a-z])|(?<![\w.\-−])(?<n>\d{1,3})(?:-|\s*)(?:(?:个|台)\s*|${MACHINE_KIND}\s+)?${MACHINE}(?![a-z])|(?<![\w.\-−])(?<n2>\d{1,3})\s*(?:台|机(?=\s*[1-8]\s*(?:张|块)?\s*(?:卡|gpu)))|${MACHINE}\s*(?<n3>\d{1,3})\s*(?:대|개)`, 'g'),
    example: '设备是40G的A100，10个结点，每个结点8张卡',
    source: 'c321',
  },
  {
    id: 'hw.nodes-before-node-size',
    role: 'nodes',
    // A machine count before the machine's own size and its machine word: "We have tried using 2 8*H100 nodes"
    // (PeterGriffinJin/Search-R1, c2167: the 2 went unread and the 8 was taken for the nodes, "8 nodes of h100"),
    // "2 8xA100 nodes", "two 8-GPU H100 servers", "4 8x A100 80GB machines". Only the number itself is the part:
    // the size after it is read as the count of each (a times sign or "-GPU" before a machine word).
    pattern: new RegExp(String.raw`(?:(?<![\w.\-−])(?<n>\d{1,3})|\b(?<word>two|three|four|eight))(?=\s+\d{1,2}\s*(?:[x×*]|-?\s*(?:gpus?|cards?)\b)\s*(?:${VENDOR}(?:[a-z]{1,3}\d{1,4}[a-z]{0,2}|\d{4})s?\s*)?(?:[\s-]*\d{2,3}\s*gb?\s*)?(?:gpus?\s+)?(?:nodes|servers|machines|boxes|hosts)\b)`, 'g'),
    example: 'We have tried using 2 8*H100 nodes, each with 80G memory, to run the training of 32B model',
    source: 'PeterGriffinJin/Search-R1 (c2167)',
  },
  ...NUMERAL_PART_RULES,
  {
    id: 'hw.per-node',
    role: 'perNode',
    pattern: new RegExp(
      String.raw`每(?:个|一个|台)?\s*${MACHINE}?\s*(?<n>\d{1,2})\s*(?:张|块|个)?\s*(?:显卡|卡|gpus?)?|(?<![\w.])(?<n2>\d{1,2})[\s-]*(?:x\s*)?(?:(?:gpus?|cards?)[\s-]*)?(?:per|/|a)[\s-]*${MACHINE}(?![a-z])`,
      'g',
    ),
    example: '10个结点，每个结点8张卡',
    source: 'c321',
  },
  {
    id: 'hw.count-times',
    role: 'count',
    // Not before a bare number ("4x8" is a product), but before a card's memory: "2x 40GB A100", "A100 2x40G"
    // ("24*4 G" is the user's sum of 24 GB cards, vllm-project/vllm#18156, c578: no card has 4 GB).
    pattern: /(?<![\w.\-−])(?<!\b(?:tp|pp|dp|ep|cp|bs|mbs|gbs|ga|seq|batch|size|rank|alpha|stage)[\s=:_-]*)(?<n>\d{1,4})\s*\\?[x×*](?!(?<=\d{4}\s?x)t)(?!\s*(?!(?:\d{2,3}|[68])\s*(?:gb?|gib)(?:(?![a-z])|(?=[a-z]{1,3}\d)))\d{1,3}(?!\d)|\.\d)/g,
    // GitHub markdown escapes the star: "8\\*3090(8\\*24G=192G)" is 8 RTX 3090 (QwenLM/Qwen#811).
    // A four-digit number glued to "xt" is a Radeon's name, no count: "24GB 7900XTX and 8GB 2070 Super"
    // (lmstudio-ai/lmstudio-bug-tracker's c1371: read as 7900 cards of 24 GB); the name is training.other-device's; so is "6700 XT" (c3291).
    // A memory of one digit is a card's when cards are sold with it (6 and 8 GB): "2x 8GB" is two 8 GB cards, as the corpus
    // writes Qwen#927's "两张8g的卡" (c803: the reading "on 2x 8GB" had been set aside as the user's sum); "24*4 G" stays a sum.
    example: '6*L40S-48G',
  },
  {
    id: 'hw.times-count',
    role: 'count',
    // Not after a word ("rtx 30"), but after a memory's unit or a card's closing letter: "A100 40GB×2",
    // "A100 40Gx2", "L40S*2" (the unit binds to its number first, so "40" is no count).
    pattern: /(?:(?<![a-z])|(?<=\d\s?(?:gb?|gib|s)))\\?[x×*]\s*(?<n>\d{1,3})(?!\w|\.\d)/g,
    example: 'L40S (48G) x 6',
  },
  {
    id: 'hw.count-counter',
    role: 'count',
    // A counter word: Chinese 张 块 卡, Korean 개 장 대 ("a100-40G 2대로 학습": two A100 40GB,
    // Beomi/KoAlpaca#36), Japanese 枚 ("RTX 4090 1枚で", "A100 8枚") and 個 (read as 个, the counter
    // Chinese shares: "2个GPU", "GPU 1個で"; only before a card or GPU word or a Japanese particle, as 个
    // counts anything),
    // "pieces", "GPUs", "cards", and "sheets", 장 or 张 put into English by a translator ("Nvidia A5000 24GB
    // 4 sheets", h2oai/h2o-llmstudio#330, c1100). On one line: a number ending a line is no count of the GPU word
    // that starts the next ("CPU: 80\nGPU: 8 * 4090", kvcache-ai/ktransformers#188; "RAM : 32GB * 2\nGPU: …",
    // ollama/ollama#9753; "NUM_GPUs = 2\nGPU_MEMORY_UTILIZATION=0.95", xusenlinzy/api-for-open-llm#290; "bs 1\ndevice:
    // A100 80G x4" read 1 node of 4, bench:variations).
    pattern: new RegExp(String.raw`(?<![\w.\-−])(?<n>\d{1,4})[ \t]*(?:张|块|卡|개|장|대|枚|个(?=\s*(?:gpu|显卡|卡|${VENDOR_WORDS}[a-z]{1,3}\d{2,4})|[でのをはがもに])|pcs\b|pieces\b|sheets?\b|-(?:gpus?|cards?)(?=\s+(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}\s+)?(?:nodes|servers|machines|boxes|hosts)\b)|(?:x\s*)?(?:gpus?|cards?|devices?)(?![a-z])(?!\s*(?:v?ram|memory|mem)\b))`, 'g'),
    example: '8卡h200，deepspeed-zero2，qwen32b全量微调出现oom现象',
    source: 'c320',
  },
  {
    id: 'hw.count-before-card',
    role: 'count',
    // "8 H100", "2 servers with 8 H100s each", the 8 of "4x8H200": a count right before a card's name.
    pattern: new RegExp(String.raw`(?<![a-wyz\d_.\-−])(?<!\b(?:tp|pp|dp|ep|cp|bs|mbs|gbs|ga|seq|batch|size|rank|alpha|stage)[\s=:_-]*)(?<n>\d{1,3})(?!\d)(?=\s*${VENDOR}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])|\s+\d{2,3}\s*gb?\s*(?:gpus?|cards?)\b|\s+\d{2,3}\s*gb?\s+${VENDOR}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.]))`, 'g'),
    // …or before a memory and its noun: "each with 8 80GB GPUs" (c104), or a memory and the card: "two 80G A800 nodes" (c591).
    example: '2 servers with 8 H100s each',
  },
  {
    id: 'hw.count-word',
    role: 'count',
    // …or before the card's memory and then the card ("two 80G A800 nodes", c591).
    // A card's name of several words after it: its vendor's words and "PRO" ("Dual RTX PRO 6000", sgl-project/sglang#10521,
    // c2451: read as one card; "twin NVIDIA RTX PRO 6000", "triple Radeon PRO W7900"); "a pair of 3060 12gb cards" (c2973).
    pattern: /\b(?<word>single|dual|double|twin|two|(?:a\s+)?pair\s+of|triple|three|quad|four|five|six|seven|eight)\b(?=[\s*_-]+(?:(?:nvidia|geforce|tesla|rtx|gtx|amd|radeon|instinct|quadro|pro)[\s-]+){0,3}(?:[a-z]{1,8}[\s-]+|\d{2,3}\s*gb?\s+)?(?:[a-z]{1,3}\d|\d{4}|titan[\s-]?rtx))/g,
    example: 'dual 3090 (48GB total)',
  },
  {
    id: 'hw.count-chinese-numeral',
    role: 'count',
    // Cards counted with a Chinese numeral ("双卡4090", "四张A100", "八卡H800", "单卡4090"). 单卡 before
    // 显存 / 内存 is "each card's" ("单卡显存12G", shuxueslpi/chatGLM-6B-QLoRA#29), never a count; so is 单卡
    // before a memory ("总共4张卡，单卡11G的显存", zai-org/VisualGLM-6B#80, c1113: 4 cards in all, 11G each, read as one card). Before
    // a choice of cards ("两张A100/A800 80G") the count is left to question.card-or-card. A card of one
    // digit after its letters counts too ("八张T4", c062 hiyouga/LlamaFactory#3880 with its 8 in words),
    // and so does a memory of one digit ("两张8g的卡", Qwen c803's thread; "只有两张8G的显卡",
    // chenyiwan/chatglm-6b-fine-tuning#15), as "两张24g" does.
    // The card may follow its vendor's words, any number of them: "两张NVIDIA GeForce RTX 5090 D v2" (xorbitsai/inference,
    // c1306: read as one card; the lookaheads here and in prose/rules/hardware.ts had allowed one vendor word).
    pattern: new RegExp(String.raw`(?<![第每十])(?:(?<!\d)|(?<=(?<![\w.])(?:[a-z]{1,3}\d{1,4}[a-z]{0,2}|\d{4}(?:ti)?)))(?!单\s*(?:张|块)?\s*(?:显卡|卡|gpus?)\s*(?:有|为|是|:|：)?\s*\d+(?:\.\d+)?\s*(?:gb?|gib)(?![a-z]))(?<word>单|双|两|二|三|四|五|六|七|八|十六)\s*(?:张|块|个(?=\s*(?:显卡|gpu)))?\s*(?:显卡|卡|gpus?)(?!\s*(?:的\s*)?(?:显存|内存|vram|memory)(?!\s*(?:都|各|分别)))|(?<![第每十\d])(?<word2>单|双|两|二|三|四|五|六|七|八|十六)\s*(?:张|块)(?=\s*${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{2,4}|\d\s*(?:gb?|gib)(?![a-z\d]))(?![\w-]*\s*\/))`, 'g'),
    // The count may follow its card with nothing between ("请问用4090单卡是否可以lora微调13b模型？不行的话两张4090能否完成微调",
    // Facico/Chinese-Vicuna#146, c1290: one 4090, two only if it fails; "a100 80g单卡训练", c851), where a digit
    // before 单 is the card's last ("4090单卡"), not a number of its own; 单卡 before what each card has
    // ("V100单卡有32G显存", hiyouga/LlamaFactory#1878, c1280) stays no count. 个 counts a GPU word too ("两个gpu"), and
    // the memory word after the cards says each one's when 都 / 各 / 分别 follows it ("两个gpu显存都有24g", both GPUs
    // have 24g: shibing624/MedicalGPT#175, c2869, read as one card).
    example: '双卡4090 lora微调Baichuan13b发生OOM错误',
    source: 'hiyouga/LlamaFactory#634',
  },
  {
    id: 'hw.count-korean-numeral',
    role: 'count',
    // Cards counted with a native Korean numeral and a counter ("A6000 48GB 두 장으로", "4090 네 개"):
    // the numeral must stand as its own word before 장 / 개 / 대, so 세 in 세팅 or 네 in 네트워크 is none.
    pattern: /(?<![\u3131-\ud7a3])(?<word>한|두|세|네|다섯|여섯|일곱|여덟)\s*(?:장|개|대)(?![\u3131-\ud7a3]*(?:당|씩))/g,
    example: 'A6000 48GB 두 장으로 Llama-3.1-8B를 QLoRA로 파인튜닝하려고 합니다',
  },
  {
    id: 'hw.card',
    role: 'card',
    // A catalog card, its vendor words, a plural or a glued "gpu" ("L40GPU", c324), or a glued count
    // after it ("A100x8"); no card starts with a times sign ("1x3090" is one 3090, never an "x3090").
    // Its form factor may follow ("A800-SXM4-80GB", as nvidia-smi names it): a joining word, so
    // "2*8 NVIDIA A800-SXM4-80GB" is one phrase (bench:variations card-product-name on c295 verl-project/verl#249).
    // It may follow its memory's unit with no space ("32GV100", "40GA100": hw.memory). The China-market "D" may be glued
    // to the number ("4x RTX 4090D", "5090D"): read with it by card-suffixes.ts.
    // A card of four digits takes a plural as a lettered one does ("a100s"): "70b model with large context loads with
    // two 3090s" (ggml-org/llama.cpp, corpus c1854: the count went unread, and "context … two" was read as seq 2).
    // NVIDIA's "PRO" may stand before the number ("RTX PRO 6000", c2451): the name is read whole (engine.ts), so a count
    // word or numeral before it joins it ("Dual RTX PRO 6000", "双 RTX PRO 6000", "RTX PRO 6000 두 장"). "Titan RTX", the one card
    // named with no digit, is read as the others (c3307 "Titan RTX x2 + NVLINK" was one card, its "x2" unknown).
    pattern: new RegExp(String.raw`(?:(?<![a-z])|(?<=\d[x×*])|(?<=\d(?:gb|g)))(?![x×*](?=[a-z\d]))(?!(?<=\d)gb?(?=[a-z]{1,3}\d|\d{4})|(?<=\dg)b(?=[a-z]{1,3}\d|\d{4}))${VENDOR}(?<pro>pro[\s-]*(?=\d{4}))?(?<card>[a-z]{1,3}\d{1,4}[a-z]{0,2}|(?<!\d)\d{4}(?:\s*ti)?s?|titan[\s-]?rtx)(?:gpus?|cards?|['’]s)?(?:(?=[x×*]\d)|(?<=\d{4})(?=d(?:[\s-]*v2)?(?![a-z\d]))|(?![a-z\d]|-(?!(?:sxm\d?|pcie)\b)[a-z]))`, 'g'),
    example: 'I am running the qwq model on a server with L40GPU',
    source: 'c324',
  },
  {
    id: 'hw.memory',
    role: 'memory',
    // The unit binds to its number before anything else reads the number: "A100 40GB×2" and "A100 40Gx2"
    // are two cards of 40 GB (the 40 had been a count before a card "gx2"), "2x40G" a count then a memory.
    // A plural unit is the same memory: "even with 2 A100 80GBs" (IBM/unitxt#1635, c792), "46 Gbs memory each" (c536),
    // "my current node is 8 A100-40Gs" (vllm-project/vllm#882, c434: read as the 80 GB A100).
    // A card's name may follow the unit with no space, as in Chinese titles: "单机8*32GV100" (QwenLM/Qwen#916, c376),
    // "40GA100" (hpcaitech/ColossalAI#3331, c377), "8卡80GL20Y" (Open-Reasoner-Zero#21, c444), "在80Ga100上" (QwenLM/Qwen3#17, c664).
    // A desktop card's bare number too: "在24G3090显卡上" (on a 24G 3090, hiyouga/LlamaFactory#139, c2678: no card read),
    // "两张24g4090", "11G2080ti".
    // VRAM may stand for the unit itself: "4 x A100  40VRAM GPUs" (jlko/semantic_uncertainty#8, c1134: the 40 went unread).
    pattern: /(?:(?<![\w.])|(?<=\d\s?[x×*]\s?))(?<n>\d{1,3})(?:\s*(?:gbs|gib|gb|gs|g)(?:(?![a-wyz\d]|x[a-z])|(?=(?![bi])[a-z]{1,3}\d{2,4}[a-z]{0,2}(?![a-z\d]))|(?=\d{4}(?:\s?ti|\s?super)?(?![\d.])))(?:\s*(?:of\s+)?vram\b)?|\s?vram\b)/g,
    example: '4台8卡80G，每张显存60-70G',
    source: 'c343',
  },
];

/**
 * Numbers that look like hardware and are not: a measurement of memory in use, a software
 * version. Their digits are blanked for the rest of the reader (no count, no card from them).
 */
export const GUARD_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.measurement',
    role: 'measurement',
    // A memory with a card right after it is that card's memory, not a measurement: "Can we use 40G
    // A100 to finetune" (c052 tatsu-lab/stanford_alpaca#280 with the memory before the card, bench:variations).
    // "显存占用19G" (VRAM in use: 19G, InternLM/lmdeploy#675, c662) stands outside \b: between two Han
    // characters there is no word boundary, so the Chinese words inside it never matched after one.
    // A qualifier may stand between the verb and the amount: "I am using close to 14g of video memory"
    // (mlc-ai/mlc-llm#1458, c683; a bare "using" needs one, as "using 24GB cards" names the card),
    // "why does the 35G model … run at 148G after adding context?" (ollama/ollama#10968, c717),
    // "显存占用高达18G" (VRAM in use as high as 18G, QwenLM/Qwen3#1509, c680), "显存占用会快速到15G … 突然跳到19G"
    // (memory in use quickly reaches 15G, then jumps to 19G, InternLM/lmdeploy, c746: read as a 15 GB card),
    // "Expected behavior: 显存占用在10GB以下" (memory in use under 10GB, xorbitsai/inference, c762: a 10 GB card),
    // "显存为什么从15G跳到19G" (why did memory go from 15G to 19G, c746's title).
    // "this eval script is eating 26GB of VRAM" (Stability-AI/lm-evaluation-harness#83, c1000: read as a 26 GB
    // card), "taking up 16GB": what a run takes, not the card. Use said as a noun or with other verbs (issue 22, the
    // hardware wrong by a rule): "it only utilizes 1.8 GB out of the available 4.0 GB VRAM" (ollama, c577: a 1.8 GB
    // card), "The VRAM usage is only 2.5GB" (c811: a 2.5 GB card), "微调qwen2-7B大概占了120G显存" (took about 120G,
    // c977: a 120 GB card), "保持15G几秒钟后突然跳到19G" (stays at 15G for a few seconds, c746: a 15 GB card), "吃了20G".
    // What was loaded onto the card: "it loaded, but only loaded about 50GB to the \"GPU\"" (ollama/ollama, c1641: a
    // Ryzen AI Max+ 395 given 96 GB, read as a 50 GB card).
    // What a run costs, its peak, its usage in parentheses, with two qualifiers (issue 22: the biggest silent class of
    // fresh batches): "dpo training with Qwen2.5-0.5B+1000 seq length cost 17GB GPU mem" (c1837), "One card post training
    // only costs 5.5GIB GPU memory" (c1869), "I'm seeing huge memory usage (160GB VRAM)" (c1866), "I would expect to get a
    // memory usage somewhere around ~5gb" (c1823), "It has peak memory of ~28GB" (c1833): each had been read as the card.
    // The amount may open a bracket: "_gpu peak memory:[45GB✖️8GPUS]_" (hiyouga/LlamaFactory#8876, c2481: read as eight
    // 45 GB cards; the "8GPUS" after it is still the count), "usage (about 20GB)".
    pattern: new RegExp(
      String.raw`(?:\b(?:(?:off)?load(?:s|ed|ing)(?=\s+(?:about\s+|around\s+|only\s+|~\s*)?\d+(?:\.\d+)?\s*(?:gb|g|gib)\s+(?:to|into|onto|on)\s+(?:the\s+)?["']?(?:gpu|vram|card))|reach(?:es|ed|ing)?|(?:runs?|running|ran)\s+at|uses?|used|using up|utili[sz](?:es|ed|ing|e)|usage(?:\s+(?:is|was|of|at|reached|reaches))?(?:\s*[:=(])?|consum(?:es|ed|ing)|cost(?:s|ing)?|takes? up|took up|taking up|eat(?:s|ing|en)?|ate|occup(?:ies|ied|y|ying)|peak(?:s|ed)?(?:\s+(?:gpu\s+|vram\s+)?(?:memory|vram|mem)(?:\s+usage)?)?(?:\s+(?:at|of|is|was))?(?:\s*[:=])?|goes up to|went up to|grows? to|占用了?|用了)|(?:占了?|吃了?|保持在?)(?=\s*(?:高达|达到了?|将近|接近|超过|大约|约)?\s*\d)|\busing(?=\s+(?:close to|about|around|nearly|almost|roughly|approximately|more than|over)\s)|(?:跳|涨|升|增长|增加|飙升?|减小|减少|降低?|缩小|变)到|(?:降低|减少|减小|节省|省下|少)了|从(?:原来的?)?(?=\s*\d+(?:\.\d+)?\s*(?:gb|g|gib)\s*(?:跳|涨|升|增长|增加|飙升?|变|减小|减少|降低?|缩小))|显存占用了?(?:[会就也还又都]?(?:很快|快速|迅速|直接|一下子?|马上|立刻|突然)?(?:到|达到|升到|涨到|跳到)|在|为|是)?)\s*(?:[\[(（【\x60'"]\s*)?(?:(?:about|around|somewhere around|somewhere near|up to|only|over|nearly|almost|more than|close to|roughly|approximately|approx\.?|as much as|as high as)\s+|~\s*|(?:高达|达到了?|将近|接近|超过|大约|约)\s*){0,2}(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib)(?![a-wyz]|x[a-z]))(?!\s*${VENDOR}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.]))`,
      'g',
    ),
    example: "When I adjust the context length to 8096, the model's memory usage reaches 68GB",
    source: 'c324',
  },
  {
    // A share is no count: "a memory error of 80 percent with RTX3060" was 80 RTX 3060s, "a replica
    // with 40% of GPU" 40 A10s (vllm-project/vllm#4242, corpus c703), "40%的显卡" (40% of the card). Only a
    // share followed by the words that lead to a card; "95% gpu memory utilization" and "40%的显存" are the
    // memory fraction, read there.
    id: 'not-hw.percent',
    role: 'measurement',
    pattern: /(?<![\w.])(?<n>\d+(?:\.\d+)?)\s*(?:%|％|percent\b|per\s+cent\b)(?=[\s,]*(?:(?:with|on|in|for|using|of)\s|的))(?![\s,]*\w+\s+(?:the\s+)?(?:gpu\s+)?(?:memory|vram)\b)(?!\s*的\s*(?:gpu\s*)?(?:显存|内存))/g,
    example: 'every time I have a memory error of 80 percent with RTX3060',
    source: 'tinygrad/tinygrad#704',
  },
  {
    // A bound on memory is no card: "调整gpu_memory_utilizaton参数到低于18G就会报显存不足" (setting the
    // utilization below 18G runs out of memory, QwenLM/Qwen3#1509, c680), "anything under 16GB OOMs",
    // "the model should not need more than 196G memory" (c367: it became a comparison that took the cards).
    // A bound may be a sign: "the need memory is too large(>250GB)" (Stability-AI/lm-evaluation-harness#83, the
    // thread of c1000: read as a 250 GB card), "the max gpu could cost > 40g" (dvlab-research/LongLoRA, c415),
    // "7b is > 12gb ram use" (c172); never an arrow ("->", "=>"). Host memory named after the amount ("It uses
    // > 32 GB of host memory", c832) is left to the host-memory rule, which reads "host" with it.
    // (A bound
    // said after its amount, "100G显存以内", "需要40G以上", is read later as memory in use: a follow-up of
    // only that keeps the thread's card, c402.)
    // A card named right after it keeps its memory ("less than 24GB 3090" is still a 3090's 24GB).
    id: 'not-hw.bound',
    role: 'measurement',
    pattern: new RegExp(
      // A usage verb before the bound ("需要的显存超过了 7GB") makes it memory in use, said so by reconcile/mentions.ts;
      // the lookahead first, so the look back over spaces runs only where a bound word starts (a blanked log is all spaces).
      String.raw`(?=低于|高于|小于|大于|少于|多于|超过|超出|不到|不足|[<>≤≥]|\b(?:below|under|less|lower|fewer|more|greater|higher|over))(?<!(?:需要|占用|用了|消耗)的?\s*(?:显存|内存)?\s*)(?!(?<=${BUDGET_PLACE})(?:under|below|less\s+than|<|≤))(?:低于|高于|小于|大于|少于|多于|超过了?|超出了?|不到|不足|(?<![-=<>])[<>≤≥]=?|\b(?:below|under|less than|lower than|fewer than|more than|greater than|higher than|over))\s*(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib)(?![a-z]))(?!\s*(?:of\s+)?(?:host|system|cpu|main)\s+(?:memory|ram|dram)\b)(?!\s*(?:的\s*)?${VENDOR}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.]))`,
      'g',
    ),
    example: '如题，调整gpu_memory_utilizaton参数到低于18G就会报显存不足的错误',
    source: 'QwenLM/Qwen3#1509',
  },
  {
    // A share of a card is no count of them: "the usage of the cluster now 0.8/1 from GPU" (Ray's
    // resources, vllm-project/vllm#4242, c703, refused as 0.8 GPUs), "0.5 of a GPU", "0.4 GPU per replica",
    // "0.5/1 of the card", "0.4 of each device", "0.4的显卡". The card's memory after it ("0.9 of the GPU
    // memory") is vLLM's fraction, read there. A fraction and its card noun stand on one line: a flag's value
    // ending a command line ("--gpu-memory-utilization 0.8" then "GPU is a single L4" under it) is no share.
    id: 'not-hw.gpu-share',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?<![\w.])(?<n>\d+(?:\.\d+)?\s*\/\s*\d+(?:\.\d+)?(?=${SHARE_OF}${ONE_CARD})|0?\.\d+(?=(?:${SHARE_OF}|[ \t]*)${ONE_CARD}))`,
      'g',
    ),
    example: 'although it created another replica and the usage of the cluster now 0.8/1 from GPU.',
    source: 'vllm-project/vllm#4242',
  },
  {
    // An amount said as approximate, 左右 (about) after it, or a difference against another ("比理论上少 20G", 20G
    // less than in theory) is memory measured or reckoned, not a card: "int4模型要22gb左右是否正常" (needs about 22gb, is
    // that normal? InternLM/lmdeploy#452, c917: read as a 22 GB card), "qwen 7B 推理只需要8.2G 比理论上少 20G"
    // (QwenLM/Qwen#1297, c945: read as a 20 GB card), "显存占用在60G左右" (c658). Not "24G左右的显卡" (a card of about 24G),
    // nor an amount said of each card or beside the cards' count (s31): "每张卡80G左右显存", "8卡40G左右显存", "显存80G左右8卡"
    // (eight cards of about 80 GB: their memory, said roughly; the brief's example had been read as 8 GPUs of no memory).
    id: 'not-hw.about',
    role: 'measurement',
    // The look-behinds take at most a few spaces: with `\s*` twice in one optional group, a long run of blanks (a log
    // the segments blanked) before a number was split every way back from every digit (one message took 0.8 s).
    pattern: new RegExp(String.raw`(?<![\w.]|需要(?:大概|大约|约)?\s{0,3})(?<!(?:卡|张|块)\s{0,3}(?:的\s{0,3})?(?:显存\s{0,3}(?:为|是|有|约|大概|大约)?\s{0,3})?)(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib))\s*左右(?!\s*的?\s*(?:显卡|卡|gpu|${VENDOR_WORDS}[a-z]{1,3}\d{2,4}))(?!\s*\d{1,2}\s*(?:张|块)?\s*(?:显卡|卡))|比[^\n，。,;；]{0,16}?(?:少|多|高|低)了?\s*(?<n2>\d+(?:\.\d+)?\s*(?:gb|g|gib))(?![a-z])`, 'g'),
    example: '请问下根据文档量化20b后启动 gradio 服务运行大概显存占多少，我这边int4模型要22gb左右是否正常',
    source: 'InternLM/lmdeploy#452',
  },
  {
    // A vague amount in Chinese, "几G" (a few G), "十几G", "几十G", "好几个G", is memory measured, never a card, and
    // no word left unread: "保持15G几秒钟后突然跳到19G，多的几G是什么预申请的cache吗" (what are the extra few G,
    // InternLM/lmdeploy#454, c746: its "G" was counted as a word not read), "显存多占了十几G".
    id: 'not-hw.vague-amount',
    role: 'measurement',
    pattern: /(?<n>(?:好|十)?几(?:十|百)?个?\s*(?:gb|g|gib)(?![a-z]))/g,
    example: '保持15G几秒钟后突然跳到19G，多的几G是什么预申请的cache吗？',
    source: 'InternLM/lmdeploy#454',
  },
  {
    id: 'not-hw.measurement-after',
    role: 'measurement',
    // A memory noun may stand between the amount and the word of use: "it shows 45g VRAM occupied" (c1014: read as a
    // 45 GB card), "20 GB of GPU memory used", "30GB of memory consumed", macOS's "26gb of app memory used" (c1823).
    pattern: /(?<![\w.])(?<n>\d+(?:\.\d+)?\s*(?:gb|gib|g|mb|mib))\s+(?:of\s+)?(?:(?:gpu\s+|cuda\s+|video\s+|app\s+|unified\s+)?(?:vram|memory)\s+)?(?:is\s+|are\s+|was\s+|were\s+)?(?:allocated|used|in use|reserved|free|occupied|consumed|taken)\b/g,
    example: 'torch says 68GB allocated and 2 GB free',
  },
  {
    id: 'not-hw.approximate',
    role: 'measurement',
    // An amount marked approximate with a tilde is an estimate or a reading of use, not the card the user has (that
    // is said exactly, or with its name): "Ollama preloads `qwen3:14b` (alongside the pinned `bge-m3`; ~11GB VRAM
    // together …) … in the 16GB budget" (corpus c1211: read as an 11 GB card), "The MLX runner starts near the model
    // floor (~18 GB)" (c1649), "4B (~6-8 GiB estimés)" (c1405). Not one a card's name or noun follows ("a ~24GB card"),
    // nor the card's memory said roughly ("a memory error due to the ~4GB Vram", c574), unless summed ("VRAM together").
    // Only amounts a card could have (4 GB and up, as hw.memory): "41 .bin files each ~1gb each" (c574) stays unread.
    // A range's first number before the tilde ("16~24GB") is no approximation; a name's last digit is no number
    // ("- Phi2 ~20GB. Why?" under "Memory usage feels weird", ml-explore/mlx-examples, corpus c2360: read as a 20 GB card).
    pattern: new RegExp(String.raw`(?<!(?<![a-z_\d.])[\d.]+\s?)(?:~|≈|∼)\s*(?<n>(?:[4-9]|[1-9]\d+)(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:gb|gib|g|mb|mib)(?![a-z]))(?!\s*(?:(?:gpus?|cards?|显卡|卡)(?![a-z])|(?:of\s+)?(?:vram|video\s+memory|显存)(?!\s+(?:together|combined|in\s+total))|${VENDOR}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`, 'g'),
    example: 'Ollama preloads `qwen3:14b` (alongside the pinned `bge-m3`; ~11GB VRAM together, leaves room for KV cache)',
    source: 'davealtena/homelab#1984',
  },
  {
    id: 'not-hw.mac-memory-kind',
    role: 'measurement',
    // macOS Activity Monitor splits the memory in use into kinds (App Memory, Wired Memory, Compressed): an amount of
    // one is a reading of use, never the machine's memory: "I'm getting approximately 26gb of app memory used and 6gb of
    // wired memory compared to idle" (ml-explore/mlx-examples, c1823: the 6gb was left to be read as the card);
    // "Wired Memory: 6.2 GB" as the window labels it.
    pattern: /(?<![\w.])(?<n>\d+(?:\.\d+)?\s*(?:gb|gib|g|mb|mib))\s+(?:of\s+)?(?:app|wired|compressed)\s+memory\b|\b(?:app|wired|compressed)\s+memory\s*[:=]\s*(?<n2>\d+(?:\.\d+)?\s*(?:gb|gib|g|mb|mib)(?![a-z]))/g,
    example: "however, I'm getting approximately 26gb of app memory used and 6gb of wired memory compared to idle",
    source: 'ml-explore/mlx-examples#1025',
  },
  {
    id: 'not-hw.size-of',
    role: 'measurement',
    // The size of weights or a file on disk, not of a card: "the model weights and optimizer states
    // are a total size of 268GB" (EleutherAI/gpt-neox#707).
    // Said after the amount ("should be around 35GB in size", evshiron/rocm_lab#13, c1912: read as a 35 GB card) or in Chinese
    // ("模型大小14.3G", the model's size, hiyouga/LlamaFactory#7409, c1930; "大小为 8G").
    pattern: /\bsize\s+(?:of|is)\s+(?:about\s+|around\s+|~\s*|only\s+|over\s+|nearly\s+|almost\s+)?(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))|(?<![\w.])(?<n2>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb))[ \t]+in[ \t]+(?:file[ \t]+|disk[ \t]+)?size\b|大小\s*(?:为|是|有|约|大约|大概|[:：])?\s*(?<n3>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))/g,
    example: 'the model weights and optimizer states are a total size of 268GB',
    source: 'c465',
  },
  {
    id: 'not-hw.file-size',
    role: 'measurement',
    // The size of a model's file or layers, labelled or named after it, not a card's memory: "model
    // filesize: 14GB", "model 43 layers: 15.3GB" (LostRuins/koboldcpp#1480, c731: refused as a second
    // card beside "4090 24GB"), "the 35G model pulled from the Olama official website" (ollama/ollama#10968,
    // c717: read as four 35 GB cards), "a 14GB gguf file", "35G的模型", "15G应该是模型的正常大小" (15G should be the
    // model's normal size, InternLM/lmdeploy, c746: read as a 15 GB card). A model's or weights' file, its size
    // after it: "权重文件一共32G左右" (the weights file is about 32G in all, deepseek-ai/DeepSeek-V2#74, c779: read as a
    // 32 GB card), "模型文件从原来的38.7G减小到11.5G" (the model file shrank from 38.7G to 11.5G, InternLM/lmdeploy#2217, c769;
    // its "只降低了10G", memory in use only went down by 10G, is a change, read by not-hw.measurement).
    // The noun after the size is on its line: in a list "VRAM - 12GB\nModel quantization - 5bit" (LostRuins/koboldcpp#858,
    // c1121) the 12GB is the card's, and "Model" starts the next item.
    // A bare "Size:" label is a download's or a listing's ("Small | Size: 13.2 GB, Estimated RAM usage: 15.7 GB", Open
    // Interpreter's model menu, c1146: read as a 13.2 GB card); "VRAM size: 24GB", "memory size:" stay the card's.
    pattern: /(?:\b(?:file\s*size|filesize|model\s+size|size\s+on\s+disk|\d+\s+layers?|(?<!(?:memory|vram|ram|gpu|card|batch|chunk|block|page)[\s_-]*)size(?=\s*[:=]))\s*[:=]?\s*(?:about\s+|around\s+|~\s*)?(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))|(?<![\w.])(?<n2>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb))(?:[ \t]+(?:gguf|ggml|quanti[sz]ed)?[ \t]*(?:model|file|download|checkpoint|weights)(?![a-z])|[ \t]*的?[ \t]*模型|[ \t]*(?:应该|应当|就|刚好|正好)?[ \t]*(?:是|为)[ \t]*模型(?:的|本身的?)?))|(?:权重|模型|参数|checkpoint)\s*文件(?:大小)?\s*(?:(?:一共|总共|共|大约|大概|约|从原来的|从|原来|是|为|有|只有)\s*)*(?<n3>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))/g,
    example: 'model filesize: 14GB HF openfree/Mistral-Small-3.1-24B-Instruct-2503-Q4_K_M-GGUF',
    source: 'LostRuins/koboldcpp#1480',
  },
  {
    id: 'not-hw.file-size-after',
    role: 'measurement',
    // A file's size said after it: "我的文件明明只有12GB，为什么加载的时候，却显示需要22GB显存？" (my file is only 12GB,
    // why does loading need 22GB? ollama/ollama#7557, c1166: read as a 12 GB card), "the gguf file is only 4.1GB".
    pattern: /文件[^\n，。,；;\d]{0,6}?(?:只有|才|就|是|为|有)\s*(?:大约|大概|约)?\s*(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))|\bfiles?\s+(?:size\s+)?(?:is|was|are|were)\s+(?:only\s+|just\s+|about\s+|around\s+|~\s*)?(?<n2>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))/g,
    example: '我的文件明明只有12GB，为什么加载的时候，却显示需要22GB显存？',
    source: 'ollama/ollama#7557',
  },
  {
    id: 'not-hw.change-from',
    role: 'measurement',
    // Memory that changes "from X to Y" is measured, not a card: "Memory usage will soar from 140G to over 200G"
    // (LLaVA-VL/LLaVA-NeXT#438, c1110: read as a 140 GB card); "to over 200G" is not-hw.bound's.
    pattern: /\bfrom\s+(?:about\s+|around\s+|~\s*)?(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib))(?![a-z])(?=\s*(?:to|->|→)\s+(?:[a-z]+\s+){0,2}\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib|tb)(?![a-z]))/g,
    example: 'Memory usage will soar from 140G to over 200G',
    source: 'LLaVA-VL/LLaVA-NeXT#438',
  },
  {
    id: 'not-hw.shard-size',
    role: 'measurement',
    // The size of a checkpoint's shards or chunks, not a card's memory: "about 9GB per shard"
    // (huggingface/transformers#16884), "split the model into 4GB chunks" (X-PLUG/mPLUG-Owl#211), "I
    // downloaded 4 shards of 10GB each" (invented: refused as four 10 GB cards beside "2 A100 80GB"). Not
    // "pieces of" or "parts of": a count of cards ("4 pieces of 40G A100").
    pattern: /\b(?:shards?|chunks?|(?:safetensors\s+)?files)\s+of\s+(?:about\s+|around\s+|roughly\s+|~\s*)?(?<n>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib))(?![a-z])|(?<![\w.])(?<n2>\d+(?:\.\d+)?\s*(?:gb|g|gib|mb|mib))\s+(?:per\s+|each\s+|a\s+)?(?:shards?|chunks?|safetensors)(?![a-z])/g,
    example: 'Here is an example of how to get the 42GB T0 model via multi-part sharded branch (about 9GB per shard here)',
    source: 'huggingface/transformers#16884',
  },
  {
    id: 'not-hw.arithmetic',
    role: 'arithmetic',
    // The user's own reckoning: "2x24=48GB", "32*4/8=16G", "24*0.9 ≈ 21.6 GB", a unit on each
    // operand ("8*24G=192G", QwenLM/Qwen#811), a difference first ("1280 - 64 * 16 = 256GB of remaining GPU
    // memory", simplescaling/s1#25, c757: the 1280 had been read as 1280 cards; "80 - 2*14 = 52G left");
    // its working in brackets before the result ("4GB+4GB(10*0.9-5)=8GB", vllm-project/vllm, c956: read as two 4 GB cards
    // beside "每张显存共有10GB").
    pattern: /(?<![\w.])(?<n>\d+(?:\.\d+)?\s*(?:(?:gb|g)\s*)?\\?[*×x/+-]\s*\d+(?:\.\d+)?(?:\s*(?:gb|g)(?![a-z]))?(?:\s*\\?[*×x/+-]\s*\d+(?:\.\d+)?(?:\s*(?:gb|g)(?![a-z]))?)*(?:\s*[(（][^()（）\n]{1,30}[)）])?\s*(?:=|≈|~=?)\s*\d+(?:\.\d+)?\s*(?:gb|g|gib)?)(?![a-z])/g,
    example: '按正常估算，梯度每张卡应该是32*4/8=16G',
    source: 'c320',
  },
  {
    id: 'not-hw.weights-arithmetic',
    role: 'arithmetic',
    // Weights reckoned from the parameter count: "8B*2 bytes = 16GB", "So 70B x 2 bytes = 140GB",
    // "72B * 0.5 bytes ≈ 36GB", "7b params * 16 bytes = 112GB" (the user's reasoning, issue 22 item 7;
    // "2 bytes = 16GB" was read as a card and refused against the one named). Only the group `n` is
    // blanked: the count of parameters before it may be the only place the model's size is said. (A
    // match starts at a number, not a lookbehind: a lookbehind with \s* rescans a long blank at each place.)
    pattern: /(?<!\w|\d\.)\d+(?:\.\d+)?\s*(?:b|billion)(?:\s+param(?:eter)?s?)?\s*\\?[*×x]\s*(?<n>\d+(?:\.\d+)?(?:\s*bytes?)?(?:\s*(?:per|\/)\s*param(?:eter)?s?)?(?:\s*\\?[*×x/+-]\s*\d+(?:\.\d+)?(?:\s*(?:gb|g|bytes?))?)*\s*(?:=|≈|~=?)\s*\d+(?:\.\d+)?\s*(?:gb|g|gib)?)(?![a-z])/g,
    // After a full stop with no space (a Chinese 。 is one): "推理需要 4G左右。7B *4 =28G" (QwenLM/Qwen#1297, c945: read as four 28 GB cards).
    example: 'llama-3-8b inference on L4: weights 8B*2 bytes = 16GB, leaves 8GB for KV cache?',
  },
  {
    id: 'not-hw.list-marker',
    role: 'list-marker',
    // A list's number at the start of a line ("2、用3090部署qwen-vl-7b", "1. ", "(3) "): the item's place
    // in the user's list, never a count, a card or a length (xorbitsai/inference#3582). normalise writes
    // 、 as a comma, so a comma right before a CJK character is the same mark.
    pattern: /^[ \t]*(?:[-*•][ \t]*)?(?:(?<n>\d{1,2})[ \t]*(?:、|,(?=[^\x00-\x7f])|[.．)）](?![\d.])(?=[ \t]|[^\x00-\x7f]))|[(（](?<n2>\d{1,2})[)）])/gm,
    example: '2、用3090部署qwen-vl-7b模型爆显存。',
    source: 'xorbitsai/inference#3582',
  },
  ...DEVICE_INDEX_RULES,
  ...LABEL_INDEX_RULES,
  ...PHONE_CHIP_RULES,
  ...USAGE_CJK_RULES,
  ...USAGE_CHANGE_RULES,
  ...MEMORY_LEFT_RULES,
  ...NOT_CARD_SPAN_RULES,
  ...NOT_CARD_MEMORY_RULES,
  {
    id: 'not-hw.platform',
    role: 'version',
    // A kernel or platform string: every number in it is a version.
    pattern: /\b(?:linux|darwin|macos|windows)-(?<n>[\w.+-]*\d[\w.+-]*)/g,
    example: '- Platform: Linux-5.15.0-60-generic-x86_64-with-glibc2.31',
    source: 'c341',
  },
  {
    id: 'not-hw.version',
    role: 'version',
    // A bare vLLM release ("vllm 0.6.4", "vllm==0.5.4", "vLLM version: 0.8.5", "**vLLM**: v0.8.5") is a
    // setting the request reads (vllm-versions.ts; prose.vllm-release-label writes the labelled ones), also
    // at a sentence's end ("on two L40 GPUs (48G) with vllm 0.4.1.  Also tried…", vllm-project/vllm#4429, c836).
    // A transformers release whose loss differs ("transformers 4.46.1", transformers-versions.ts) is one too.
    // A patch suffix goes with the release ("vLLM v0.6.1.post2"). The "v" before the digits is the
    // version's and goes with them: "peft v0.10" left "peft v", read as LoRA on v alone (c563).
    pattern: new RegExp(String.raw`\b(?!vllm[*\`]*\s*(?:(?:version|版本)\s*)?(?::|：|==?)?\s*[*\`]*v?${VLLM_RELEASE}(?:\.\d)?(?:[.+-]?(?:post|rc|dev)\d*)?(?!\w|\.\w))(?!transformers(?:\s+|\s*==\s*)v?4\.4[6-9](?:\.\d)?(?!\w|\.\w))(?:ubuntu|cuda|cu|torch|pytorch|python|py|transformers|vllm|driver|nccl|cudnn|deepspeed|rocm|accelerate|peft|trl|centos|debian|rhel|windows|macos|gcc|numpy|triton|jax|sglang|ollama|flash[-_ ]?attn|flash-attention)(?:\s*version)?\s*(?:[:=]|==|>=)?\s*(?<n>v?\d+(?:\.\d+)+)`, 'g'),
    example: "I'm running RoCM(RX 5600XT, 8GB of Vram) with 16GB of Ram backing it on Ubuntu 22.04.",
    source: 'c340',
  },
];
