import { describe, expect, it } from 'vitest';
import { SCRIPT_CONSTANTS, scriptOf } from '../../src/language/config-keys/script-constants.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A script known by the constants it opens with (config-keys/script-constants.ts): alpaca-lora's
 * finetune.py (and its forks, Chinese-Vicuna's) sets MICRO_BATCH_SIZE, CUTOFF_LEN, LORA_R … and
 * loads the base in 8-bit. A reply pasting those constants (c387, Facico/Chinese-Vicuna) had been
 * read as LoRA on a 16-bit base, with nothing said.
 */
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("alpaca-lora's finetune.py constants", () => {
  it('c387: the pasted constants are LoRA over an 8-bit base, with the note saying why', () => {
    const { scenario, said } = read(line('c387').text);
    expect([scenario.mode, scenario.weights, scenario.microBatch, scenario.seq]).toEqual(['lora', 'int8', 4, 256]);
    expect(said).toMatch(/alpaca-lora's finetune\.py constants.*8-bit/);
  });

  it.each([
    // fire's typed defaults (alpaca-lora from 2023-03-28)
    'def train(\n    base_model: str = "decapoda-research/llama-7b-hf",\n    micro_batch_size: int = 4,\n    cutoff_len: int = 256,\n    lora_r: int = 8,\n):\non a 3090',
    // another order, spacing, and Chinese around it
    '我的配置：\nLORA_R=8\nCUTOFF_LEN=512\nMICRO_BATCH_SIZE=2\n用 llama-7b 在 3090 上跑 lora',
  ])('%s', (text) => {
    expect(read(text).scenario.weights).toBe('int8');
  });

  it.each([
    // axolotl's YAML: keys, not a script's assignments
    'base_model: huggyllama/llama-7b\nmicro_batch_size: 2\ncutoff_len: 512\nlora_r: 8\nlora on a 3090',
    // lit-llama's finetune/lora.py constants: no CUTOFF_LEN
    'micro_batch_size = 4\nlora_r = 8\nmax_seq_length = 256\nllama-7b lora on a 3090',
  ])('not that script: %s', (text) => {
    expect(read(text).scenario.weights).not.toBe('int8');
  });

  it('each row is found in its own keys written as assignments, and not with one key missing', () => {
    for (const row of SCRIPT_CONSTANTS) {
      expect(scriptOf(row.keys.map((k) => `${k} = 1`).join('\n'))).toBe(row);
      expect(scriptOf(row.keys.slice(1).map((k) => `${k} = 1`).join('\n'))).toBeNull();
    }
  });
});
