import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../src/language/segments/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b18, ssbuild/chatglm_finetuning#191 (corpus c682): PyTorch's OOM message pasted with a hard wrap
 * ("…22.90 GiB already \nallocated; 330.75 MiB free; 22.96 GiB reserved in total by PyTorch) If reserved
 * memory is >> allocated memory try"). The line after the wrap was prose, its numbers and words the
 * user's; the report now goes on through it.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const kinds = (text: string) => segmentsOf(text).map((s) => s.kind);

const OOM_HEAD = 'RuntimeError: CUDA out of memory. Tried to allocate 500.00 MiB (GPU 0; 23.88 GiB total capacity; 22.90 GiB already';

describe("a wrapped PyTorch OOM message is one report", () => {
  it('c682: the line after the wrap is the report', () => {
    expect(kinds(line('c682').text)).toEqual(['report']);
  });

  it.each([
    `${OOM_HEAD}\nallocated; 330.75 MiB free; 22.96 GiB reserved in total by PyTorch)`,
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB\nof which 1.02 GiB is free. Including non-PyTorch memory, this process has 22.60 GiB memory in use.',
    'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity; 6.81 GiB already allocated; 3.12 MiB\nfree; 6.95 GiB reserved in total by PyTorch)',
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB (GPU 0; 23.65 GiB total capacity; 21.85 GiB\n already allocated; 49.06 MiB free; 22.62 GiB reserved in total by PyTorch)',
  ])('with the setup above it: %s', (oom) => {
    expect(kinds(`llama-2-7b lora on one card\n${oom}`)).toEqual(['prose', 'report']);
  });

  it('a sentence after the message, or after a blank line, stays prose', () => {
    expect(kinds(`${OOM_HEAD} allocated)\nany idea how to fix this on llama-2-7b?`)).toEqual(['report', 'prose']);
    expect(kinds(`${OOM_HEAD}\n\nallocated memory keeps growing, why?`)).toEqual(['report', 'prose']);
  });
});
