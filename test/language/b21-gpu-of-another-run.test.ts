import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * "What GPUs are they?" asked of another's run (the authors', the maintainers') asks what they used,
 * not which GPU fits the user's setup: it read as "which gpu" and the reply ranked cards, said
 * nowhere (FasterDecoding/Medusa#14, c789).
 */
describe("a question about another run's GPUs is no 'which gpu'", () => {
  it('FasterDecoding/Medusa#14 (c789): "when you say you can train on four GPUs, what GPUs are they?"', () => {
    const { s, said } = readNoticed(loadCorpus().find((l) => l.id === 'c789')!.text);
    expect(s.question.kind).toBe('none');
    expect(s.hardware?.count).toBe(4);
    expect(said).toMatch(/asks about the GPUs of another's run/);
  });

  // fangyuanmao/PID#7: with no card of the user's, the authors' card asked stands for the card the user needs
  // (question-authors-setup.ts, as corpus c1729 and c1748 read it), said so in the reply.
  it('Can I ask about what kind of GPU did you use? llama-2-7b lora (no card of the user\'s): "which gpu", said', () => {
    const { s, said } = readNoticed('Can I ask about what kind of GPU did you use? llama-2-7b lora');
    expect(s.question.kind).toBe('whichGpu');
    expect(said).toMatch(/asks the authors' card/);
  });

  it.each([
    // zgjiangtoby/FND_fewshot#2, and invented spellings.
    'llama-2-7b lora. What GPU is used for training the model',
    'llama-2-7b lora on 4x 3090. which gpus did the authors use?',
    'llama-2-7b lora, what cards were used?',
  ])('%s', (text) => {
    expect(canonicalText(read(text).scenario)).not.toMatch(/which gpu/);
  });

  it.each(['what gpu do you recommend for 7b lora?', 'what gpu do I need for 7b lora?', 'which gpu is best for 7b lora?'])('the user\'s own question stays: %s', (text) => {
    expect(canonicalText(read(text).scenario)).toMatch(/which gpu$/);
  });
});
