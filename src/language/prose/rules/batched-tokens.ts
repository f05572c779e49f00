import { ENGINE_NAMED } from '../../vocabulary.js';
import type { ProseRule } from '../types.js';

/**
 * A serving engine's prefill budget said in words, its number before or after the noun: "4,096 maximum batched
 * tokens" (cloudrift-ai/emmy#822, c2821), "max num batched tokens 16384", "max-num-batched-tokens of 4096",
 * "最大批处理 token 数 8192". It is the item language's `batched tokens N` (vLLM --max-num-batched-tokens, TGI
 * --max-batch-prefill-tokens, SGLang --chunked-prefill-size: the tokens of one prefill step, which size the profile
 * run). Left to the length rules, "4,096 maximum …" was read as the context, over the 262,144 the same sentence gave;
 * left to prose.token-budget, "max num batched tokens 16384" lost its number.
 */

/** The noun: vLLM's flag in words, TGI's prefill budget, SGLang's chunk, and the Chinese "batch-processing token count". */
// "Batch tokens:" is the same budget under a launcher's label (weicj/vLLM-2080Ti-Definitive#40, c3307: "Batch tokens:     4096"
// beside "Max sequences: 1", read as micro-batch 4096).
const NOUN = String.raw`(?:(?:max(?:imum)?[-_ ]+)?(?:num(?:ber)?[-_ ]+(?:of[-_ ]+)?)?batch(?:ed)?[-_ ]tokens?(?![-_ ]batch)|max[-_ ]batch[-_ ]prefill[-_ ]tokens|chunked[-_ ]prefill[-_ ]size|(?:最大)?批处理[ \t]*tokens?[ \t]*数)(?![a-z])`;
/** A count of tokens: "4096", "4,096", "16k". */
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?(?![\w.%])`;
/** Between the noun and its number: a sign, a linking word, or only space. */
const JOIN = String.raw`(?:[ \t]*[=:][ \t]*|[ \t]+(?:of|to|is|at|set[ \t]+to)[ \t]+|[ \t]*(?:设为|设置为|为)[ \t]*|[ \t]*)`;

const written = (digits: string, k: string | undefined) => `batched tokens ${digits.replace(/,/g, '')}${k ?? ''}`;

export const BATCHED_TOKEN_RULES: readonly ProseRule[] = [
  {
    id: 'prose.batched-tokens-before',
    // Not where a number follows the noun: that number is its value ("seq 4096 batched tokens 8192", the item language's own order).
    pattern: new RegExp(String.raw`(?<![\w.,])${COUNT}[ \t]+${NOUN}(?![ \t]*[=:]?[ \t]*\d)`, 'g'),
    needs: /batch|批处理/,
    write: (m) => written(m[1]!, m[2]).padEnd(m[0].length),
    example: 'native 262,144-token context, 4,096 maximum batched tokens, and the hermes tool parser.',
    source: 'cloudrift-ai/emmy#822',
  },
  {
    id: 'prose.batched-tokens-after',
    pattern: new RegExp(String.raw`${NOUN}${JOIN}${COUNT}`, 'g'),
    needs: /batch|批处理/,
    write: (m) => written(m[1]!, m[2]).padEnd(m[0].length),
    example: 'vllm llama-3.1-8b on an l40s with max num batched tokens 16384',
  },
];

/**
 * A serving engine's cap on the sequences in flight said in words: "Max sequences: 4" (a launcher's label,
 * weicj/vLLM-2080Ti-Definitive#40, c3307), "max num seqs 32", "max running requests 8" (SGLang's flag in words),
 * "maximum number of sequences of 16". It is `max seqs N` (vLLM --max-num-seqs, SGLang --max-running-requests): a
 * cap the scheduler keeps, never a batch the server must hold nor a micro-batch.
 */
const SEQS_NOUN = String.raw`(?<![\w-])(?:max(?:imum)?[-_ ]+(?:num(?:ber)?[-_ ]+(?:of[-_ ]+)?)?(?:sequences|running[-_ ]requests|concurrent[-_ ]sequences))(?![a-z])`;

/**
 * An engine's "max batch size" in prose (TensorRT-LLM's, TGI's, LMDeploy's max_batch_size said in words: "built with a
 * max batch size of 16", "limiting CUDA graph and LLM batch sizes from 256 to 128", NVIDIA/TensorRT-LLM#16891, c2730;
 * NVIDIA/TensorRT-LLM#2125, c2175 as a flag): the most sequences the engine schedules at once. Only where the message
 * names a serving engine and no training word: "max batch size" alone is also the question "what batch fits", and a
 * number after it is needed (c2730 names no engine in its words and is left).
 */
const ENGINE_BATCH = String.raw`(?<![\w-])max(?:imum)?[-_ ]+batch[-_ ]sizes?(?:[ \t]*[=:][ \t]*|[ \t]+(?:of|to|is|at|set[ \t]+to)[ \t]+|[ \t]+)(?:from[ \t]+\d{1,5}[ \t]+to[ \t]+)?(\d{1,5})(?![\w.%])`;
const TRAINING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|grpo|dpo|ppo|deepspeed|zero\d?|fsdp|per_device)\b|训练|微调|학습|파인튜닝/;

export const SERVING_CAP_RULES: readonly ProseRule[] = [
  {
    id: 'prose.max-sequences',
    pattern: new RegExp(String.raw`${SEQS_NOUN}${JOIN}(\d{1,5})(?![\w.%])`, 'g'),
    needs: /sequences|running/,
    write: (m) => `max seqs ${m[1]}`.padEnd(m[0].length),
    example: 'max sequences:    1',
    source: 'weicj/vLLM-2080Ti-Definitive#40',
  },
  {
    id: 'prose.engine-max-batch-size',
    pattern: new RegExp(ENGINE_BATCH, 'g'),
    when: (t) => t.includes('batch') && ENGINE_NAMED.test(t) && !TRAINING_WORD.test(t),
    write: (m) => `max seqs ${m[1]}`.padEnd(m[0].length),
    example: 'we built a tensorrt-llm engine for llama-3-8b with a max batch size of 16 and run it on an l4',
    source: 'NVIDIA/TensorRT-LLM#16891',
  },
];
