import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed, sameAs } from './reading-fixtures.js';

/**
 * A length asked of a model or of any card ("what is the maximum context length … that a single GPU
 * can support?") is that one's limit: a question for its docs, not the "max seq" question of the
 * user's own run, and no length of theirs. A length asked with the user in it ("… I can fit") stays
 * the question of the longest length that fits.
 */
describe('a limit asked of another is no question about the setup', () => {
  it('deepseek-ai/DeepSeek-R1#460 (c744): a list of deployment questions asks no "max seq"', () => {
    const { s, said } = readNoticed(loadCorpus().find((l) => l.id === 'c744')!.text);
    expect(s.question).toEqual({ kind: 'none' });
    expect(canonicalText(s)).not.toMatch(/max seq/);
    expect(said).toMatch(/"what is the maximum context length" asks a model's or a card's own limit/);
  });

  it('facebookresearch/mega#13\'s "What is the maximum context length possible?" beside a setup asks nothing of it', () => {
    expect(canonicalText(read('llama-3-8b on a 4090. What is the maximum context length possible?').scenario)).not.toMatch(/max seq/);
  });

  it('invented: of a model, of the model, supported, any card', () => {
    for (const text of [
      'serve llama-3-8b on a 4090, what is the max context length of llama-3-8b?',
      'serve llama-3-8b on a 4090. what is the context length of the model?',
      "serve qwen2.5-7b on 2x 3090; what's the maximum context window supported?",
      'serve qwen2.5-7b on 2x 3090, what is the maximum context length that a single card can support?',
    ]) {
      const { s, said } = readNoticed(text);
      expect(canonicalText(s), text).not.toMatch(/max seq/);
      expect(said, text).toMatch(/own limit/);
    }
  });

  it('invented: the user in the sentence keeps it the question of the longest length that fits', () => {
    sameAs("serve 7b on a 4090, what's the max context length?", '7b serve on 1x rtx-4090 max seq');
    sameAs('serve qwen2.5-7b on 2x 3090, what is the maximum context length I can fit?', 'qwen2.5-7b serve on 2x rtx-3090 max seq');
    sameAs('serve qwen2.5-7b on 2x 3090, what is the maximum context length of my setup?', 'qwen2.5-7b serve on 2x rtx-3090 max seq');
    // A length the user states beside the question is theirs.
    expect(read('serve llama-3-8b on a 4090 at 8k context. what is the max context length of llama-3-8b?').scenario.seq).toBe(8192);
  });
});
