import type { ProseRule } from '../types.js';

/**
 * A speed is no setting (issue 22: "about 12 it/s" is no setup). A count of tokens with a time under it —
 * "11.30 tokens/s", "23 tok/s", "45 t/s", "261.786 tokens-per-sec" (mlx-lm's own summary), "30 tokens per
 * second" — says how fast the run went, not how many tokens it generates or how long a sequence is: after
 * "generate" it had been read as the generated tokens ("A100 GPU generate 11.30 tokens/s with llama.cpp",
 * ggml-org/llama.cpp#2641, c342, where it then cost the command's own `-n 128`). The number is blanked with
 * its unit, so it is neither read nor listed as an unread word; the words around it stay.
 */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const TOKENS = String.raw`tokens?|toks?|t(?=\s*\/)|it(?=\s*\/)`;
const PER_TIME = String.raw`\s*\/\s*(?:s|sec|second)\b|\s*-?\s*per\s*-?\s*(?:second|sec|s)\b`;

/**
 * A speed said the Chinese way: an approximation or the counter between the number and its unit ("30多token/s",
 * "20左右token/s", "8 个token每秒", "1500多tokens/s"), a time in Chinese under it ("12 tokens/秒", "…每秒"), or the time
 * first ("每秒生成 30 个token", "一秒钟只有20个token"). "只有30多token/s" (vllm-project/vllm#17951, c2171) had been
 * read as a 30-token length by prose.token-count-zh, which knows 多 and 个 but not the time after them.
 */
// Each optional word takes the blanks after it, so a run of blanks is matched one way only: five \s* in a row with
// optional words between had tried every split of a long blank (a pasted table took 15 s, reader-cost.test.ts).
const SCALE_ABOUT_ZH = String.raw`\s*(?:[kK千万]\s*)?(?:(?:多|左右|上下|来)\s*)?(?:个\s*)?(?:的\s*)?`;
const PER_TIME_ZH = String.raw`\s*(?:\/\s*(?:s|sec|秒)(?![a-z])|每\s*秒钟?|\/\s*second\b|-?\s*per\s*-?\s*(?:second|sec|s)\b)`;
const TIME_FIRST_ZH = String.raw`(?:每|一)\s*秒钟?\s*(?:(?:只有|只能|大概|大约|约|能|可以|才|就)\s*)?(?:(?:生成|输出|吐出?|出|跑)\s*)?(?:了\s*)?`;

export const RATE_RULES: readonly ProseRule[] = [
  {
    // mlx_lm's generate summary (mlx_lm/generate.py: print(f"Prompt: {prompt_tokens} tokens, {prompt_tps:.3f}
    // tokens-per-sec"), then "Generation: …"): the tokens one run read and wrote, printed output, as Ollama's
    // "eval count" (engine-reports.ts). Blanked whole, before the rate alone: its counts had read as the
    // length and the generation (ml-explore/mlx-examples#946, c1765: "Prompt: 10 tokens … Generation: 100 tokens").
    id: 'prose.report-mlx-lm-summary',
    pattern: new RegExp(String.raw`\b(?:prompt|generation)\s*:\s*(?:${NUMBER})\s*tokens?\s*,\s*(?:${NUMBER})\s*tokens-per-sec\b`, 'g'),
    when: (t) => t.includes('tokens-per-sec'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Prompt: 10 tokens, 13.931 tokens-per-sec\nGeneration: 100 tokens, 59.524 tokens-per-sec',
    source: 'ml-explore/mlx-examples#946',
  },
  {
    id: 'prose.rate',
    pattern: new RegExp(String.raw`(?<![\w.])(?:${NUMBER})\s*(?:${TOKENS})(?:${PER_TIME})`, 'g'),
    when: (t) => t.includes('/') || t.includes('per'),
    write: (m) => ' '.repeat(m[0].length),
    // "tokens/sec" has the shape of a Hub id (owner/name); a count and a time under it are no model's.
    insideHubIds: true,
    example: 'A100 GPU generate 11.30 tokens/s with llama.cpp',
    source: 'ggml-org/llama.cpp#2641',
  },
  {
    id: 'prose.rate-zh',
    pattern: new RegExp(
      String.raw`(?<![\w.])(?:${NUMBER})${SCALE_ABOUT_ZH}(?:tokens?|toks?|t(?=\s*\/)|词元)(?:${PER_TIME_ZH})` +
        String.raw`|${TIME_FIRST_ZH}(?:${NUMBER})${SCALE_ABOUT_ZH}(?:tokens?|toks?|词元)`,
      'g',
    ),
    when: (t) => /秒|多|左右|上下|个/.test(t) && /token|tok|t\s*\/|词元/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    insideHubIds: true,
    example: '但是vllm上运行qwen3 30b-a3b的gguf时显示不支持 运行awq量化时也只有30多token/s',
    source: 'vllm-project/vllm#17951',
  },
];
