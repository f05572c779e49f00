import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a run read as inference whose message sets a training-only setting
 * (accumulation, checkpointing, an optimizer, a global batch) rests on words the settings
 * contradict: the method is weak, said with the setting and the word that switches it.
 */

const methodNotice = (notices: string[]) => notices.find((n) => n.startsWith('method inference'));

// c337 (huggingface/trl#2971): a GRPO run whose rollouts vLLM generates.
const C337_THREAD = 'GRPO:It takes the majority of time in generation using vllm';
const C337 = `My model is 13b,and 8*A800,80GB,key settings are:

> num_processes: 7
bf16: true
use_vllm: true
vllm_device: auto
vllm_gpu_memory_utilization: 0.55
do_eval: false
gradient_accumulation_steps: 4
gradient_checkpointing: true
gradient_checkpointing_kwargs:
  use_reentrant: false
num_generations: 7
num_train_epochs: 1
per_device_eval_batch_size: 1
per_device_train_batch_size: 1

In training step,it takes about 7 min per step,and the time generating complements are 4 min, I want to increase \`vllm_gpu_memory_utilization\` ,but it OOM when \`num_generations=7\`,how to make it quicklier?`;

describe('inference beside a training-only setting', () => {
  it('c337, in its thread: a GRPO run whose rollouts vLLM generates trains, with no inference notice', () => {
    const opened = readInThread(C337_THREAD, null).outcome;
    const r = readInThread(C337, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    if (!r.ok || !r.scenario) throw new Error('not read');
    // Clause ownership reads use_vllm as the rollouts of a training run (reconcile/owners.ts):
    // the run trains, so there is no inference beside a training setting left to say.
    expect(r.scenario.mode).not.toBe('inference');
    expect(methodNotice(r.notices)).toBeUndefined();
  });

  it.each([
    ['serve llama-3-8b on a 4090 with gradient checkpointing', 'gradient checkpointing'],
    ['generation with vllm for qwen2.5-7b on 2x a100, gradient_accumulation_steps: 8', 'gradient_accumulation_steps: 8'],
    ['vllm inference qwen2.5-7b on an a100 --optim adamw_8bit', '--optim adamw_8bit'],
  ])('%j is weak, naming %j', (text, setting) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.mode).toBe('inference');
    expect(methodNotice(r.notices)).toContain(`"${setting}" is a training setting`);
  });

  it('inference with no training setting is not said', () => {
    const r = resolveRequest('serve llama-3-8b on a 4090 with vllm, max-model-len 8192', null);
    expect(r.ok && methodNotice(r.notices)).toBeUndefined();
  });
});
