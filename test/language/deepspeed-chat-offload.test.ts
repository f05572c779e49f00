import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * DeepSpeed-Chat's step 1/2 `--offload` (Yi's finetune/sft/main.py copies it), a bare flag beside
 * `--zero_stage N`: ds_utils.py get_train_ds_config offloads the optimizer to the CPU, and the
 * parameters too at stage 3 (config-keys/sharding.ts deepspeedChatOffload). Before, it was set aside
 * as an unknown key and the run counted with no offload (01-ai/Yi c412, c414, c916).
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('DeepSpeed-Chat --offload under --zero_stage', () => {
  it('offloads the optimizer, and the parameters at stage 3, whatever the order and line breaks', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3), fc.boolean(), fc.constantFrom(' ', ' \\\n\t'), fc.constantFrom('yi-34b', 'llama-2-7b', 'opt-13b'), (stage, offloadFirst, sep, model) => {
        const flags = offloadFirst ? ['--offload', `--zero_stage ${stage}`] : [`--zero_stage ${stage}`, '--offload'];
        const text = ['deepspeed main.py', `--model_name_or_path ${model}`, '--per_device_train_batch_size 1', ...flags, '--gradient_checkpointing', '--deepspeed'].join(sep);
        const { s } = read(text);
        expect(s.offload).toEqual({ optimizer: 'cpu', params: stage === 3 ? 'cpu' : 'none' });
      }),
      { numRuns: 40 },
    );
  });

  it('without --zero_stage the flag is said, not counted', () => {
    const { s, said } = read('deepspeed main.py --model_name_or_path yi-34b --offload --deepspeed');
    expect(s.offload.optimizer).toBe('none');
    expect(said).toMatch(/--offload with no --zero_stage: not read/);
  });

  it.each(['c412', 'c414', 'c916'])('%s: Yi sft/main.py --offload --zero_stage 2 offloads the optimizer', (id) => {
    const { scenario } = corpusLineRead(id);
    expect(scenario.offload).toEqual({ optimizer: 'cpu', params: 'none' });
  });
});
