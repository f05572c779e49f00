import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';

describe('DeepSpeed ZeRO-3 buffers (runtime/zero/stage3.py, partitioned_param_coordinator.py)', () => {
  it('allocates the contiguous gradient bucket of reduce_bucket_size 5e8 at start-up, on one GPU and under LoRA too', () => {
    const fp32 = estimateOf('bloomz-7b1 lora r8 q,k,v fp32 deepspeed zero3 offload optimizer offload params bs 8 seq 64 eager on a100-80g');
    expect(part(fp32, 'zero3-bucket')).toBe(5e8 * 4);
    const bf16 = estimateOf('llama-2-7b lora deepspeed zero3 on 2xa100-80g');
    expect(part(bf16, 'zero3-bucket')).toBe(5e8 * 2);
    // It is alive in every phase of the step, the forward peak included.
    expect(fp32.phases.filter((p) => p.phase !== 'load').every((p) => p.parts.some((x) => x.key === 'zero3-bucket'))).toBe(true);
  });

  it('sizes it hidden² when the config says "auto" (LLaMA-Factory ds_z3_config.json), and not under ZeRO-2 or FSDP', () => {
    expect(part(estimateOf('llama-3-8b full llama-factory on 8xa100-80g'), 'zero3-bucket')).toBe(4096 ** 2 * 2);
    expect(part(estimateOf('llama-2-7b full deepspeed zero2 on 8xa100-80g'), 'zero3-bucket')).toBe(0);
    expect(part(estimateOf('llama-2-7b full fsdp on 8xa100-80g'), 'zero3-bucket')).toBe(0);
  });

  it('keeps a parameter larger than stage3_max_live_parameters whole: the 1.03 B tied BLOOM embedding', () => {
    const e = estimateOf('bloomz-7b1 lora r8 q,k,v fp32 deepspeed zero3 offload optimizer offload params bs 8 seq 64 eager on a100-80g');
    expect(part(e, 'gathered')).toBe(250880 * 4096 * 4);
  });
});
