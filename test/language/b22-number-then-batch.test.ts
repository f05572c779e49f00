import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The batch written number first: "only 2 batch_size" (config.number-then-batch-key), "8 batchsize",
 * "4 batch size" (training.number-then-batch-size).
 */

/** nttcslab-nlp/RSTParser_EACL24#2 (corpus c813), as posted. */
const RST_2 = `When I experiment, one 3090 can set only 2 batch_size (even with quantization 4bit) . Something wrong with me?

llama-7B`;

describe('a number before the batch word is the batch', () => {
  it('reads "only 2 batch_size" as batch 2 (RSTParser#2)', () => {
    expect(read(RST_2).scenario.microBatch).toBe(2);
  });

  it.each([
    ['llama-2-7b lora on 1x 3090: I can only run 4 batch size', 4],
    ['llama-2-7b lora on 1x 3090, enough for 8 batchsize?', 8],
    ['llama-2-7b lora on 1x 3090, 3 per_device_train_batch_size fits', 3],
  ])('reads %s', (text, batch) => {
    expect(read(text).scenario.microBatch).toBe(batch);
  });

  it("leaves a number that is another flag's value", () => {
    expect(read('llama-2-7b lora on 1x 3090 --max_len 512 batch_size: 4').scenario.microBatch).toBe(4);
    expect(read('llama-2-7b lora on 1x 3090 with seq 512\nbatch_size: 4').scenario.microBatch).toBe(4);
  });
});
