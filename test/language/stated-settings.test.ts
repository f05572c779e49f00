import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Settings the user stated that the reader did not read, so the reply used a default (issue 22,
 * bench:rules "default:<field>" rows): each cause with the real line it came from and phrasings of
 * our own (order, spacing, notation, language).
 */

const corpus = loadCorpus();
const readLine = (id: string): string => {
  const l = corpus.find((x) => x.id === id)!;
  const opened = l.thread ? readInThread(l.thread, null).outcome : null;
  const previous = opened?.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const outcome = readInThread(l.text, previous).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`${id} not read`);
  return canonicalText(outcome.scenario);
};

describe('a snake_case key right after a prose colon is a pair, not the value of the word before it', () => {
  // A stranger's message (issue 22, the lead's trial): "per_device_train_batch_size: 2" had been the value of "config:".
  it.each([
    "here's my config: per_device_train_batch_size: 2, gradient_accumulation_steps: 8, bf16: true, lora_r: 16 — mistral-7b on one 4090",
    'mistral-7b lora on one 4090, my settings: per_device_train_batch_size: 2, gradient_accumulation_steps: 8, lora_r: 16',
    'args: per_device_train_batch_size: 2 gradient_accumulation_steps: 8 lora_r: 16 mistral-7b on one 4090',
    'config:per_device_train_batch_size: 2, gradient_accumulation_steps: 8, lora_r: 16, mistral-7b, one 4090',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.microBatch).toBe(2);
    expect(scenario.gradAccum).toBe(8);
    expect(scenario.lora?.rank).toBe(16);
  });

  it("Ollama's empty value before a key glued to its value still reads the next pair (c148)", () => {
    // OLLAMA_NUM_PARALLEL is the server's parallel requests, max seqs (rserve3: c1812, c1790).
    expect(read('env="map[OLLAMA_CONTEXT_LENGTH:4096 OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:2]" gemma3:12b').scenario.inference.maxSeqs).toBe(2);
  });
});

describe("verl's response length without its prompt length: verl's default prompt (512) plus the response", () => {
  it.each([
    ['我用verl跑grpo，qwen2.5-7b，8张A100 80G，max_response_length 4096 还是OOM', 4608],
    ['verl grpo qwen2.5-7b on 8x a100 80g, max_response_length: 4096, OOM', 4608],
    ['verl grpo qwen2.5-7b on 8x a100 80g with max_response_length=2048', 2560],
    ['python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B data.max_response_length=4096 trainer.n_gpus_per_node=8', 4608],
  ])('%s → seq %i', (text, seq) => {
    const r = read(text);
    expect(r.scenario.seq).toBe(seq);
  });

  it('with both lengths given, they are summed (verl-project/verl#3364)', () => {
    expect(read('verl grpo qwen2.5-7b on 8x a100 80g, max_prompt_length 1024, max_response_length 4096').scenario.seq).toBe(5120);
    expect(read('python3 -m verl.trainer.main_ppo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B data.max_prompt_length=1024 data.max_response_length=3072 trainer.n_gpus_per_node=8').scenario.seq).toBe(4096);
  });
});

describe("verl's trainer.nnodes and trainer.n_gpus_per_node, in any order, beside the cards in prose: counted once", () => {
  it.each([
    'verl grpo qwen2.5-7b with `trainer.nnodes=1 trainer.n_gpus_per_node=4` on 4x a100, OOM',
    'qwen2.5-7b grpo on 4x a100 with verl: trainer.n_gpus_per_node=4 trainer.nnodes=1',
    'qwen2.5-7b grpo on 4x a100 with verl: trainer.nnodes=1 trainer.n_gpus_per_node=4',
    'verl grpo qwen2.5-7b trainer.nnodes=1 on 4x a100',
    'verl grpo qwen2.5-7b, trainer.n_gpus_per_node=4 trainer.nnodes=1, 4 x A100-80G',
  ])('%s → 4 GPUs', (text) => {
    const { scenario } = read(text);
    expect(scenario.hardware?.count).toBe(4);
    expect(scenario.hardware?.gpuId).toMatch(/a100/);
  });

  it('two nodes of four, written gpus-per-node first, is 8 on 2 nodes', () => {
    const { scenario } = read('qwen2.5-7b grpo with verl: trainer.n_gpus_per_node=4 trainer.nnodes=2 on a100 80gb');
    expect(scenario.hardware?.count).toBe(8);
    expect(scenario.hardware?.perNode).toBe(4);
  });

  it('one node and a count of cards in plain words is that count', () => {
    expect(read('qwen2.5-7b 1 nodes on 4x a100').scenario.hardware?.count).toBe(4);
    expect(read('full finetune llama-2-7b on 1 node with 2x h100').scenario.hardware?.count).toBe(2);
  });
});

describe("an engine's log that echoes the settings it runs with is read, where nothing outside the log sets any", () => {
  it('FastChat vLLM worker `engine_args.<key>: <value>` lines after a timestamp (c865)', () => {
    expect(readLine('c865')).toMatch(/\btp 4\b.*util 0\.95.*batched tokens 1800.*max seqs 256|\btp 4\b/);
    const text = [
      'serving llama-2-13b with the vllm worker, OOM',
      '2023-08-01 00:41:32 | INFO | __main__ | engine_args.tensor_parallel_size: 2',
      '2023-08-01 00:41:32 | INFO | __main__ | engine_args.gpu_memory_utilization: 0.85',
    ].join('\n');
    const { scenario } = read(text);
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.inference?.gpuMemoryUtilization).toBe(0.85);
  });

  it("lmdeploy's `backend_config=TurbomindEngineConfig(…)` echo (c378); a command outside the log wins (c768)", () => {
    expect(readLine('c378')).toMatch(/\btp 8\b.*seq 24000/);
    expect(readLine('c768')).not.toMatch(/mbs 256/);
    const text = "qwen2-7b on 2x 4090\n2024-08-01 03:24:58,259 - lmdeploy - INFO - input backend=turbomind, backend_config=TurbomindEngineConfig(model_format='hf', tp=2, session_len=8192, max_batch_size=1)";
    const { scenario } = read(text);
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.seq).toBe(8192);
  });
});

describe("a trainer's --strategy by the names its source gives it (ColossalAI Coati, Lightning)", () => {
  it('Coati train_sft.py --strategy colossalai_zero2 (c377, c384)', () => {
    expect(readLine('c377')).toMatch(/\bzero2\b/);
    expect(readLine('c384')).toMatch(/\bzero2\b/);
  });

  it.each([
    ['torchrun --nproc_per_node=4 train_sft.py --pretrain llama-7b --model llama --strategy colossalai_zero2 --batch_size 1, 4x a100 40g', 'zero2', false],
    ['train_sft.py --strategy=colossalai_zero2_cpu llama-7b on 4x a100 40g', 'zero2', true],
    ['llama-7b sft, strategy: colossalai_gemini, 8x 3090', 'zero3', false],
    ['full finetune llama-2-7b with lightning, strategy="deepspeed_stage_2_offload", 4x a100', 'zero2', true],
    ['full finetune llama-2-7b with lightning, strategy="deepspeed_stage_3", 4x a100', 'zero3', false],
  ])('%s', (text, sharding, offload) => {
    const { scenario } = read(text);
    expect(`${scenario.sharding.kind}${scenario.sharding.stage}`).toBe(sharding);
    expect(scenario.offload.optimizer === 'cpu').toBe(offload);
  });

  it('a strategy no table knows is set aside, not read as a sharding', () => {
    expect(read('llama-7b sft --strategy naive on 1x a100').scenario.sharding.kind).not.toMatch(/zero|fsdp/);
  });
});

describe('Chinese: 没有 before a setting is "without"; a key 限制在 a number is set to it', () => {
  it('c1013: "没有vllm，没有flash-attention" and "max_new_tokens限制在1024个token"', () => {
    const got = readLine('c1013');
    expect(got).not.toMatch(/\bvllm\b/);
    expect(got).toMatch(/\beager\b/);
    expect(got).toMatch(/\bgen 1024\b/);
  });

  it.each([
    ['qwen2-7b推理，没有flash-attention，单卡A100', /\beager\b/],
    ['用hf推理qwen2-7b（没有vllm），单卡A100', /^(?!.*\bvllm\b)/],
    ['qwen2-7b推理，max_new_tokens限制为512，单卡A100', /\bgen 512\b/],
    ['qwen2-7b推理，max_model_len限定在4096，单卡A100，vllm', /\bseq 4096\b/],
  ])('%s', (text, pattern) => {
    expect(canonicalText(read(text).scenario)).toMatch(pattern);
  });

  it('没有 before no setting reads as nothing ("没有报错" does not refuse or negate)', () => {
    expect(canonicalText(read('qwen2-7b lora微调，单卡4090，没有报错但是很慢').scenario)).toMatch(/lora/);
  });
});

describe('any key written after its number in prose is given that number (as "2 batch_size" is, c813)', () => {
  it("c524's words: \"at 0.32 gpu_memory_utilization with 4096 max_completion_length\"", () => {
    const { scenario } = read("serving a 7b model with vllm, I'm currently at 0.32 gpu_memory_utilization with 4096 max_model_len on an A6000 (48gb)");
    expect(scenario.inference?.gpuMemoryUtilization).toBe(0.32);
    expect(scenario.seq).toBe(4096);
  });

  it.each([
    ['qwen2-7b lora on a 4090 with 1024 max_seq_length and 4 per_device_train_batch_size', 1024],
    ['qwen2-7b lora on a 4090, 2048 cutoff_len', 2048],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a word that is no key of ours stays prose ("3 num_beams" is set aside, not a count)', () => {
    expect(read('llama-2-7b inference on a 4090 with 3 num_beams').scenario.hardware?.count).toBe(1);
  });
});
