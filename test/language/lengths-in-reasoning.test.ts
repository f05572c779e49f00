import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Lengths and batch in prose are the user's, not their arithmetic's, not a result's, not the other run's (rseq12,
 * twenty-ninth session; causes of b70–b72 read at first sight). Each case is an invented variation of one phenomenon,
 * written before the fix, with the reading it should give; first sight on the code before: arithmetic 2 of 8,
 * results at a length 1 of 6, property tables 0 of 6, two runs compared 1 of 6.
 *
 * - tokens counted for one image, page or tile, or a total worked out from them, are reasoning, not the sequence
 *   (prose/rules/token-reasoning.ts; c2438);
 * - "6.77× concurrency at 262K": the multiplier is a result, never a batch; the length after "at" is the context
 *   (prose/rules/result-at-length.ts; c2473);
 * - a property table's row "| `max_input_len` | 4096 |" sets the key (config-keys/prepare.ts; c2472);
 * - one length given two values with what each did: the one said to fail, else the last (compared-lengths.ts; c2500).
 */

function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { seq: r.scenario.seq, microBatch: r.scenario.microBatch };
}

const cases = (list: [string, string][]) => list.map(([text, reading]) => ({ text, reading }));

describe('tokens counted for one image or worked out are not the sequence', () => {
  it.each(cases([
    ["Fine-tuning qwen2-vl-7b with lora on 1x a100-80g. Each image comes to 1024 tokens per image, and with 6 images that's about 6144 tokens. Still OOM.", "qwen2-vl-7b lora on a100-80g"],
    ["full fine-tune of qwen2.5-vl-7b on 4x h100, bs 2. 448/14 = 32, so 32*32 = 1024 tokens per frame, 16 frames is about 16k tokens total, and it OOMs", "qwen2.5-vl-7b full bs 2 on 4x h100"],
    ["用llama-factory全参微调qwen2-vl-2b，8张4090，每张图片大概1200个token，一条样本5张图就是6000个token，为什么会爆显存？", "qwen2-vl-2b llama-factory full on 8x rtx-4090"],
    ["qwen2.5-vl-7b를 lora로 학습 중인데 이미지당 약 800 토큰이고, 10장이면 총 8000 토큰입니다. a100 40gb 1장에서 OOM이 납니다.", "qwen2.5-vl-7b lora on a100-40g"],
    ["llama-3-8b qlora on a 4090 with seq 2048. The dataset averages 350 tokens per sample, so 2048 / 350 ≈ 5.8 samples fit in a packed row.", "llama-3-8b qlora seq 2048 on rtx-4090"],
    ["Training internvl2-8b full on 8x a800 with bs 1 and deepspeed zero3. 448x448 tiles give 256 tokens per tile, 12 tiles + thumbnail = 3328 tokens for one image.", "internvl2-8b full zero3 bs 1 on 8x a800-80g"],
    ["Qwen2-VL-7B LoRA, 2x RTX 3090. Image grid 36x36 -> 1296 tokens each image; 1296 × 4 images = 5184 tokens, and it OOMs.", "qwen2-vl-7b lora on 2x rtx-3090"],
    ["lora of qwen2.5-vl-3b on one 4090: a page is ~900 tokens, 10 pages ≈ 9000 tokens in total, even that is not much", "qwen2.5-vl-3b lora on rtx-4090"],
  ]))('$text', ({ text, reading }) => {
    expect(read(text)).toEqual(read(reading));
  });
});

describe('a result measured at a length: the length is the context, the multiplier no batch', () => {
  it.each(cases([
    ["serving qwen2.5-32b with vllm on 2x rtx 4090, tp 2: 4.2x concurrency at 32K, 45 tok/s per stream, ~22 GB/card", "qwen2.5-32b vllm tp 2 seq 32768 on 2x rtx-4090"],
    ["llama-3.1-70b on 4x h100 with vllm tp 4, throughput 1500 tok/s at 128k context", "llama-3.1-70b vllm tp 4 seq 131072 on 4x h100"],
    ["Qwen3-30B-A3B on one H100 with sglang: max concurrency 8.5x at 64K", "qwen3-30b-a3b sglang seq 65536 on h100"],
    ["vllm 部署 qwen2.5-72b-instruct，4张 a100-80g，tp 4，在 128K 下并发可达 5.6 倍，每路 20 tokens/s", "qwen2.5-72b vllm tp 4 seq 131072 on 4x a100-80g"],
    ["gemma-2-27b on 2x a6000, vllm tp 2. Result: 2.1x concurrency @ 8k, 25 TPS/stream", "gemma-2-27b vllm tp 2 seq 8192 on 2x rtx-a6000"],
    ["- `tp2.yml`: **3.1× concurrency at 131K**, 60 TPS per stream, ~21 GB/card\n\nqwen3-32b with vllm, tp 2 over 2x rtx 3090", "qwen3-32b vllm tp 2 seq 131072 on 2x rtx-3090"],
  ]))('$text', ({ text, reading }) => {
    expect(read(text)).toEqual(read(reading));
  });
});

describe("a property table's row sets its key", () => {
  it.each(cases([
    ["TensorRT-LLM engine builder template for llama-3.1-8b on 1x h100\n\n| Property | Value | Description |\n| --- | --- | --- |\n| `max_batch_size` | 8 | requests at once |\n| `max_input_len` | 8192 | longest prompt |", "llama-3.1-8b tensorrt-llm max seqs 8 seq 8192 on h100"],
    ["llama-3-8b lora on a100-80g, my settings:\n\n| setting | value |\n|---|---|\n| max_seq_length | 4096 |\n| per_device_train_batch_size | 2 |", "llama-3-8b lora bs 2 seq 4096 on a100-80g"],
    ["qwen2.5-7b 用 llama-factory 做 lora，单卡 a800\n\n| 参数 | 值 |\n|---|---|\n| cutoff_len | 2048 |\n| per_device_train_batch_size | 4 |", "qwen2.5-7b llama-factory lora bs 4 seq 2048 on a800-80g"],
    ["Serving qwen2-7b with vllm on an l4:\n\nParameter | Value\n--- | ---\n**max_model_len** | 16384\n**gpu_memory_utilization** | 0.85", "qwen2-7b vllm seq 16384 util 0.85 on l4"],
    ["llama-3.1-8b를 vllm으로 a10g 한 장에서 서빙합니다.\n\n| 항목 | 값 |\n|---|---|\n| max_model_len | 8192 |", "llama-3.1-8b vllm seq 8192 on a10g"],
    ["```diff\n+| Property | Value |\n+| --- | --- |\n+| GPU | 1xA100 |\n+| `max_batch_size` | 16 |\n+| `max_input_len` | 2048\n```\nllama-2-13b trtllm engine", "llama-2-13b tensorrt-llm max seqs 16 seq 2048 on a100-80g"],
  ]))('$text', ({ text, reading }) => {
    expect(read(text)).toEqual(read(reading));
  });
});

describe('one length given two values with what each did: the failing one, else the last', () => {
  it.each(cases([
    ["我这里单卡跑qwen-7b的lora，显存和max_length有关，max_length 512 时显存占用18G，max_length 4096 时显存占用52G", "qwen-7b lora seq 4096"],
    ["llama-2-7b lora on an a100-80g: with max_seq_length 1024 it uses 30GB, with 4096 it uses 70GB", "llama-2-7b lora seq 4096 on a100-80g"],
    ["qwen2-7b full fine-tune on 8x a100-80g, seq 2048 works but 4096 OOMs", "qwen2-7b full seq 4096 on 8x a100-80g"],
    ["Mistral-7B lora on a 4090: seq_len 8192 OOM, seq_len 4096 fine", "mistral-7b lora seq 8192 on rtx-4090"],
    ["llama-3-8b를 lora로 a100 40gb에서 학습 중입니다. max_length 512일 때 12GB, 2048일 때 30GB 사용합니다", "llama-3-8b lora seq 2048 on a100-40g"],
    ["cutoff_len设为1024时显存20G，设为4096时显存60G，qwen2.5-7b全参微调，8卡a800", "qwen2.5-7b full seq 4096 on 8x a800-80g"],
  ]))('$text', ({ text, reading }) => {
    expect(read(text)).toEqual(read(reading));
  });

  it('the value set aside is said', () => {
    const r = resolveRequest('qwen2-7b full fine-tune on 8x a100-80g, seq 2048 works but 4096 OOMs', null);
    expect(r.ok && r.assumptions.join(' ')).toMatch(/two lengths compared: read seq 4096 \(the one said to fail\); "seq 2048" set aside/);
  });
});
