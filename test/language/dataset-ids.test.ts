import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Hub dataset ids listed after a data flag are datasets, not a model to fetch (b10, c442:
 * DeepSpeed-Chat's "--data_path Dahoas/rm-static Dahoas/full-hh-rlhf …" was refused as an
 * unfetched model "Dahoas/full-hh-rlhf" beside the named facebook/opt-13b).
 */

const c442 = loadCorpus().find((l) => l.id === 'c442')!;

describe('dataset ids after a data flag are not the model', () => {
  it('c442: read with its actor model, not refused for a dataset', () => {
    const { scenario } = read(c442.text);
    expect(scenario.model.name).toMatch(/13B/);
    expect(scenario.hardware?.count).toBe(8);
  });

  const ids = ['Dahoas/rm-static', 'Dahoas/full-hh-rlhf', 'openai/webgpt_comparisons', 'stanfordnlp/SHP', 'tatsu-lab/alpaca'];
  it('any data flag, any number of ids, on one line or over two, before or after the model flag', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('--data_path', '--dataset', '--datasets', '--dataset_name'),
        fc.shuffledSubarray(ids, { minLength: 2 }),
        fc.constantFrom(' ', '\n    '),
        fc.boolean(),
        (flag, chosen, gap, dataFirst) => {
          const data = `${flag} ${chosen[0]} ${chosen.slice(1).join(gap)}`;
          const model = '--model_name_or_path meta-llama/Llama-2-7b-hf';
          const text = `deepspeed main.py \\\n  ${dataFirst ? `${data} \\\n  ${model}` : `${model} \\\n  ${data}`} \\\n  --per_device_train_batch_size 1\non 8x A100 80GB`;
          expect(read(text).scenario.model.name).toMatch(/^Llama-2-7B/);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('words after a data flag that are no Hub ids are still read', () => {
    expect(read('--dataset alpaca_en\nlora llama-2-7b on a 4090').scenario.model.name).toMatch(/^Llama-2-7B/);
  });
});
