import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * ExLlama's scripts take the length as `-l` / `--length` (turboderp/exllama and turboderp/exllamav2
 * model_init.py: "Maximum sequence length"), read in the ExLlama namespace (engines/tabby.ts). c356:
 * "python exllama/webui/app.py … -d ./30B-Lazarus-gptq-4bit --gpu_split 23,23,23,23 --length 8192 -cpe 4"
 * had read no length.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe("ExLlama's --length is the sequence length", () => {
  it('c356: seq 8192', () => {
    expect(read(text('c356')).scenario.seq).toBe(8192);
  });

  it.each([
    ['llama-2-13b gptq on 1x rtx-3090: python test_inference.py -m /models/llama2-13b-exl2 --length 4096', 4096],
    ['exllamav2 on 2x rtx-3090, llama-2-70b gptq: python examples/chat.py -m /m/70b --gpu_split 20,24 --length=6144', 6144],
  ])('%s', (t, seq) => {
    expect(read(t).scenario.seq).toBe(seq);
  });

  it('where no ExLlama is named, --length stays an unknown key', () => {
    expect(read('llama-3-8b inference on 1x rtx-4090, python generate.py --length 4096').scenario.seq).not.toBe(4096);
  });
});
