import { describe, expect, it } from 'vitest';
import { diagnose, UNREADABLE } from '../../src/diagnose/index.js';
import type { DiagnosisReply } from '../../src/reply/types.js';
import { allFixtures, fixture } from './fixtures.js';

const none = () => null;

function reply(name: string): DiagnosisReply {
  const d = diagnose(fixture(name).text, none);
  expect(d, name).not.toBeNull();
  return d!.reply;
}

/** Each real message, the diagnosis it must produce, and the numbers the first line must carry. */
const EXPECTED: [fixture: string, cause: string, headline: RegExp, action: RegExp][] = [
  ['torch2-fragmentation-a800', 'fragmentation', /4\.23 GiB reserved but unallocated.*172 MiB/, /PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/],
  ['torch2-shortage-4090', 'fragmentation', /195 MiB reserved but unallocated.*22 MiB/, /expandable_segments:True/],
  ['torch1-fragmentation', 'fragmentation', /4\.94 GiB reserved but unallocated.*2\.87 GiB/, /expandable_segments:True/],
  ['torch1-cached', 'fragmentation', /26 MiB reserved but unallocated/, /expandable_segments:True/],
  ['torch1-kib', 'fragmentation', /31 MiB reserved but unallocated.*1 MiB/, /expandable_segments:True/],
  ['torch2-fragmentation-partial', 'shortage', /short by at least 10\.05 GiB/, /micro-batch/],
  ['torch1-shortage', 'shortage', /short by at least 103 MiB/, /gradient accumulation/],
  ['hip-shortage', 'shortage', /short by at least 184 MiB/, /micro-batch/],
  ['torch2-container-self', 'shortage', /short by at least 261 MiB/, /expandable_segments:True may get this one allocation through/],
  ['torch2-other-processes', 'other-process', /Processes 3721648, 1374765, 1374763, 1374764 held 1\.72 GiB \(4% of the card\)/, /torch\.cuda\.set_device\(local_rank\)/],
  ['torch2-request-larger-than-card', 'too-large', /30\.29 GiB asked for on a 10\.74 GiB GPU/, /flash or sdpa attention/],
  ['torch1-free-but-failed', 'no-contiguous-block', /3\.03 GiB free, more than the 2\.26 GiB/, /expandable_segments:True/],
  ['torch-absurd', 'absurd-size', /more than 1 EB/, /CUDA_LAUNCH_BLOCKING=1/],
  ['vllm-kv-tokens', 'kv-cache', /holds 16,816 tokens.*32,768.*largest max_model_len that fits is 16,816/, /--max-model-len 16816/],
  ['vllm-kv-tokens-profile', 'kv-cache', /largest max_model_len that fits is 23,648/, /--gpu-memory-utilization 0\.93 \(from 0\.90\)/],
  ['vllm-kv-memory', 'kv-cache', /16\.00 GiB of KV cache but only 727 MiB.*about 5,632/, /--max-model-len 5632/],
  ['vllm-kv-memory-pp', 'kv-cache', /about 34,736/, /--tensor-parallel-size 8/],
  ['vllm-no-cache-blocks', 'no-kv-room', /nothing for the KV cache/, /--gpu-memory-utilization/],
  ['tgi-prefill', 'prefill-budget', /prefill batch of 4,096 tokens/, /--max-batch-prefill-tokens 2048/],
  ['tgi-total', 'prefill-budget', /16,000 total tokens with 2 prefill tokens/, /--max-batch-total-tokens/],
  ['llamacpp-weights', 'llamacpp-buffer', /141\.42 GiB for the model weights failed on CUDA0/, /-ngl/],
  ['llamacpp-compute', 'llamacpp-buffer', /144 MiB for the compute buffers failed on CUDA4/, /--ubatch-size/],
  ['cublas', 'library-oom', /CUBLAS_STATUS_ALLOC_FAILED/, /nvidia-smi/],
  ['nccl-oom', 'library-oom', /NCCL.*6 MiB/, /bucket/],
  ['deepspeed-overflow-floor', 'fp16-overflow', /halved 5 times down to 2/, /bf16/],
  ['deepspeed-overflow-start', 'fp16-overflow', /halved 3 times in a row \(65536 → 8192\)/, /bf16/],
  ['apex-overflow', 'fp16-overflow', /halved 4 times down to 1\.02e-202/, /clip gradients at 1\.0/],
  ['fairseq-overflow-collapse', 'fp16-overflow', /halved 12 times down to 1\.22e-4/, /clip gradients at 1\.0/],
  ['fairseq-overflow-once', 'loss-scale-ok', /One skipped step \(loss scale 8 → 4\)/, /settles/],
  ['cuda-oom-bare', 'library-oom', /outside PyTorch's allocator/, /CUDA_LAUNCH_BLOCKING=1/],
  ['deepspeed-overflow-single', 'loss-scale-ok', /One skipped step \(loss scale 128 → 64\)/, /settles/],
  ['apex-overflow-once', 'loss-scale-ok', /65536 → 32768/, /settles/],
  ['nan-bf16-hf', 'nan-bf16', /NaN under bf16/, /learning rate/],
  ['nan-fp16-mmdet', 'nan-fp16', /NaN under fp16/, /bf16/],
  ['nan-spike-bf16', 'nan-unknown', /under fp16 .* under bf16/, /Which precision/],
];

describe('the diagnosis each real message produces', () => {
  it.each(EXPECTED)('%s → %s', (name, cause, headline, action) => {
    const r = reply(name);
    expect(r.cause).toBe(cause);
    expect(r.headline).toMatch(headline);
    expect(r.actions.join('\n')).toMatch(action);
    expect(r.readable).toBe(true);
  });

  it('every fixture is covered by the table above (or is the unreadable one)', () => {
    const covered = new Set([...EXPECTED.map(([name]) => name), 'unreadable-illegal-access']);
    expect(allFixtures().map((f) => f.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  it('always ends NaN and overflow advice with the small fp32 baseline', () => {
    for (const name of ['nan-bf16-hf', 'nan-fp16-mmdet', 'nan-spike-bf16', 'deepspeed-overflow-floor', 'apex-overflow']) {
      expect(reply(name).actions.at(-1), name).toMatch(/fp32 baseline/);
    }
  });

  it('fragmentation is called only when reserved-but-unallocated is at least the request', () => {
    for (const { name, text } of allFixtures()) {
      const d = diagnose(text, none)!.reply;
      if (d.cause !== 'fragmentation') continue;
      const [reserved, request] = [...d.headline.matchAll(/([\d.]+) (GiB|MiB)/g)].map((m) => Number(m[1]) * (m[2] === 'GiB' ? 1024 : 1));
      expect(reserved!, name).toBeGreaterThanOrEqual(request!);
    }
  });

  it('an error it cannot read is said to be unreadable in one line, with no list of words', () => {
    const r = reply('unreadable-illegal-access');
    expect(r).toMatchObject({ readable: false, cause: 'unreadable', evidence: [], actions: [], levers: [] });
    expect(r.headline).toBe(UNREADABLE);
    expect(r.headline).not.toContain('\n');
    expect(r.headline).not.toMatch(/illegal|backward|train\.py/);
  });

  it('requests and help topics are not error logs: the request parser reads them', () => {
    for (const text of ['13b bf16 zero3 seq 4096 on 4xA100-80G', 'oom', 'nan', 'why is my loss nan on 7b lora', 'out of memory on a 4090 with 7b', 'loss scale', '']) {
      expect(diagnose(text, none), text).toBeNull();
    }
  });
});

describe('discoverability', () => {
  it('the "oom" and "nan" help topics say a pasted error will be read', async () => {
    const { respond } = await import('../../src/core/assistant.js');
    const oom = respond('oom', null).reply;
    expect(oom.kind).toBe('help');
    if (oom.kind === 'help') expect(oom.tips.map((t) => t.text).join('\n')).toMatch(/Paste the/);
    // `nan` is the NaN triage itself (issue 24), which asks for the log too.
    const nan = respond('nan', null).reply;
    expect(nan.kind).toBe('diagnosis');
    if (nan.kind === 'diagnosis') expect(nan.actions.join('\n')).toMatch(/Paste the/);
  });
});
