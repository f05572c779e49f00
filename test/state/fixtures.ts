import { modelById } from '../../src/catalog/index.js';
import type { ThreadState } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** A valid canonical scenario (DESIGN §2 defaults) built without the language. */
export function scenario(patch: Partial<Scenario> = {}): Scenario {
  const m = modelById('llama-2-13b');
  return {
    model: { id: m.id, name: m.name, asWritten: '13b', requestedParams: null, arch: m.arch, overrides: [] },
    mode: 'full',
    pretrain: false,
    lora: null,
    recipe: 'mixed',
    compute: 'bf16',
    weights: 'bf16',
    optimizer: 'adamw',
    optimizerImpl: 'foreach',
    sharding: { kind: 'zero', stage: 3 },
    offload: { optimizer: 'none', params: 'none' },
    parallel: { tp: 1, pp: 1, sp: false, cp: 1, ep: 1 },
    seq: 4096,
    microBatch: 1,
    gradAccum: 1,
    recompute: 'none',
    attention: 'flash',
    loss: 'full',
    framework: 'hf',
    hardware: null,
    inference: { engine: 'hf', newTokens: 0, kvDtype: 'bf16', gpuMemoryUtilization: 0.9 },
    question: { kind: 'none' },
    help: [],
    chart: 'none',
    ...patch,
  };
}

/** A thread two turns in: `13b zero3 seq 4096`, then `seq 8192`. */
export function threadState(seq = 8192): ThreadState {
  return { scenario: scenario({ seq }), history: [scenario({ seq: 4096 })] };
}
