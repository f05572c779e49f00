import { describe, expect, it } from 'vitest';
import { answerOnce, parseArgs } from '../../src/adapters/console/index.js';
import { ConsoleSession } from '../../src/adapters/console/session.js';
import { WIDTH } from '../../src/render/text.js';
import { fixture } from './fixtures.js';

async function once(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await answerOnce(parseArgs(argv), (s) => (out += s));
  return { code, out };
}

describe('terminal: a pasted error gets a diagnosis', () => {
  it('a one-shot PyTorch 1.x OOM: the diagnosis first, then the evidence, then what to do, at 80 columns', async () => {
    const { code, out } = await once([fixture('torch1-fragmentation').text]);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^Fragmentation: PyTorch held 4\.94 GiB reserved but unallocated/);
    const evidence = lines.indexOf('What the log says:');
    const todo = lines.indexOf('What to do:');
    expect(evidence).toBeGreaterThan(0);
    expect(todo).toBeGreaterThan(evidence);
    expect(out).toContain('PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
  });

  it('--json carries the diagnosis with its cause', async () => {
    const { out } = await once(['--json', fixture('tgi-prefill').text]);
    const json = JSON.parse(out);
    expect(json.ok).toBe(true);
    expect(json.diagnosis).toMatchObject({ cause: 'prefill-budget', readable: true });
    expect(json.diagnosis.actions[0]).toContain('--max-batch-prefill-tokens 2048');
  });

  it('in a session, an OOM after a request is compared with that request\'s estimate; "gc" then reports the measurement', async () => {
    const session = new ConsoleSession();
    await session.handle('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G');
    const diagnosis = await session.handle(fixture('torch2-fragmentation-a800').text);
    expect(diagnosis).toContain('Against my estimate:');
    expect(diagnosis).toMatch(/Your run had 74\.53 GiB allocated when it\s+failed/);
    const next = await session.handle('gc');
    expect(next).toMatch(/Tip — Measured in this thread:/);
  });

  it('an unreadable error is one line', async () => {
    const { out } = await once([fixture('unreadable-illegal-access').text]);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toMatch(/^I cannot read this error/);
  });
});

describe('terminal: a traceback pasted at the interactive prompt', () => {
  it('is read as one message once its exception line arrives, not line by line', async () => {
    const session = new ConsoleSession(undefined, null);
    const lines = [
      'Traceback (most recent call last):',
      '  File "train.py", line 34, in <module>',
      '    loss.backward()',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 172.00 MiB. GPU 0 has a total capacity of 79.33 GiB of which 49.81 MiB is free. Including non-PyTorch memory, this process has 79.27 GiB memory in use. Of the allocated memory 74.53 GiB is allocated by PyTorch, and 4.23 GiB is reserved by PyTorch but unallocated.',
    ];
    const answers: string[] = [];
    for (const line of lines) answers.push(await session.handle(line));
    expect(answers.slice(0, -1)).toEqual(['', '', '']);
    expect(answers.at(-1)).toMatch(/^Fragmentation: PyTorch held 4\.23 GiB reserved but unallocated/);
    // The diagnosis asked for the setup: the next request is read as it, and the log held against it (issue 24).
    const held = await session.handle('7b lora on a 4090');
    expect(held).toMatch(/^Fragmentation: PyTorch held 4\.23 GiB/);
    expect(held).toMatch(/Your setup: 7b lora .*on 1x rtx-4090/);
    expect(held).toContain('Against my estimate:');
    // Then the session goes on as usual.
    expect(await session.handle('gc')).toMatch(/Read as: /);
  });
});
