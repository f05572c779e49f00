import type { ThreadState } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { MemoryStore, type SavedThread } from '../../src/state/store.js';
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

/** A store that fails like an unreachable Redis while `down`: every read, write, delete and claim throws. */
export class UnreachableStore extends MemoryStore {
  down = false;
  private check(): void {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
  }
  override async get(key: string) {
    this.check();
    return super.get(key);
  }
  override async set(key: string, state: SavedThread) {
    this.check();
    return super.set(key, state);
  }
  override async delete(key: string) {
    this.check();
    return super.delete(key);
  }
  override async claim(key: string, ttlMs: number) {
    this.check();
    return super.claim(key, ttlMs);
  }
}
