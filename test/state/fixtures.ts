import type { ThreadState } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario as baseScenario } from '../memory/fixtures.js';

/** A valid canonical scenario: Llama-2-13B, ZeRO-3, seq 4096, built without the language. */
export function scenario(patch: Partial<Scenario> = {}): Scenario {
  const base = baseScenario('llama-2-13b');
  return { ...base, model: { ...base.model, asWritten: '13b' }, sharding: { kind: 'zero', stage: 3 }, seq: 4096, ...patch };
}

/** A thread whose opening was refused for naming no model: its words wait for the answer (issue 11). */
export const openingState = (opening = 'I have a 5090 and want to serve something with vLLM at 16k context, which models fit?'): ThreadState => ({ opening });

/** A thread two turns in: `13b zero3 seq 4096`, then `seq 8192`. */
export function threadState(seq = 8192): ThreadState {
  return { scenario: scenario({ seq }), history: [scenario({ seq: 4096 })] };
}
