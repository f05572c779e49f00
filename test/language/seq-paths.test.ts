import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * The sequence length read by its evidence (branch rseq): each way a length was taken from words that
 * are no length of the run (a data count, a model's trained length in a log, a variable passed by
 * name, a prompt cap beside the engine's total), or left at a default that is not the engine's.
 * Real corpus lines first, then invented variations that fail without the change.
 */

const corpusText = (id: string): string => {
  const line = readFileSync('test/corpus/requests.jsonl', 'utf8').split('\n').find((l) => l.includes(`"id": "${id}"`))!;
  return (JSON.parse(line) as { text: string }).text;
};

function read(text: string): { s: Scenario; words: string[] } {
  const { reply } = respond(text, null as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return { s: reply.scenario, words: reply.assumptions };
}

describe('KoboldCpp and LM Studio create llama.cpp\'s 4,096-token context when none is given (scenario/llamacpp-context.ts)', () => {
  it.each([
    ['c284', 'LostRuins/koboldcpp#1185', "KoboldCpp's --contextsize"],
    ['c1121', 'Kobold cpp, 70b 5-bit', "KoboldCpp's --contextsize"],
    ['c1127', 'lmstudio-ai/lmstudio-bug-tracker#1330', "LM Studio's context length"],
    ['c1264', 'lmstudio-ai/lmstudio-bug-tracker#943', "LM Studio's context length"],
  ])('corpus %s (%s): seq 4096, said as the default with whose it is', (id, _source, whose) => {
    const { s, words } = read(corpusText(id));
    expect(s.framework).toBe('llamacpp');
    expect(s.seq).toBe(4096);
    expect(words.some((w) => w.startsWith('seq 4096 (default)') && w.includes(whose))).toBe(true);
  });

  it.each([
    ['llama-3-8b q4_k_m koboldcpp on 1x rtx-3060', "KoboldCpp's"],
    ['KoboldCPP mistral-7b q5_k_m on 1x 8GB', "KoboldCpp's"],
    ['LM Studio qwen2.5-7b q4_k_m on 1x rtx-4060', "LM Studio's"],
    ['lmstudio llama-3.1-8b q8_0 on 1x rtx-4070', "LM Studio's"],
  ])('%s', (text, whose) => {
    const { s, words } = read(text);
    expect(s.seq).toBe(4096);
    expect(words.some((w) => w.startsWith('seq 4096 (default)') && w.includes(whose))).toBe(true);
  });

  it('capped at a model trained shorter (LLaMA-1-33B: 2,048), and a length the user gives is theirs', () => {
    expect(read('llama-1-33b q4_k_m koboldcpp on 1x rtx-3090').s.seq).toBe(2048);
    expect(read('llama-3-8b q4_k_m koboldcpp --contextsize 8192 on 1x rtx-3060').s.seq).toBe(8192);
    expect(read('LM Studio qwen2.5-7b q4_k_m ctx 16k on 1x rtx-4060').s.seq).toBe(16384);
  });
});

describe("llama.cpp's n_ctx_train is the model's trained length, never the run's (prose.trained-context-in-log)", () => {
  it('corpus c1319 (abetlen/llama-cpp-python#2234): "n_ctx_seq (512) < n_ctx_train (40960)" no longer reads seq 40960', () => {
    const { s } = read(corpusText('c1319'));
    expect(s.seq).not.toBe(40960);
    // The user's later try, n_ctx=2048: its "Symptoms:" list of sentences is prose since rseq7 (config-block.ts),
    // where it had been a YAML list whose keys lost their values and the engine's default stood.
    expect(s.seq).toBe(2048);
  });

  it.each([
    'llama-3-8b q4_k_m llama.cpp on 1x rtx-3060\nllama_new_context_with_model: n_ctx_per_seq (512) < n_ctx_train (8192) -- the full capacity of the model will not be utilized',
    'qwen2.5-7b q4_k_m ollama on 1x rtx-3060\nllama_context: n_ctx_per_seq (4096) > n_ctx_train(32768)',
    'mistral-7b q4_k_m llama.cpp on 1x 8GB\nllm_load_print_meta: n_ctx_train      = 32768',
  ])('%s', (text) => {
    const { s } = read(text);
    expect([8192, 32768]).not.toContain(s.seq);
  });
});

describe('a count of data in Chinese is no length (prose.data-count-zh)', () => {
  it('corpus c1294 (deepseek-ai/DeepSeek-R1#559): "大概60k的数据" is 60k samples, not seq 61440', () => {
    const { s } = read(corpusText('c1294'));
    expect(s.seq).not.toBe(61440);
    expect(s.unstated ?? []).toContain('seq');
  });

  it.each([
    ['qwen-7b lora 单卡4090 训练1024条数据', 1024],
    ['llama-2-7b lora 用了3万条样本 单卡a100', 30000],
    ['7b全量微调 50k 的训练数据 8卡a100', 51200],
    ['qwen2.5-7b lora 大约2000多条数据 4090', 2000],
  ])('%s', (text, notSeq) => {
    const { s } = read(text);
    expect(s.seq).not.toBe(notSeq);
    expect(s.unstated ?? []).toContain('seq');
  });

  it('a length beside it is still read, and a small count (the micro-batch, c1001) is left alone', () => {
    expect(read('qwen-7b lora seq 2048 单卡4090 训练60k的数据').s.seq).toBe(2048);
    expect(read('qwen-7b lora 长度4096 用9000条数据 单卡a100').s.seq).toBe(4096);
  });
});

describe("trtllm-build's --max_seq_len is the engine's total; --max_input_len beside it only caps the prompt", () => {
  it('corpus c777 (NVIDIA/TensorRT-LLM#2139): --max_input_len 2048 --max_seq_len 4096 is seq 4096', () => {
    expect(read(corpusText('c777')).s.seq).toBe(4096);
  });

  it.each([
    ['trtllm-build --checkpoint_dir ckpt --max_input_len 1024 --max_seq_len 2048 llama-2-7b on 1x a100-80g', 2048],
    ['trtllm-build --max_seq_len 8192 --max_input_len 4096 --max_batch_size 8 llama-3-8b on 1x l40s', 8192],
    // Without --max_seq_len (build.py before 0.9) the two still add up.
    ['python build.py --max_input_len 1024 --max_output_len 512 llama-2-7b on 1x a100-80g', 1536],
  ])('%s', (text, seq) => {
    expect(read(text).s.seq).toBe(seq);
  });

  it("corpus c1219 (NVIDIA/TensorRT-LLM#1045): --max_input_len 3000 --max_output_len 1024 is seq 4024 with gen 1024 (the reading corrected to the README's sum)", () => {
    const { s } = read(corpusText('c1219'));
    expect(s.seq).toBe(4024);
    expect(s.inference.newTokens).toBe(1024);
  });
});

describe('`max_seq_length = max_seq_length` passes the variable set above, it does not replace it (config-keys/read.ts)', () => {
  it.each([
    ['c1240', 'unslothai/unsloth#1612', 32768],
    ['c1244', 'unslothai/unsloth#4685', 65536],
  ])('corpus %s (%s): seq %d', (id, _source, seq) => {
    expect(read(corpusText(id)).s.seq).toBe(seq);
  });

  it.each([
    ['unsloth qlora llama-3-8b on 1x rtx-4090\nmax_seq_length=4096\nmodel, tokenizer = FastLanguageModel.from_pretrained(\n    model_name="unsloth/llama-3-8b-bnb-4bit",\n    max_seq_length=max_seq_length,\n    load_in_4bit=True,\n)', 4096],
    ["unsloth lora qwen2.5-7b on 1x a100-80g\n```\nmax_seq_length = 8192 # Choose any!\nmodel, tokenizer = FastLanguageModel.from_pretrained(\n    model_name = 'unsloth/Qwen2.5-7B',\n    max_seq_length = max_seq_length,\n)\n```", 8192],
  ])('%#: the number, not the name', (text, seq) => {
    expect(read(text).s.seq).toBe(seq);
  });

  it('a later number still replaces an earlier one', () => {
    expect(read('unsloth qlora llama-3-8b on 1x rtx-4090\nmax_seq_length = 2048\nmax_seq_length = 4096\n').s.seq).toBe(4096);
  });
});

describe('a prompt key and an answer key given one value together (prose.paired-lengths-one-value)', () => {
  it.each([
    ['c401', 'hiyouga/LlamaFactory#811: "max_source_length、max_target_length 尝试过512"'],
    ['c1342', 'NVIDIA/ChatRTX#15: "--max_input_len and --max_output_len values, reducing to 512"'],
  ])('corpus %s (%s): seq 1024', (id) => {
    expect(read(corpusText(id)).s.seq).toBe(1024);
  });

  it.each([
    ['baichuan-13b full 8卡a800 max_source_length和max_target_length都设为1024', 2048],
    ['chatglm-6b lora max_source_length / max_target_length set to 256 on 1x v100-32g', 512],
    ['llama-2-7b tensorrt-llm on 1x rtx-4090, max_input_len, max_output_len both at 2048', 4096],
  ])('%s', (text, seq) => {
    expect(read(text).s.seq).toBe(seq);
  });
});

describe("llama.cpp's -c 0 / n_ctx=0 is the model's own trained context (scenario/llamacpp-context.ts)", () => {
  it('corpus c1115 (ggml-org/llama.cpp#14719): llama-server … -c 0 with Gemma-3-27B allocates its 131,072 tokens, said as the engine\'s', () => {
    const { s, words } = read(corpusText('c1115'));
    expect(s.seq).toBe(131072);
    expect(words.some((w) => w.startsWith('seq 131072 (default)') && w.includes('-c 0'))).toBe(true);
  });

  it.each([
    ['llama-3-8b q4_k_m llama-server -c 0 on 1x rtx-3090', 8192],
    ['./llama-cli -m qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99 --ctx-size 0 on 1x rtx-4090', 32768],
    ['llama-cpp-python Llama(model_path="mistral-7b-instruct-v0.2.Q4_K_M.gguf", n_ctx=0, n_gpu_layers=-1) on 1x rtx-3060', 32768],
  ])('%s', (text, seq) => {
    expect(read(text).s.seq).toBe(seq);
  });

  it('a length the user gives is still theirs', () => {
    expect(read('llama-3-8b q4_k_m llama-server -c 2048 on 1x rtx-3090').s.seq).toBe(2048);
  });
});
