import { describe, expect, it } from 'vitest';
import { unknownModelQuestion } from '../../src/scenario/model-question.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c604 (MeetKai/functionary#128): "meetkai/functionary-small-v2.2" served on 3× 3090 was
 * refused with a bare "I don't know the model". A name the catalog lacks, with no size in it, is
 * asked about with what was read (the cards, what is run), so the user adds only its size or Hub
 * id; a base model the message names ("based on Mistral 7B") is read as the model.
 */
const line = loadCorpus().find((l) => l.id === 'c604')!;

const refusal = (text: string) => {
  const r = resolveRequest(text, null);
  if (r.ok) throw new Error(`answered: ${text}`);
  return r.error.message;
};

describe('a model the catalog lacks, with no size in its name', () => {
  it('c604: asked with the three 3090s it read', () => {
    expect(refusal(line.text)).toMatch(/^I don't know the model "functionary-small-v2\.2"\. I read: 3× RTX 3090 24GB[^—]* — give its size with it \(e\.g\. "functionary-small-v2\.2 7b"\) or its Hub id/);
  });

  it.each([
    ['functionary-small-v2.2 lora on 2x a100 with seq 4096', /I read: [^—]*lora[^—]*2× A100[^—]*seq 4096/],
    ['用 vllm 在两张 4090 上跑 functionary-medium-v3.1 爆显存了', /I read: [^—]*2× RTX 4090/],
  ])('asked with what was read: %s', (text, listed) => {
    expect(refusal(text)).toMatch(listed);
  });

  it('with nothing else read, it is asked about with no list', () => {
    expect(unknownModelQuestion('functionary-small-v2.2', [])).toMatch(/^I don't know the model "functionary-small-v2\.2"\. Give its size with it .* of that size\.$/);
  });

  it.each([
    'serving functionary-small-v2.2 (based on Mistral 7B) with vllm on 3x 3090',
    'functionary-small-v2.2 is a mistral-7b fine-tune; vllm on 3x 3090 OOMs',
  ])('a base model named beside it is the model: %s', (text) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.model.name).toMatch(/mistral-7b/i);
  });

  it('the question lists at most what it read, once', () => {
    const q = unknownModelQuestion('foo-chat-v2', ['lora r8', '2× A100 80GB', 'seq 4096']);
    expect(q).toBe('I don\'t know the model "foo-chat-v2". I read: lora r8 · 2× A100 80GB · seq 4096 — give its size with it (e.g. "foo-chat-v2 7b") or its Hub id, and I\'ll estimate it as a model of that size, keeping the rest.');
  });
});
