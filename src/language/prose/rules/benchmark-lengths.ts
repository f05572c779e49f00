import { kMultiple } from '../../numbers.js';
import type { ProseRule } from '../types.js';

/**
 * A serving benchmark's request length said as ISL and OSL, the input and output sequence lengths of TensorRT-LLM's
 * reports and every serving benchmark since ("Test 2: PyTorch Backend (ISL=2000, OSL=2000)", NVIDIA/TensorRT-LLM#3822,
 * corpus c2471, had read as the model's 131,072-token window). Written `key=value`, the config keys read them
 * (config-keys/sequence.ts BENCHMARK_LENGTH_PAIRS); these are the prose spellings: a pair after the two names,
 * "ISL/OSL = 1024/1024", "ISL/OSL 1k/1k", "isl:osl 8k:1k", and the two named apart with a space, "isl 4096 osl 512",
 * "ISL 4096, OSL 512". One request is the prompt and what it generates: written "seq (ISL + OSL) gen OSL", weak (a
 * request's length, where the server may be sized for more), said with the words.
 */
const N = String.raw`(\d+(?:\.\d+)?)\s*(k)?`;

function tokens(digits: string, k: string | undefined): number {
  const n = Number(digits);
  return Math.round(k ? n * kMultiple(n) : n);
}

const written = (input: number, output: number, width: number) => `seq ${input + output} gen ${output}`.padEnd(width);

export const BENCHMARK_LENGTH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.benchmark-isl-osl-pair',
    pattern: new RegExp(String.raw`\bisl\s*[/:,&]\s*osl\b\s*(?:[:=]|of|is)?\s*\(?\s*${N}\s*[/:,]\s*${N}(?![\w.])`, 'g'),
    when: (t) => t.includes('isl') && t.includes('osl'),
    write: (m) => written(tokens(m[1]!, m[2]), tokens(m[3]!, m[4]), m[0].length),
    example: 'benchmarking llama-3.1-70b fp8 on 8x h200 with tensorrt-llm (isl/osl = 1024/1024)',
    source: 'NVIDIA/TensorRT-LLM#3822',
    weak: true,
    // "isl/osl" has a Hub id's shape (owner/name); it is the two names, not a repository.
    insideHubIds: true,
  },
  {
    id: 'prose.benchmark-isl-osl-apart',
    pattern: new RegExp(String.raw`\bisl\s*[:=]?\s*${N}(?![\w.])\s*(?:[,;/]|and)?\s*osl\s*[:=]?\s*${N}(?![\w.])`, 'g'),
    when: (t) => t.includes('isl') && t.includes('osl'),
    write: (m) => written(tokens(m[1]!, m[2]), tokens(m[3]!, m[4]), m[0].length),
    example: 'qwen2.5-32b on 2x a100 80gb, vllm, isl 4096 osl 512, concurrency 64',
    source: 'NVIDIA/TensorRT-LLM#3822',
    weak: true,
  },
  {
    // The same pair as two short flags, side by side: a script's `-i 6707 -o 160` (its traceback's input_token_num and
    // output_token_num; intel/ipex-llm#11106, corpus c3170, b94: both flags were dropped as unknown), and
    // mlx_lm.benchmark's `-p 128 -g 128` (prompt and generation tokens; corpus c2210, b62). Only two whole numbers
    // next to each other are a pair: `-o out.txt`, `-p 8080` alone or `-i` as a switch stay unknown flags.
    id: 'prose.benchmark-short-flag-pair',
    pattern: /(?<![\w-])-(?:i[ \t]+(\d{1,6})[ \t]+-o|p[ \t]+(\d{1,6})[ \t]+-g)[ \t]+(\d{1,6})(?![\w.])/g,
    when: (t) => t.includes('-i ') || t.includes('-p '),
    write: (m) => written(Number(m[1] ?? m[2]), Number(m[3]), m[0].length),
    example: 'MTL running One task with -i 6707 -o 160',
    source: 'intel/ipex-llm#11106',
    weak: true,
  },
];
