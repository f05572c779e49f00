import type { ProseRule } from '../types.js';

/**
 * A float dtype said of the KV cache in words (rprec2, thirty-fourth session; issue 22 §7: "a KV-cache dtype
 * key sets the KV cache's format, never the weights'"). `prose.kv-cache-dtype` (serving.ts) reads the dtype
 * written right before "kv cache"; people also write it after ("the KV cache in fp8", "kv cache set to fp8",
 * "KV cache 用 fp8", "kv cache는 fp8"), without the "kv" ("Fp8 cache for FA3", vllm-project/vllm#15191, c2933),
 * or of the attention kernel that reads the cache ("FA3 Fp8 support"). Each had been read as fp8 weights: a
 * 16-bit model estimated at half its weights, in silence.
 */

/** A float dtype a KV cache is stored in (vLLM's kv_cache_dtype values, fp8's two encodings included). */
const FLOAT = String.raw`fp8(?:[-_]e4m3(?:fn)?|[-_]e5m2)?|bf16|fp16|fp32`;

/** The item's spelling of one: vLLM's fp8_e4m3 and fp8_e5m2 are both the 1-byte cache. */
const asKv = (m: RegExpExecArray): string => `kv ${m[1]!.toLowerCase().startsWith('fp8') ? 'fp8' : m[1]!.toLowerCase()}`.padEnd(m[0].length);

/** Words between the cache and its dtype: a verb or preposition of setting it, Chinese and Korean included. */
const SET_TO = String.raw`dtype|type|is|in|as|to|at|set\s+to|stored\s+in|quanti[sz]ed\s+to|using|用|使用|设为|设置为|设成|改为|为|는|은|을|를|도|:|=`;

export const KV_CACHE_WORD_RULES: readonly ProseRule[] = [
  {
    // "with the KV cache in fp8", "kv cache set to fp8", "KV cache 用 fp8", "kv cache는 fp8", "KV缓存用fp8".
    id: 'prose.kv-cache-dtype-after',
    pattern: new RegExp(String.raw`\bkv[-_ ]?(?:caches?|缓存|캐시)(?:\s{0,3}(?:${SET_TO})){0,3}\s{0,3}(${FLOAT})(?![\w.])`, 'gi'),
    when: (t) => t.includes('kv') && /fp8|bf16|fp16|fp32/.test(t),
    write: asKv,
    // An invented variation of c2933's phenomenon.
    example: 'serve llama-3.1-8b with vllm on one L4 with the KV cache in fp8',
  },
  {
    // "Fp8 cache", "FP8 KV caches": the dtype before a cache is the KV cache's (a plural the rule in serving.ts misses).
    id: 'prose.dtype-cache',
    pattern: new RegExp(String.raw`(?<![\w.-])(${FLOAT})[-_ ]+(?:kv[-_ ]?)?caches?\b`, 'gi'),
    when: (t) => t.includes('cache'),
    write: asKv,
    example: '[V1] Enable V1 Fp8 cache for FA3 in the oracle',
    source: 'vllm-project/vllm#15191',
  },
  {
    // "FA3 Fp8 support", "fp8 attention", "FlashAttention-3 fp8": the attention kernel's dtype (it reads an fp8 KV
    // cache), not the weights'. Blanked and said; the cache's dtype is read from its own words.
    id: 'prose.attention-dtype',
    pattern: /(?<=\b(?:fa-?3|flash[-_ ]?attn[-_ ]?3?|flash[-_ ]?attention[-_ ]?(?:3|v3)?)[-_ ]+)fp8\b|\bfp8(?=[-_ ]+(?:attention|attn)\b)/g,
    when: (t) => t.includes('fp8') && /fa-?3|flash|attention|attn/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}" said of the attention kernel, not of the weights: the weights' format and the KV cache's are read from their own words`);
      return ' '.repeat(m[0].length);
    },
    example: 'Now that FA3 Fp8 support has landed we can enable Fp8 KV-caches for Hopper devices in V1',
    source: 'vllm-project/vllm#15191',
  },
];
