import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * TensorRT-LLM's runtime messages pasted without the logger's prefix are its log (issue 22, item 1: numbers in a
 * log never set the setup). The reply of corpus c1819 pasted "TensorRT-managed allocation in IExecutionContext
 * creation: CPU +0, GPU +0, now: CPU 0, GPU 869 (MiB)" in a fence; its "CPU 0, GPU" was read as a GPU count of 0
 * and the whole message refused.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
type Hardware = Extract<Item, { kind: 'hardware' }>;

const MESSAGES = [
  (n: number) => `Loaded engine size: ${n} MiB`,
  (n: number) => `Allocated ${n}.51 MiB for execution context memory.`,
  (n: number) => `TensorRT-managed allocation in IExecutionContext creation: CPU +0, GPU +0, now: CPU ${n % 4}, GPU ${n} (MiB)`,
  (n: number) => `[MemUsageChange] Init CUDA: CPU +14, GPU +0, now: CPU ${n}, GPU ${n % 3} (MiB)`,
  (n: number) => ` Allocated ${n % 9}.66 GB GPU memory for runtime buffers.`,
  (n: number) => `Allocated ${n % 9}.76 GB GPU memory for decoder.`,
  (n: number) => `Allocated ${n % 9}.53 GiB for max tokens in paged KV cache (${n * 100}).`,
];

describe('TensorRT-LLM runtime messages without their prefix are a log', () => {
  it('in a fence after a stated setup, no number of theirs is a count, a card or a memory', () => {
    fc.assert(
      fc.property(fc.subarray(MESSAGES, { minLength: 1 }), fc.integer({ min: 0, max: 4000 }), fc.boolean(), (messages, n, fenced) => {
        const log = messages.map((m) => m(n)).join('\n');
        const text = `qwen2.5-0.5b tensorrt-llm inference int8 on 1x RTX A4000:\n${fenced ? '```\n' : ''}${log}\n${fenced ? '```\n' : ''}`;
        const outcome = parseRequest(text);
        expect(outcome.ok, text).toBe(true);
        if (!outcome.ok) return;
        const hardware = outcome.items.filter((i): i is Hardware => i.kind === 'hardware');
        expect(hardware.map((h) => [h.gpuId, h.count]), text).toEqual([['rtx-a4000', 1]]);
      }),
      { numRuns: 60 },
    );
  });

  it('c1819: the log is a log segment, and the message is read, not refused', () => {
    const text = lineText('c1819');
    const log = segmentsOf(text).find((s) => s.kind === 'log');
    expect(log?.rule).toBe('log.tensorrt-llm-message');
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(true);
  });
});
