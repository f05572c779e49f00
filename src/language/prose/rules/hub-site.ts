import type { ProseRule } from '../types.js';

/**
 * "Hugging Face" as the site a model or file comes from — "downloaded the GGUF from HuggingFace", "the HuggingFace
 * page says it is 5 GB", "to match HuggingFace (`Qwen3-30B-A3B-Q4_K_M.gguf`)" (Osmantic/ODS#53, corpus c2209),
 * "从HuggingFace下载的", "HuggingFace에서 받은" — is the Hub, not the transformers library that runs it: read as the
 * program (vocabulary.ts's `huggingface`), it had set a GGUF file's run on Hugging Face's layout, in silence.
 * The word is set aside here, so the run's own evidence decides (a GGUF file is llama.cpp's format, said with its
 * switch; with none, Hugging Face stays the default, said). The library named with its own words ("HuggingFace
 * transformers", "the HF Trainer", "from huggingface import …" code) is left to the vocabulary.
 */
const HF = String.raw`(?:hugging[ -]?face|hf)`;
/** Words after the name that make it the library or one of its programs, never the site. */
const LIBRARY_AFTER = String.raw`(?![ \t]{0,3}(?:'s[ \t]+)?(?:transformers|trainer|accelerate|peft|trl|pipeline|generate|text[- ]generation|tgi|tokenizers|datasets\b))`;
/** Words after the name that make it a page of the site. */
const SITE_NOUN = String.raw`(?:'s[ \t]+)?(?:hub|page|repo(?:sitory)?|website|site|model ?card|link|url|download(?:s|ed)?|casing|naming|file ?names?|listing|mirror)\b`;
/** Words before the name that make it where something comes from or is matched against (spaces bounded: a long blank costs nothing). */
const SITE_BEFORE = String.raw`\b(?:downloaded|download|got|fetched|pulled|grabbed|taken|get|from|on|off|via|at|to match|match(?:es|ing|ed)?)[ \t]{1,3}(?:(?:it|them|the)[ \t]{1,3})?(?:from[ \t]{1,3})?`;

/** Each alternative starts at the name, so a look-behind is tried only where the name stands. */
const SITE = new RegExp(
  [
    String.raw`(?<![\w./-])${HF}(?![\w./-])(?<=${SITE_BEFORE}${HF})${LIBRARY_AFTER}`,
    String.raw`(?<![\w./-])${HF}(?=[ \t]{0,3}${SITE_NOUN})`,
    // Chinese and Korean: 从 / 在 before it, 上 / 下载 / 에서 / 의 / 허브 after it.
    String.raw`(?<![\w./-])${HF}(?![\w./-])(?<=(?:从|在|從)[ \t]{0,2}${HF})`,
    String.raw`(?<![\w./-])${HF}(?=[ \t]{0,2}(?:上|下载|下載|에서|의|허브))`,
  ].join('|'),
  'g',
);

export const HUB_SITE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.hub-site',
    pattern: SITE,
    when: (t) => t.includes('hugging') || t.includes('hf'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Fixed `GgufFile` casing across Tier 3, Tier 4, and SH_COMPACT to match HuggingFace (`Qwen3-30B-A3B-Q4_K_M.gguf`)',
    source: 'Osmantic/ODS#53',
  },
];
