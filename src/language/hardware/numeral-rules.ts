import { LABELLED_COUNT_RULES } from './labelled-counts.js';
import type { HardwareRule, PartRole } from './types.js';

/**
 * Machines counted with a Chinese numeral ("四台八卡80G", "两台服务器四张4090"): the hw.nodes rule
 * reads digits only ("4台8卡80G", c343 QwenLM/Qwen#887; "2台服务器4张4090", c246 modelscope/ms-swift#2715), so the same
 * message with its counts in words lost its nodes and read 8 or 4 cards in all. Found by
 * bench:variations' count-cjk-words shape on c343 and c246. The numeral's value comes from the
 * engine's WORD_COUNTS, as for hw.count-chinese-numeral. 第 (ordinal) and 每 (each) before it, or a
 * 十 of a larger number, make it no count of machines.
 */
export const NUMERAL_PART_RULES: readonly HardwareRule<PartRole>[] = [
  ...LABELLED_COUNT_RULES,
  {
    id: 'hw.nodes-chinese-numeral',
    role: 'nodes',
    pattern: /(?<![第每十\d统])(?<word>单|一|两|二|三|四|五|六|七|八|十六)\s*(?:台(?!式)\s*(?:服务器|机器|主机)?|个\s*(?:结点|节点|机器|服务器|主机))/g,
    example: '多机多卡两台服务器四张4090微调启动失败',
    // One machine ("我们有一台 8 卡 H20 的机器", a stranger message of the lead's) is one node: its 一 had been listed as a number not used.
    source: 'invented from c246 modelscope/ms-swift#2715 ("2台服务器4张4090") with its counts in words',
  },
  {
    // Cards per machine in words ("每个节点两张H800"): hw.per-node reads digits only, and without it the
    // words between the machines and the cards ("，每个节点") kept the two apart.
    id: 'hw.per-node-chinese-numeral',
    role: 'perNode',
    pattern: /每(?:个|一个|台)?\s*(?:结点|节点|机器|服务器|主机)?\s*(?<word>两|二|三|四|五|六|七|八|十六)\s*(?:(?:张|块|个)\s*(?:显卡|卡|gpus?)?|显卡|卡|gpus?)/g,
    example: '两个节点，每个节点八张H800',
    source: 'invented from c321 ("10个结点，每个结点8张卡") with its counts in words',
  },
  {
    // A count in words right before a card's name, with no counter word: "双 2080ti 22G显卡下" (two modified 2080 Ti of
    // 22 GB, xorbitsai/inference#852, c1253: read as one card), "单服务器双4090微调" (modelscope/ms-swift#2715, c246),
    // "RTX4090双卡" said the other way round (hiyouga/LlamaFactory#1970). hw.count-chinese-numeral reads 双 only
    // before 卡 / 张. Not before a choice of cards ("两A100/A800"), which question.card-or-card asks; not 单
    // (单 before a card is its own line of products in no message seen).
    id: 'hw.count-chinese-numeral-card',
    role: 'count',
    pattern: /(?<![第每十\d])(?<word>双|两|三|四|五|六|七|八)(?=[ \t]*(?:(?:nvidia|rtx|tesla|geforce|pro)[ \t]*){0,3}(?:[a-z]{1,3}\d{2,4}|\d{4})[a-z]{0,4}(?![a-z\d.])(?![ \t]*\/))/g,
    // The card's name may hold several words: "双 RTX PRO 6000", "两 NVIDIA RTX PRO 6000" (c2451's phrase in Chinese).
    example: '在双 2080ti 22G显卡下，exl2的速度是awq的两倍以上',
    source: 'c1253 xorbitsai/inference#852',
  },
  {
    // A count in words after the card and its noun ("p40 显卡三张", zai-org/GLM-4#173, c1118): hw.count-counter
    // reads it in digits ("p40 显卡3张"), hw.count-chinese-numeral only before the card ("三张p40").
    id: 'hw.count-chinese-numeral-after',
    role: 'count',
    // Also after the card's own name, in the same clause or the next ("显卡4090，两张，显存24G单张", two 4090s,
    // QwenLM/Qwen3-VL#130, c1344; "3090 两块"), the counter closing its clause: "两张图片" counts pictures.
    // And after the card as nvidia-smi names it, its form factor and memory joined by dashes: "GPU卡为：Tesla
    // V100-SXM2-16GB  八张" (eight V100 16GB, gpustack/gpustack, c1157: read as one card).
    // The numeral is matched first and the card looked for behind it only there: a look-behind that
    // opens the pattern runs at every character, and its \s* re-scans every run of spaces (a pasted
    // log's indentation took seconds, c530).
    pattern: /(?<word>两|二|三|四|五|六|七|八|十六)(?<=(?:显卡|gpus?|(?<![\w.])(?:[a-z]{1,3}\d{2,4}[a-z]{0,5}(?:-[a-z\d]{1,6}){0,3}|\d{4}(?:ti|s)?))\s*[,，]?\s*(?:两|二|三|四|五|六|七|八|十六))\s*(?:张|块)(?=\s*(?:显卡|卡)?\s*(?:[\s,.;:!?，。；：、）)\d]|显存|$))/g,
    example: 'p40 显卡三张',
    source: 'c1118 zai-org/GLM-4#173',
  },
  {
    id: 'hw.count-both',
    role: 'count',
    // "split the model on both my 3090's" (oobabooga/text-generation-webui, corpus c3879: read as one 3090, silent), "both
    // A6000s", "both of the 4090s": two, of a card written in the plural. A singular after it is a pair of kinds ("both A100
    // and H100"), left to the other rules.
    pattern: /\b(?<word>both)(?:\s+of)?(?:\s+(?:my|our|the|these|those))?(?=\s+(?:(?:nvidia|geforce|tesla|rtx|gtx|amd|radeon|quadro)[\s-]+){0,3}(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}|\d{4}(?:\s?ti)?)(?:s|['’]s)\b)/g,
    example: 'before the update it would split the model on both my 3090\'s',
  },
];
