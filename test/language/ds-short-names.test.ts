import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { DS_SHORT_NAME_RULES } from '../../src/language/prose/rules/ds-short-names.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * "ds" is short for DeepSpeed and for DeepSeek (prose/rules/ds-short-names.ts). "ds3.2 TP8" is
 * DeepSeek-V3.2 (sgl-project/sglang#12373, c1905, had read as ZeRO-3); a ZeRO stage needs DeepSpeed's
 * own words in the message; "dsv3", "ds-r1" are DeepSeek by their family letter.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, trace: r.trace ?? [], notices: r.notices.join(' | ') };
};
const weakModel = (text: string) => read(text).trace.some((f) => f.fact === 'model' && f.weak);

describe('"ds" shorthand: DeepSeek or DeepSpeed by its context', () => {
  it('every rule reads its own example', () => {
    for (const rule of DS_SHORT_NAME_RULES) expect([...rule.example.toLowerCase().matchAll(rule.pattern)].length, rule.id).toBeGreaterThan(0);
  });

  it('c1905: "ds3.2 TP8" beside an SGLang launch is DeepSeek-V3, no ZeRO', () => {
    const { scenario } = corpusLineRead('c1905');
    expect(scenario.sharding.kind).not.toBe('zero');
    expect(scenario.model.id).toBe('deepseek-v3');
  });

  it('a release or a family letter names DeepSeek, in any spelling, and never a ZeRO stage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['ds3.2', 'deepseek-v3'], ['ds3.1', 'deepseek-v3'], ['dsv3', 'deepseek-v3'], ['ds-v3', 'deepseek-v3'], ['DS_V3.1', 'deepseek-v3'], ['ds-r1', 'deepseek-r1'], ['DSR1', 'deepseek-r1'], ['ds v2.5', 'deepseek-v2']),
        fc.constantFrom('serve {m} tp 8 on 8x h20', 'FA3 costs too much memory for {m} TP8 on 8x H20', 'how much memory for {m} with vllm on 8x h200', '{m} 用 sglang 部署 8卡 h20'),
        ([name, id], template) => {
          const { s } = read(template.replace('{m}', name));
          expect(s.model.id).toBe(id);
          expect(s.sharding.kind).not.toBe('zero');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('"ds3.2" alone is said as a guess; "dsv3" is not', () => {
    expect(weakModel('serve ds3.2 tp 8 on 8x h20')).toBe(true);
    expect(weakModel('serve dsv3 tp 8 on 8x h20')).toBe(false);
  });

  it.each([
    ['DeepSpeed named', 'full finetune 13b with deepspeed ds3 on 8x a100'],
    ['a ZeRO word', '13b lora, ds2 + zero offload, 4x a100'],
    ['a ds_config', 'llama-2-7b full ds3 --deepspeed ds_config.json on 8x a100'],
  ])('%s: "ds2"/"ds3" is the ZeRO stage', (_why, text) => {
    expect(read(text).s.sharding.kind).toBe('zero');
  });

  it('a bare "ds3" beside a training setup and another model\'s size is ZeRO-3, said as a guess', () => {
    const { s, trace } = read('13b full ds3 bf16 seq 4096 on 8x a100');
    expect(s.sharding).toMatchObject({ kind: 'zero', stage: 3 });
    expect(trace.some((f) => f.fact === 'sharding' && f.weak)).toBe(true);
  });

  it('a bare "ds3" with serving words is DeepSeek-V3, said as a guess', () => {
    const text = 'how many h20 to serve ds3 with tp 8';
    expect(read(text).s.model.id).toBe('deepseek-v3');
    expect(weakModel(text)).toBe(true);
  });

  it('a path or a config file is neither: "ds_z3_config.json" stays the config reader\'s', () => {
    expect(read('llama-2-7b full --deepspeed examples/deepspeed/ds_z3_config.json on 8x a100').s.sharding).toMatchObject({ kind: 'zero', stage: 3 });
  });
});
