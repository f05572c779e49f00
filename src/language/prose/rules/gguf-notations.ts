import type { ProseRule } from '../types.js';
import { GGUF_OF_WIDTH } from './names.js';

/**
 * GGUF quant types written loosely (issue 22: "a notation the reader does not know"). llama.cpp names
 * its types Q<width>_<kind> (Q5_K_M, Q4_0; quantize README), and people drop or move the Q:
 *
 * - a K-quant written without its Q, glued to the model's size or standing alone: "a llama 8B_5_K_M"
 *   (psugihara/FreeChat#71, corpus c2033: read as 5 GPUs from "5_K_M and GPU", and the run as the
 *   default Q4_K_M), "mistral 7b 4_K_S". A K with its size letter (_K_S, _K_M, _K_L) names nothing but a
 *   K-quant, so no "gguf" word is needed beside it (prose.gguf-without-q asks one for "4_0");
 * - the width before the Q: "70B 4Q Llama2 … not 2Q version" (meta-llama/llama#964, corpus c1612, an Ollama
 *   run), which had been no format at all. "4Q" is also a year's quarter, so only where the message names a
 *   GGUF runner or file (gguf, ggml, Ollama, llama.cpp, LM Studio, KoboldCpp, llamafile) or a K-quant.
 *
 * Each is written as the q-type the vocabulary reads (q5_k_m, q4 …), so prose.gguf and the vocabulary
 * read it as any other GGUF type; a type the memory model lacks is its width's (GGUF_OF_WIDTH), said.
 */

/** Words that say the message runs GGUF files: "4Q" there is a quant width, not a quarter. */
const GGUF_RUNNER = /\b(?:gguf|ggml|ollama|llama\.?cpp|llama-(?:cli|server)|lm ?studio|koboldcpp|llamafile|q[2-8]_(?:k|0|1))\b/;

export const GGUF_NOTATION_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gguf-k-without-q',
    // After a size joined by "_" or "-" ("8b_5_k_m"), or standing alone ("5_k_m", "(4_k_s)").
    pattern: /(?:(?<=\d(?:\.\d+)?b)[-_]|(?<![\w.]))([2-8])_(k_[sml])(?![a-z0-9])/g,
    when: (t) => /[2-8]_k_[sml]/.test(t),
    write: (m, notes) => {
      const written = `q${m[1]}_${m[2]}`;
      const format = GGUF_OF_WIDTH[Number(m[1])]!;
      if (format !== written) notes.push(`GGUF ${written.toUpperCase()} read as ${format.toUpperCase()}, the GGUF type modelled for ${m[1]}-bit weights`);
      return ` ${written}`;
    },
    example: 'On my mbp I see ~24 tokens/sec with a llama 8B_5_K_M and GPU and ~13 without GPU on.',
    source: 'psugihara/FreeChat#71',
  },
  {
    id: 'prose.gguf-width-before-q',
    pattern: /(?<![\w.])([2-8])q(?![\w])/g,
    when: (t) => /(?<![\w.])[2-8]q\b/.test(t) && GGUF_RUNNER.test(t),
    write: (m) => `q${m[1]}`,
    example: 'I am trying to run the 70B Llama model thru Ollama. I am able to run the 4Q version just fine',
    source: 'meta-llama/llama#964',
  },
];
