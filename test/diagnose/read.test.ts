import { describe, expect, it } from 'vitest';
import { readPaste } from '../../src/diagnose/index.js';
import type { Finding } from '../../src/diagnose/findings.js';
import { allFixtures, fixture } from './fixtures.js';

const GiB = 2 ** 30;
const MiB = 2 ** 20;

function only<K extends Finding['kind']>(name: string, kind: K): Extract<Finding, { kind: K }> {
  const found = readPaste(fixture(name).text).findings.filter((f) => f.kind === kind);
  expect(found, `${name}: one ${kind}`).toHaveLength(1);
  return found[0] as Extract<Finding, { kind: K }>;
}

describe('reading the numbers out of real error messages', () => {
  it('every fixture names its public source (owner/repo#issue) or says it was constructed', () => {
    for (const f of allFixtures()) expect(f.source, f.name).toMatch(/^[\w.-]+\/[\w.-]+#\d+$/);
  });

  it('PyTorch 2.x (2.1 spelling "capacty"): request, capacity, free, this process, allocated and reserved-unallocated', () => {
    const f = only('torch2-fragmentation-a800', 'torch-oom');
    expect(f).toMatchObject({ format: 2, backend: 'CUDA', gpu: 0, absurd: false, processes: [] });
    expect(f.requestBytes).toBe(172 * MiB);
    expect(f.capacityBytes).toBeCloseTo(79.33 * GiB, -3);
    expect(f.freeBytes).toBeCloseTo(49.81 * MiB, -1);
    expect(f.processBytes).toBeCloseTo(79.27 * GiB, -3);
    expect(f.allocatedBytes).toBeCloseTo(74.53 * GiB, -3);
    expect(f.reservedUnallocatedBytes).toBeCloseTo(4.23 * GiB, -3);
  });

  it('PyTorch 2.x inside a ``` block and behind "[rank0]: " prefixes, with every "Process P has M" line', () => {
    const f = only('torch2-other-processes', 'torch-oom');
    expect(f.processes.map((p) => p.pid)).toEqual([3721648, 1374765, 1374763, 1374764]);
    for (const p of f.processes) expect(p.bytes).toBe(414 * MiB);
    expect(f.processBytes).toBeCloseTo(37.46 * GiB, -3);
    expect(only('torch2-shortage-4090', 'torch-oom').requestBytes).toBe(22 * MiB);
  });

  it('ROCm: "HIP out of memory" is the same message with the HIP backend', () => {
    const f = only('hip-shortage', 'torch-oom');
    expect(f.backend).toBe('HIP');
    expect(f.requestBytes).toBeCloseTo(1.88 * GiB, -3);
    expect(f.processBytes).toBeNull();
  });

  it('PyTorch 1.x: reserved in total includes the allocated bytes; the older "cached" is only the unallocated part', () => {
    const total = only('torch1-fragmentation', 'torch-oom');
    expect(total.format).toBe(1);
    expect(total.allocatedBytes).toBeCloseTo(8.77 * GiB, -3);
    expect(total.reservedUnallocatedBytes).toBeCloseTo((13.71 - 8.77) * GiB, -3);
    const cached = only('torch1-cached', 'torch-oom');
    expect(cached.capacityBytes).toBe(1024 * MiB);
    expect(cached.reservedUnallocatedBytes).toBeCloseTo(26.39 * MiB, -1);
  });

  it('sizes in KiB and "0 bytes" are read in their units', () => {
    const f = only('torch1-kib', 'torch-oom');
    expect(f.requestBytes).toBe(1024 * 1024);
    expect(f.freeBytes).toBe(576 * 1024);
  });

  it('"Tried to allocate more than 1EB memory" is read as an absurd size, not a number', () => {
    expect(only('torch-absurd', 'torch-oom')).toMatchObject({ absurd: true, requestBytes: Number.POSITIVE_INFINITY });
  });

  it('vLLM V0: max seq len and KV tokens, and the profiling line pasted with it', () => {
    expect(only('vllm-kv-tokens', 'vllm-kv-tokens')).toMatchObject({ maxSeqLen: 32768, kvTokens: 16816 });
    expect(only('vllm-kv-tokens-profile', 'vllm-kv-tokens')).toMatchObject({ maxSeqLen: 29000, kvTokens: 23648 });
    const profile = only('vllm-kv-tokens-profile', 'vllm-profile');
    expect(profile.totalBytes).toBeCloseTo(23.58 * GiB, -3);
    expect(profile.kvCacheBytes).toBeCloseTo(2.89 * GiB, -3);
    expect(profile.gpuMemoryUtilization).toBe(0.9);
  });

  it('vLLM V1: KV bytes needed and available, and vLLM\'s own estimated maximum length', () => {
    const f = only('vllm-kv-memory', 'vllm-kv-memory');
    expect(f).toMatchObject({ maxSeqLen: 131072, neededBytes: 16 * GiB, estimatedMaxLen: 5632 });
    expect(f.availableBytes).toBeCloseTo(0.71 * GiB, -3);
    expect(only('vllm-kv-memory-pp', 'vllm-kv-memory')).toMatchObject({ maxSeqLen: 262144, neededBytes: 24 * GiB, estimatedMaxLen: 34736 });
    only('vllm-no-cache-blocks', 'vllm-no-cache-blocks');
  });

  it('TGI: prefill tokens, and total tokens when the message has them', () => {
    expect(only('tgi-prefill', 'tgi-prefill')).toMatchObject({ prefillTokens: 4096, totalTokens: null });
    expect(only('tgi-total', 'tgi-prefill')).toMatchObject({ prefillTokens: 2, totalTokens: 16000 });
  });

  it('llama.cpp: the failed cudaMalloc, its device and which buffer it was for', () => {
    const weights = only('llamacpp-weights', 'llamacpp-alloc');
    expect(weights).toMatchObject({ device: 'CUDA0', stage: 'weights' });
    expect(weights.bytes).toBeCloseTo(144817.04 * MiB, -3);
    expect(only('llamacpp-compute', 'llamacpp-alloc')).toMatchObject({ device: 'CUDA4', stage: 'compute', bytes: 144 * MiB });
  });

  it('cuBLAS and NCCL allocation failures', () => {
    only('cublas', 'cublas-alloc');
    expect(only('nccl-oom', 'nccl-oom').bytes).toBe(6291456);
  });

  it('loss scaling: every halving in order, hysteresis lines skipped, the minimum noticed', () => {
    const start = only('deepspeed-overflow-start', 'loss-scale');
    expect(start).toMatchObject({ source: 'deepspeed', scales: [65536, 32768, 16384, 8192], halvings: 3, atMinimum: false });
    expect(only('deepspeed-overflow-floor', 'loss-scale')).toMatchObject({ halvings: 5, atMinimum: true });
    const apex = only('apex-overflow', 'loss-scale');
    expect(apex.source).toBe('apex');
    expect(apex.halvings).toBe(4);
    expect(apex.scales.at(-1)).toBeCloseTo(1.020640762992391e-202, 210);
  });

  it('NaN lines: count, field, learning rate, and whether the loss was finite before', () => {
    expect(only('nan-bf16-hf', 'nan')).toMatchObject({ lines: 3, fields: ['grad_norm'], finiteBefore: false });
    const spike = only('nan-spike-bf16', 'nan');
    expect(spike).toMatchObject({ lines: 1, finiteBefore: true });
    expect(spike.learningRate).toBeCloseTo(0.00026, 8);
    expect(only('nan-fp16-mmdet', 'nan').learningRate).toBeCloseTo(4.915e-5, 10);
  });

  it('the precision a log names: bf16 in the LlamaFactory log, fp16 in the mmdet config', () => {
    expect(readPaste(fixture('nan-bf16-hf').text).precision).toBe('bf16');
    expect(readPaste(fixture('nan-fp16-mmdet').text).precision).toBe('fp16');
  });
});

describe('sizes as the tools print them', () => {
  it('B, bytes, KiB, MiB, GiB and TiB are binary; GB is decimal', async () => {
    const { sizeBytes } = await import('../../src/diagnose/sizes.js');
    expect(sizeBytes('0', 'bytes')).toBe(0);
    expect(sizeBytes('512', 'B')).toBe(512);
    expect(sizeBytes('576.00', 'KiB')).toBe(576 * 1024);
    expect(sizeBytes('1.5', 'MiB')).toBe(1.5 * MiB);
    expect(sizeBytes('2', 'GiB')).toBe(2 * GiB);
    expect(sizeBytes('1', 'TiB')).toBe(1024 * GiB);
    expect(sizeBytes('14.9888', 'GB')).toBeCloseTo(14.9888e9, 0);
  });

  it('an allocation of "0 bytes" free and allocated (ROCm on an APU) reads as zero, not as missing', () => {
    const f = readPaste(
      'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 15.24 GiB of which 15.09 GiB is free. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is reserved by PyTorch but unallocated.',
    ).findings[0];
    expect(f).toMatchObject({ kind: 'torch-oom', backend: 'HIP', allocatedBytes: 0, reservedUnallocatedBytes: 0, requestBytes: 16 * GiB });
  });
});

describe('a 1.x message cut where a post ends (InternLM/InternLM-XComposer#205, corpus c545)', () => {
  const full = 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 MiB (GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated; 9.06 MiB free; 31.40 GiB reserved in total by PyTorch)';

  it('cut after "already allocated;": request, GPU, capacity and allocated are read, the rest unknown', () => {
    const f = readPaste(full.slice(0, full.indexOf('already allocated;') + 'already allocated;'.length)).findings[0];
    expect(f).toMatchObject({ kind: 'torch-oom', format: 1, requestBytes: 16 * MiB, gpu: 0, capacityBytes: 31.74 * GiB, allocatedBytes: 31.25 * GiB, freeBytes: null, reservedUnallocatedBytes: null });
  });

  it('any cut after the capacity reads the capacity; any cut keeps the request', () => {
    const capacityEnd = full.indexOf('total capacity') + 'total capacity'.length;
    for (let cut = full.indexOf('(GPU'); cut <= full.length; cut++) {
      const f = readPaste(full.slice(0, cut)).findings.find((x) => x.kind === 'torch-oom');
      expect(f, `cut at ${cut}`).toMatchObject({ requestBytes: 16 * MiB });
      if (cut >= capacityEnd) expect(f, `cut at ${cut}`).toMatchObject({ capacityBytes: 31.74 * GiB });
    }
  });
});

describe('text as chat clients deliver it', () => {
  it('curly quotes (macOS, Slack composer) read like the straight ones the tools print', () => {
    const curly = fixture('vllm-kv-tokens').text.replace(/'/g, '’');
    expect(readPaste(curly).findings).toEqual(readPaste(fixture('vllm-kv-tokens').text).findings);
    const nan = fixture('nan-bf16-hf').text.replace(/'/g, '‘');
    expect(readPaste(nan).findings).toEqual(readPaste(fixture('nan-bf16-hf').text).findings);
  });
});
