import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a count derived from other numbers is said with where it came from. A launcher
 * starts processes, not cards: its count beside another count of cards the thread gave is weak;
 * accumulation steps worked out from a global batch are said with the sum.
 */

function inThread(opening: string, reply: string) {
  const opened = readInThread(opening, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error(`opening not read: ${opening}`);
  const r = readInThread(reply, { scenario: opened.scenario, history: [] }).outcome;
  if (!r.ok || !r.scenario) throw new Error(`reply not read: ${reply}`);
  return r;
}

describe("a launcher's process count against the thread's cards", () => {
  it.each([
    // c390 (hiyouga/LlamaFactory#740): the title's 4*A100, the reply's torchrun with 3 processes.
    ['4*A100 (80G) 做baichuan-13B的全参微调报OOM', 'torchrun --nproc_per_node=3 src/train_bash.py --model_name_or_path baichuan-13b-chat --finetuning_type full --fp16', 3, 4],
    ['full finetune llama-3-8b on 8x H100', 'accelerate launch --num_processes 6 train.py --bf16', 6, 8],
    ['Qwen2.5-14B lora OOM on 2 nodes of 8x A800', 'deepspeed --num_gpus 4 train.py --lora_r 16', 4, 16],
  ])('%j then a launcher: weak, with the thread’s count to say', (opening, reply, count, before) => {
    const r = inThread(opening, reply);
    expect(r.scenario!.hardware?.count).toBe(count);
    expect(r.trace?.find((f) => f.fact === 'gpus' && f.at !== null)?.weak).toBe(true);
    expect(r.notices[0]).toMatch(new RegExp(`^${count} GPUs — from ".*"\\? say "on ${before} GPUs" if the run uses them all$`));
  });

  it('the same count as the thread is no doubt', () => {
    const r = inThread('full finetune llama-3-8b on 8x H100', 'accelerate launch --num_processes 8 train.py --bf16');
    expect(r.trace?.find((f) => f.fact === 'gpus' && f.at !== null)?.weak).toBe(false);
  });
});

describe('accumulation steps from a global batch', () => {
  it.each([
    ['llama-3-8b full zero2 gbs 128 bs 2 on 8x h100', 8, 8],
    ['llama-3-8b full zero2 gbs 64 bs 4 on 2x h100', 8, 2],
    ['llama-3-8b full zero2 --train_batch_size 128 --micro_train_batch_size 2 on 8x h100', 8, 8],
  ])('%j says the sum', (text, ga, replicas) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.gradAccum).toBe(ga);
    expect(r.assumptions.join(' | ')).toMatch(new RegExp(`gradient accumulation ${ga} from global batch \\d+ ÷ \\(micro-batch \\d+ × ${replicas} data-parallel replicas\\)`));
  });

  it('a stated accumulation is not said again', () => {
    const r = resolveRequest('llama-3-8b full zero2 gbs 128 bs 2 ga 8 on 8x h100', null);
    expect(r.ok && r.assumptions.join(' | ')).not.toMatch(/from global batch/);
  });
});
