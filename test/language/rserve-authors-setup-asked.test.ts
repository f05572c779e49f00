import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A user with no card of their own who asks the authors which card (and batch) they used asks which card
 * the work needs: "which gpu", not the largest batch of a card never named. With their own card or count
 * in the message the question stays another's run, set aside. Drawn from c1748 (microsoft/GUI-Actor#12) and
 * c1729 (EvolvingLMMs-Lab/multimodal-sae#6).
 */
describe("the authors' card, asked with none of the user's named, is the card question", () => {
  it.each(['c1748', 'c1729'])('%s: which gpu', (id) => {
    expect(corpusLineRead(id).scenario.question.kind).toBe('whichGpu');
  });

  it.each([
    'Could you tell me what kind of GPU you used and what batch size you used to fine-tune Qwen2.5-VL 7B?',
    'qwen2.5-vl 7b full fine-tune: which GPUs did you use, and what batch size did you use?',
    'Fine-tuning Qwen2.5-VL 7B — what type of card do you use?',
    'Could you share how many GPU cards and what type you use to serve llava-onevision-qwen2-72b?',
    'Could you share how may GPU and what kind of GPU you used to serve llava-onevision-qwen2-72b?',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.question.kind).toBe('whichGpu');
  });

  it.each([
    "How many GPUs are you using? I'm using 4 GPUs (40G) under your default setting. llama-2-7b lora",
    'What kind of GPU did you use? I fine-tune qwen2.5-vl 7b on one RTX 4090 and get OOM.',
    'qwen2.5-vl 7b lora on 2x a100-80g: what type of GPU did the authors use?',
  ])('with a card or count of theirs, no card question: %s', (text) => {
    expect(read(text).scenario.question.kind).not.toBe('whichGpu');
  });

  it('"what batch size did you use" is not "max batch"', () => {
    expect(read('qwen2.5-vl 7b full fine-tune on 1x a100-80g. What batch size did you use?').scenario.question.kind).not.toBe('maxBatch');
  });
});
