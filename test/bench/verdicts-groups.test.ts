import { describe, expect, it } from 'vitest';
import { bandOf, grouped, groupRows, methodOf, topTerm, trainerOf, type GroupedLine } from '../../bench/verdicts-groups.js';
import { homeOf, OWN_SCRIPTS } from '../../bench/verdicts/home.js';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** bench/verdicts-groups.ts: the training verdicts grouped by trainer, method and peak ÷ card, with the largest term where they disagree. */

function scenarioOf(request: string): Scenario {
  const { reply } = respond(request, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${request}`);
  return reply.estimate.scenario;
}

const g = (id: string, outcome: 'oom' | 'ran', predicted: 'fits' | 'no', trainer: string, top: string): GroupedLine => ({ id, outcome, predicted, trainer, method: 'full', band: '< 0.8', top, restsOnUnsaid: id === 'v3', home: OWN_SCRIPTS, envelope: id === 'v2' });

describe('verdict groups', () => {
  it('names the trainer by who shards: a ZeRO stage or FSDP under the Trainer, a named framework by its name, TRL or verl for RL', () => {
    expect(trainerOf(scenarioOf('llama-2-7b full zero3 on 8x a100-80g'))).toBe('DeepSpeed ZeRO-3');
    expect(trainerOf(scenarioOf('llama-2-7b full fsdp on 8x a100-80g'))).toBe('FSDP');
    expect(trainerOf(scenarioOf('llama-2-7b full on 8x a100-80g'))).toBe('plain DDP');
    expect(trainerOf(scenarioOf('llama-2-7b lora on 1x a100-80g'))).toBe('one process');
    expect(trainerOf(scenarioOf('llama-2-7b lora llamafactory on 1x a100-80g'))).toBe('llama-factory');
    expect(trainerOf(scenarioOf('qwen2.5-7b grpo full on 4x h100'))).toBe('TRL grpo');
    expect(trainerOf(scenarioOf('qwen2-7b verl grpo full fsdp on 8x a100-80g'))).toBe('verl grpo');
  });

  it('sorts methods into full, LoRA, QLoRA / k-bit (an 8-bit or GPTQ base too) and RL', () => {
    expect(methodOf(scenarioOf('llama-2-7b full on 1x a100-80g'))).toBe('full');
    expect(methodOf(scenarioOf('llama-2-7b lora on 1x a100-80g'))).toBe('LoRA');
    expect(methodOf(scenarioOf('llama-2-7b qlora on 1x a100-80g'))).toBe('QLoRA / k-bit');
    expect(methodOf(scenarioOf('llama-2-7b lora int8 on 1x a100-80g'))).toBe('QLoRA / k-bit');
    expect(methodOf(scenarioOf('qwen2.5-7b grpo full on 4x h100'))).toBe('RL / preference');
  });

  it('bands peak ÷ card around the edge', () => {
    expect(bandOf(79, 100)).toBe('< 0.8');
    expect(bandOf(95, 100)).toBe('0.8–1');
    expect(bandOf(100, 100)).toBe('1–1.5');
    expect(bandOf(300, 100)).toBe('≥ 3');
    expect(bandOf(null, 100)).toBe('no card');
  });

  it('takes the largest component by bytes', () => {
    const c = (key: string, bytes: number) => ({ key, name: key, group: 'weights' as const, bytes, formula: '' });
    expect(topTerm([c('weights', 2), c('activations', 5), c('adam', 4)])).toBe('activations');
    expect(topTerm([])).toBe('—');
  });

  it('counts each side of the disagreement apart, with the largest term on each', () => {
    const rows = groupRows([g('v1', 'oom', 'fits', 'FSDP', 'activations'), g('v2', 'oom', 'fits', 'FSDP', 'activations'), g('v3', 'ran', 'no', 'FSDP', 'adam'), g('v4', 'oom', 'no', 'FSDP', 'adam'), g('v5', 'ran', 'fits', 'plain DDP', 'adam')], (x) => x.trainer);
    expect(rows[0]).toEqual(['FSDP', '4', '1', '2', '0', '1', 'activations 2', '1', '1', '0', 'adam 1']);
    expect(rows[1]).toEqual(['plain DDP', '1', '1', '0', '0', '0', '—', '0', '0', '0', '—']);
  });

  it("names the thread's program by the repository it lives in, renamed repositories under both names", () => {
    expect(homeOf({ source: 'hiyouga/LlamaFactory#9572 https://github.com/hiyouga/LlamaFactory/issues/9572' })).toBe('LLaMA-Factory');
    expect(homeOf({ source: 'hiyouga/ChatGLM-Efficient-Tuning#75 https://github.com/hiyouga/ChatGLM-Efficient-Tuning/issues/75' })).toBe('LLaMA-Factory');
    expect(homeOf({ source: 'volcengine/verl#1 https://github.com/volcengine/verl/issues/1' })).toBe(homeOf({ source: 'verl-project/verl#1 https://github.com/verl-project/verl/issues/1' }));
    expect(homeOf({ source: 'NVIDIA-NeMo/Megatron-Bridge#2811 https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/2811' })).toBe('Megatron / NeMo');
    // A model's own repository is not a training framework, whatever its scripts run on.
    expect(homeOf({ source: 'QwenLM/Qwen#188 https://github.com/QwenLM/Qwen/issues/188' })).toBe(OWN_SCRIPTS);
  });

  it('leaves serving lines out and scores a training line as the bench does', () => {
    const line = { id: 'v001', source: 'a/b#1 https://github.com/a/b/issues/1', quote: 'quoted words', outcome: 'ran' as const, unstated: [], notes: '' };
    expect(grouped({ ...line, kind: 'serving', request: 'serve llama-2-7b vllm on 1x a100-80g' })).toBeNull();
    const t = grouped({ ...line, kind: 'training', request: 'llama-2-7b full bs 1 seq 2048 on 1x a100-80g' });
    expect(t).toMatchObject({ predicted: 'no', trainer: 'one process', method: 'full', home: OWN_SCRIPTS, envelope: false });
    expect(grouped({ ...line, kind: 'training', request: 'llama-2-7b full on 1x a100-80g', unstated: ['seq', 'batch'] })?.envelope).toBe(true);
    // 7B full at bs 1 seq 2048 on one 80 GB card: over it whatever the checkpointing (the optimizer states alone fill it).
    expect(t?.restsOnUnsaid).toBe(false);
  });
});
