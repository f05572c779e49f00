import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { segmentsOf } from '../../src/language/segments/index.js';
import { read } from './reading-fixtures.js';

/**
 * b19, meta-llama/llama-cookbook#413 (corpus c711): llama-recipes' finetuning.py prints its progress
 * after an arrow ("--> Training Set Length = 14732"); the dataset's size had become seq 14732. Those
 * lines are its log (log.llama-recipes-print), and no number in a log sets the setup.
 */

// c711 left requests.jsonl after its first sight (its thread is vb6's v164); its text stays in withdrawn.jsonl.
const line = (id: string) =>
  readFileSync(new URL('../corpus/withdrawn.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; text: string })
    .find((l) => l.id === id)!;
const DEFAULT_SEQ = read('llama-2-7b full on 1x a100-80g').scenario.seq;

describe("llama-recipes' arrow prints are its log", () => {
  it('c711: no length from the training set', () => {
    expect(read(line('c711').text).scenario.seq).toBe(DEFAULT_SEQ);
  });

  it.each([
    'full finetune llama-2-7b on 1x a100-80g\n--> Training Set Length = 14732\n--> Validation Set Length = 818',
    'full finetune llama-2-7b on 1x a100-80g\n```\n--> Model meta-llama/Llama-2-7b-hf\n--> meta-llama/Llama-2-7b-hf has 6738.415616 Million params\n--> Training Set Length = 9000\n```',
    '--> Num of Training Set Batches loaded = 3680\n--> applying fsdp activation checkpointing...\nfull finetune llama-2-7b on 1x a100-80g',
  ])('%s: a log', (text) => {
    expect(read(text).scenario.seq).toBe(DEFAULT_SEQ);
    expect(segmentsOf(text).some((s) => s.kind === 'log' && s.rule === 'log.llama-recipes-print')).toBe(true);
  });

  it('an arrow in prose is no log: "fp16 --> bf16"', () => {
    expect(segmentsOf('llama-2-7b full on 1x a100\nfp16 --> bf16').every((s) => s.kind === 'prose')).toBe(true);
  });
});
