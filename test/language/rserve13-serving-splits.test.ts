import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read, shape } from './reading-fixtures.js';

/**
 * rserve13 (thirty-fourth session): serving settings the reader missed because of how the program runs on
 * several GPUs, or because a command was written over several lines. Invented variations, written and scored
 * before the fix (figures in the commit messages):
 * - a program that starts one process per GPU (`deepspeed --num_gpus 8 …` for inference: DeepSpeed-Inference's
 *   tensor parallelism over the ranks), or splits each weight over the devices by its own flag (tinygrad's
 *   `--shard 4`, "shards=4"), splits tensors, not layers: tp, not Hugging Face's device_map layer split
 *   (deepspeedai/DeepSpeed#2693, c2807; tinygrad/tinygrad#3804, c2910; huggingface/text-generation-inference#586, c2929);
 * - llama.cpp's command written over several lines with backslashes (`./main \` then `-m …` on the next line)
 *   is the same command: its flags are read (ggml-org/llama.cpp#4309, c2818: -n 256 had gone unread).
 */

const same = (text: string, reading: string) => {
  const s = read(text).scenario;
  const r = read(reading).scenario;
  expect(canonicalText({ ...s, model: r.model })).toBe(canonicalText(r));
  expect(shape(s)).toBe(shape(r));
};

describe("several GPUs split by the program's own per-process or shard setting: tensor parallel", () => {
  it.each([
    ['DeepSpeed inference: deepspeed --num_gpus 4 inference.py --model meta-llama/Llama-2-13b-hf --dtype float16', 'llama-2-13b inference fp16 tp 4 on 4 gpus'],
    ['running inference with deepspeed --num_gpus=2 run_generation.py --model_name_or_path mistralai/Mistral-7B-v0.1 on 2x T4', 'mistral-7b inference tp 2 on 2x t4'],
    ['用 deepspeed --num_gpus 8 推理 llama-2-70b，8张A100 80G', 'llama-2-70b inference tp 8 on 8x a100-80g'],
    ['Llama-2-70B inference with `deepspeed --num_gpus 8 infer.py` on 8x A100 80GB runs out of memory', 'llama-2-70b inference tp 8 on 8x a100-80g'],
    ['deepspeed --num_gpus 2 로 llama-2-13b 추론, RTX 3090 2장', 'llama-2-13b inference tp 2 on 2x rtx-3090'],
    ['llama-2-13b on 2 gpus with python3 examples/llama.py --size 13B --shard 2', 'llama-2-13b inference tp 2 on 2 gpus'],
    ['Same story on falcon-40b (shards=2 on 2 A100 40GB)', 'falcon-40b inference tp 2 on 2x a100-40g'],
    ['mistral-7b inference, shards = 2, on 2x T4', 'mistral-7b inference tp 2 on 2x t4'],
    ['7B llama on 4 gpus\nHSA=1 python3 examples/llama.py --size 7B --shard 4 --prompt "hello"', 'llama-1-7b inference tp 4 on 4 gpus'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it.each([
    // Hugging Face generate over several cards stays the layer split it is.
    ['chatglm2-6b inference on 2x rtx-3090', 'chatglm2-6b inference pp 2 on 2x rtx-3090'],
  ])('unchanged: %s → %s', (text, reading) => same(text, reading));

  it('training under the DeepSpeed launcher stays data parallel', () => {
    const s = read('deepspeed --num_gpus 4 train.py llama-2-7b lora bf16 on 4x a100-80g').scenario;
    expect([s.parallel.tp, s.parallel.pp]).toEqual([1, 1]);
  });

  it('FastChat --num-gpus (a device_map split in one process) stays a layer split', () => {
    expect(read('python3 -m fastchat.serve.cli --model-path lmsys/vicuna-13b-v1.5 --num-gpus 2').scenario.parallel.pp).toBe(2);
  });

  it('c2807: DeepSpeed inference over eight ranks is tp 8', () => {
    expect(corpusLineRead('c2807').scenario.parallel.tp).toBe(8);
  });

  it('c2910: tinygrad --shard 4 is tp 4', () => {
    expect(corpusLineRead('c2910').scenario.parallel.tp).toBe(4);
  });

  it('says where the tensor split came from', () => {
    expect(read('deepspeed --num_gpus 4 inference.py --model meta-llama/Llama-2-13b-hf --dtype float16').said).not.toMatch(/layer by layer/);
  });
});

describe("llama.cpp's command over several lines is one command", () => {
  it.each([
    ['./main \\\n  -m models/llama-2-13b.Q4_K_M.gguf \\\n  -c 4096 \\\n  -n 256 \\\n  -ngl 40\non a 3090', 'llama-2-13b llamacpp inference q4_k_m seq 4096 gen 256 ngl 40 on 1x rtx-3090'],
    ['./llama-cli \\\n -m ./mistral-7b-instruct-v0.2.Q5_K_M.gguf \\\n -c 8192 -ngl 33 -n 512\nRTX 4060 8GB', 'mistral-7b llamacpp inference q5_k_m seq 8192 gen 512 ngl 33 on 1x rtx-4060'],
    ['./main \\\n  -t 8 \\\n  -m llama-2-7b.Q8_0.gguf \\\n  -c 2048 -n 128 on a T4', 'llama-2-7b llamacpp inference q8_0 seq 2048 gen 128 on 1x t4'],
    ['在 4090 上运行：\n```\n./llama-server \\\n  -m /models/qwen2.5-14b-instruct-q4_k_m.gguf \\\n  -c 32768 \\\n  -ngl 99\n```', 'qwen2.5-14b llamacpp inference q4_k_m seq 32768 ngl 99 on 1x rtx-4090'],
    ['RTX 3060 12GB 에서 실행:\n./main \\\n\t-m ./models/llama-2-13b-chat.Q4_K_M.gguf \\\n\t-c 4096 \\\n\t-n 400', 'llama-2-13b llamacpp inference q4_k_m seq 4096 gen 400 on 1x rtx-3060'],
    ['Here is my test (RTX 3090).\n\nCommand:\n\n```\n./main \\\n  -m ../models/llama-2-70b.Q4_K_M.gguf \\\n  -e \\\n  -t 6 \\\n  -n 256 \\\n  -c 4096 \\\n  -ngl 42 \\\n  --ignore-eos\n```', 'llama-2-70b llamacpp inference q4_k_m seq 4096 gen 256 ngl 42 on 1x rtx-3090'],
    ['llama-server \\\n  -m ~/models/Meta-Llama-3-8B-Instruct-Q6_K.gguf \\\n  --ctx-size 8192 \\\n  -ngl 20 on an RTX 2060 6GB', 'llama-3-8b llamacpp inference q6_k seq 8192 ngl 20 on 1x rtx-2060'],
    ['./main -m llama-2-13b.Q4_K_M.gguf \\\n  -c 4096 \\\n  -n 256 on a 3090', 'llama-2-13b llamacpp inference q4_k_m seq 4096 gen 256 on 1x rtx-3090'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it('c2818: -n 256 on the continued command line is gen 256', () => {
    expect(corpusLineRead('c2818').scenario.inference.newTokens).toBe(256);
  });
});
