import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { freshAnswer, freshParse, freshResolution } from './fresh.js';

/** The shared readings of fresh.ts: the very outcome a file would compute, and closed to writes. */
describe('a corpus line read afresh once per worker', () => {
  // Longer than the parser's 200-character limit for what it keeps, as most corpus lines are.
  const text = `I am trying to finetune llama-2-7b with lora on a single RTX 4090 (24GB), seq 2048, batch 4. ${'The loss goes down but memory creeps up over the epoch. '.repeat(3)}`;

  it('is what a new reading of the text gives, and the same object when asked again', () => {
    expect(text.length).toBeGreaterThan(200);
    expect(freshParse(text)).toEqual(parseRequest(text));
    expect(freshResolution(text)).toEqual(resolveRequest(text, null));
    const answer = freshAnswer(text);
    expect(answer.reply.kind).toBe('estimate');
    expect(answer).toEqual(respond(text, null));
    expect(freshAnswer(text)).toBe(answer);
    expect(freshResolution(text)).toBe(freshResolution(text));
  });

  it('throws where a file would change it in place, however deep', () => {
    const answer = freshAnswer(text);
    if (answer.reply.kind !== 'estimate') throw new Error('not an estimate');
    const reply = answer.reply;
    expect(() => Object.assign(reply, { kind: 'error' })).toThrow(TypeError);
    expect(() => Object.assign(reply.scenario, { seq: 1 })).toThrow(TypeError);
    expect(() => (reply.scenario.model.overrides as string[]).push('layers')).toThrow(TypeError);
    const outcome = freshResolution(text);
    if (!outcome.ok || !outcome.scenario) throw new Error('not resolved');
    expect(() => Object.assign(outcome.scenario!.model, { asWritten: '13b' })).toThrow(TypeError);
  });

  it('leaves the short request to be worked out when asked, as an answer does', () => {
    const reply = freshAnswer(text).reply;
    if (reply.kind !== 'estimate') throw new Error('not an estimate');
    expect(Object.getOwnPropertyDescriptor(reply, 'compact')?.get).toBeTypeOf('function');
    expect(reply.compact).toBe((respond(text, null).reply as typeof reply).compact);
  });
});
