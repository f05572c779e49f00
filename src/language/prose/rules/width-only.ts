import type { ProseRule } from '../types.js';
import { BNB_4BIT, BNB_8BIT, BNB_LOADER, LMDEPLOY_SERVER, MLX_CONTEXT, namesAFormat, PREQUANTISED_SERVER } from './width-context.js';

/**
 * A bit width said with no format, in every language people write it: "4bit", "8-bit", "4 bits", Korean
 * "4비트" and Japanese "4ビット" (a particle glued on: "4비트로", "4ビットで"), Chinese "4比特" and "4位" beside
 * 量化 ("量化到4位", "4位量化"). One rule reads them all, weak: a width names no format (GPTQ, AWQ, a GGUF type
 * and bitsandbytes are all "4-bit"), so the reply says the guess with the words. Before, the Hangul and
 * katakana widths were rewritten to "4bit" by a training rule after this rule's guard had looked at the user's
 * own words, so they were read as a firm NF4 ("4비트 양자화", "4ビットで推論": invented variations of the
 * b73–b75 width lines), and the Chinese "量化到4位" was not read at all (16-bit weights, in silence).
 */
export const WIDTH_WORD = String.raw`(?:[-_ ]?bits?\b|\s?(?:비트|ビット|比特)(?:로|으로|를|을|가|의|는|で|の|を|に)?|位(?=\s?(?:的\s?)?(?:量化|精度))|位(?<=(?:量化|量化到|量化为|量化成|量化至)\s?[48]位))`;

/** A width in any of those spellings, for the rules' guards. */
export const WIDTH_SAID = /[48][-_ ]?bit|[48]\s?(?:비트|ビット|比特)|[48]位/;

export const WIDTH_ONLY_RULES: readonly ProseRule[] = [
  {
    // "30B in 4bit", "running it 8-bit": a width names no format. A format or loader the message names
    // (a GPTQ or AWQ checkpoint, llama.cpp's files, bitsandbytes, int8) wins and the width is its own;
    // with none, the width is read as bitsandbytes (NF4 for 4 bits, LLM.int8 for 8). Weak: the format
    // is a guess from a width, said on the first screen ("4bit" meant GPTQ in oobabooga/textgen#297,
    // corpus c430). bitsandbytes' own flags ("load_in_4bit", "--load-in-8bit") name their loader and
    // are left to the vocabulary; an 8-bit optimizer ("8bit adam", "paged adamw 8bit") is no weight
    // format. It runs after the GGUF and ExLlama rules, which read a width as their own type.
    id: 'prose.width-only',
    pattern: new RegExp(
      String.raw`(?<![\w.-])(?<!load[-_ ]in[-_ ])(?<!bnb[-_ ])(?<!bitsandbytes[-_ ])(?<!adamw?[-_ ])(?<!optim(?:izer)?[-_ ])([48])${WIDTH_WORD}(?![-_.]\w)(?![-_ ](?:adam|optim|lion|paged))`,
      'g',
    ),
    when: (t) => WIDTH_SAID.test(t),
    write: (m, _notes, given) => {
      // bitsandbytes named ("--load-in-8bit" is read as int8 by now): the width is what it names, read as written.
      // A Hangul, katakana or Han width is written as the vocabulary's "4bit" there; an English one is left untouched.
      if ((m[1] === '4' ? BNB_4BIT : BNB_8BIT).test(m.input)) return /bit/.test(m[0]) ? m[0] : `${m[1]}bit`.padEnd(m[0].length);
      // A format named reads itself; bitsandbytes named as the loader alone ("4 bit with transformers +
      // bitsandbytes") names none, and the width is its own (NF4 for 4 bits, LLM.int8 for 8).
      if (namesAFormat(m.input)) return ' '.repeat(m[0].length);
      // On a Mac, MLX's own 4-bit integers (as prose.mlx-width): "phi2 in mlx … even in 4bit" (ml-explore/mlx-examples#182, c1766); the Mac
      // looked for in the user's words too, which prose.apple-silicon has written as a memory ("4-bit Mistral 7B on an M2 Max" had read NF4).
      if (m[1] === '4' && (MLX_CONTEXT.test(m.input) || (given !== undefined && MLX_CONTEXT.test(given)))) return 'int4'.padEnd(m[0].length);
      // Served by an engine that loads quantised checkpoints as released (no transformers or bitsandbytes named):
      // 4-bit integer weights (gptq), or AWQ under LMDeploy, still a guess said with its words (vllm-project/vllm-metal#328, c2997).
      if (m[1] === '4' && !BNB_LOADER.test(m.input)) {
        if (LMDEPLOY_SERVER.test(m.input)) return 'awq'.padEnd(m[0].length);
        if (PREQUANTISED_SERVER.test(m.input)) return 'int4'.padEnd(m[0].length);
      }
      return (m[1] === '4' ? 'nf4' : 'int8').padEnd(m[0].length);
    },
    example: "I'm running 30B in 4bit on my 4090 24 GB + Ryzen 7700X and 64GB ram",
    source: 'oobabooga/textgen#297',
    weak: true,
  },
  {
    // "I use a custom 4-bit optimizer (indeed plan to use 8bit), instead of the default 32bit optimizer"
    // (deepspeedai/DeepSpeed#6757, c2901: "4bit" read by the vocabulary as NF4 weights, so a full fine-tune with ZeRO-3
    // offload became QLoRA, in silence): a width before an optimizer's name is its states' width, not the weights'.
    // prose.width-only leaves it alone; the vocabulary reads 8-bit ("8bit adam", "8-bit optimizer") as adamw-8bit and
    // has no 4-bit optimizer (torchao's AdamW4bit), so the width is blanked and said (branch rask2).
    id: 'prose.width-of-optimizer',
    // Also torchao's name glued ("AdamW4bit"), and a width said again in parentheses after the optimizer ("a custom
    // 4-bit optimizer (indeed plan to use 8bit)", c2901): the same optimizer's, which prose.width-only would read as int8.
    pattern:
      /(?<![\w.-])4[-_ ]?bits?(?=[-_ ](?:adam\w*|optim\w*|lion)\b)|(?<=\badamw?)4[-_]?bit\b|(?<=\d[-_ ]?bits?[-_ ]optimi[sz]ers?\s*\([^)\n]{0,30})(?<![\w.-])[48][-_ ]?bits?(?!\w)/g,
    when: (t) => /4[-_ ]?bit/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}" is the width of an optimizer's states, not of the weights; no 4-bit optimizer here, estimated with AdamW (say "adam8bit" for 8-bit states)`);
      return ' '.repeat(m[0].length);
    },
    example: 'I use a custom 4-bit optimizer (indeed plan to use 8bit), instead of the default 32bit optimizer.',
    source: 'deepspeedai/DeepSpeed#6757',
  },
];
