import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { isNanQuestion } from '../../src/diagnose/index.js';

/** NaN questions get the triage first; `oom` / `nan` in a thread read its scenario (issue 24, item 8). */

describe('NaN and divergence questions', () => {
  it.each(['my loss goes NaN with fp16 on a V100', 'loss diverges after 2k steps bf16', 'grad norm inf', 'nan', 'my loss explodes after warmup'])('"%s" is a NaN question', (text) => {
    expect(isNanQuestion(text)).toBe(true);
    expect(respond(text, null).reply.kind).toBe('diagnosis');
  });

  it.each(['13b on a100', 'llama-3-8b inference on a 4090', 'oom', 'infer 7b on l4', 'loss scale'])('"%s" is not', (text) => {
    expect(isNanQuestion(text)).toBe(false);
  });

  it('the triage leaves the thread as it was: a question is no change to the setup', () => {
    const thread = respond('13b fp16 on 4x v100', null).state;
    fc.assert(
      fc.property(fc.constantFrom('nan', 'my loss goes NaN', 'loss diverges after 2k steps', 'grad norm inf'), (text) => {
        const turn = respond(text, thread);
        expect(turn.reply.kind).toBe('diagnosis');
        expect(turn.state).toBe(thread);
      }),
    );
  });

  it("`nan` in a thread is read on its setup: the V100's fp16, and its estimate one click away", () => {
    const turn = respond('nan', respond('13b fp16 on 4x v100', null).state);
    if (turn.reply.kind !== 'diagnosis') throw new Error('expected the triage');
    expect(turn.reply.cause).toBe('nan-fp16');
    expect(turn.reply.actions.join('\n')).toMatch(/V100 .*has no bf16/);
    expect(turn.reply.memoryRequest).toMatch(/^13b .*fp16.*v100/);
  });
});

describe('`oom` in a thread', () => {
  const setups = ['13b on 1x a100-80g', '70b on 2x h100', '7b on a 4090', '8b inference on l4', '7b lora on 24GB', '13b zero3 on 8x a100-80g', '3b on a 4090'];

  it('never gives the near-fit ("Tight fit") advice on a setup that does not fit, and is titled with a sentence on the setup', () => {
    for (const setup of setups) {
      const start = respond(setup, null);
      if (start.reply.kind !== 'estimate') throw new Error(setup);
      const tips = respond('oom', start.state).reply;
      if (tips.kind !== 'help') throw new Error(`oom in "${setup}"`);
      if (start.reply.verdict.status === 'no') expect(tips.tips.map((t) => t.title), setup).not.toContain('Tight fit');
      expect(tips.title, setup).toContain(start.reply.verdict.headline);
      expect(tips.title, setup).toMatch(/\.$/);
      expect(tips.tips.length, setup).toBeGreaterThan(0);
    }
  });
});
