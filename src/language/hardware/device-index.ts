import type { GuardRole, HardwareRule } from './types.js';

/**
 * A GPU's index names one device of the machine; it never counts the run's GPUs (the count comes from
 * the run: a parallel flag, a launcher, CUDA_VISIBLE_DEVICES's list, or words). People paste the index
 * with the card's name — llama.cpp's "ggml_init_cublas: found 1 CUDA devices: Device 0: NVIDIA GeForce
 * RTX 3080 Ti Laptop GPU" (zylon-ai/private-gpt#921, c1214: refused as "GPU count cannot be 0"),
 * PyTorch's "cuda:0", "so much memory on `device 1`" (huggingface/trl GRPO, c338) — and Chinese posts
 * number their cards 0卡, 1卡: "会发现0卡的显存突然飙升，其他卡不动" (card 0's memory shoots up,
 * hiyouga/LlamaFactory#1766, c1168: refused as a count of 0), "0卡的显存占用是2g多，1卡的显存占用是7.8g"
 * (QwenLM/Qwen#927's thread, c803: read as another run on one card). The index's digits are blanked
 * (guards, engine.ts), so no later rule counts them; the card's name beside it is still read.
 */

/** What may follow a number that makes it a count, not an index: a times sign, a unit, a counter or a count's noun. */
const COUNT_AFTER = String.raw`(?!\d|\.\d|\s*(?:[x×*]|gib|gb?(?![a-z])|张|块|个|卡|개|장|대|枚|cards?\b|gpus?\b|nodes?\b|devices\b))`;
/** A card's name right after the number ("GPU 1 A100"): the number may count it; only 0 is an index there. */
const CARD_AFTER = String.raw`(?!\s*(?:nvidia\s*|geforce\s*|rtx\s*|tesla\s*)?(?:[a-z]{1,3}\d{2,4}|\d{4})(?![\d.]))`;

export const DEVICE_INDEX_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.device-index',
    role: 'index',
    // "Device 0:", "GPU 0", "gpu0", "GPU #1", "gpu[1]", "GPU id 2", "device 1", "cuda:0", "cuda:1": the singular word,
    // then the index (a plural or a flag's "--num-gpu 2" is a count, read elsewhere); "GPU: 2" (a colon after
    // a bare GPU word) is a config's count and is left alone, except PyTorch's "cuda:N".
    pattern: new RegExp(
      String.raw`(?<![\w.\-])(?:cuda\s*:\s*(?<n>\d{1,2})(?!\d|\.\d)|(?:device|gpu)\s*(?:#\s*|\[\s*|id\s*[:=]?\s*)?(?:(?<n2>0)${COUNT_AFTER}|(?<n3>[1-9]\d?)${COUNT_AFTER}${CARD_AFTER}))`,
      'g',
    ),
    example: 'Device 0: NVIDIA GeForce RTX 3080 Ti Laptop GPU, compute capability 8.6 16GBVRam',
    source: 'zylon-ai/private-gpt#921',
  },
  {
    id: 'not-hw.card-index-zh',
    role: 'index',
    // Chinese: "0卡" (card 0: no run has zero cards), "1号卡" / "0号GPU" (号 numbers a thing), "第1张卡" (the first
    // card; in words too, "参数总是堆积到第一块显卡" — the parameters pile onto the first card, modelscope/ms-swift#1402,
    // corpus c3042: "一块显卡" read as one GPU, and the "4卡" it runs on was left out as another count), "卡0" / "显卡1" before 的, 上, 和, a comma or 显存 (the card named by its number; "多卡2台服务器" counts machines, c246); and any "N卡" in a message that numbers a card 0 as
    // well ("0卡的显存占用是2g多，1卡的显存占用是7.8g", c803's thread): cards numbered in a series, never a count.
    // Not "每卡4" / "每张卡 4" (4 a card: the per-device batch, prose/rules/batch-per-device.ts, rmode2).
    pattern: new RegExp(
      String.raw`(?<![\w.])(?<n>0)\s*号?\s*(?:显卡|卡|gpu)|(?<![\w.])(?<n2>\d{1,2})\s*号\s*(?:显卡|卡|gpu)|第\s*(?<n3>\d{1,2}|[一二两三四五六七八九十])\s*(?:张|块|个)?\s*(?:显卡|卡|gpu)|(?<![a-z\d多])(?<!每\s?张?)(?:显卡|卡)\s*(?<n4>\d{1,2})(?=\s*(?:的|上|和|与|跟|、|,|，|:|：|\)|）|占用|显存|$))|(?<![\w.])(?<n5>[1-9])\s*卡(?:(?<=(?<![\w.])0\s*号?\s*卡[\s\S]*)|(?=[\s\S]*(?<![\w.])0\s*号?\s*卡))`,
      'g',
    ),
    example: '在多卡8张推理qwen72b的时候，输入一个长文本，会发现0卡的显存突然飙升，其他卡不动',
    source: 'hiyouga/LlamaFactory#1766',
  },
];
