import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { readPaste } from '../../src/diagnose/detect/index.js';
import type { TorchOom } from '../../src/diagnose/findings.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { normalise } from '../../src/language/normalise.js';
import { readToolOutput } from '../../src/language/tool-output.js';
import { gibOf, torchOomMessages } from '../../src/language/torch-oom-message.js';

/**
 * PyTorch's out-of-memory message is read once (language/torch-oom-message.ts), and the reader (tool-output.ts: the
 * total capacity is the card's memory), the scenario (card-against-capacity.ts: a named card held against it) and the
 * diagnosis (diagnose/detect/pytorch.ts) take that reading. Each had its own pattern, and on these pastes (written
 * before the change, in the spellings people paste) they disagreed: 11/14 read alike by all three before, 14/14 after.
 * Where they disagreed, the one that read the message was right: a full stop before the parenthesis (01-ai/Yi#249,
 * c412: only the diagnosis missed it), a message wrapped after "(GPU 0;" (c931: only the scenario's scan read it),
 * torch_npu's NPU message (only the reader took it), a v2 message whose free amount is "0 bytes" (the reader's match
 * stopped before its figures and left them to the hardware reader).
 */

const V1 = 'RuntimeError: CUDA out of memory. Tried to allocate 172.00 MiB (GPU 0; 23.69 GiB total capacity; 22.56 GiB already allocated; 11.06 MiB free; 22.87 GiB reserved in total by PyTorch)';
const V2 =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB memory in use. Of the allocated memory 77.20 GiB is allocated by PyTorch, and 1.42 GiB is reserved by PyTorch but unallocated.';

/** [paste, each message's GPU and total in GiB]: the figures all three must read. */
export const SPELLINGS: readonly [string, [number, number][]][] = [
  [V1, [[0, 23.69]]],
  ['Tried to allocate 98.00 MiB. (GPU 0; 44.32 GiB total capacity; 43.50 GiB already allocated; 20.19 MiB free; 43.80 GiB reserved in total by PyTorch)', [[0, 44.32]]],
  ['CUDA out of memory. Tried to allocate 128.00 MiB (GPU 0; \n24.00 GiB total capacity; 23.13 GiB already allocated; 0 bytes free; 23.30 GiB reserved in total by PyTorch)', [[0, 24]]],
  ['RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.92 GiB total capacity; 10.34 GiB already allocated; 5.06 MiB free; 140.00 MiB cached)', [[0, 10.92]]],
  ['Tried to allocate 16.00 MiB (GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated;', [[0, 31.74]]],
  [V2, [[0, 79.15]]],
  ['CUDA out of memory. Tried to allocate 1.95 GiB. GPU 1 has a total capacty of 23.65 GiB of which 1.06 GiB is free. Process 3795 has 2.00 GiB memory in use. Process 4421 has 20.57 GiB memory in use. Of the allocated memory 19.80 GiB is allocated by PyTorch, and 312.50 MiB is reserved by PyTorch but unallocated.', [[1, 23.65]]],
  ['Tried to allocate 64.00 MiB. GPU 0 has a total capacity of 15.77 GiB of which 0 bytes is free. Including non-PyTorch memory, this process has 15.77 GiB memory in use. Of the allocated memory 15.20 GiB is allocated by PyTorch, and 198.55 MiB is reserved by PyTorch but unallocated.', [[0, 15.77]]],
  ['Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 47.54 GiB of which\n1.12 GiB is free. Including non-PyTorch memory, this process has 46.41 GiB memory\nin use.', [[0, 47.54]]],
  ['RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 60.97 GiB total capacity; 58.12 GiB already allocated; 1.19 GiB free; 59.11 GiB reserved in total by PyTorch)', [[0, 60.97]]],
  [`[rank0]: ${V2}\n[rank1]: ${V2.replace('GPU 0', 'GPU 1')}`, [[0, 79.15], [1, 79.15]]],
  ['报错：torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 MiB (GPU 0; 23.65 GiB total capacity; 22.90 GiB already allocated; 1.06 MiB free; 23.01 GiB reserved in total by PyTorch)', [[0, 23.65]]],
  ['OOM 발생: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 301.81 MiB is free.', [[0, 23.64]]],
  ['    raise OutOfMemoryError(\ntorch.OutOfMemoryError: XPU out of memory. Tried to allocate 1024.00 MiB. GPU 0 has a total capacity of 15.11 GiB of which 0 bytes is free.', [[0, 15.11]]],
];

const near = (a: number | null | undefined, b: number) => a !== null && a !== undefined && Math.abs(a - b) < 0.01;
/** The reader: the card memory its note says it read from the total. */
const readerTotals = (text: string) => [...readToolOutput(normalise(MappedText.of(text))).notes.join('\n').matchAll(/total capacity, ([\d.]+) ([KMGT])iB/g)].map((m) => Number(m[1]) * (m[2] === 'M' ? 1 / 1024 : 1));
const diagnosed = (text: string) => readPaste(text).findings.filter((f): f is TorchOom => f.kind === 'torch-oom');

describe('one reader of PyTorch out-of-memory messages, taken by the reader, the scenario and the diagnosis', () => {
  it.each(SPELLINGS)('%j', (text, expected) => {
    const read = torchOomMessages(text);
    expect(read.map((m) => [m.gpu, gibOf(m.total!)])).toEqual(expected.map(([gpu, gib]) => [gpu, expect.closeTo(gib, 2)]));
    expect(readerTotals(text).length, 'the reader').toBe(expected.length);
    for (const [k, [, gib]] of expected.entries()) expect(near(readerTotals(text)[k], gib), 'the reader').toBe(true);
    const findings = diagnosed(text);
    expect(findings.map((f) => [f.gpu, (f.capacityBytes ?? 0) / 2 ** 30]), 'the diagnosis').toEqual(expected.map(([gpu, gib]) => [gpu, expect.closeTo(gib, 2)]));
  });

  it('reads every figure of each spelling, as the diagnosis explains them', () => {
    const [v1] = diagnosed(V1);
    expect(v1).toMatchObject({ format: 1, gpu: 0, requestBytes: 172 * 2 ** 20, freeBytes: 11.06 * 2 ** 20, allocatedBytes: 22.56 * 2 ** 30 });
    // "reserved in total" includes the allocated bytes; the diagnosis keeps the unallocated part.
    expect(v1!.reservedUnallocatedBytes).toBeCloseTo((22.87 - 22.56) * 2 ** 30, -3);
    const [v2] = diagnosed(V2);
    expect(v2).toMatchObject({ format: 2, gpu: 0, processBytes: 79.13 * 2 ** 30, allocatedBytes: 77.2 * 2 ** 30, reservedUnallocatedBytes: 1.42 * 2 ** 30 });
    const [cached] = diagnosed(SPELLINGS[3]![0]);
    expect(cached!.reservedUnallocatedBytes).toBe(140 * 2 ** 20);
    const [processes] = diagnosed(SPELLINGS[6]![0]);
    expect(processes!.processes).toEqual([{ pid: 3795, bytes: 2 * 2 ** 30 }, { pid: 4421, bytes: 20.57 * 2 ** 30 }]);
    expect(diagnosed('CUDA out of memory. Tried to allocate more than 1EB memory.')[0]).toMatchObject({ absurd: true, requestBytes: Number.POSITIVE_INFINITY });
  });

  it("the scenario holds a named card against a wrapped message's total (c931's spelling), as against an unwrapped one", () => {
    const text = 'chatglm2-6b lora on 4x RTX 2080: CUDA out of memory. Tried to allocate 214.00 MiB (GPU 0;\n10.75 GiB total capacity; 10.47 GiB already allocated; 109.50 MiB free; 10.51 GiB reserved in total by PyTorch)';
    const r = readInThread(text, null).outcome;
    if (!r.ok) throw new Error('refused');
    expect(r.notices.find((n) => /out-of-memory message says "[^"]*total capac/i.test(n))).toMatch(/10\.75 GiB total capacity/);
  });

  it('a message of figures the reader blanks leaves none of them to the hardware reader ("0 bytes is free" no longer stops it)', () => {
    const out = readToolOutput(normalise(MappedText.of(SPELLINGS[7]![0]))).text.text;
    expect(out).not.toMatch(/15\.20|198\.55|15\.77 gib/);
  });
});
