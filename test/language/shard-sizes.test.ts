import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { read } from './reading-fixtures.js';

/**
 * A checkpoint's shard or chunk size is no card (hardware/rules.ts `not-hw.shard-size`): "about 9GB per
 * shard" (huggingface/transformers#16884), "split the model into 4GB chunks" (X-PLUG/mPLUG-Owl#211); "I
 * downloaded 4 shards of 10GB each" beside "2 A100 80GB" was refused as a second card of 10 GB.
 */

const guarded = (text: string) => scanHardware(normalise(text).text).guarded.map((g) => g.rule);

describe('shard and chunk sizes are no card', () => {
  it.each([
    'here is the 42GB T0 model via multi-part sharded branch (about 9GB per shard here)',
    'Please can you split the model into 4GB chunks rather than one file',
    'I downloaded 4 shards of 10GB each',
    'three safetensors files of 9.9GB',
    'each 5GB shard loads in 30 s',
  ])('%j is set aside', (text) => {
    expect(guarded(text)).toContain('not-hw.shard-size');
  });

  it.each([
    ['I downloaded 4 shards of 10GB each, llama-2-70b-chat inference on 2 A100 80GB', 'a100-80g', 2],
    ['llama-2-13b inference, 3 safetensors files of 9.9GB, on 1 A100 40GB', 'a100-40g', 1],
    ['about 9GB per shard, bloom-7b1 inference on a 3090', 'rtx-3090', 1],
  ])('%j keeps the stated cards', (text, gpuId, count) => {
    const h = read(text).scenario.hardware;
    expect([h?.gpuId, h?.count]).toEqual([gpuId, count]);
  });

  it('a card stated with its memory is still a card: "2x 10GB RTX 3080" and "a 24GB 4090"', () => {
    expect(guarded('lora llama-2-7b on 2x 10GB RTX 3080')).not.toContain('not-hw.shard-size');
    expect(read('lora llama-2-7b on a 24GB 4090').scenario.hardware?.gpuId).toBe('rtx-4090');
  });
});
