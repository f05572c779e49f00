import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * modelscope/ms-swift#5615 (c905): "在4卡4090使用deepspeed zero3 可以在llamafactiry上正常微调…" (with ZeRO-3 it
 * fine-tunes normally in LLaMA-Factory, only slowly) is the user's run that works (正常微调, as 正常运行), so its
 * ZeRO-3 is not the Megatron run asked about; and that run's `--sequence_parallel true` beside expert parallel
 * only does nothing: Megatron turns sequence parallelism off at tensor parallel 1.
 */
const SWIFT_5615 = `请问megatron swift可以在4090上做 Qwen3-30B-A3B 的lora sft微调么

在4卡4090使用deepspeed zero3 可以在llamafactiry上正常微调Qwen3-30B-A3B，就是速度非常慢，要20个小时。 刚开始使用你们的megatron-swift，但是一直报OOM，没法拉起来。
\`\`\`sh
NPROC_PER_NODE=4 \\
megatron sft \\
    --train_type lora \\
    --lora_rank 8 \\
    --expert_model_parallel_size 2 \\
    --micro_batch_size 1 \\
    --max_length 3000 \\
    --sequence_parallel true \\
\`\`\``;

describe("a working run's ZeRO stage, and sequence parallel at tp 1", () => {
  it('ms-swift#5615: not ZeRO-3, and no sequence parallel at tp 1', () => {
    const r = read(SWIFT_5615);
    expect(r.scenario.sharding).not.toMatchObject({ kind: 'zero', stage: 3 });
    expect(r.scenario.parallel.sp).toBe(false);
    expect(r.said).toMatch(/sequence parallel not applied: it needs tensor parallel above 1/);
  });

  it('sequence parallel with tp 2 stays on (invented)', () => {
    expect(read(SWIFT_5615.replace('--expert_model_parallel_size 2', '--tensor_model_parallel_size 2')).scenario.parallel.sp).toBe(true);
  });
});
