import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22 (rprec2): misreadings of the precision recipe, the optimizer and recompute, by class.
 * Each class: the corpus line it was drawn from, then invented variations (spacing, order, notation, language).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("an optimizer's name inside a run's name is no optimizer (read-tokens/compounds.ts optimizerInName)", () => {
  it("c587 (CoLLiE's printed DeepSpeed config, 'tag': 'sophia_alpaca'): AdamW, not Sophia", () => {
    expect(read(line('c587').text).scenario.optimizer).toBe('adamw');
  });

  it.each([
    ["{'tag': 'sophia_alpaca', 'fp16': {'enabled': True}} llama-2-7b lora on an a100"],
    ['llama-2-7b lora on 1x a100, run name lion_experiment3'],
    ['full fine-tune llama-2-7b on 8x a100, job_name: my-adafactor-test'],
    ['llama-2-7b lora, output_dir ./sgd_baseline_runs, on a 4090'],
  ])('%s: the default optimizer', (text) => {
    expect(read(text).scenario.optimizer).toBe('adamw');
  });

  it.each([
    ['llama-2-7b lora on a 4090, optim adamw_torch_fused', 'adamw'],
    ['llama-2-7b lora on a 4090 with paged_adamw_8bit', 'paged-adamw-8bit'],
    ['llama-2-7b lora on a 4090, optim=adamw_bnb_8bit', 'adamw-8bit'],
    ['llama-2-7b full fine-tune on 8x a100 with adafactor', 'adafactor'],
    ['llama-2-7b full fine-tune on 8x a100 with the lion optimizer', 'lion'],
  ])('%s: an optimizer spelled with its own parts stays (%s)', (text, optimizer) => {
    expect(read(text).scenario.optimizer).toBe(optimizer);
  });
});

describe('DeepSpeed\'s "Adam" is AdamW unless adam_w_mode is false (config-keys/frameworks/deepspeed.ts)', () => {
  it('c847: {"optimizer": {"type": "Adam"}} reads AdamW', () => {
    expect(read(line('c847').text).scenario.optimizer).toBe('adamw');
  });

  const ds = (type: string, extra = '') => `chatglm-6b lora on 4x 3090, zero3\n{"optimizer": {"type": "${type}", "params": {"lr": 1e-5${extra}}}, "zero_optimization": {"stage": 3}}`;
  it.each([['Adam'], ['adam'], ['AdamW']])('type %s: AdamW', (type) => {
    expect(read(ds(type)).scenario.optimizer).toBe('adamw');
  });
  it('adam_w_mode false: plain Adam', () => {
    expect(read(ds('Adam', ', "adam_w_mode": false')).scenario.optimizer).toBe('adam');
  });
  it('a "type" outside the optimizer block names no optimizer', () => {
    expect(read('chatglm-6b lora on 4x 3090\n{"scheduler": {"type": "WarmupLR"}, "optimizer": {"type": "Lion"}, "zero_optimization": {"stage": 2}}').scenario.optimizer).toBe('lion');
  });
});

describe("a script's argument dataclass defaults are its settings (dataclass-defaults.ts)", () => {
  it('c705 (TRL sft_llama2.py ScriptArguments): batch 1, accumulation 8, no checkpointing', () => {
    const s = read(line('c705').text).scenario;
    expect(s.recompute).toBe('none');
    expect(s.gradAccum).toBe(8);
    expect(s.microBatch).toBe(1);
  });

  const script = (lines: string[]) => `phi-1.5 qlora on 4x 2080ti 11gb\n\`\`\`python\n${lines.join('\n')}\n\`\`\``;
  it.each([
    ['spaced, Optional', ['    gradient_checkpointing: Optional[bool] = field(default=True, metadata={"help": "use gc"})'], 'full'],
    ['plain bool, no metadata', ['    gradient_checkpointing: bool = field(default=False)'], 'none'],
    ['dataclasses.field', ['    gradient_checkpointing: bool = dataclasses.field(default=False, metadata={"help": "x"})'], 'none'],
  ])('%s', (_name, lines, recompute) => {
    expect(read(script(lines)).scenario.recompute).toBe(recompute);
  });

  it('the accumulation default, among other fields', () => {
    const s = read(script([
      '    per_device_train_batch_size: Optional[int] = field(default=4, metadata={"help": "The batch size per GPU."})',
      '    gradient_accumulation_steps: Optional[int] = field(default=2, metadata={"help": "steps"})',
      '    model_name: Optional[str] = field(default=None, metadata={"help": "the model name"})',
    ])).scenario;
    expect(s.microBatch).toBe(4);
    expect(s.gradAccum).toBe(2);
  });
});

describe('an empty YAML `deepspeed:` is no DeepSpeed config (config-keys/read.ts)', () => {
  it("c1380 (axolotl's lora-fsdp-70b.yaml, `deepspeed:` empty): axolotl's bf16 is pure bf16", () => {
    expect(read(line('c1380').text).scenario.recipe).toBe('pure');
  });

  const axolotl = (ds: string) => `axolotl on 8x a100-80g\n\`\`\`yaml\nbase_model: meta-llama/Meta-Llama-3-8B\nadapter: lora\nsequence_len: 512\nsample_packing: false\nbf16: true\n${ds}\nweight_decay: 0.0\n\`\`\``;
  it.each([
    ['empty, then another key', 'deepspeed:'],
    ['empty with trailing spaces', 'deepspeed:   '],
  ])('%s: pure bf16', (_name, ds) => {
    expect(read(axolotl(ds)).scenario.recipe).toBe('pure');
  });
  it('a config file named: DeepSpeed\'s bf16 (mixed)', () => {
    expect(read(axolotl('deepspeed: deepspeed_configs/zero2.json')).scenario.recipe).toBe('mixed');
  });
});

describe('two 16-bit dtypes named as rivals are tried, not the run (reconcile/tried-alternatives.ts)', () => {
  it.each([
    ['llama-2-13b full fine-tune on 8x a100-80g, tried fp16 and bf16, both OOM'],
    ['llama-2-13b full fine-tune on 8x a100-80g. bf16 / fp16 both OOM'],
    ['8卡a100 80g 全参微调llama-2-13b，fp16或bf16都OOM'],
  ])('%s: no dtype read, both said', (text) => {
    const r = read(text);
    expect(r.said).toMatch(/named together \(tried or weighed\)|both tried, neither read/);
  });
  it('one dtype with its recipe is one run', () => {
    expect(read('llama-2-13b full fine-tune on 8x a100-80g, bf16 mixed precision').scenario.compute).toBe('bf16');
    expect(read('llama-2-13b full fine-tune on 8x a100-80g with fp16').scenario.compute).toBe('fp16');
  });
});

describe('checkpointing the user fails to turn on, or asks how to, is not on (reconcile/failed-switch.ts)', () => {
  it('c887 (TRL PPO): "Implementing the suggestion of gradient checkpointing throws an AttributeError" — no recompute', () => {
    expect(read(line('c887').text).scenario.recompute).toBe('none');
  });

  it.each([
    ['llama-2-7b full fine-tune on 1x a100-40g OOM. Enabling gradient checkpointing raises a ValueError.'],
    ['llama-2-7b full fine-tune on 1x a100-40g OOM. gradient checkpointing gives me an error'],
    ['llama-2-7b full fine-tune on 1x a100-40g runs out of memory; how do I enable gradient checkpointing?'],
    ['llama-2-7b 全参微调 单卡a100 40g 爆显存，怎么开启gradient checkpointing'],
  ])('%s: no recompute', (text) => {
    expect(read(text).scenario.recompute).toBe('none');
  });

  it.each([
    ['llama-2-7b full fine-tune on 1x a100-40g with gradient checkpointing throws an OutOfMemoryError'],
    ['llama-2-7b full fine-tune on 1x a100-40g, gradient checkpointing on, still OOM'],
  ])('%s: checkpointing stays', (text) => {
    expect(read(text).scenario.recompute).toBe('full');
  });
});

describe("ms-swift's torch_dtype: pure for a full fine-tune without DeepSpeed, mixed otherwise (config-keys/precision.ts)", () => {
  it('c776 (swift sft --train_type full --torch_dtype bfloat16, no DeepSpeed): pure bf16', () => {
    expect(read(line('c776').text).scenario.recipe).toBe('pure');
  });

  const swift = (flags: string) => `swift sft --model Qwen/Qwen2.5-7B-Instruct ${flags} --per_device_train_batch_size 1 on 2x a100-80g`;
  it.each([
    ['--train_type full --torch_dtype bfloat16', 'pure'],
    ['--torch_dtype bfloat16 --train_type full', 'pure'],
    ['--sft_type full --dtype bf16 --torch_dtype bfloat16', 'pure'],
    ['--train_type full --torch_dtype bfloat16 --deepspeed zero2', 'mixed'],
    ['--train_type lora --torch_dtype bfloat16', 'mixed'],
  ])('%s: %s', (flags, recipe) => {
    expect(read(swift(flags)).scenario.recipe).toBe(recipe);
  });
});

describe('"fp8" beside fp8 weights and a 16-bit --dtype names the weights (reconcile/fp8-weights-word.ts)', () => {
  it('c1125 (fp8精度 over --quantization fp8 --dtype=float16): fp16 compute, fp8 weights', () => {
    const s = read(line('c1125').text).scenario;
    expect(s.compute).toBe('fp16');
    expect(s.weights).toBe('fp8');
  });

  it.each([
    ['serve qwen2.5-14b in fp8 on 1x l40s: vllm serve Qwen/Qwen2.5-14B --quantization fp8 --dtype bfloat16', 'bf16'],
    ['vllm serve Qwen/Qwen2.5-14B --dtype half --quantization fp8 on 1x l40s, FP8 precision OOM', 'fp16'],
    ['单卡l40s 部署qwen2.5-14b fp8 精度 OOM: vllm serve Qwen/Qwen2.5-14B --quantization=fp8 --dtype=float16', 'fp16'],
  ])('%s: %s compute, fp8 weights', (text, compute) => {
    const s = read(text).scenario;
    expect(s.compute).toBe(compute);
    expect(s.weights).toBe('fp8');
  });
});

describe('LOMO is a plain SGD update with no optimizer state (vocabulary.ts)', () => {
  it('c1352 ("run a 65B llama with LOMO"): sgd', () => {
    expect(read(line('c1352').text).scenario.optimizer).toBe('sgd');
  });
  it.each([
    ['full fine-tune llama-65b with LOMO on 8x rtx-3090'],
    ['llama-7b 全参微调 用lomo 单卡3090'],
    ['Llama-2-13B full training, optimizer: lomo, on 2x a100-80g'],
  ])('%s: sgd', (text) => {
    expect(read(text).scenario.optimizer).toBe('sgd');
  });
  it('LoRA stays LoRA beside it', () => {
    expect(read('llama-7b lora r8 on a 3090').scenario.mode).toBe('lora');
  });
});
