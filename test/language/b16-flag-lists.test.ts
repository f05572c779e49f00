import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c633: a list of flags under a key (a Helm chart's vLLM
 * `extraArgs: [ "--kv-cache-dtype=fp8", … ]`) is read flag by flag; taken whole as the key's
 * value, its "fp8" had been read as fp8 weights (config-keys/patterns.ts, VALUE).
 */
const fence = '```';
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('flags in a list are read one by one', () => {
  it('c633 (vLLM on 2xH100 NVL): kv fp8, util 0.99, seq 1000, tp 2; the commented --quantization=fp8 is not read', () => {
    const s = read(`llama-4-scout ${lineText('c633')}`).scenario;
    expect(s.weights).toBe(read('llama-4-scout serve on 2x h100-nvl').scenario.weights);
    expect({ kv: s.inference?.kvDtype, util: s.inference?.gpuMemoryUtilization, seq: s.seq, tp: s.parallel.tp }).toEqual({ kv: 'fp8', util: 0.99, seq: 1000, tp: 2 });
  });

  it.each([
    `${fence}\nextraArgs: [\n  "--kv-cache-dtype=fp8",\n  "--tensor-parallel-size=2"\n]\n${fence}`,
    `${fence}yaml\nargs: ["--kv-cache-dtype=fp8", "--max-model-len=4096"]\n${fence}`,
    `${fence}\nextraArgs:\n  - "--kv-cache-dtype=fp8"\n  - "--gpu-memory-utilization=0.95"\n${fence}`,
  ])('%s', (block) => {
    const s = read(`serve llama-3-8b on 2x h100\n${block}`).scenario;
    expect(s.inference?.kvDtype).toBe('fp8');
    expect(s.weights).toBe(read('serve llama-3-8b on 2x h100').scenario.weights);
  });
});
