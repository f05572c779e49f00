import type { ProseRule } from '../types.js';

/**
 * Global and per-device batch in words (rmode2, docs/reading.md "Global and per-device batch"). The batch of one
 * optimizer step over every GPU is the global batch ("global batch 512", 全局batch 256, 总 batch size 64, 글로벌 배치
 * 256, グローバルバッチ 128); what one GPU holds in a forward pass is the micro-batch ("4 per GPU", 每卡4, GPU당 배치 4,
 * GPUあたり 2, "bs 4 per gpu", "micro 2"). Each is written as its item (`gbs N`, `mbs N`) so that the batch step
 * works out the accumulation from both and the cards (resolve-batch.ts); a global batch alone is said as one with
 * the micro-batch unstated, never taken as the micro-batch (issue 22: "never refuse"). The per-device number must
 * not be a card's memory or model ("每卡 80G", "per GPU 24GB", "单卡 4090" is one card and is not read here).
 */
const DEVICE_FIRST = String.raw`(?:per[\s_-]?(?:device|gpu|card)|每\s?张?\s?卡|每\s?个?\s?gpu|gpu\s?당|gpu\s?마다|gpuあたり)`;
const BATCH_WORD = String.raw`(?:batch(?:[\s_-]?size)?|bs|배치(?:\s?사이즈)?|バッチ(?:\s?サイズ)?)`;
/** Not a card's memory ("每张卡40多G", c2503), a card, a count of cards, a throughput, a share or an approximate amount. */
const NOT_A_BATCH_AFTER = String.raw`(?![\d.]|\s*(?:多|左右|来|余|gb|g(?![a-z])|张|卡|块|x(?![a-z])|×|[tp]flop|%|gpus?|cards?|tokens?|k\b))`;

export const BATCH_PER_DEVICE_RULES: readonly ProseRule[] = [
  {
    id: 'training.global-batch-words',
    pattern: /(?:全局|总的?)\s?(?=batch|bs\b|批)|글로벌\s?(?=배치)|グローバル\s?バッチ(?:\s?サイズ)?/g,
    when: (t) => /全局|总|글로벌|グローバル/.test(t),
    // Japanese: the whole word, since バッチ glued after グローバル is no batch word the Japanese rule reads.
    write: (m) => (m[0].startsWith('グ') ? ' global batch ' : ' global '.padEnd(m[0].length)),
    example: '全局batch 256，每卡4，8卡A100 80G 全参微调 qwen2.5-7b',
  },
  {
    id: 'training.per-device-batch-first',
    pattern: new RegExp(String.raw`(?<![\w])${DEVICE_FIRST}\s?(?:的\s?)?(?:${BATCH_WORD}\s?)?(?:=|:|：|为|是|는|은|は)?\s?(\d{1,4})${NOT_A_BATCH_AFTER}`, 'g'),
    when: (t) => /per[\s_-]?(?:device|gpu|card)|每|당|마다|あたり/.test(t),
    write: (m) => `mbs ${m[1]}`.padEnd(m[0].length),
    example: '글로벌 배치 256, GPU당 배치 4, A100 80GB 8장에서 llama-3-8b 풀 파인튜닝',
  },
  {
    id: 'training.batch-per-device-after',
    pattern: /(?<![\w.])(?:micro[\s_-]?)?(?:batch[\s_-]?size|batch|bs)\s?(?:of|=|:)?\s?(\d{1,4})\s?(?:per|each|a|an|\/)\s?(?:gpu|device|card)\b/g,
    when: (t) => /(?:per|each|a|an|\/)\s?(?:gpu|device|card)\b/.test(t),
    write: (m) => `mbs ${m[1]}`.padEnd(m[0].length),
    // "micro batch size 4 per GPU" is the same micro-batch: the "micro" goes with it (test/language/rtrain11-batch-meaning.test.ts).
    example: 'bs 4 per gpu, global 64, 2x 3090, qwen2-7b lora',
  },
  {
    // "global batch 512, micro 2" and "bs 4 per gpu, global 64": the bare word beside a batch said in full.
    id: 'training.bare-micro-or-global',
    pattern: /(?<![\w-])(micro|global)\s?[=:]?\s?(\d{1,6})(?![\d.]|\s*(?:gpus?|cards?|nodes?|steps?|tokens?|k\b))/g,
    when: (t) => /batch|\bbs\b|\bmbs\b|\bgbs\b/.test(t) && /micro|global/.test(t),
    write: (m) => `${m[1] === 'micro' ? 'mbs' : 'gbs'} ${m[2]}`.padEnd(m[0].length),
    example: 'global batch 512, micro 2, llama-3-8b sft on 64x h100',
  },
];
