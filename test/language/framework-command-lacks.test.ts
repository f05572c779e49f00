import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { COMMAND_LACKS_ROW } from '../../src/scenario/framework-command-lacks.js';

/**
 * A tool said to run "with this command", where the command shown holds nothing of it
 * (scenario/framework-command-lacks.ts): set aside, said with its words (s44; until then kept weak). zai-org/GLM-4#281 (c854):
 * "I had tried DeepSpeed with this command `… torchrun … finetune_vision.py …`" runs plain DDP.
 */
const framework = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const fact = (r.trace ?? []).find((f) => f.fact === 'framework' && f.at !== null);
  return { value: r.scenario.framework, weak: fact?.weak ?? false, notices: r.notices.join(' | ') };
};
const TAIL = ' on 8x a100-80g, lora of glm-4v-9b';

describe('a tool the command shown does not use', () => {
  it('reads its own example as a mention', () => {
    const { example } = COMMAND_LACKS_ROW;
    const at = example.indexOf('DeepSpeed');
    expect(COMMAND_LACKS_ROW.words(example, at, at + 'DeepSpeed'.length)).toMatch(/^DeepSpeed with this command/);
  });

  it.each([
    ['GLM-4#281 (c854) as written', 'I had tried DeepSpeed with this command `OMP_NUM_THREADS=1 torchrun --standalone --nnodes=1 --nproc_per_node=8  ./finetune_demo/finetune_vision.py ./data/  THUDM/glm-4v-9b finetune_demo/configs/lora.yaml`'],
    ['a fence after a colon (invented)', 'I use deepspeed with the following command:\n```\ntorchrun --nproc_per_node 8 train.py --model THUDM/glm-4v-9b\n```'],
    ['"using this script" (invented)', 'Trained with DeepSpeed using this script `python finetune.py --lora_rank 8`'],
  // s44 (rengine1): a tool only set against the run (a `contrast` mention, this row's kind) is set aside and said,
  // no longer kept weak (docs/reading.md, the framework and engine slots); the corpus reads c854 as hf, not deepspeed.
  ])('%s: DeepSpeed set aside, said with its words and the switch on the first screen', (_why, text) => {
    const r = framework(text + TAIL);
    expect(r.value).not.toBe('deepspeed');
    expect(r.notices).toMatch(/"deepspeed" is only set against your run \("deepspeed (?:with|using) (?:this|the following) (?:command|script)[^)]*\), not the program it uses; say deepspeed if it does run yours/i);
  });

  it.each([
    ['the launcher', 'I run DeepSpeed with this command `deepspeed --num_gpus 8 train.py --model THUDM/glm-4v-9b`'],
    ['a ds config', 'I use deepspeed with this command `torchrun --nproc_per_node 8 train.py --ds_config ds.json --model THUDM/glm-4v-9b`'],
    ['a ZeRO stage', 'tried DeepSpeed with this command `torchrun train.py --zero_stage 2 --model THUDM/glm-4v-9b`'],
  ])('the command holds it (%s): the tool is the run\'s, said as no guess', (_why, text) => {
    expect(framework(text + TAIL).weak).toBe(false);
  });
});
