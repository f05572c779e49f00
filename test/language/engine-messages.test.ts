import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import type { FactTrace } from '../../src/scenario/facts.js';

/**
 * Issue 22: serving engines' options in their own users' words (invented messages, each in the
 * shape that engine's users paste: a `vllm serve` line, a launcher's environment, a Modelfile, a
 * config.yml, a llama-server line with short flags). Each option is read with its engine's meaning,
 * set aside, or said as not modelled on the first screen.
 */

function read(text: string): { fact: (name: string) => string | undefined; weak: (words: string) => boolean; notices: string; said: string } {
  const reply = respond(text, null).reply as EstimateReply;
  expect(reply.kind, text).toBe('estimate');
  const trace: FactTrace[] = reply.trace ?? [];
  return {
    fact: (name) => trace.find((f) => f.fact === name && f.at !== null)?.value,
    weak: (words) => trace.some((f) => f.weak && f.words.includes(words)),
    notices: reply.notices.join(' | '),
    said: reply.assumptions.join(' | '),
  };
}

describe("serving engines' options in their users' words", () => {
  it('a pasted `vllm serve` line: its limits read, its swap space set aside, its draft model said unmodelled', () => {
    const r = read('vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 32768 --gpu-memory-utilization 0.85 --max-num-seqs 128 --swap-space 16 --enable-prefix-caching --speculative-model Qwen/Qwen2.5-0.5B-Instruct --num-speculative-tokens 5 on an L40S');
    expect(r.fact('seq')).toBe('32768');
    expect(r.fact('util')).toBe('0.85');
    expect(r.fact('maxSeqs')).toBe('128');
    expect(r.notices).toContain('not modelled: "--speculative-model ');
    expect(r.notices).toContain('not modelled: "--num-speculative-tokens 5"');
    expect(r.weak('--num-speculative-tokens 5')).toBe(true);
    expect(r.notices).not.toMatch(/swap-space/);
  });

  it("vLLM's LLM(...) keyword arguments, quoted as written", () => {
    const r = read('from vllm import LLM\nllm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", max_model_len=4096, gpu_memory_utilization=0.8, enable_lora=True, max_lora_rank=64, swap_space=8)\non an A100 40GB');
    expect(r.fact('seq')).toBe('4096');
    expect(r.fact('util')).toBe('0.8');
    expect(r.notices).toContain('not modelled: "enable_lora=True"');
    expect(r.notices).toContain('not modelled: "max_lora_rank=64"');
    expect(r.notices).not.toMatch(/swap_space/);
  });

  it("SGLang's --max-total-tokens is its KV pool, not a length; TGI's is a request's cap; with no engine named, today's reading (a length)", () => {
    const sglang = read('python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --mem-fraction-static 0.8 --max-total-tokens 200000 --tp 2 on 2x A100');
    expect(sglang.fact('seq')).not.toBe('200000');
    expect(sglang.fact('util')).toBe('0.8');
    expect(sglang.notices).toContain('not modelled: "--max-total-tokens 200000"');
    const tgi = read('text-generation-launcher --model-id mistralai/Mistral-7B-Instruct-v0.2 --max-total-tokens 8192 --max-batch-total-tokens 100000 on an A10G');
    expect(tgi.fact('seq')).toBe('8192');
    expect(tgi.notices).toContain('not modelled: "--max-batch-total-tokens 100000"');
    expect(read('llama 2 7b with --max-total-tokens 8192 on an A10G').fact('seq')).toBe('8192');
  });

  it("TGI's launcher settings as environment variables", () => {
    const r = read('docker run --gpus all -e NUM_SHARD=2 -e MAX_TOTAL_TOKENS=4096 -e MAX_BATCH_PREFILL_TOKENS=8192 -e CUDA_GRAPHS=0 ghcr.io/huggingface/text-generation-inference:2.0 --model-id meta-llama/Llama-2-13b-chat-hf on 2x A10G');
    expect(r.fact('tp')).toBe('2');
    expect(r.fact('seq')).toBe('4096');
    expect(r.notices).not.toMatch(/CUDA_GRAPHS/i);
  });

  it('lmdeploy serve: its own keys with its own meanings, the checkpoint format read', () => {
    const r = read('lmdeploy serve api_server Qwen/Qwen2-7B-Instruct-AWQ --model-format awq --session-len 8192 --cache-max-entry-count 0.5 --quant-policy 8 --vision-max-batch-size 4 on an A10');
    expect(r.fact('weights')).toBe('awq');
    expect(r.fact('seq')).toBe('8192');
    expect(r.fact('util')).toBe('0.5');
    expect(r.notices).toContain('not modelled: "--vision-max-batch-size 4"');
  });

  it('a llama-server line with short flags', () => {
    const r = read('./llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 8192 -ngl 99 -b 2048 -ub 1024 -np 4 -fa on -ctk q8_0 -ot exps=CPU --port 8080 on a 3090');
    expect(r.fact('seq')).toBe('8192');
    expect(r.fact('ngl')).toBe('99');
    expect(r.fact('attention')).toBe('flash');
    expect(r.fact('batch')).toBeUndefined();
    expect(r.notices).toContain('not modelled: "-ub 1024"');
    // -ot exps=CPU is --cpu-moe (engines/cpu-moe.ts); a dense model has no experts, so it is set aside, said.
    expect(r.said).toContain('has no experts to keep in host RAM');
    expect(r.weak('-ub 1024')).toBe(true);
  });

  it("the same short flags in another order and spelled long, in a sentence", () => {
    const r = read('I start llama.cpp with --n-gpu-layers 40 --ctx-size 4096 --ubatch-size 256 --no-kv-offload for mistral 7b on a 4060 ti 16gb');
    expect(r.fact('seq')).toBe('4096');
    expect(r.fact('ngl')).toBe('40');
    expect(r.notices).toContain('not modelled: "--ubatch-size 256"');
    expect(r.notices).toContain('not modelled: "--no-kv-offload"');
  });

  it('an Ollama Modelfile: num_gpu is layers on the GPU, never a GPU count', () => {
    const r = read('FROM llama3.1:8b\nPARAMETER num_ctx 16384\nPARAMETER num_gpu 20\nPARAMETER temperature 0.7\n\nollama create mymodel -f Modelfile, on an RTX 3060');
    expect(r.fact('seq')).toBe('16384');
    expect(r.fact('ngl')).toBe('20');
    expect(r.fact('gpus')).toBeUndefined();
  });

  it("a Modelfile's ADAPTER line is an adapter served beside the model, said unmodelled, never a LoRA fine-tune", () => {
    for (const path of ['./my-lora.gguf', '/models/adapters/sql-lora', 'lora-adapter.safetensors']) {
      const r = read(`FROM llama3.1:8b\nADAPTER ${path}\nPARAMETER num_ctx 8192\n\nollama create m -f Modelfile on a 3060`);
      expect(r.fact('method'), path).toBe('inference (llama.cpp)');
      expect(r.notices, path).toContain(`not modelled: "ADAPTER ${path}"`);
    }
  });

  it("Ollama's server variables", () => {
    const r = read('OLLAMA_NUM_PARALLEL=4 OLLAMA_CONTEXT_LENGTH=8192 OLLAMA_GPU_OVERHEAD=1073741824 ollama serve, qwen2.5 14b on a 4090');
    // The server's parallel requests (max seqs), never a micro-batch (rserve3: c1812, c1790).
    expect(r.fact('maxSeqs')).toBe('4');
    expect(r.fact('batch')).toBeUndefined();
    expect(r.fact('seq')).toBe('8192');
    expect(r.notices).toContain('not modelled: "OLLAMA_GPU_OVERHEAD=1073741824"');
  });

  it("a TabbyAPI config.yml: its cache size and quantised cache said unmodelled, Q8 read as an 8-bit cache", () => {
    const yaml = (mode: string) => `My tabbyAPI config.yml:\nmodel:\n  model_name: Llama-3.1-70B-Instruct-exl2-4.0bpw\n  max_seq_len: 16384\n  cache_size: 32768\n  cache_mode: ${mode}\non 2x 3090`;
    const q4 = read(yaml('Q4'));
    expect(q4.fact('seq')).toBe('16384');
    expect(q4.notices).toContain('not modelled: "cache_size: 32768"');
    expect(q4.notices).toMatch(/not modelled: "cache_mode: q4"/i);
    expect(read(yaml('Q8')).fact('kv cache')).toBe('fp8');
  });

  it("KTransformers' local_chat: its static cache length read, its CPU placement rules said unmodelled", () => {
    const r = read('python -m ktransformers.local_chat --model_path deepseek-ai/DeepSeek-V3 --gguf_path ./dsv3 --cache_lens 8192 --optimize_config_path DeepSeek-V3-Chat-multi-gpu.yaml --cpu_infer 64 on a 4090');
    expect(r.fact('seq')).toBe('8192');
    expect(r.notices).toMatch(/not modelled: "--optimize_config_path /);
  });

  it("MLC-LLM's --overrides: each field read as MLC-LLM reads it", () => {
    const r = read('mlc_llm serve HF://mlc-ai/Llama-3-8B-Instruct-q4f16_1-MLC --overrides "max_num_sequence=32;max_total_seq_length=16384;tensor_parallel_shards=2" on 2x 4090');
    expect(r.fact('maxSeqs')).toBe('32');
    expect(r.fact('tp')).toBe('2');
    expect(r.notices).toContain('not modelled: "max_total_seq_length=16384"');
  });

  // rbatch1: max_batch_size is an engine's cap wherever it is written (docs/reading.md "The batch slot"); with no
  // engine's key beside it the cap is read weak, said with its words.
  it('a key with no engine named is still the cap on sequences in flight (max_batch_size is no micro-batch)', () => {
    expect(read('llama 2 7b inference, max_batch_size: 8, on an A100').fact('maxSeqs')).toBe('8');
  });
});
