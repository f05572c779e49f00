import type { GuardRole, HardwareRule } from './types.js';
import { VENDOR_WORDS } from './vendor-words.js';

/**
 * A memory figure belongs to what it stands beside (s35, rcard14): a unit says a number is memory, not whose. A
 * model's name, tag or file before it makes it that file's size; a cache or a buffer before it makes it what the
 * cache took. Only a card word, a VRAM cue or a "used of total" pair makes it the card's. The b76–b78 lines read at
 * first sight took such figures as the card in silence or on weak words: "Model | `Qwen3.8-27B-UD-Q4_K_XL`, 16.35 GiB"
 * (nibor1896/Crow#140, c2616: a 16.35 GB card), "prompt cache reached `23.35 GB`" (ml-explore/mlx-lm#1390, c2622).
 */

/** A card word or a card's name right after the amount keeps it the card's ("Qwen2.5-7B, 24GB VRAM", "(24GB 3090)"). */
const NO_CARD_AFTER = String.raw`(?![ \t]*(?:of[ \t]+)?(?:v-?ram|gpus?\b|cards?\b|video[ \t]+memory|graphics|显存|显卡|卡|グラボ|ビデオメモリ|그래픽|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`;
const AMOUNT = String.raw`\d+(?:\.\d+)?[ \t]*(?:gib|gb|g|mib|mb)(?![a-z])`;
const ROUGHLY = String.raw`(?:(?:about|around|roughly|approx\.?|only|just|ca\.?|约|大约|大概)[ \t]*|[~≈∼][ \t]*)?`;
/**
 * A model's name or file as people paste it: a size tag ("27b", ":8b", "-32B-"), a GGUF quant tag ("-q4_k_m",
 * "q8_0"), or a weights file's extension. One token, no spaces: "Qwen3.8-27B-UD-Q4_K_XL", "llama3.1:8b-instruct-q8_0".
 */
// Not the Ascend 910B's name ("8*910B (64G)", c1106): its "B" is the part's, the memory beside it the device's.
const NAME_MARK = String.raw`(?:(?<![a-z\d])(?!910b)\d+(?:\.\d+)?[bm](?![a-z])|[-_.:]i?q\d(?:_[a-z0-9]+)*(?![a-z0-9])|\.(?:gguf|safetensors|bin|pth?|ckpt|onnx)\b)`;
const NAME = String.raw`[\w./:@-]*${NAME_MARK}[\w./:@-]*`;
/** A file or a quantised tag says "this is a file's size" even with only a space before the amount. */
const FILE_MARK = String.raw`(?:[-_.:]i?q\d(?:_[a-z0-9]+)*(?![a-z0-9])|\.(?:gguf|safetensors|bin|pth?|ckpt|onnx)\b)`;

export const NOT_CARD_MEMORY_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.size-beside-name',
    role: 'measurement',
    // After a model's name with a comma, a bracket, a colon, a pipe or a dash: "`Qwen3.8-27B-UD-Q4_K_XL`, 16.35 GiB"
    // (c2616), "llama3.1:8b-instruct-q8_0 (8.5 GB)", "DeepSeek-R1-Distill-Qwen-32B (about 65GB in bf16)"; after a
    // file or a quantised tag with a space: "qwen2.5-32b-instruct-q4_k_m.gguf 19.8GB", "model.safetensors 15 GB".
    pattern: new RegExp(
      String.raw`(?<![\w./:@-])${NAME}[\x60'"*]*(?:[ \t]*[,:|(（][ \t]*|[ \t]+[-–—][ \t]+)${ROUGHLY}(?<n>${AMOUNT})${NO_CARD_AFTER}` +
        String.raw`|(?<![\w./:@-])[\w./:@-]*${FILE_MARK}[\w./:@-]*[\x60'"*]*[ \t]+${ROUGHLY}(?<n2>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '| Model | `Qwen3.8-27B-UD-Q4_K_XL`, 16.35 GiB |',
    source: 'nibor1896/Crow#140 (corpus c2616)',
  },
  {
    id: 'not-hw.cache-size',
    role: 'measurement',
    // What a cache or a buffer took: "prompt cache reached `23.35 GB`" (c2622), "KV cache grew to 21.5 GiB", "CUDA0 KV
    // buffer size = 16384.00 MiB", "kv cache 占了 9.6GB", "KVキャッシュが12GB". The word of size or use is the only thing
    // between them, so "KV cache on a 24GB card" keeps its card.
    pattern: new RegExp(
      String.raw`(?:\bcaches?|\bbuffers?|缓存|キャッシュ|캐시)(?:[ \t]+(?:size|pool|usage|memory))?[ \t]*(?:(?:[:=]|of|is|was|are|were|reached|reaches|grew[ \t]+to|grows?[ \t]+(?:up[ \t]+)?to|went[ \t]+up[ \t]+to|took|takes|uses|used|at|占用?了?|用了|为|是|达到了?|到了?|が|は|이|가|은|는)[ \t]*)?[\x60'"(]?[ \t]*${ROUGHLY}(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '- First run: prompt cache reached `23.35 GB`, then aborted shortly after.',
    source: 'ml-explore/mlx-lm#1390 (corpus c2622)',
  },
  {
    id: 'not-hw.quant-group-size',
    role: 'measurement',
    // GPTQ's and AWQ's group size, written as a memory: "13B GPTQ (128g)" (turboderp-org/exllamav2#5, corpus c3291, b98: read
    // as a 128 GB card), "GPTQ 4bit (32g, act-order)", "GPTQ 4-bit 128g", "awq (g128)", "int4 group size 128g". Only after
    // the format's name or its width with only spaces, a comma or a bracket between (never inside a name: "-4bit-128g", "-g128" are
    // the name rules'; nor "-4bit m1max 32g", a machine's memory, c2157); a card's word after it keeps it the card's.
    pattern: new RegExp(
      String.raw`(?:\b(?:gptq|awq|exl2|marlin)|(?<![\w.-])(?:int|w)?[2-8][-_ ]?bits?)[ \t,/-]*(?:(?:int|w)?[2-8][-_ ]?bits?[ \t,/-]*)?(?:[(（\[][ \t]*|(?<=[ \t]))(?<n>(?:32|64|128|256)[ \t]?g|g(?:32|64|128|256))(?![a-z\d])${NO_CARD_AFTER}`,
      'g',
    ),
    example: 'Here are some benchmark on a 13B GPTQ (128g) with a 6700 XT:',
    source: 'turboderp-org/exllamav2#5 (corpus c3291)',
  },
];
