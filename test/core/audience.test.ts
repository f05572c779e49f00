import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceOf, ownedBy, respond, scenarioThread } from '../../src/core/assistant.js';
import { isCourtesy } from '../../src/language/courtesy.js';
import { decodeThreadState, encodeThreadState } from '../../src/state/codec.js';

/** Who may change a thread (issue 24, item 1): the pure policy every surface asks. */

const ALICE = 'U0ALICE';
const BOB = 'U0BOB';

describe('courtesy: acknowledgements are not requests', () => {
  it.each(['thanks', 'thanks!', 'thanks, that helps!', 'ok', 'OK 👍', 'lol', '👍', ':+1:', 'ty', '+1', 'thx!!', 'got it, thanks', 'makes sense', 'cool cool', 'perfect 🙏'])('"%s" is courtesy', (text) => {
    expect(isCourtesy(text)).toBe(true);
  });

  it.each(['lol fp16', 'ok 13b', 'thanks, now zero3', 'no gc', 'did you try deepspeed?', 'oom', 'help', 'reset', '7b', ''])('"%s" is not', (text) => {
    expect(isCourtesy(text)).toBe(false);
  });

  it('a courtesy message with any setup word or number after it is no longer courtesy', () => {
    const setupWord = fc.constantFrom('13b', 'fp16', 'zero3', 'seq 8192', 'on a100', 'gc', 'deepspeed', 'lora');
    fc.assert(fc.property(fc.constantFrom('thanks', 'ok', 'lol', '👍', 'cool'), setupWord, (ack, word) => !isCourtesy(`${ack} ${word}`)));
  });
});

describe('audienceOf', () => {
  const message = fc.record({
    author: fc.constantFrom(ALICE, BOB),
    asker: fc.constantFrom(ALICE, BOB, null),
    addressed: fc.boolean(),
    mentionsOthers: fc.boolean(),
    text: fc.constantFrom('thanks', 'lol fp16', 'seq 8192', 'did you try deepspeed?', 'ok'),
  });

  it('a message to the bot is read (or acknowledged), whoever wrote it', () => {
    fc.assert(fc.property(message, (m) => ['request', 'courtesy'].includes(audienceOf({ ...m, addressed: true }))));
  });

  it("a colleague's message that does not address the bot is never read as a request", () => {
    fc.assert(fc.property(message, (m) => audienceOf({ ...m, author: BOB, asker: ALICE, addressed: false }) !== 'request'));
  });

  it('a message that mentions someone else and not the bot is not for the bot, even from the asker', () => {
    fc.assert(fc.property(message, (m) => audienceOf({ ...m, addressed: false, mentionsOthers: true }) === 'someone-else'));
  });

  it("the asker's own message is read; a thread with no recorded asker reads anyone's (older threads)", () => {
    expect(audienceOf({ author: ALICE, asker: ALICE, addressed: false, mentionsOthers: false, text: 'lol fp16' })).toBe('request');
    expect(audienceOf({ author: BOB, asker: null, addressed: false, mentionsOthers: false, text: 'lol fp16' })).toBe('request');
    expect(audienceOf({ author: BOB, asker: ALICE, addressed: false, mentionsOthers: false, text: 'lol fp16' })).toBe('colleague');
  });
});

describe('the asker stays with the thread', () => {
  it('every follow-up, undo, diagnosis and refusal keeps the asker the thread started with', () => {
    const start = ownedBy(respond('13b on 4x A100-80G', null).state, ALICE);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('zero3', 'seq 8192', 'undo', 'lora', 'zer3', 'nan', 'oom', 'my loss goes NaN with fp16', '70b'), { maxLength: 6 }), (messages) => {
        let state = start;
        for (const text of messages) state = respond(text, state).state ?? state;
        expect(state?.asker).toBe(ALICE);
      }),
      { numRuns: 30 },
    );
  });

  it('a waiting opening keeps its asker too, and the codec round-trips it', () => {
    const waiting = ownedBy(respond('fine-tune on a 3090', null).state, ALICE);
    expect(waiting).toEqual({ opening: 'fine-tune on a 3090', asker: ALICE });
    expect(decodeThreadState(encodeThreadState(waiting!))).toEqual(waiting);
    const thread = ownedBy(respond('13b on a100', null).state, ALICE)!;
    expect(decodeThreadState(encodeThreadState({ ...thread, answerTs: '1700000000.000100' }))).toEqual({ ...thread, answerTs: '1700000000.000100' });
    expect(scenarioThread(respond('mistral 7b', waiting).state)?.asker).toBe(ALICE);
  });

  it('ownedBy never replaces a recorded asker', () => {
    const state = ownedBy(respond('13b on a100', null).state, ALICE);
    expect(ownedBy(state, BOB)?.asker).toBe(ALICE);
  });
});
