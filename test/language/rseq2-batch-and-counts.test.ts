import { describe, expect, it } from 'vitest';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Batch and length settings the reader missed or misread (issue 22, rseq2): a key named in prose with
 * its value after "of" / "which I have set to" / a Chinese set-verb after the default; lmdeploy's
 * --max-batch-size (the scheduler's cap, max seqs); tokens counted beside a rate ("2 tokens at 0.1
 * t/s"); the HF Trainer's printed batch summary; a continuation glued to a cut command's last value.
 */

describe('a batch key named in prose takes the value said with it', () => {
  it('reads "a per_device_train_batch_size of 2" (huggingface/trl#846, c991)', () => {
    const text = "OOM on 7B with 4-bit quantization with 24GB VRAM: I'm using a per_device_train_batch_size of 2, with 4-bit quantised LoRA on reduced target modules and a max seq length of 2048.";
    expect(read(text).scenario.microBatch).toBe(2);
  });

  it.each([
    ['qlora llama-2-7b on 1x 4090 with a per_device_train_batch_size of 4', 4],
    ['qlora llama-2-7b on 1x 4090 using a `micro_batch_size` of 3', 3],
    ['qlora llama-2-7b on 1x 4090, gradient_accumulation_steps of 16 and per_device_train_batch_size of 2', 2],
  ])('reads %s', (text, batch) => {
    expect(read(text).scenario.microBatch).toBe(batch);
  });

  it('says the "of" form as weak, on the first screen', () => {
    expect(readNoticed('qlora llama-2-7b on 1x 4090 with a per_device_train_batch_size of 4').said).toMatch(/per_device_train_batch_size of 4/);
  });

  it('never takes "the default max_seq_length of 3000" silently', () => {
    expect(readNoticed('llama-3-8b lora on 1x 3090, the default max_seq_length of 3000 is too short').said).toMatch(/3000/);
    expect(read('llama-3-8b lora on 1x 3090 with a max_seq_length of 3000').scenario.seq).toBe(3000);
  });

  it('reads "`MICRO_BATCH_SIZE` which I have set to `2`" (tloen/alpaca-lora#28, c164)', () => {
    expect(read('llama 13b lora on 1x 4090. The only thing you need to change is `MICRO_BATCH_SIZE` which I have set to `2`.').scenario.microBatch).toBe(2);
    expect(read('llama 13b lora on 1x 4090: micro_batch_size, which we changed to 3, fits').scenario.microBatch).not.toBe(1);
  });

  it('reads the value asked after the default said in Chinese (PhoebusSi/Alpaca-CoT#48, c1181)', () => {
    const text = '单卡的A100 80GB显卡微调llama-7b-hf，per_gpu_train_batch_size可以设置更高一些吗？\n\nper_gpu_train_batch_size默认是4，可以设置到8吗？';
    expect(read(text).scenario.microBatch).toBe(8);
    expect(read('单卡A100 80GB微调llama-7b，per_device_train_batch_size默认为2，能不能改成6？').scenario.microBatch).toBe(6);
  });

  it('reads a flag whose value is glued to the cut command\'s last continuation (huggingface/transformers#24242, c965)', () => {
    expect(read('lora starcoder on 8x p40\npython finetune.py \\\n  --seq_length 2048\\\n  --batch_size 4\\').scenario.microBatch).toBe(4);
  });
});

describe("lmdeploy's --max-batch-size is the scheduler's cap, not a batch", () => {
  it('reads it as max seqs (zhyncs/lmdeploy-build#2, c1783)', () => {
    const text = 'CUDA_VISIBLE_DEVICES=3,4 lmdeploy serve api_server /home/ma/glm-4-9b-chat-GPTQ-Int4 --backend turbomind --model-format gptq --tp 2 --session-len 16500 --cache-max-entry-count 0.1 --max-batch-size 64';
    const s = read(text).scenario;
    expect(s.inference?.maxSeqs).toBe(64);
    expect(s.microBatch).toBe(1);
  });

  it.each([['--max-batch-size 4'], ['--max-batch-size=4'], ['--max_batch_size 4']])('reads %s beside lmdeploy', (flag) => {
    const s = read(`lmdeploy serve api_server Qwen/Qwen2.5-7B-Instruct --tp 1 ${flag} on 1x 4090`).scenario;
    expect(s.inference?.maxSeqs).toBe(4);
  });
});

describe('tokens counted beside a rate are no length', () => {
  it('sets aside "2 tokens at 0.1 t/s": a decimal point is no clause end (exo-explore/exo#551, c1798)', () => {
    expect(read('Getting 2 tokens at 0.1 t/s on Llama 3.3 70B on 2x 3090').scenario.seq).not.toBe(2);
    expect(read('llama 3.3 70b on 2x 3090: I get 5 tokens at 1.5 tokens/s').scenario.seq).not.toBe(5);
  });

  it('sets aside mlx-lm\'s "Prompt: 10 tokens, 13.931 tokens-per-sec" (ml-explore/mlx-examples#946, c1765)', () => {
    const text = "llama-3-8b 4bit on M1 Ultra\n### 4bit\nPrompt: 10 tokens, 13.931 tokens-per-sec\nGeneration: 100 tokens, 59.524 tokens-per-sec";
    expect(read(text).scenario.seq).not.toBe(10);
    expect(read('llama-3-8b on 1x 4090, Prompt: 12 tokens, 20.5 tokens per sec').scenario.seq).not.toBe(12);
  });

  it('keeps a length said with a rate in another clause', () => {
    expect(read('llama-3-8b on 1x 4090 with prompts of 4096 tokens. I get 30.5 tokens/s').scenario.seq).toBe(4096);
  });
});

describe("the HF Trainer's printed batch summary is the run's batch", () => {
  const summary = (bs: string, total: string, ga: string) =>
    `bloomz-7b1 lora on 8x v100 32gb\n\`\`\`\n***** Running training *****\n  Num examples = 244\n  Num Epochs = 1\n  Instantaneous batch size per device = ${bs}\n  Total train batch size (w. parallel, distributed & accumulation) = ${total}\n  Gradient Accumulation steps = ${ga}\n  Total optimization steps = 1\n\`\`\``;

  it('reads per device 4 and accumulation 12, not the total as accumulation (huggingface/peft#274, c1183)', () => {
    const s = read(summary('4', '384', '12')).scenario;
    expect(s.microBatch).toBe(4);
    expect(s.gradAccum).toBe(12);
  });

  it('reads values with thousands commas', () => {
    const s = read(summary('2', '1,024', '64')).scenario;
    expect(s.microBatch).toBe(2);
    expect(s.gradAccum).toBe(64);
  });
});

describe('an argv written as a list reads each flag with the item after it', () => {
  const k8s = (flags: string) =>
    `Single A100 running nf4 quantized 70b Llama2 with TGI.\n\`\`\`\ncontainers:\n  - name: tgi\n    args:\n      [\n${flags}\n      ]\n\`\`\``;

  it('reads "--max-total-tokens", "4096" as the length (huggingface/text-generation-inference#890, c456)', () => {
    const flags = ['"--model-id",', '"/mnt/pvc/70b-model",', '"--quantize",', '"bitsandbytes-nf4",', '"--max-input-length",', '"3840",', '"--max-total-tokens",', '"4096",', '"--port",', '"80",'].map((l) => `        ${l}`).join('\n');
    expect(read(k8s(flags)).scenario.seq).toBe(4096);
  });

  it.each([
    ['a one-line JSON list', 'llama-3-8b on 1x 4090 with vllm: command: ["--model", "meta-llama/Meta-Llama-3-8B", "--max-model-len", "6000"]', 6000],
    ['single quotes, a Python list', "llama-3-8b on 1x 4090 with vllm: subprocess.run(['vllm', 'serve', '--max-model-len', '5000', '--gpu-memory-utilization', '0.8'])", 5000],
  ])('reads %s', (_, text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });
});

describe('both labels, then both values: "input/output 1024/128"', () => {
  it('reads "Input/output token (1024/128)" as a 1024-token prompt and 128 generated (intel/ipex-llm#11219, c1171)', () => {
    const s = read('Qwen-7B-Chat on 1x 4090: Precision (FP16) + Input/output token (1024/128) can not run due to out of memory.').scenario;
    expect(s.seq).toBe(1152);
    expect(s.inference?.newTokens).toBe(128);
  });

  it.each([
    ['qwen-7b fp16 on 1x 4090 with input/output tokens 2048/512', 2560],
    ['qwen-7b fp16 on 1x 4090, input/output tokens: 2048/512', 2560],
    ['qwen-7b fp16 on 1x 4090, Input/Output length = 2k/512', 2560],
    ['qwen-7b fp16 单卡4090 输入/输出长度 1024/128', 1152],
  ])('reads %s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });
});

describe('one key set twice in one sentence, a clause between, is two runs', () => {
  it('reads the failing micro_batch_size=2, not the one "reducing to … works" (axolotl-ai-cloud/axolotl#814, c398)', () => {
    const text = 'Fine tuning Mistral 7B LoRA (load_in_8bit = True, sequence_len=4096, micro_batch_size=2) goes OOM, reducing to micro_batch_size=1 works. On A100 80G.';
    expect(read(text).scenario.microBatch).toBe(2);
    expect(read('mistral 7b lora on 1x a100 80g: per_device_train_batch_size=4 runs out of memory, but per_device_train_batch_size=2 works fine').scenario.microBatch).toBe(4);
  });

  it('keeps the last value of a key repeated on a command line', () => {
    expect(read('mistral 7b lora on 1x a100 80g: train.py --micro_batch_size 2 --lr 1e-4 --micro_batch_size 4').scenario.microBatch).toBe(4);
  });
});
