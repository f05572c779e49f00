import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../src/adapters/console/session.js';

/** The terminal is one thread: a line that names no model waits for the next (issue 11). */
describe('a terminal session whose first line names no model', () => {
  it('asks "Which model?", then estimates the model named next on the first line\'s 5090, vLLM and 16k context', async () => {
    const session = new ConsoleSession(undefined, null);
    const asked = await session.handle('I have a 5090 and want to serve something with vLLM at 16k context, which models fit?');
    expect(asked).toContain('Which model?');
    expect(session.lastReply).toBeNull();

    const answered = await session.handle('Qwen3-Coder-30B-A3B-Instruct-FP8');
    expect(answered).toContain("kept from the thread's earlier message");
    const reply = session.lastReply;
    expect(reply?.kind).toBe('estimate');
    if (reply?.kind !== 'estimate') return;
    expect(reply.scenario.hardware?.gpuId).toBe('rtx-5090');
    expect(reply.scenario.seq).toBe(16384);
    expect(reply.scenario.mode).toBe('inference');
  });

  it('"reset" forgets the waiting line: the model named next is read alone', async () => {
    const session = new ConsoleSession(undefined, null);
    await session.handle('serve at 16k context on a 5090');
    await session.handle('reset');
    await session.handle('qwen3-8b');
    const reply = session.lastReply;
    expect(reply?.kind === 'estimate' ? reply.scenario.hardware : 'not an estimate').toBeNull();
  });
});
