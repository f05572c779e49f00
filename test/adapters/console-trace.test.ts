import { describe, expect, it } from 'vitest';
import { answerOnce, parseArgs } from '../../src/adapters/console/index.js';

/** `headroom --trace` and `--json`'s segments: how the message was cut, with spans into the user's text. */
async function once(argv: string[]): Promise<string> {
  let out = '';
  await answerOnce(parseArgs(argv), (s) => (out += `${s}\n`), null);
  return out;
}

const MESSAGE = 'llama-3-8b full bf16 on 2x A100 80GB\nTraceback (most recent call last):\n  File "train.py", line 12, in <module>\nRuntimeError: CUDA error: out of memory';

describe('--trace and --json segments', () => {
  it('--trace prints each segment: kind, rule, span and its first words, then the answer', async () => {
    const out = await once(['--trace', MESSAGE]);
    const logAt = MESSAGE.indexOf('Traceback');
    expect(out).toMatch(/segments \(2\):/);
    expect(out).toContain(`prose    prose                    0-${logAt}`);
    expect(out).toContain(`log      log.traceback            ${logAt}-${MESSAGE.length}`);
    expect(out).toContain(JSON.stringify(`${MESSAGE.slice(logAt, logAt + 60)}…`));
  });

  it('--json carries the segments as kind, rule, start, end in the user\'s text', async () => {
    const json = JSON.parse(await once(['--json', MESSAGE]));
    expect(json.segments).toEqual([
      { kind: 'prose', rule: 'prose', start: 0, end: MESSAGE.indexOf('Traceback') },
      { kind: 'log', rule: 'log.traceback', start: MESSAGE.indexOf('Traceback'), end: MESSAGE.length },
    ]);
  });
});
