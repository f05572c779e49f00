import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { PROSE_RULES } from '../../src/language/prose/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b20 (issue 22), c745 (OpenRLHF/OpenRLHF#566): "16 for vllm_engines (8 vllm_engine with each tp_size = 2)"
 * is the rollout engines' split, not the trained 70B's (it had read as tp 2); "(in one gpu, half actor,
 * half ref)" is a share of a GPU, not fp16 (it had read as fp16 mixed, said nowhere).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string) => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return { scenario: outcome.scenario, said: outcome.assumptions.join('; ') };
};

describe("a rollout engine's split is not the trained model's", () => {
  it('c745: no tp 2 on the 70B PPO run, and the note says whose split it was', () => {
    const { scenario, said } = read(line('c745').text);
    expect(scenario.parallel.tp).toBe(1);
    expect(said).toMatch(/"tp_size = 2": said of the rollout engines' split/);
  });

  it('invented: a GRPO run whose vLLM rollout engine has tp 4 trains with no tp; a tp said of the trainer stays', () => {
    expect(read('qwen2.5-7b full grpo on 8x h100; rollout with vllm tp 4').scenario.parallel.tp).toBe(1);
    expect(read('qwen2.5-72b full grpo with megatron tp 4 on 8x h100; rollout with vllm').scenario.parallel.tp).toBe(4);
  });
});

describe('"half" is fp16 only as a dtype', () => {
  it('c745: "half actor, half ref" sets no precision', () => {
    expect(read(line('c745').text).scenario.compute).toBe('bf16');
  });

  it('the real dtype spellings stay fp16: "--dtype half" (c007, c089), "dtype=\'half\'" (c346), "DTYPE=half" (c733), ".half()" (c545), "half precision"', () => {
    for (const text of ['llama-2-7b inference --dtype half on 1x a10g', "mistral-7b inference dtype='half' on 1x a10g", 'DTYPE=half\nllama-2-7b inference on 1x a10g', "model = AutoModel.from_pretrained('THUDM/chatglm-6b').half() inference on 1x a10g", 'llama-2-13b inference in half precision on 1x a10g'])
      expect(read(text).scenario.compute).toBe('fp16');
  });

  it('the rule example is a fraction the rule blanks', () => {
    const rule = PROSE_RULES.find((r) => r.id === 'prose.half-fraction')!;
    expect([...rule.example.toLowerCase().matchAll(rule.pattern)]).toHaveLength(2);
  });

  it('property: "half <noun>" and "half of" beside a run leave its precision at the default', () => {
    fc.assert(
      fc.property(fc.constantFrom('half a gpu', 'half of the memory', 'half actor', 'only reaches half', 'half the time'), (phrase) => {
        expect(read(`llama-2-7b lora on 2x a100 80gb, ${phrase}`).scenario.compute).toBe('bf16');
      }),
      { numRuns: 10 },
    );
  });
});
