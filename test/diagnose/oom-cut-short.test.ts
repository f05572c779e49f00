import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * An OOM message pasted in prose and cut after "… of which F is free" (no "this process has", no
 * "allocated by PyTorch"), with the setup around it, as people post it ("It worked fine at 4096 but
 * at 8192 I get torch.OutOfMemoryError: …"). The shortage had been taken against nothing held
 * (47 GiB short where the card showed 2 GiB free of 79), and "at 4096" / "at 8192" were read as
 * card numbers ("I don't know the GPU \"4096\"").
 */
const message = (worked: number, failed: number) =>
  `I'm running QLoRA on Llama-3.1-70B with unsloth on a single H100 80GB. max_seq_length = ${failed}, batch size 1, grad accum 8. ` +
  `It worked fine at ${worked} but at ${failed} I get torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. ` +
  'GPU 0 has a total capacity of 79.10 GiB of which 2.12 GiB is free.';

const text = (worked: number, failed: number) => {
  const reply = respond(message(worked, failed), null).reply;
  return JSON.stringify(reply);
};

describe('an OOM message cut after what is free', () => {
  it('is short by what the card lacks for the failed allocation, the card holding the rest', () => {
    const words = text(4096, 8192);
    expect(words).toMatch(/short by about 1\.79 GiB/);
    expect(words).not.toMatch(/short by about (?:[1-9]\d|[3-9])\.\d+ GiB/);
  });

  it('property: a length of 1024–8192 after "at" is never read as a GPU', () => {
    fc.assert(
      fc.property(fc.constantFrom(1024, 2048, 4096), fc.constantFrom(2048, 4096, 8192), (worked, failed) => {
        expect(text(worked, failed)).not.toMatch(/don't know the GPU/);
      }),
      { numRuns: 9 },
    );
  });

  it('a card number the catalog lacks after "on" is still said as unknown ("on 1070")', () => {
    expect(JSON.stringify(respond('qlora llama-2-7b on 1070', null).reply)).toMatch(/don't know the GPU \\"1070\\"/);
  });
});
