import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { statedScenario } from '../../src/diagnose/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A setup written beside a pasted log, not only on its first line (issue 22, item 1: "a setup
 * written in the same message is read too"). The log's numbers are set aside by the segments.
 */
const OOM = [
  'Traceback (most recent call last):',
  '  File "train.py", line 88, in <module>',
  '    trainer.train()',
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 78.12 GiB memory in use. Of the allocated memory 74.53 GiB is allocated by PyTorch, and 2.88 GiB is reserved by PyTorch but unallocated.',
].join('\n');

describe('a setup beside a log', () => {
  it('written under the log, it is the setup the diagnosis holds the log against', () => {
    const text = `${OOM}\n\nThis is llama-3-8b full fine-tuning, bf16, seq 4096 on 1x H100 80GB.`;
    const setup = statedScenario(text);
    expect(setup?.model.id).toBe('llama-3-8b');
    expect(setup?.seq).toBe(4096);
    expect(setup?.hardware?.gpuId).toBe('h100-80g');
  });

  it('a setup split around a pasted OOM message alone (a report, no traceback) is read whole, not only its first line', () => {
    const oomLine = OOM.split('\n').at(-1)!;
    for (const [above, below] of [
      ['Hi all, trying to finetune mistral 7b with qlora on my 3060 but I keep getting this:', 'batch size is 4 and max_length 1024. Any ideas?'],
      ['qlora mistral 7b on an rtx 3060, fails with', 'per_device_train_batch_size=4, max_length=1024'],
    ]) {
      const setup = statedScenario(`${above}\n\`\`\`\n${oomLine}\n\`\`\`\n${below}`);
      expect(setup?.mode, above).toBe('qlora');
      expect(setup?.seq, above).toBe(1024);
      expect(setup?.microBatch, above).toBe(4);
    }
  });

  it('with no log in the message, nothing is taken from prose after the first line', () => {
    expect(statedScenario('hello\nllama-3-8b full on 1x h100')).toBeNull();
  });

  it("a log the diagnosis cannot read beside a stated setup answers the setup (oobabooga/textgen#365, c345)", () => {
    const text = loadCorpus().find((l) => l.id === 'c345')!.text;
    const { reply } = respond(text, null);
    expect(reply.kind).toBe('estimate');
  });
});

/**
 * PyTorch 2.x's short OOM message gives only what this process holds ("this process has 22.66 GiB
 * memory in use"), not PyTorch's allocated figure: the shortage is the estimate's peak less what
 * the process held, less what was free — not the whole peak as if nothing were held.
 */
describe('a shortage from the short 2.x message', () => {
  it('subtracts what the process held', () => {
    const log = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 23.69 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 22.66 GiB memory in use.';
    const text = `fine-tuning mistral-7b with lora on my rtx 3090, seq 4096 and batch size 2:\n\`\`\`\n${log}\n\`\`\``;
    const { reply } = respond(text, null);
    expect(reply.kind).toBe('diagnosis');
    if (reply.kind !== 'diagnosis') return;
    const alone = respond('mistral-7b lora seq 4096 mbs 2 on 1x rtx-3090', null).reply;
    if (alone.kind !== 'estimate') throw new Error('setup not estimated');
    const GiB = 2 ** 30;
    const expected = Math.max(1.95 * GiB, alone.estimate.peakAllocatedBytes - 22.66 * GiB) - 1.02 * GiB;
    const short = Number(/short by about ([\d.]+) GiB/.exec(reply.headline)![1]) * GiB;
    expect(Math.abs(short - expected)).toBeLessThan(0.01 * GiB);
  });
});

/**
 * A bare "Tried to allocate X" names nothing held: the card was full when it failed, so the
 * shortage the headline says is the one the estimate says below it (device − capacity), not the
 * whole peak as if nothing were held (a stranger's vLLM OOM on a 4090 read "short by about
 * 27.96 GiB" above "28.4 GiB per GPU; the RTX 4090 offers 23.6 GiB").
 */
describe('a shortage from a message that names nothing held', () => {
  const GiB = 2 ** 30;
  const setups = ['qwen2.5-14b vllm on 1x rtx-4090', 'mistral-7b lora seq 4096 mbs 2 on 1x rtx-3090', 'llama-3.1-70b qlora seq 8192 on 1x a100-40g'];
  it.each(setups)('agrees with the estimate’s shortfall (%s)', (setup) => {
    const alone = respond(setup, null).reply;
    if (alone.kind !== 'estimate') throw new Error('setup not estimated');
    const shortfall = -(alone.estimate.headroomBytes ?? 0);
    const { reply } = respond(`${setup}\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB.`, null);
    expect(reply.kind).toBe('diagnosis');
    if (reply.kind !== 'diagnosis') return;
    const short = Number(/short by about ([\d.]+) (?:GiB|MiB)/.exec(reply.headline)![1]) * (/short by about [\d.]+ MiB/.test(reply.headline) ? 2 ** 20 : GiB);
    expect(Math.abs(short - Math.max(224 * 2 ** 20, shortfall))).toBeLessThan(0.02 * GiB);
  });
});
