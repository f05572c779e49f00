import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread, respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { MS_SWIFT_GC_NOTE, runsMsSwift } from '../../src/scenario/ms-swift-preset.js';

/**
 * ms-swift trains with gradient checkpointing on unless told otherwise: 3.x overrides
 * Seq2SeqTrainingArguments with `gradient_checkpointing: bool = True` (swift/llm/argument/train_args.py,
 * inherited by RLHFArguments), 2.x sets it from the model's support_gradient_checkpointing (True by
 * default; swift/llm/utils/argument.py). Issue 23 (vt): the request read "ms-swift" as the Hugging Face
 * Trainer's preset, whose default is off.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

const LORA = 'qwen2.5-7b lora seq 4096 bs 2 on 1x a100-40g';

describe("ms-swift's gradient checkpointing default", () => {
  it.each(['ms-swift', 'swift sft', 'with ms-swift'])('%j: LoRA on Qwen2.5-7B checkpoints, said with its source, as "gc" said would', (word) => {
    const r = reply(`${LORA} ${word}`);
    expect(r.scenario.recompute).toBe('full');
    expect(r.assumptions.join(' | ')).toContain(MS_SWIFT_GC_NOTE);
    expect(r.estimate.deviceBytes).toBe(reply(`${LORA} hf gc`).estimate.deviceBytes);
  });

  it('"no gc" said beside ms-swift (--gradient_checkpointing false) is kept, and estimates as the Trainer without it', () => {
    const r = reply(`${LORA} ms-swift no gc`);
    expect(r.scenario.recompute).toBe('none');
    expect(r.estimate.deviceBytes).toBe(reply(`${LORA} hf`).estimate.deviceBytes);
  });

  it("ms-swift's GRPO (swift rlhf --rlhf_type grpo) keeps the GRPO preset and checkpoints", () => {
    const r = reply('qwen2.5-7b grpo lora r12 all-linear bf16 zero3 bs 8 seq 2048 ms-swift on 3x a100-80g');
    expect(r.scenario.framework).toBe('grpo');
    expect(r.scenario.recompute).toBe('full');
    expect(r.assumptions.join(' | ')).toContain(MS_SWIFT_GC_NOTE);
  });

  it('the Trainer and TRL named without ms-swift keep their default, off', () => {
    for (const word of ['hf', 'trl', 'transformers']) expect(reply(`${LORA} ${word}`).scenario.recompute, word).toBe('none');
    for (const w of ['ms-swift', 'ms swift', 'swift sft', 'swift rlhf', 'swift/cli/sft.py']) expect(runsMsSwift([w]), w).toBe(true);
    for (const w of ['swift', 'swiftly', 'hf trainer', 'swift infer']) expect(runsMsSwift([w]), w).toBe(false);
  });

  it('ms-swift named never estimates above the same run through the Trainer (property: its default only adds checkpointing)', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-3-8b', 'qwen2.5-7b', 'mistral-7b'), fc.constantFrom('lora', 'full'), fc.constantFrom(512, 2048, 8192), (model, method, seq) => {
        const swift = reply(`${model} ${method} ms-swift seq ${seq} on 1x a100-80g`);
        const hf = reply(`${model} ${method} hf seq ${seq} on 1x a100-80g`);
        expect(swift.estimate.deviceBytes).toBeLessThanOrEqual(hf.estimate.deviceBytes);
      }),
      { numRuns: 18 },
    );
  });

  it("a swift command in a thread's follow-up brings the default: the title first, then the command (modelscope/ms-swift#1859, c483)", () => {
    const opened = readInThread('Qwen2-VL-7B的微调out of memory', null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('the title opens no thread');
    const next = readInThread('CUDA_VISIBLE_DEVICES=3,4 NPROC_PER_NODE=2 swift sft \\\n  --model_type qwen2-vl-7b-instruct \\\n  --sft_type lora', { scenario: opened.scenario, history: [] }).outcome;
    expect(next.ok && next.scenario?.recompute).toBe('full');
  });

  it('a thread that named its trainer keeps it when the swift command follows ("grpo训练32b模型OOM", c507)', () => {
    const opened = readInThread('grpo训练qwen2.5-32b模型OOM on 8x h20', null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('the title opens no thread');
    const next = readInThread('NPROC_PER_NODE=8 swift rlhf \\\n    --rlhf_type grpo', { scenario: opened.scenario, history: [] }).outcome;
    expect(next.ok && next.scenario?.framework).toBe('grpo');
  });

  it('`swift pt` (pre-training, full by default) checkpoints as well (c247)', () => {
    expect(runsMsSwift(['swift pt'])).toBe(true);
    expect(reply('qwen3-8b pretrain bf16 bs 1 seq 3000 on 1x h20 swift pt').scenario.recompute).toBe('full');
  });
});
