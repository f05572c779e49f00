import { describe, expect, it } from 'vitest';
import { cuesIn } from '../../src/language/owners/clauses.js';
import { read } from './reading-fixtures.js';

/**
 * A setup that "can run", said as a statement, is a run that works (owner.past.could-run): beside the
 * run that fails, what is said only of it is another run's. A question or a wish that something
 * "can run" is no such run.
 */
const worksCue = (text: string) => cuesIn(text).some((c) => c.rule === 'owner.past.could-run');

describe('"… can run" said of a setup is a run that works', () => {
  it('real lines: intel/ipex-llm#11219 (c1171), NVIDIA/NeMo-Aligner (c689)', () => {
    expect(worksCue('Qwen-7B-Chat:Precision (INT4_SYM) + Input/output token (1024/128) can run on ARC with below number.')).toBe(true);
    expect(worksCue('NeMo-Aligner will OOM at mbs=8, but can run at mbs=4.')).toBe(true);
  });

  it('invented variations: another order, case, spacing', () => {
    expect(worksCue('With 4bit the 13b model CAN RUN on my 3090, in fp16 it OOMs.')).toBe(true);
    expect(worksCue('llama-2-7b in int8 can run fine; fp16 fails')).toBe(true);
  });

  it('never a question or a wish', () => {
    expect(worksCue('Which model can run on RTX 4090 24GB GDDR6X + DDR4 64GB?')).toBe(false); // c070
    expect(worksCue('How to find or configure a model that can run on a T4 GPU?')).toBe(false); // c1163
    expect(worksCue('hope all layers can run on gpus.')).toBe(false); // c1132
    expect(worksCue('I want to know whether 70b can run on 2 A100')).toBe(false);
    expect(worksCue('the 13b can not run on my 3090')).toBe(false);
  });

  // c1171: INT4 is said of the run that works, FP16 of the one that runs out of memory.
  it('c1171: the weight format said only of the working run is set aside; the failing FP16 run is read', () => {
    const { scenario, said } = read(
      'Qwen-7B-Chat:Precision (INT4_SYM) + Input/output token (1024/128) can run on ARC with below number.\n\nBut Qwen-7B-Chat Precision (FP16) + Input/output token (1024/128) can not run due to out of memory.',
    );
    expect(scenario.weights).toBe('fp16');
    expect(said).toMatch(/"INT4_SYM" set aside as your setup's weight format/);
  });
});
