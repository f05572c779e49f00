import { describe, expect, it } from 'vitest';
import { corpusLineRead, hardwareOf, read } from './reading-fixtures.js';

/**
 * b119's first sight, by cause: an evaluation run with generation is inference, and its eval batch the batch
 * (LLaMA-Factory's sft workflow: `if training_args.do_train … if training_args.do_eval: trainer.evaluate(…,
 * **gen_kwargs)`); a visible-devices list whose "=" became a space is still the list; a checklist line that
 * names a card is the user's.
 */
const LF = (flags: string) => `CUDA_VISIBLE_DEVICES=0 python src/train_bash.py --stage sft --model_name_or_path meta-llama/Llama-2-13b-hf --finetuning_type lora ${flags} --dataset alpaca_gpt4_zh --output_dir out`;

describe('evaluation runs', () => {
  it('c3901: --do_eval --predict_with_generate without --do_train is inference at the eval batch (hiyouga/LlamaFactory#559)', () => {
    const { scenario, said } = corpusLineRead('c3901');
    expect(scenario.mode).toBe('inference');
    expect(scenario.microBatch).toBe(8);
    expect(said).toMatch(/do_eval with predict_with_generate without do_train/);
  });

  it.each([
    ['--do_eval --per_device_eval_batch_size 4 --predict_with_generate', 'inference', 4],
    ['--predict_with_generate --per_device_eval_batch_size 2 --do_eval', 'inference', 2],
    ['--do_predict --per_device_eval_batch_size 3 --predict_with_generate', 'inference', 3],
  ] as const)('"%s" predicts only', (flags, mode, batch) => {
    const { scenario } = read(LF(flags));
    expect(scenario.mode).toBe(mode);
    expect(scenario.microBatch).toBe(batch);
  });

  it.each([
    '--do_train --do_eval --per_device_train_batch_size 2 --per_device_eval_batch_size 8 --predict_with_generate',
    '--do_eval --per_device_train_batch_size 2 --per_device_eval_batch_size 8',
  ])('"%s" trains: do_eval alone, or beside do_train, is evaluation during training', (flags) => {
    const { scenario } = read(LF(flags));
    expect(scenario.mode).not.toBe('inference');
    expect(scenario.microBatch).toBe(2);
  });
});

describe('a visible-devices list written with a space for "="', () => {
  it.each([
    ['CUDA_VISIBLE_DEVICES 0,1,2,3 torchrun --nproc_per_node 4 train.py --model_name_or_path Qwen/Qwen2-7B', 4],
    ['CUDA_VISIBLE_DEVICES 0,1 \\\nswift sft --model_type qwen2-7b-chat --sft_type lora', 2],
    ['ASCEND_RT_VISIBLE_DEVICES 0,1,2 llamafactory-cli train qwen2_lora.yaml for qwen2-7b', 3],
  ] as const)('"%s" sees %i devices', (text, gpus) => {
    const { scenario } = read(text);
    expect(scenario.hardware?.count ?? scenario.unnamedGpus).toBe(gpus);
  });
});

describe('a checklist line naming a card is the user\'s', () => {
  it('"- [x] tested with falcon 7b on A6000" (a pull request\'s own list, c2310)', () => {
    expect(hardwareOf('This PR:\n\n- [x] adds the qlora example\n- [x] tested with falcon 7b on A6000')).toBe('on 1x rtx-a6000');
  });
  it('a template line naming a program still sets nothing', () => {
    expect(() => read('- [x] I am using llama.cpp\n- [ ] One of the scripts in the examples folder of Accelerate')).toThrow(/not read/);
  });
});
