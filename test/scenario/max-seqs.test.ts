import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * vLLM's --max-num-seqs (SGLang's --max-running-requests) caps the sequences a server schedules at
 * once; it is not a batch the server must hold. Read as "max seqs N" in every spelling, and "bs N
 * max seqs N" (the key's old reading, still in some corpus readings) is the same scenario
 * (c632 sgl-project/sglang#9590, c648 vllm-project/vllm#2136).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
function served(text: string): Scenario {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario;
}
const concurrency = (s: Scenario) => ({ microBatch: s.microBatch, maxSeqs: s.inference.maxSeqs });

describe('max seqs is the server’s cap, one reading for every spelling', () => {
  it('c648: --max-num-seqs=16 is max seqs 16, no batch of 16', () => {
    expect(concurrency(served(line('c648').text))).toEqual({ microBatch: 1, maxSeqs: 16 });
  });

  it('c632: --max-running-requests 12 under SGLang is max seqs 12, no batch of 12', () => {
    const l = line('c632');
    const opened = readInThread(l.thread!, null).outcome;
    const read = readInThread(l.text, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    expect(read.ok && read.scenario ? concurrency(read.scenario) : null).toEqual({ microBatch: 1, maxSeqs: 12 });
  });

  it('every spelling of the key and of the item language is one scenario (property)', () => {
    const spellings = [
      (n: number) => `vllm serve meta-llama/Llama-2-13b-hf --max-num-seqs ${n} on 2x a100-80g`,
      (n: number) => `vllm serve meta-llama/Llama-2-13b-hf --max-num-seqs=${n} on 2x a100-80g`,
      (n: number) => `serving llama-2-13b with vllm on 2x a100-80g\n\nmax_num_seqs: ${n}\ngpu_memory_utilization: 0.9`,
      (n: number) => `llama-2-13b vllm max seqs ${n} on 2x a100-80g`,
      (n: number) => `llama-2-13b vllm bs ${n} max seqs ${n} on 2x a100-80g`,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 512 }), fc.constantFrom(...spellings), (n, spell) => {
        const text = spell(n);
        expect(concurrency(served(text)), text).toEqual({ microBatch: 1, maxSeqs: n });
      }),
      { numRuns: 50 },
    );
  });

  it('a batch the user states apart from the cap stays the concurrency asked', () => {
    expect(concurrency(served('llama-2-13b vllm bs 8 max seqs 64 on 2x a100-80g'))).toEqual({ microBatch: 8, maxSeqs: 64 });
    expect(concurrency(served('llama-2-13b vllm bs 8 on 2x a100-80g'))).toEqual({ microBatch: 8, maxSeqs: undefined });
  });
});
