import type { ProseRule } from '../types.js';

/**
 * Gradient accumulation said in words rather than as a keyword before its number. The vocabulary reads
 * "grad accum 8", "gradient accumulation steps of 32", "梯度累积 4"; people also write the count first ("8
 * accumulation steps"), the verb ("accumulate gradients over 16 steps"), a batch as its product ("batch 8 (2 x 4
 * accumulation)"), the Chinese name with 计 for 积 (梯度累计, as LLaMA-Factory users write it) or its steps alone
 * (累积步数), and the Korean name (그래디언트 누적). Each had left the accumulation at its default of 1, silently:
 * a micro-batch of 2 with 8 steps of accumulation was estimated as batch 2 alone (the activations are the same, but
 * the reading said "ga 1" where the user said 8). Written as the item language's "ga N".
 */
const COUNT = String.raw`(\d{1,4})`;
const GRADIENT = String.raw`(?:(?:gradients?|grad)[\s_-]+)?`;

export const ACCUMULATION_WORD_RULES: readonly ProseRule[] = [
  {
    // "batch 8 (2 x 4 accumulation)", "effective batch 32 = 4 × 8 grad accum", "bs 16 (4*4 ga)": a batch given as
    // its micro-batch times its accumulation. The total is that product (over one GPU; more GPUs multiply it
    // again), so it is left to the two factors, which are the settings, and said. Invented (session 30, rseq9).
    // A keyword with its own number after it is not the product's: "on 4x 3090 ga 8" is four cards and eight steps.
    id: 'prose.batch-as-accumulated-product',
    pattern: new RegExp(
      String.raw`(?:\b(?:(?:effective|global|total)\s+)?(?:batch(?:[\s_-]*size)?|bs)\s*(?:of|=|:|is)?\s*(\d{1,5})\s*[(（]?\s*(?:=\s*)?` +
        // or the micro-batch's own keyword before its factor: "micro batch 2 x 16 grad accum steps".
        String.raw`|\b(?:micro[\s_-]*batch(?:[\s_-]*size)?|mbs|per[\s_-]*device[\s_-]*(?:train[\s_-]*)?batch(?:[\s_-]*size)?)\s*(?:of|=|:|is)?\s*)?` +
        String.raw`\b${COUNT}\s*(?:(?:per|\/)\s*(?:gpu|device|card)\s*)?[x×*]\s*${COUNT}\s*(?:${GRADIENT}(?:accumulation|accum)(?:[\s_-]*steps?)?|ga|gas|梯度累积)(?![\w])(?![\s:=_-]*\d)\s*[)）]?`,
      'gi',
    ),
    when: (t) => /accum|\bgas?\b|梯度累积/.test(t),
    write: (m, notes) => {
      const [total, micro, steps] = [m[1], m[2]!, m[3]!];
      // A total that is not the product counts the GPUs too ("batch 16 (2 x 4 accumulation)" on two cards): the factors
      // are still the settings, and the total is said, not read.
      if (total !== undefined && Number(total) !== Number(micro) * Number(steps)) {
        notes.push(`batch ${total} not read: micro-batch ${micro} × ${steps} steps of accumulation is ${Number(micro) * Number(steps)} a GPU, as you wrote it`);
      } else if (total !== undefined) notes.push(`batch ${total} read as micro-batch ${micro} × ${steps} steps of accumulation, as you wrote it`);
      return ` mbs ${micro} ga ${steps} `;
    },
    example: 'sft llama-2-7b lora on a 4090, batch 8 (2 x 4 accumulation), seq 2048',
  },
  {
    // "8 accumulation steps", "16 gradient accumulation steps", "4 steps of gradient accumulation", "8x grad accum",
    // "accumulate gradients over 16 steps", "accumulating over 4 batches": the count said before or after the verb.
    id: 'prose.accumulation-count-first',
    pattern: new RegExp(
      // Not a batch's number before the keyword of an accumulation that has its own ("batch size 4 gradient accumulation 8").
      String.raw`(?<![\w.])(?<!(?:batch|bs|size|mbs)[\s:=_-]{0,3})${COUNT}\s*(?:[x×]\s*)?${GRADIENT}(?:accumulation|accum)[\s_-]*(?:steps?)?\b(?![\s:=_-]*(?:of\s+|to\s+|is\s+|为\s*)?\d)` +
        String.raw`|(?<![\w.])${COUNT}\s+steps?\s+of\s+${GRADIENT}accumulation\b` +
        String.raw`|\baccumulat(?:e|es|ed|ing)\s+(?:the\s+)?${GRADIENT}(?:over|for|across|every)\s+${COUNT}\s*(?:steps?|batches|micro[\s-]?batches|iterations|mini[\s-]?batches)\b`,
      'gi',
    ),
    when: (t) => t.includes('accum'),
    write: (m) => ` ga ${m[1] ?? m[2] ?? m[3]} `,
    example: 'lora qwen2 7b on a 4090: batch size 2 with 8 accumulation steps',
  },
  {
    // 梯度累计 (计 "count" for 积 "accumulate", a common slip: "梯度累计 8"), 累积步数 / 累计步数 / 累加步数 (accumulation
    // steps, the setting's name in LLaMA-Factory's Chinese web UI is 梯度累积), and the Korean 그래디언트 누적
    // (gradient accumulation), 누적 스텝: the setting's name, its number after it.
    id: 'prose.accumulation-words-cjk',
    pattern: /(?:梯度)?(?:累计|累积|累加)(?:步数|步)|梯度累计|(?<![가-힣])(?:그래디언트|그라디언트|그레이디언트|기울기)\s?(?:누적|어큐뮬레이션)(?:\s?스텝)?(?:은|는|을|를|이|가|도)?(?![가-힣])|(?<![가-힣])누적\s?스텝(?:은|는|을|를|이|가|도)?(?![가-힣])/g,
    when: (t) => /累计|累积|累加|누적|어큐뮬레이션/.test(t),
    write: () => ' gradient accumulation ',
    example: 'llama-factory sft qwen2-7b lora, 单卡4090, batch size 2, 梯度累计 8, cutoff_len 2048',
  },
];
