import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b27, c968 (OpenLMLab/LOMO: "data_max_length: 1024" in the LOMO-LoRA config): a trainer's data
 * length key is the sample's length, read as seq (config-keys/sequence.ts); the same name stands beside
 * model_max_length in other trainers' TrainingArguments dataclasses.
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('data_max_length', () => {
  it('c968: seq 1024', () => {
    expect(read(lineText('c968')).scenario.seq).toBe(1024);
  });

  it.each([
    ['llama-2-7b lora on 1x v100 16GB\n```yaml\ndata_max_length: 2048\nper_device_train_batch_size: 1\n```', 2048],
    ['qwen2-7b full on 8x a100\n```\n--data_max_length 4096 --per_device_train_batch_size 2\n```', 4096],
  ])('%j', (text, n) => {
    expect(read(text).scenario.seq).toBe(n);
  });
});
