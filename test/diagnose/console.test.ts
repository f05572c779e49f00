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
    await session.handle('7b full bf16 seq 2048 mbs 4 on A100-80G');
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
