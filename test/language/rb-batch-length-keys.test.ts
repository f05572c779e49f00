import { describe, expect, it } from 'vitest';
import { loadCorpus, loadWithdrawn } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Issue 22, reader helper rb (2026-12-03): the batch, accumulation, length and checkpointing a
 * program's own keys state. Each key below was lost (set aside as unknown, or as a key with no
 * memory effect) although its name says what it sets.
 */

// Withdrawn lines (a thread serves one corpus) keep their words for the rules pinned to them.
const line = (id: string) => [...loadCorpus(), ...loadWithdrawn()].find((l) => l.id === id)!;

describe("a global batch and micro-batch named in a trainer's own keys", () => {
  it('c886 (NVIDIA-NeMo/RL#362): policy.train_global_batch_size=256 over 8 GPUs is accumulation 32', () => {
    const s = read(line('c886').text).scenario;
    expect(s.microBatch).toBe(1);
    expect(s.gradAccum).toBe(32);
  });

  it.each([
    // NVIDIA-NeMo/RL#903's overrides, as written there.
    ["qwen2.5-1.5b sft on 8x h100\nf'++policy.train_global_batch_size=1024 '\nf'++policy.max_total_sequence_length=32768'\nf'++policy.train_micro_batch_size=1", 1, 128, 32768],
    // NVIDIA-NeMo/RL#366's command, with a card.
    ['llama-3.1-8b sft on 8x h100: uv run examples/run_sft.py cluster.num_nodes=1 policy.train_micro_batch_size=8 policy.train_global_batch_size=512', 8, 8, null],
    // Invented: YAML under policy:, another order.
    ['llama-3.1-8b dpo on 4x a100-80g\npolicy:\n  max_total_sequence_length: 4096\n  train_micro_batch_size: 2\n  train_global_batch_size: 64\n', 2, 8, 4096],
  ])('%s', (text, mbs, ga, seq) => {
    const s = read(text).scenario;
    expect(s.microBatch).toBe(mbs);
    expect(s.gradAccum).toBe(ga);
    if (seq !== null) expect(s.seq).toBe(seq);
  });
});

describe("MAE-style main_finetune.py scripts: --accum_iter and --checkpointing", () => {
  it('c891 (Alpha-VLLM/LLaMA2-Accessory#26): accumulation 2 and activation checkpointing', () => {
    const s = read(line('c891').text).scenario;
    expect(s.gradAccum).toBe(2);
    expect(s.recompute).toBe('full');
  });

  it.each([
    // Alpha-VLLM/LLaMA2-Accessory#65's pretraining script, with a model and card.
    ['llama-2-7b pretrain on 8x a100-80g\ntorchrun --nproc_per_node=2 main_pretrain.py --batch_size 1 --accum_iter 4 --num_workers 4 --max_words 2048 --model_parallel_size 2 --checkpointing', 4, 'full'],
    // Invented: no checkpointing, accumulation written with "=".
    ['llama-2-13b finetune on 2x a100-80g: main_finetune.py --batch_size=2 --accum_iter=8 --max_words 1024', 8, 'none'],
  ])('%s', (text, ga, recompute) => {
    const s = read(text).scenario;
    expect(s.gradAccum).toBe(ga);
    expect(s.recompute).toBe(recompute);
  });

  it('a checkpointing block that saves the model (NeMo-RL checkpointing.enabled=false) is no recompute', () => {
    const s = read('llama-3.1-8b sft on 8x h100 policy.train_micro_batch_size=1 checkpointing.enabled=false').scenario;
    expect(s.recompute).toBe('none');
  });
});

describe('block_size beside a training run is its sequence; a server\'s block size is a KV page', () => {
  it('c944 (onlybooks/llm#12): AutoTrain --block-size 1024', () => {
    expect(read(line('c944').text).scenario.seq).toBe(1024);
  });

  it.each([
    // transformers' run_clm.py, as its README writes it.
    ['gpt2-large full fine-tune on 1x a100-40g: python run_clm.py --model_name_or_path gpt2-large --per_device_train_batch_size 2 --block_size 512 --do_train', 512],
    // nanoGPT's config file style.
    ['gpt2-medium pretrain on 1x rtx-4090\nbatch_size = 12\nblock_size = 1024\ngradient_accumulation_steps = 40\nlearning_rate = 6e-4', 1024],
    // Invented: YAML, Korean prose around it.
    ['llama-2-7b lora 학습, rtx 3090 한 장\nblock_size: 2048\nlr: 2e-4\nepochs: 3', 2048],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it.each([
    // vLLM's KV block size (corpus c011's words) and its log line (c865).
    'qwen2.5-7b serve with vllm, context length 8K, block_size: 16',
    'llama-2-13b vllm serve --tensor-parallel-size 4 engine_args.block_size: 16',
  ])('%s', (text) => {
    expect(read(text).scenario.seq).not.toBe(16);
  });
});

describe('checkpointing and offload said of a run the user is able to do are not the failing run\'s', () => {
  it('c904 (huggingface/accelerate#3647): the torchtune run that trains "without any problems" holds the checkpointing and offload', () => {
    const s = read(line('c904').text).scenario;
    expect(s.recompute).toBe('none');
    expect(s.offload.optimizer).toBe('none');
    expect(s.seq).toBe(20 * 1024);
  });

  it.each([
    // Invented: the same shape, other words and order.
    "llama-3-8b full fine-tune with fsdp on 2x a100-80g, seq 8192, OOMs at the first step. With deepspeed I'm able to train it without problems using gradient checkpointing and cpu offload.",
    'mistral-7b full finetune on 4x a6000 runs out of memory. I was able to train the same model on the same cards with activation checkpointing + cpu offload, no issues.',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect(s.recompute).toBe('none');
    expect(s.offload.optimizer).toBe('none');
  });

  it('checkpointing said of the failing run itself stays', () => {
    expect(read('llama-3-8b full fine-tune on 2x a100-80g with gradient checkpointing OOMs; I am able to run inference without problems').scenario.recompute).toBe('full');
  });
});

describe('a length the run fails beyond is a limit; the length the user needs is the run\'s', () => {
  it('c888 (huggingface/trl#1268): "OOM if seq length is larger than 1024 … I need at least 2048"', () => {
    const { s, said } = readNoticed(line('c888').text);
    expect(s.seq).toBe(2048);
    expect(said).toMatch(/"1024" read as the length your run fails beyond/);
  });

  it.each([
    ['llama-2-13b lora on 2x a100-40g: it runs out of memory when the context length goes beyond 4k, we need 8k', 8192],
    ['qwen2-7b full fine-tune on 8x a100, OOM once max seq len is over 4096 tokens; I really need 6144 tokens', 6144],
    ['qwen2-7b lora 单卡a100，序列长度超过2048就OOM，我需要至少4096', 4096],
  ])('%s', (text, seq) => {
    expect(readNoticed(text).s.seq).toBe(seq);
  });

  it('a limit with no length needed after it is left as it was read', () => {
    expect(readNoticed('llama-2-70b gptq on 2x 3090, it does not work when I increase the context length beyond 2048 tokens').s.seq).not.toBe(4096);
  });
});

describe('a number of tokens a memory figure is worked out for is no length of the run', () => {
  it('c910 (huggingface/text-generation-inference#1769): "2.5G for 10k tokens" beside --max-total-tokens 11000', () => {
    expect(read(line('c910').text).scenario.seq).toBe(11000);
  });

  it.each([
    // vllm-project/vllm#51041's title words, with the served length in a flag.
    ['deepseek-v2-lite vllm serve --max-model-len 32768 on 2x h20: KV cache holds only 150K tokens in 7.7 GiB', 32768],
    // Invented: another order and unit.
    ['llama-3-8b on tgi, --max-total-tokens 8192 on 1x a10g; by my math 8k tokens take 1 GB of kv', 8192],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a length said with its noun still sets the run', () => {
    expect(read('llama-3-8b inference on 1x a10g with a context length of 16k').scenario.seq).toBe(16384);
  });
});

describe('a setting given other values in separate snippets of one message is said as weak', () => {
  it('c940 (Shenzhi-Wang/Llama3-Chinese-Chat#6): accumulation 2 in the command, 8 under "我这边参数是"', () => {
    const { s, said } = readNoticed(line('c940').text);
    expect(s.gradAccum).toBe(8);
    expect(said).toMatch(/grad accum 8 — from "--gradient_accumulation_steps 8"\?/);
  });

  it.each([
    // Invented: English, YAML then a command.
    'llama-3-8b full fine-tune on 8x a100-40g\ngradient_accumulation_steps: 4\nper_device_train_batch_size: 1\nmy own run uses these instead:\n--gradient_accumulation_steps 16',
    'qwen2-7b lora on 1x 4090\n--gradient_accumulation_steps 2 \\\n--cutoff_len 2048\n他们的配置是\n--gradient_accumulation_steps 8',
  ])('%s', (text) => {
    expect(readNoticed(text).said).toMatch(/grad accum \d+ — from/);
  });

  it('one command repeating a flag keeps its last value without a doubt (c944: --lora-r 16 … --lora-r 8)', () => {
    const { s, said } = readNoticed('llama-2-7b lora on 1x a10g\nautotrain llm --train \\\n--gradient-accumulation 2 \\\n--lora-r 16 \\\n--gradient-accumulation 4 \\\n--lora-r 8');
    expect(s.gradAccum).toBe(4);
    expect(said).not.toMatch(/grad accum 4 — from/);
  });
});

describe('accumulation under the names other training scripts give it', () => {
  it.each([
    ['c377', 4],
    ['c384', 8],
  ])('%s (ColossalAI Coati train_sft.py --accimulation_steps, sic)', (id, ga) => {
    expect(read(line(id).text).scenario.gradAccum).toBe(ga);
  });

  it.each([
    // young-geng/EasyLM#36's flag, with a model and card.
    ['llama-7b full fine-tune on 1x a100-80g: python3 -m EasyLM.models.llama.llama_train --optimizer.accumulate_gradient_steps=2 --fsdp=True', 2],
    // zd11024/NaviLLM#6's words.
    ['llama-7b full fine-tune on 8x rtx-3090: the parameter "--batch_size" is 1 and --gradient_accumulation_step 8', 8],
    // Invented: ColossalChat's later spelling in YAML.
    ['llama-2-7b sft on 4x a100-40g\nbatch_size: 2\naccumulation_steps: 16\n', 16],
  ])('%s', (text, ga) => {
    expect(read(text).scenario.gradAccum).toBe(ga);
  });
});

describe('sequence parallelism said with no tensor parallelism and no degree', () => {
  it('c872 (princeton-nlp/ProLong#16): no Megatron SP, no split, said in a note', () => {
    const { s, said } = readNoticed(line('c872').text);
    expect(s.parallel.sp).toBe(false);
    expect(s.parallel.cp).toBe(1);
    expect(said + read(line('c872').text).said).toMatch(/with no tensor parallelism: read as each sequence split over the GPUs/);
  });

  it.each([
    // Invented: other words and order.
    'llama-3-8b full fine-tune at 128k context on 8x h100 using sequence parallel, OOM',
    'qwen2-7b 长文本训练 8卡 a100，开了sequence parallelism 还是 OOM',
  ])('%s', (text) => {
    expect(read(text).scenario.parallel.sp).toBe(false);
  });

  it.each([
    // SP beside TP is Megatron's; a degree given is the split (c758's sequence_parallel_size=4).
    ['llama-2-70b pretrain megatron tp 8 with sequence parallelism on 8x h100', true, 1],
    ['qwen2-72b qlora zero3 on 8x a100-80g, sequence_parallel_size=4', false, 4],
  ])('%s', (text, sp, cp) => {
    const s = read(text).scenario;
    expect(s.parallel.sp).toBe(sp);
    expect(s.parallel.cp).toBe(cp);
  });
});
