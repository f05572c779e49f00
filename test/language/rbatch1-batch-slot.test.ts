import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The batch slot's evidence (rbatch1, issue 22 item 2; the model is written in
 * docs/reading.md, "The batch slot"). Invented variations in the words people post, after the released
 * lines c835 c1334 c1906 c2384 c2828 (an engine's max_batch_size read as a training micro-batch) and c2192 (a
 * number several words after "batch", across a comma, read as the batch).
 */

describe("an engine's max_batch_size is its cap on sequences in flight (max seqs), never a micro-batch", () => {
  it.each([
    // TensorRT-LLM builds, as the examples' build.py and trtllm-build write them (c1334, c375, c2024).
    ['python build.py --model_dir ./llama-2-7b-hf --dtype float16 --max_batch_size 8 --max_input_len 1024 --max_output_len 512 --use_gpt_attention_plugin float16 on a 4090', 8],
    ['trtllm-build --checkpoint_dir ./ckpt --output_dir ./engine --gemm_plugin float16 --max_batch_size 64 --max_input_len 2048 --max_seq_len 4096  # llama-2-13b, 1x A100', 64],
    // An engine's config.json pasted (c835).
    ['llama-2-70b tp 2 trt engine config:\n{\n  "builder_config": {\n    "max_batch_size": 24,\n    "max_input_len": 2048,\n    "max_output_len": 512,\n    "precision": "float16",\n    "tensor_parallel": 2\n  }\n}', 24],
    // A Truss / YAML build section (c2828).
    ['mixtral-8x7b on 2x A100 with tensorrt-llm\nbuild:\n  max_batch_size: 32\n  max_input_len: 8192\n  max_output_len: 8192\n  tensor_parallel_count: 2', 32],
    // LMDeploy's engine config in Python (c1906, c2384).
    ['pipe = lmdeploy.pipeline("internlm/internlm2-chat-7b", backend_config=TurbomindEngineConfig(tp=2, max_batch_size=100, session_len=4000, cache_max_entry_count=0.5))', 100],
    ['用 TurbomindEngineConfig(max_batch_size=32, session_len=4096, cache_max_entry_count=0.6) 跑 Llama-3.1-8B，两张卡 tp=2', 32],
    ['backend_config = PytorchEngineConfig(tp=1, max_batch_size=16, session_len=8192)\npipe = pipeline("Qwen/Qwen2-7B-Instruct", backend_config=backend_config)', 16],
    // TensorRT-LLM's LLM API and the serve command.
    ['llm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", max_batch_size=48, max_num_tokens=8192) on one H100', 48],
    ['trtllm-serve meta-llama/Llama-3.1-8B-Instruct --max_batch_size 128 --max_num_tokens 8192 --tp_size 1', 128],
    // A build's settings listed in a Korean post.
    ['TensorRT-LLM으로 llama-2-7b 엔진 빌드: --max_batch_size 16 --max_input_len 2048 --max_output_len 1024, A10G 1장', 16],
  ])('%s → max seqs %i', (text, n) => {
    const { scenario } = read(text);
    expect(scenario.microBatch).toBe(1);
    expect(scenario.inference.maxSeqs).toBe(n);
  });

  it.each([
    // Meta's reference script preallocates its cache for that batch: its batch (the corpus convention, c420 c538 c1147).
    ['torchrun --nproc_per_node 1 example_chat_completion.py --ckpt_dir llama-2-7b-chat/ --tokenizer_path tokenizer.model --max_seq_len 512 --max_batch_size 6', 6],
    // DeepSeek's generate.py ModelArgs (c1016).
    ['torchrun --nproc-per-node 1 generate.py --ckpt-path model16 --config configs/config_16B.json --interactive\nModelArgs(max_batch_size=8, max_seq_len=16384, dtype=\'bf16\')', 8],
  ])('a reference script keeps its batch: %s', (text, n) => {
    expect(read(text).scenario.microBatch).toBe(n);
  });
});

describe('a number several words after "batch", across a comma, is no batch', () => {
  it.each([
    // c2192's shape: the batch word, a comma, another noun's count.
    ['qwen2.5-3b grpo: there are 8 prompts in a batch, and each prompt samples 8 responses', 1],
    ['llama-3-8b lora on 1x a100: I keep the same batch, but each sample has 16 images', 1],
    ['mistral-7b qlora on a 4090, one batch, then it evaluates on 500 examples', 1],
    ['Qwen2-7B full fine-tune, zero3, 8x A100: per batch, roughly 12 seconds', 1],
    ['llama-2-13b lora on 2x 3090: the batch is fine, only after 300 steps it OOMs', 1],
    ['qwen2.5-7b 로라 학습, 배치는 그대로, 에폭 3 돌렸는데 OOM', 1],
    // The batch's own words stay: a number beside its keyword.
    ['llama-3-8b lora on 1x a100, batch size 4, seq 2048', 4],
    ['llama-3-8b lora on 1x a100 with a batch of 8', 8],
    ['llama-3-8b lora on 1x a100, batch size is 16 and seq 1024', 16],
    ['llama-3-8b lora on 1x a100, batch size set to 2', 2],
  ])('%s → micro-batch %i', (text, n) => {
    expect(read(text).scenario.microBatch).toBe(n);
  });
});

describe('the batch keyword in other scripts keeps its number', () => {
  it.each([
    ['llama-3-8b 로라, 배치 사이즈는 약 8, A100 1장', 8],
    ['llama-3-8b lora，批大小为8，一张A100', 8],
    ['qwen2-7b 全参微调，zero3，8张A100，批量大小 4', 4],
    ['qwen2-7b 全参微调 zero3 8卡A100 批次大小=2 梯度累积8', 2],
    ['llama-3-8b 로라 학습, 배치 사이즈, 4, A100 1장', 4],
  ])('%s → micro-batch %i', (text, n) => {
    expect(read(text).scenario.microBatch).toBe(n);
  });

  it("a Chinese batch word in a table's description column takes no number from the next row", () => {
    expect(read('qwen2.5-7b lora 批次大小 | int | 512').scenario.microBatch).toBe(1);
  });

  it('a Chinese count after a comma is another phrase', () => {
    expect(read('qwen2.5-7b grpo，一张A100，一个批次里，每个prompt采样8个回答').scenario.microBatch).toBe(1);
  });
});
