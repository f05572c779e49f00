import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXL2_DEFAULT_BPW } from '../../src/memory/exllamav2.js';
import { estimateOf } from './fixtures.js';

/**
 * turboderp's ExLlamaV2 (memory/exllamav2.ts): EXL2 layers at the file's bits per weight, the head at
 * convert.py's 6 bits, token embeddings in host RAM (model.py embed_cpu=True); ExLlamaV2Cache(model)
 * preallocates fp16 K and V for every position up to config.max_seq_len, which config.py reads from
 * config.json's max_position_embeddings when the script gives no length (cache.py max_seq_len -1).
 */
const part = (e: ReturnType<typeof estimateOf>, key: string) => e.components.find((c) => c.key === key)?.bytes ?? 0;
const GiB = 2 ** 30;

describe('ExLlamaV2', () => {
  it('verdict corpus v292 (turboderp-org/exllamav2#677): Llama-3.1-70B at 2.4 bpw on a 46 GB card loads, then its 131,072-token fp16 cache (40 GiB) does not fit', () => {
    const e = estimateOf('llama-3.1-70b exl2 2.4bpw on 1x 46GB');
    expect(e.scenario.framework).toBe('exllamav2');
    expect(e.scenario.weights).toBe('exl2');
    expect(e.scenario.inference.bpw).toBe(2.4);
    expect(e.scenario.seq).toBe(131072);
    // 68.5 B layer weights × 2.4 bits + the 128,256 × 8,192 head at 6 bits: 19.1 + 0.7 GiB.
    expect(part(e, 'weights') / GiB).toBeCloseTo(19.9, 1);
    // 2 × 80 layers × 131,072 × 8 KV heads × 128 × 2 B = 40 GiB.
    expect(part(e, 'kv') / GiB).toBeCloseTo(40, 1);
    expect(part(e, 'weights')).toBeLessThan(e.capacityBytes!);
    expect(e.fits).toBe(false);
  });

  it('verdict corpus v314 (oobabooga/textgen#3881): Llama-2-70B at 2.5 bpw on one RTX 3090 fits with its own 4,096-token cache', () => {
    const e = estimateOf('llama-2-70b exl2 2.5bpw exllamav2 gen 200 on 1x rtx-3090');
    expect(e.scenario.seq).toBe(4096);
    expect(part(e, 'weights') / GiB).toBeCloseTo(20.1, 1);
    expect(part(e, 'kv') / GiB).toBeCloseTo(1.25, 2);
    expect(e.fits).toBe(true);
  });

  it('a stated length replaces the model\'s own; "exl2" alone takes convert.py\'s default width', () => {
    const e = estimateOf('llama-3.1-70b exl2 seq 8192 on 1x 46GB');
    expect(e.scenario.seq).toBe(8192);
    expect(e.scenario.inference.bpw).toBeUndefined();
    expect(e.components.find((c) => c.key === 'weights')!.name).toContain(`EXL2 ${EXL2_DEFAULT_BPW} bpw`);
    expect(e.fits).toBe(true);
  });

  it('the thread\'s own command: an EXL2 repository named with its width reads as that width, run by ExLlamaV2, without the Hub', () => {
    const e = estimateOf('python exllamav2/test_inference.py -m Meta-Llama-3.1-70B-Instruct-2.4bpw-h6-exl2 -p "Once upon a time," on 1x 46GB');
    expect(e.scenario.framework).toBe('exllamav2');
    expect([e.scenario.weights, e.scenario.inference.bpw]).toEqual(['exl2', 2.4]);
    expect(e.scenario.seq).toBe(131072);
    expect(e.fits).toBe(false);
    const hub = estimateOf('LoneStriker/Meta-Llama-3.1-70B-Instruct-2.4bpw-h6-exl2 on 1x 46GB');
    expect([hub.scenario.framework, hub.scenario.weights, hub.scenario.inference.bpw]).toEqual(['exllamav2', 'exl2', 2.4]);
  });

  it('a width without ExLlamaV2 named is still read as the GGUF type of its bits (llama.cpp)', () => {
    const e = estimateOf('llama-2-70b 2.5bpw on 1x rtx-3090');
    expect(e.scenario.framework).toBe('llamacpp');
    expect(e.scenario.weights).toBe('q2_k');
  });

  it('property: the cache is batch × length × the per-token bytes, and the weights grow with the bits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.constantFrom(2.5, 3, 4, 5, 6), (k, bits) => {
        const seq = 512 * k;
        const e = estimateOf(`llama-2-13b exl2 ${bits}bpw seq ${seq} on 1x a100-80g`);
        const f = estimateOf(`llama-2-13b exl2 ${bits + 1}bpw seq ${seq} on 1x a100-80g`);
        // Llama-2-13B: 40 layers × 2 × 40 KV heads × 128 × 2 B = 800 KiB a token.
        expect(part(e, 'kv')).toBe(seq * 40 * 2 * 40 * 128 * 2);
        expect(part(f, 'weights')).toBeGreaterThan(part(e, 'weights'));
      }),
      { numRuns: 20 },
    );
  });
});
