import type { ProseRule } from '../types.js';

/**
 * A serving engine's share of the card's memory said in words, not as its key (rserve8, twenty-fifth
 * session): vLLM's `--gpu-memory-utilization`, SGLang's `--mem-fraction-static`, TGI's
 * `--cuda-memory-fraction` all hold one number, the share of the card the engine takes. People write it
 * "with 85% of the GPU memory", "use 60% of VRAM", "increased the max GPU memory to 1"
 * (vllm-project/vllm#4821, c317), "the static memory fraction at 0.7", "메모리 사용률 0.8로 설정".
 * Unread, the engine's default was used, unsaid; "85% of the GPU" had even been read as 85 GPUs.
 *
 * Only where the message names a serving engine (else a share of memory is an observation, set aside by
 * the percentage rule below), and weak: "vllm takes 90% of the GPU memory" may be what the user saw,
 * which for vLLM is the same setting, but the words never say which; the reply says it with its words.
 */

/** A serving engine or one of its memory keys named anywhere in the message. */
const ENGINE = /vllm|sglang|lmdeploy|\btgi\b|text[-_ ]generation[-_ ](?:inference|launcher)|aphrodite|tensorrt|trt[-_]?llm|gpu[-_]memory[-_]util|mem[-_]fraction|cuda[-_]memory[-_]fraction/i;

/** A share in the words: "85%", "0.85", ".85", "1" (a fraction up to 1, no unit after it). */
const SHARE = String.raw`(?:(\d{1,3}(?:\.\d+)?)\s*%|(0?\.\d+|1(?:\.0+)?)(?![\d.%])(?!\s*(?:gb|gib|g|mb|mib|t|tb)\b))`;

/** Each rule's first group is a percentage, its second (SHARE's) a plain fraction. */
const shareOf = (m: RegExpExecArray): number => (m[1] !== undefined ? Number(m[1]) / 100 : Number(m[2]));

/** Writes the share as the `util` item, where it is one (0 < share ≤ 1); otherwise leaves the words. */
const asUtil = (m: RegExpExecArray): string => {
  const share = shareOf(m);
  return share > 0 && share <= 1 ? `util ${share}`.padEnd(m[0].length) : m[0];
};

/** What the share is of: "the GPU memory", "VRAM", "the card's memory", "its memory". */
const OF_MEMORY = String.raw`\s*of\s+(?:the\s+|my\s+|its\s+|each\s+|every\s+|their\s+)?(?:(?:gpus?|cards?)(?:'s)?\s+)?(?:memory|mem|vram)\b`;

export const MEMORY_SHARE_RULES: readonly ProseRule[] = [
  {
    // "with 85% of the GPU memory", "use 60% of VRAM", "limited it to 70% of the card's memory".
    id: 'prose.memory-share',
    pattern: new RegExp(String.raw`(?<![\w.])(\d{1,3}(?:\.\d+)?)\s*%${OF_MEMORY}`, 'gi'),
    when: (t) => t.includes('%') && ENGINE.test(t),
    write: asUtil,
    // An invented variation of c317's phenomenon: no real line says it this way yet.
    example: 'running llama 3 8b in vllm with 85% of the GPU memory on an A10G, OOM',
    weak: true,
  },
  {
    // "increased the max GPU memory to 1" (c317), "gpu memory fraction 0.8", "the static memory fraction at 0.7",
    // "gpu mem ratio = .85": a share with no key, said of the card's memory.
    id: 'prose.memory-fraction-words',
    pattern: new RegExp(
      // Not "gpu memory utilization 0.9" nor "mem fraction static 0.8": the util keyword reads those as settings (vocabulary.ts).
      String.raw`\b(?:(?:max(?:imum)?\s+)?gpu\s+mem(?:ory)?(?:\s+(?:fraction|share|ratio|limit))?(?![\s_-]*util)|static\s+mem(?:ory)?\s+fraction|mem(?:ory)?\s+(?:share|ratio)|memory\s+fraction(?!\s+static))\s*(?:to|at|=|:|of|is|as)?\s*${SHARE}`,
      'gi',
    ),
    when: (t) => ENGINE.test(t),
    write: asUtil,
    example: 'vllm 0.4.2\n\nI enabled enforce eager, increased the max GPU memory to 1, even reduced the size of the SWAP',
    source: 'vllm-project/vllm#4821',
    weak: true,
  },
  {
    // "gpu 메모리 사용률 0.8로 설정", "메모리 비율 90%": the same share said in Korean.
    id: 'prose.memory-share-ko',
    pattern: new RegExp(String.raw`(?:gpu\s*)?메모리\s*(?:사용\s*률|사용\s*비율|비율|점유율|활용률)\s*(?:을|를|은|는|이|가)?\s*${SHARE}`, 'gi'),
    when: (t) => t.includes('메모리') && ENGINE.test(t),
    write: asUtil,
    // An invented variation: no real line says it in Korean yet.
    example: 'vllm gpu 메모리 사용률 0.8로 설정했는데 llama 3 8b A10G에서 OOM',
    weak: true,
  },
];
