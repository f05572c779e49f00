import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, fieldMisses, runInvented } from './reading-fixtures.js';

/**
 * rlen3 (s47): a number near the word "tokens" is not always a length. Invented lines, written from the words before
 * any change (docs/reading.md "A speed, a generation cap, a range, a context key spelt another way"). Each line carries
 * the fields it must read; near misses carry the reading the mechanisms must leave alone.
 */
interface Want {
  mode?: string;
  seq?: number;
  /** The length is never this number (a speed, a generation cap, a range's bottom, a draft length). */
  seqNot?: number | number[];
  /** The generated tokens (`gen N`). */
  gen?: number;
  /** The generation is never this number. */
  genNot?: number;
  /** Words the first screen or the assumptions must hold. */
  said?: RegExp;
}

export const INVENTED: Record<string, [string, Want][]> = {
  'a speed is not a length': [
    ['llama-3-8b on a 4090 with llama.cpp, only 5 tokens/s', { mode: 'inference', seq: 4096, seqNot: 5 }],
    ['qwen2.5-14b q4_k_m on a 3060 12gb with ollama, 速度只有5tokens左右', { mode: 'inference', seq: 4096, seqNot: 5 }],
    ['mistral-7b in fp16 on a T4 with transformers, just 5-6 tokens per second, is it offloading?', { mode: 'inference', seqNot: [5, 6] }],
    ['llama-2-13b gptq on 2x 3090 in text-generation-webui, 20 tok/s', { mode: 'inference', seqNot: 20 }],
    ['llama-3-8b 추론, RTX 4090 1장, 초당 12토큰밖에 안 나와요', { seqNot: 12 }],
    ['RTX 3060 12GBでllama-3-8bをollamaで動かすと毎秒8トークンしか出ない', { seqNot: 8 }],
    ['vllm generates ~30 tokens each second for llama-3-70b awq on 2x a6000', { mode: 'inference', seqNot: 30 }],
    ['deepseek-r1-distill-qwen-32b q4_k_m on a 4090 with ollama, it only spits out about 7 tokens a second', { mode: 'inference', seq: 4096, seqNot: 7 }],
    ['gemma-2-27b on 1x l40s with vllm, decode speed 25 tokens, prefill is fine', { mode: 'inference', seqNot: 25 }],
    ['用vllm部署qwen2.5-32b-awq，单卡4090，生成速度大概15个token每秒', { mode: 'inference', seqNot: 15 }],
    ['4090에서 llama-3-8b를 llama.cpp로 돌리는데 속도가 40 토큰 정도입니다', { mode: 'inference', seq: 4096, seqNot: 40 }],
    ['phi-3-mini on a jetson orin? no, on a T4 with llama.cpp: throughput 9 tokens, way too slow', { mode: 'inference', seq: 4096, seqNot: 9 }],
    ['qwen2-7b with transformers on a 3090, outputs 18 tokens', { mode: 'inference', seqNot: 18 }],
    ['ollama 跑 llama3:8b，3060 12g，一秒钟才出6个token', { mode: 'inference', seq: 4096, seqNot: 6 }],
    // near misses: the run's length beside a speed
    ['llama-3-8b on a 4090 with llama.cpp, 30 tokens/s at a context of 8192 tokens', { mode: 'inference', seq: 8192 }],
    ['qwen2-7b lora, seq 4096, 2 it/s on 1x a100-80g', { mode: 'lora', seq: 4096 }],
    ['vllm serve meta-llama/Meta-Llama-3-8B --max-model-len 16384 on 1x a100-80g, it gets 80 tok/s', { mode: 'inference', seq: 16384 }],
    ['qwen-14b awq served with lmdeploy on an a10, prompt长度只有8，但是OOM', { seq: 8 }],
  ],
  'a generation cap is gen, not the context': [
    ['I limited max new tokens to 1000, llama-3-8b with transformers on a 4090', { mode: 'inference', gen: 1000, seqNot: 1000 }],
    ['max_tokens=512 in the request, vllm serve Qwen/Qwen2.5-7B-Instruct on an L4', { mode: 'inference', gen: 512, seqNot: 512 }],
    ['生成最大token数是1000，qwen2-7b 用 vllm 部署，单卡 a10', { mode: 'inference', gen: 1000, seqNot: 1000 }],
    ['最多生成2048个token，glm-4-9b 用 vllm 推理，单卡 a100 80g', { mode: 'inference', gen: 2048, seqNot: 2048 }],
    ['출력 최대 1024토큰, llama-3-8b vLLM 서빙, A100 80GB 1장', { mode: 'inference', gen: 1024, seqNot: 1024 }],
    ['python generate.py --model meta-llama/Llama-2-13b-hf --max-new-tokens 256 on 1x a100-40g', { mode: 'inference', gen: 256, seqNot: 256 }],
    ['responses capped at 800 tokens, mistral-7b-instruct on 1x l4 with vllm', { mode: 'inference', gen: 800, seqNot: 800 }],
    ['the answer is limited to 300 tokens; phi-3-mini on a T4 with vllm', { mode: 'inference', gen: 300, seqNot: 300 }],
    ['qwen2.5-14b on vllm, 1x h100, body {"model": "qwen2.5-14b", "max_completion_tokens": 1500}', { mode: 'inference', gen: 1500, seqNot: 1500 }],
    ['sglang serving llama-3.1-8b on a 4090, max output length 2000 tokens per reply', { mode: 'inference', gen: 2000, seqNot: 2000 }],
    ['llama-cli -m llama-3-8b.Q4_K_M.gguf -n 400 -ngl 99 on a 3060 12gb', { mode: 'inference', gen: 400, seq: 4096 }],
    ['応答の最大トークン数は512、llama-3-8bをvLLMで、A10G 1枚', { mode: 'inference', gen: 512, seqNot: 512 }],
    ['vllm로 qwen2.5-7b 서빙 중이고 max_tokens를 700으로 제한했어요, L4 1장', { mode: 'inference', gen: 700, seqNot: 700 }],
    ['llama-3-8b on vllm, 1x a10g, each request generates at most 600 tokens', { mode: 'inference', gen: 600, seqNot: 600 }],
    // near misses: both said, each its own; a draft length; a training run's eval generations
    ['max_new_tokens 1000 and max_length 4096, llama-2-7b with transformers on a 4090', { mode: 'inference', gen: 1000, seq: 4096 }],
    ['vllm serve meta-llama/Meta-Llama-3-8B --max-model-len 8192 on 1x l4, requests use max_tokens 1024', { mode: 'inference', seq: 8192, gen: 1024 }],
    ['vllm serve meta-llama/Meta-Llama-3-70B --speculative-model meta-llama/Meta-Llama-3-8B --num-speculative-tokens 5 --max-model-len 8192 on 4x a100-80g', { mode: 'inference', seq: 8192, genNot: 5 }],
  ],
  "a range's top, or the value restated": [
    ['vllm serve meta-llama/Llama-3.1-8B-Instruct on an L40S, prompts of 15K~20K tokens', { mode: 'inference', seq: 20480, said: /20k/i }],
    ['prompts of 15K~20K tokens broke it; I can run 20K ctx with the fix. qwen2.5-7b on vllm, 1x a100-80g', { mode: 'inference', seq: 20480 }],
    ['8k-12k context, usually 12k, mistral-7b with llama.cpp on a 3090', { mode: 'inference', seq: 12288 }],
    ['每条输入大概3000到4000个token，qwen2-7b 用 vllm，单卡 a100 80g', { mode: 'inference', seq: 4000 }],
    ['inputs between 2000 and 3000 tokens, llama-3-8b lora on 1x a100-80g', { mode: 'lora', seq: 3000 }],
    ['context will be anywhere from 4k to 8k, llama-3-8b with exllamav2 on a 3090', { mode: 'inference', seq: 8192 }],
    ['seq length 1024-2048 depending on the sample, llama-2-7b full fine-tune with deepspeed zero3 on 4x a100-40g', { mode: 'full', seq: 2048 }],
    ['입력은 2000~3000 토큰 정도, llama-3-8b vLLM, L40S 1장', { mode: 'inference', seq: 3000 }],
    ['入力は4k〜6kトークン、qwen2.5-7bをvLLMで、RTX 4090 1枚', { mode: 'inference', seq: 6144 }],
    ['max length somewhere in 3k–5k, gemma-2-9b qlora on a 4090', { mode: 'qlora', seq: 5120 }],
    ['sequences are 512 to 1024 tokens long; llama-3.2-1b full fine-tune on a 3090', { mode: 'full', seq: 1024 }],
    ['上下文4k~8k，一般用8k，llama-3-8b ollama 4090', { mode: 'inference', seq: 8192 }],
    ['documents run 10k-16k tokens, qwen2.5-14b on 1x h100 with vllm', { mode: 'inference', seq: 16384 }],
    // near misses: a range of cards, of batches, of dates; one length
    ['llama-3-8b lora on 2-4 x a100-80g, seq 4096', { mode: 'lora', seq: 4096 }],
    ['llama-3-8b at 8k context, batch 2-4, lora on 1x a100-80g', { mode: 'lora', seq: 8192 }],
    ['since 2024-05-12 I run llama-3-8b with 4096 tokens of context on a 4090 via vllm', { mode: 'inference', seq: 4096 }],
  ],
  'a context key spelt another way': [
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-context-tokens 131072 on 1x h100', { mode: 'inference', seq: 131072 }],
    ['./llama-server -m mistral-7b-instruct.Q5_K_M.gguf --ctx-size 16384 -ngl 99 on a 4070 ti', { mode: 'inference', seq: 16384 }],
    ['python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --context-length 65536 on 1x h100', { mode: 'inference', seq: 65536 }],
    ['max_context_len: 32768 in my serving yaml, qwen2.5-14b awq on 1x l40s with vllm', { mode: 'inference', seq: 32768 }],
    ['text-generation-launcher --model-id mistralai/Mistral-7B-Instruct-v0.2 --max-total-tokens 8192 --max-input-length 7000 on 1x a10g', { mode: 'inference', seq: 8192 }],
    ["Llama(model_path='llama-3-8b.Q4_K_M.gguf', n_ctx=8192, n_gpu_layers=-1) on a 3060 12gb", { mode: 'inference', seq: 8192 }],
    ['mistralrs-server --max-seq-len 12288 plain -m mistralai/Mistral-7B-Instruct-v0.3 on a 4090', { mode: 'inference', seq: 12288 }],
    ['context_window: 16000 in my llama-index Settings, llama-3-8b via ollama on a 4090', { mode: 'inference', seq: 16000 }],
    ['koboldcpp --model llama-3-8b.Q4_K_M.gguf --contextsize 12288 --gpulayers 99 on a 3060', { mode: 'inference', seq: 12288 }],
    ['MAX_CONTEXT_TOKENS=20000 in the env of my fastapi server, transformers, llama-3-8b on a 4090', { mode: 'inference', seq: 20000 }],
    ['用 llama.cpp 跑 qwen2.5-14b q4_k_m，参数 --ctx-size 32768 -ngl 99，显卡 4090', { mode: 'inference', seq: 32768 }],
    ['llama.cpp 서버에 --ctx-size 8192 옵션, llama-3-8b Q4_K_M, RTX 3060 1장', { mode: 'inference', seq: 8192 }],
    ['LocalAI model file:\n```yaml\nname: llama3\ncontext_size: 16384\nf16: true\ngpu_layers: 99\nparameters:\n  model: llama-3-8b.Q4_K_M.gguf\n```\non a 4090', { mode: 'inference', seq: 16384 }],
    ['my own server reads {"max_ctx_tokens": 24576}; qwen2.5-7b with transformers on 1x a100-80g', { mode: 'inference', seq: 24576 }],
    ['serving llama-3.1-8b with vllm on an L4 and --max-context-window 10240', { mode: 'inference', seq: 10240 }],
    // near misses: the model's window, a vocabulary, the model's positions
    ['the model supports 128k tokens, but I run llama-3.1-8b with vllm --max-model-len 8192 on a 4090', { mode: 'inference', seq: 8192 }],
    ['vocab size 152064, qwen2-7b lora on 1x a100-80g, cutoff_len 2048', { mode: 'lora', seq: 2048 }],
    ['max_position_embeddings 131072 but n_ctx 4096, llama-3.1-8b q4_k_m with llama-cpp-python on a 3060', { mode: 'inference', seq: 4096 }],
  ],
};

/** The fields a line's reading gets wrong ([] when it reads as its spec says). */
export function misses(text: string, want: Want): string[] {
  return fieldMisses(text, (s, check, out, said) => {
    check('mode', s.mode, want.mode);
    check('seq', s.seq, want.seq);
    check('gen', s.inference.newTokens, want.gen);
    const nots = want.seqNot === undefined ? [] : Array.isArray(want.seqNot) ? want.seqNot : [want.seqNot];
    if (nots.includes(s.seq)) out.push(`seq ${s.seq} is not the run's length`);
    if (want.genNot !== undefined && s.inference.newTokens === want.genNot) out.push(`gen ${s.inference.newTokens} is not the run's generation`);
    if (want.said && !want.said.test(said)) out.push(`not said: ${want.said}`);
  });
}

/** Invented lines the change leaves misread, each with why. */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  ['mistral-7b in fp16 on a T4 with transformers, just 5-6 tokens per second, is it offloading?', 'the speed is set aside (no seq of 5 or 6); "is it offloading?" reads as a training offload, the mode slot\'s, left alone'],
  ['llama-3-8b lora on 2-4 x a100-80g, seq 4096', 'refused on "2-4 x": a range of cards is the hardware slot\'s (no length is read from it), left alone'],
  ['llama-3-8b at 8k context, batch 2-4, lora on 1x a100-80g', 'refused on "batch 2-4": a range of batches is the batch slot\'s (no length is read from it), left alone'],
]);

runInvented(INVENTED, KNOWN_MISSES, misses);

describe('released lines of the same causes', () => {
  it('c1828: "速度还可以8 token" is a speed said without its "/s": never a length of 8, the default stands', () => {
    expect(corpusLineRead('c1828').scenario.seq).toBe(4096);
  });
  it('c2070: "速度非常低，只有8 token" (rlen2\'s) stays a speed', () => {
    expect(corpusLineRead('c2070').scenario.seq).not.toBe(8);
  });
  it('c396: a short length with its key ("max-model-len=32") stays the user\'s', () => {
    expect(corpusLineRead('c396').scenario.seq).toBe(32);
  });
});

describe('properties', () => {
  const engine = 'qwen2.5-7b with vllm --max-model-len 16384 on 1x a100-80g';
  it('a token count in a clause about speed never sets the length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.constantFrom('only {n} tokens a second', 'decode speed {n} tokens', '速度只有{n}tokens左右', '초당 {n}토큰', '毎秒{n}トークン', 'throughput about {n} tokens'),
        (n, phrase) => {
          const r = resolveRequest(`llama-3-8b on a 4090 with llama.cpp, ${phrase.replace('{n}', String(n))}`, null);
          return r.ok && r.scenario !== null && r.scenario !== undefined && r.scenario.seq === 4096;
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a range's top is the length, whatever the bottom", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 64, max: 16000 }),
        fc.integer({ min: 1, max: 16000 }),
        fc.constantFrom('prompts of {a}~{b} tokens', 'inputs between {a} and {b} tokens', 'context from {a} to {b}', '每条输入{a}到{b}个token'),
        (a, d, phrase) => {
          const b = a + d;
          const r = resolveRequest(`llama-3-8b lora on 1x a100-80g, ${phrase.replace('{a}', String(a)).replace('{b}', String(b))}`, null);
          return r.ok && r.scenario?.seq === b;
        },
      ),
      { numRuns: 20 },
    );
  });

  it('a cap on the answer is gen and leaves the context the flag set', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 8000 }),
        fc.constantFrom('responses capped at {n} tokens', 'each request generates at most {n} tokens', '生成最大token数是{n}', '출력 최대 {n}토큰'),
        (n, phrase) => {
          const r = resolveRequest(`${engine}, ${phrase.replace('{n}', String(n))}`, null);
          return r.ok && r.scenario?.seq === 16384 && r.scenario.inference.newTokens === n;
        },
      ),
      { numRuns: 20 },
    );
  });
});
