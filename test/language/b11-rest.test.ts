import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

const hostGiB = (text: string) => {
  const bytes = read(text).scenario.hostMemoryBytes;
  return bytes ? Math.round(bytes / 1024 ** 3) : null;
};

/**
 * The rest of batch b11's causes (test/corpus/first-sight.md): a flag given a variable the script
 * never sets, host memory listed above the card's, and a message naming a model and what is done
 * beside a few words not read.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('a flag whose value is a shell variable never set says nothing', () => {
  it('`--attn_implementation $attn_implementation` is no eager attention (hiyouga/LlamaFactory#5590, c493)', () => {
    const { scenario, said } = read(lineText('c493'));
    expect(scenario.attention).toBe('flash');
    expect(said).not.toMatch(/eager/);
  });

  it.each([
    ['llama-2-7b lora --attn_implementation $ATTN on 1x A100 80GB', (s: ReturnType<typeof read>['scenario']) => s.attention, 'flash'],
    ['llama-2-7b lora --gradient_checkpointing ${GC} on 1x A100 80GB', (s: ReturnType<typeof read>['scenario']) => s.recompute, 'none'],
    ['llama-2-7b lora --bf16 $USE_BF16 on 1x A100 80GB', (s: ReturnType<typeof read>['scenario']) => s.compute, 'bf16'],
  ])('%j reads as if the flag were not there (invented)', (text, field, expected) => {
    expect(field(read(text).scenario)).toBe(expected);
  });

  it('a variable the script sets is still read through (`ATTN=eager` then `--attn_implementation $ATTN`)', () => {
    expect(read('ATTN=eager\npython train.py --model_name_or_path meta-llama/Llama-2-7b-hf --lora_rank 8 --attn_implementation $ATTN on 1x A100 80GB').scenario.attention).toBe('eager');
  });
});

describe('host memory named in a list', () => {
  it('"512G DRAM\\n48G VRAM" is 512 GB of host memory and the card\'s 48 GB (kvcache-ai/ktransformers#740, c478)', () => {
    expect(hostGiB(lineText('c478'))).toBe(512);
  });

  it('"DRAM: 256GB" on its own line is still host memory; the next line is not it (invented)', () => {
    expect(hostGiB('deepseek-r1 q4_k_m inference on 1x L40S\nDRAM: 256GB')).toBe(256);
    expect(hostGiB('deepseek-r1 q4_k_m inference on 1x L40S\n128G DRAM\n48G VRAM')).toBe(128);
  });
});

describe('a model and what is done, beside a few words not read, is answered', () => {
  it('"GPUStack v0.6.0 dev version build 6de0e9c. Tried to deploy Qwen2.5-VL-7B …" is answered, the words said (gpustack/gpustack#1800, c495)', () => {
    const { scenario, said } = read(lineText('c495'));
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(/not read: "GPUStack"/);
  });

  // b14 (c574): however many words are not read, a model and what is done with it are answered,
  // the words listed; only a paste with nothing estimable is refused (b14-estimable.test.ts).
  it('a paste of mostly other words around a model and a verb is answered, the words listed', () => {
    const outcome = parseRequest('deploy qwen2.5-7b because the frobnicator wibbles the quux thoroughly yesterday afternoon somewhere');
    expect(outcome.ok && outcome.unread.map((u) => u.word)).toContain('frobnicator');
    expect(parseRequest('because the frobnicator wibbles the quux thoroughly yesterday afternoon somewhere qwen2.5-7b').ok).toBe(false);
  });
});
