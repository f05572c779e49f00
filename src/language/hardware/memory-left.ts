import type { GuardRole, HardwareRule } from './types.js';
import { VENDOR_WORDS } from './vendor-words.js';

/**
 * Memory a run leaves free, and memory a run is said to take roughly, are readings of the card in use, never the
 * card (s39, rhw5: "numbers that are not hardware", the silent class of b88–b90's first sight).
 *
 * What is left: "I still have at least 20GB of VRAM leftover after fully loading the model" (turboderp-org/exllamav2#662,
 * corpus c3045: read as one 20 GB card, silent), "8GB headroom left per card", "6 GB to spare", "remaining VRAM: 10GB";
 * Chinese "还剩20G显存", "剩余显存还有10G", "显存只剩8G"; Korean "VRAM이 20GB 남아", "남은 메모리 10GB", "여유 8GB";
 * Japanese "20GB残って". The card beside it keeps its own name ("on my 3090 with 6 GB to spare" is the 3090).
 *
 * What is taken, said roughly with the bare noun "memory": "显存占用是相同的，memory 大致为9G" (the memory in use is the
 * same, memory roughly 9G; modelscope/ms-swift#2144, corpus c3037: read as one 9 GB card, silent), "memory is about 9G",
 * "memory 大约 30G". A card is said with its memory exactly, or with its name ("a ~24GB card" is not this rule's);
 * an amount before a card word or name stays the card's, and "GPU memory" or 卡's 显存 is left to the other rules
 * (each card's memory said roughly, "每张卡80G左右显存", is that card's: s31).
 */

const AMOUNT = String.raw`\d+(?:\.\d+)?\s*(?:gb|g|gib)(?![a-z])`;
/** Not a card's memory: no card word or name after the amount ("24G显存的卡", "24GB GPU", "24G的3090"). */
const NO_CARD_AFTER = String.raw`(?!\s*(?:的\s*)?(?:显存|内存|vram)?\s*(?:的\s*)?(?:显卡|卡|gpus?\b|cards?\b|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`;
/** A shortfall may be written with GiB's short "Gi" ("a 10Gi deficit") or in MB. */
const SHORT_AMOUNT = String.raw`\d+(?:\.\d+)?[ \t]*(?:gib|gi|gb|g|mib|mb)(?![a-z])`;
const ROUGHLY = String.raw`(?:(?:about|around|roughly|approximately|approx\.?|only|just|~|大致|大约|大概|约|只有|仅有?)\s*)`;

export const MEMORY_LEFT_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.memory-left',
    role: 'measurement',
    // The amount, then what it is (of VRAM, of GPU memory), then the word that it is left: "left over", "leftover",
    // "remaining", "to spare", "headroom", "unused"; or the word first, "remaining VRAM: 10GB", "spare memory of 6GB".
    // ("free" after the amount is not-hw.measurement-after's.)
    pattern: new RegExp(
      String.raw`(?<![\w.])(?<n>${AMOUNT})\s+(?:of\s+)?(?:(?:gpu|cuda|video)\s+)?(?:(?:vram|memory|mem)\s+)?(?:left\s*over|leftover|left|remaining|to\s+spare|spare|headroom|unused)(?![a-z])` +
        String.raw`|\b(?:remaining|leftover|spare|unused|free)\s+(?:gpu\s+)?(?:vram|memory)(?:\s+(?:is|was|of)(?![a-z]))?(?:\s*[:=])?\s*${ROUGHLY}?(?<n2>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: 'I still have at least 20GB of VRAM leftover after fully loading the model with the above parameters.',
    source: 'turboderp-org/exllamav2#662 (corpus c3045)',
  },
  {
    id: 'not-hw.memory-left-zh',
    role: 'measurement',
    // 剩 (left), 剩余 / 余下 (remaining), 空闲 / 空余 (idle), the memory noun on either side: "加载后还剩20G显存",
    // "剩余显存还有10G", "显存只剩8G", "空闲显存约6G".
    pattern: new RegExp(
      String.raw`(?:还|只|仅)?(?:剩下?|剩余|余下|空闲|空余)了?的?(?:\s*(?:gpu\s*)?(?:显存|内存|vram))?(?:\s*(?:还|只|仅|也)?(?:有|为|是|[:：]))?\s*${ROUGHLY}?(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '加载qwen2.5-7b后还剩20G显存，推理长文本就OOM',
  },
  {
    id: 'not-hw.memory-left-ko-ja',
    role: 'measurement',
    // Korean says it after the amount ("VRAM이 20GB 남아 있는데", "8GB 여유가 있습니다") or before ("남은 메모리 10GB",
    // "잔여 VRAM 12GB"); Japanese after it ("20GB残っている", "8GB余っている", "10GB空いている").
    pattern: new RegExp(
      String.raw`(?<![\w.])(?<n>${AMOUNT})\s*(?:(?:이|가|정도|가량|쯤|나|만|밖에|이나|が|も|ほど|くらい|ぐらい)\s*){0,2}(?:남(?:아|았|은|음|는)|여유|残(?:っ|り|る)|余(?:っ|り|る)|空い)` +
        String.raw`|(?:남은|잔여|여유)(?:\s*(?:gpu\s*)?(?:vram|메모리))?(?:\s*(?:이|가|은|는))?(?:\s*약)?\s*(?<n2>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: 'llama-3-8b 추론 후에도 VRAM이 20GB 남아 있는데 OOM이 납니다',
  },
  {
    id: 'not-hw.memory-short',
    role: 'measurement',
    // What a run lacks, or needs beyond what it has: "Both GPUs report approximately a **10Gi deficit**"
    // (deepspeedai/DeepSpeed-MII#568, corpus c3838: read as two 10 GB cards, silent), "short by 6GB", "it needs 4GB
    // more", "2 GB too much", "over by 3GB"; Chinese "还差6G显存", "差了4G", "缺8G"; Korean "4GB 부족". One line: a shortfall is
    // the distance to the card's memory, never the card ("24GB or more" is a requirement, left to the other rules).
    pattern: new RegExp(
      String.raw`(?<![\w.])(?<n>${SHORT_AMOUNT})[ \t]*(?:\*\*|__)?[ \t]*(?:of[ \t]+)?(?:(?:gpu|cuda|video)[ \t]+)?(?:(?:vram|memory|mem)[ \t]+)?(?:deficit|shortfall|short(?:age)?(?![ \t]+(?:of|on)[ \t]+(?:a|an|one|the|my)\b)|too[ \t]+(?:much|little|few)|(?<!or[ \t]+)more(?![ \t]+than\b)|extra|additional|missing|over(?:[ \t]+the[ \t]+(?:limit|budget))?)(?![a-z])` +
        String.raw`|\b(?:short|over|exceed(?:s|ed|ing)?)[ \t]+by[ \t]+(?:about[ \t]+|around[ \t]+|~[ \t]*)?(?<n2>${SHORT_AMOUNT})` +
        String.raw`|(?:还差|差了?|缺了?|不够)[ \t]*(?:约|大约|大概)?[ \t]*(?<n3>${SHORT_AMOUNT})${NO_CARD_AFTER}` +
        String.raw`|(?<![\w.])(?<n4>${SHORT_AMOUNT})[ \t]*(?:정도[ \t]*|가량[ \t]*)?(?:이[ \t]*|가[ \t]*)?부족`,
      'g',
    ),
    example: 'Both GPUs report approximately a **10Gi deficit**, which is the same as trying to run the model without tensor parallelism',
    source: 'deepspeedai/DeepSpeed-MII#568 (corpus c3838)',
  },
  {
    id: 'not-hw.memory-roughly',
    role: 'measurement',
    // The bare English noun "memory" (not a card's: no GPU, card or 卡 word before it), then a word of roughly, then the
    // amount: what a run was seen to take.
    pattern: new RegExp(
      String.raw`(?<!(?:gpu|card|卡|的)\s{0,3})\b(?:memory|mem)(?:\s*usage)?(?:\s*(?:is|was|为|是|在)(?![a-z]))?\s*(?:about|around|roughly|approximately|approx\.?|~|大致|大约|大概|约)(?:\s*(?:为|是|在))?\s*(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '进行微调后发现设置 `lora_target_modules `分别为 `DEFAULT` 和 `ALL` 时，显存占用是相同的，memory 大致为9G。',
    source: 'modelscope/ms-swift#2144 (corpus c3037)',
  },
];
