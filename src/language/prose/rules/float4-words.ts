import { nvfp4Note } from '../../float4-formats.js';
import type { ProseRule } from '../types.js';

/**
 * NVFP4 named in prose ("serve llama-3.1-70b in nvfp4 on 2x B200", "qwen3-32b的nvfp4量化版本", a name's "-NVFP4"):
 * read as MXFP4, the nearest 4-bit float the catalog has (float4-formats.ts), weak and said. Before, "nvfp4" was no
 * word at all and the model was estimated in 16 bits, four times the weights, in silence (invented variations of
 * vllm-project/vllm#35991, c2521, where "mxfp4" in an engine flag had read as NF4).
 */
export const FLOAT4_WORD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.nvfp4',
    pattern: /(?:(?<=[a-z0-9])[-_]|(?<![a-z0-9]))nv[-_ ]?fp4(?![a-z0-9])/g,
    when: (t) => /nv[-_ ]?fp4/.test(t),
    write: (m, notes) => {
      notes.push(nvfp4Note(m[0].replace(/^[-_]/, '')));
      return ' mxfp4'.padEnd(m[0].length);
    },
    example: 'serve llama-3.1-70b in nvfp4 on 2x B200 with vllm',
    weak: true,
  },
];
