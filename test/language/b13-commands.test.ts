import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpuCountOf } from '../../src/scenario/gpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * Batch b13 (issue 22): code, commands and scripts say what runs.
 * - the engine a launch command runs wins over another engine only mentioned (reconcile/engine-evidence.ts),
 *   and SGLang's abbreviated flags are read (config-keys/serving.ts, sequence.ts);
 * - an RL trainer named by its script or module (commands.ts command.rl-trainer-script), and
 *   OpenRLHF's actor GPUs (config-keys/rl-trainers.ts);
 * - a model named only in a path, said as weak (prose/rules/path-models.ts).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

const inThread = corpusLineRead;

function resolved(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | '), trace: r.trace ?? [] };
}

const server = (s: Scenario) => (s.mode !== 'inference' ? null : s.inference.engine !== 'vllm' ? 'other' : (s.inference.server ?? 'vllm'));

describe('the engine a command runs wins over one only mentioned', () => {
  it('c552: `python -m sglang.launch_server` beside "the same model can be served using VLLM"', () => {
    const { scenario, said } = inThread('c552');
    expect(server(scenario)).toBe('sglang');
    // SGLang's own flags, abbreviated as argparse allows: --mem-fraction, --context-len, --disable-cuda-graph.
    expect([scenario.inference.gpuMemoryUtilization, scenario.seq, scenario.inference.enforceEager, scenario.inference.batchedTokens]).toEqual([0.85, 32768, true, 32768]);
    expect(said).toMatch(/read SGLang from "python -m sglang\.launch_server" \(the command\); "VLLM" is another engine/);
  });

  it.each([
    // A plain serve word before the command no longer hides the engine.
    'I want to serve qwen2.5-7b on 2x a100 80gb:\npython -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --tp 2',
    // Another engine said to work, then the SGLang image.
    'it works with vllm on the same machine, but docker run lmsysorg/sglang:latest --model-path Qwen/Qwen2.5-7B-Instruct --tp 2 fails on 2x a100 80gb',
    // The mention after the command.
    'python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --mem-fraction-static 0.7 --tp 2 on 2x a100 80gb; vLLM serves it fine',
  ])('SGLang: %s', (text) => {
    expect(server(resolved(text).scenario)).toBe('sglang');
  });

  it('the other way round: a vLLM command beside "sglang" in prose is vLLM', () => {
    const { scenario, said } = resolved('sglang serves it fine, but python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 OOMs on 2x a100 80gb');
    expect(server(scenario)).toBe('vllm');
    expect(said).toMatch(/read vLLM from "python -m vllm\.entrypoints\.openai\.api_server"/);
  });

  it('two engines named alike in prose are left as the first says (no evidence to prefer one)', () => {
    expect(server(resolved('serving qwen2.5-7b with sglang on 2x a100 80gb, vllm too').scenario)).toBe(server(resolved('serving qwen2.5-7b with sglang on 2x a100 80gb').scenario));
  });

  it('--context-len in prose with no number is no length ("context_len > 50000", c326)', () => {
    expect(inThread('c326').scenario.seq).toBe(50000);
  });
});

describe('an RL trainer named by its script or module', () => {
  it('c527: python trl/examples/scripts/ppo/ppo.py is PPO', () => {
    expect(inThread('c527').scenario.framework).toBe('ppo');
  });

  it('c528: "I ran `train_ppo.sh`" is PPO', () => {
    expect(inThread('c528').scenario.framework).toBe('ppo');
  });

  it.each([
    ['accelerate launch --config_file zero3.yaml scripts/run_dpo.py llama-2-7b on 8x a100', 'dpo'],
    ['python open-r1/src/open_r1/grpo.py --model_name_or_path Qwen/Qwen2.5-1.5B-Instruct on 1x h100', 'grpo'],
    ['python3 -m openrlhf.cli.train_dpo --pretrain meta-llama/Meta-Llama-3-8B on 8x a100', 'dpo'],
    ['bash examples/train_kto_lora.sh llama-3-8b on 1x a100', 'dpo'],
    ['deepspeed --module openrlhf.cli.train_ppo_ray llama-3-8b on 8x a100', 'ppo'],
    ['torchrun --nproc_per_node 4 orpo-train.py mistral-7b on 4x a100', 'orpo'],
  ])('%s', (text, trainer) => {
    expect(resolved(text).scenario.framework).toBe(trainer);
  });

  it.each([
    // A config file is no script; a word that only contains the trainer's letters is no trainer.
    'llama-2-7b full with config/ppo_trainer.yaml on 8x a100',
    'python hppo.py llama-2-7b full on 8x a100',
    'python dpos_eval.py llama-2-7b inference on 1x a100',
  ])('not a trainer: %s', (text) => {
    expect(['ppo', 'dpo', 'grpo', 'orpo']).not.toContain(resolved(text).scenario.framework);
  });

  it("verl's main_ppo runs whichever algorithm adv_estimator names (c299 is GRPO)", () => {
    expect(resolved('python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B on 8x h100').scenario.framework).toBe('grpo');
  });

  it("a size in the script's own name stays the name's (Open-Reasoner-Zero's playground.orz_7b_ppo)", () => {
    const { scenario } = resolved('python -m playground.orz_7b_ppo on 8x h100');
    expect(scenario.framework).toBe('ppo');
    expect(scenario.model.requestedParams).toBe(7e9);
  });
});

describe("OpenRLHF's actor holds its own GPUs", () => {
  it('c526: the actor on 2 of the 8 A100 40GB, accumulation 128 ÷ (16 × 2) = 4, said as derived', () => {
    const { scenario, said } = inThread('c526');
    expect([scenario.framework, gpuCountOf(scenario), scenario.microBatch, scenario.gradAccum]).toEqual(['ppo', 2, 16, 4]);
    expect(said).toMatch(/2 GPUs for the actor: actor_num_nodes 1 × actor_num_gpus_per_node 2/);
    expect(said).toMatch(/gradient accumulation 4 from global batch 128/);
  });

  it('accumulation is the global batch over micro-batch × actor nodes × actor GPUs per node', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2), fc.constantFrom(1, 2, 4, 8), fc.constantFrom(1, 2, 4), fc.integer({ min: 1, max: 8 }), (nodes, perNode, micro, accum) => {
        const global = micro * nodes * perNode * accum;
        const text = [
          'python3 -m openrlhf.cli.train_ppo_ray \\',
          '   --ref_num_nodes 1 --ref_num_gpus_per_node 2 --critic_num_gpus_per_node 2 \\',
          `   --actor_num_nodes ${nodes} --actor_num_gpus_per_node ${perNode} \\`,
          '   --pretrain meta-llama/Meta-Llama-3-8B --zero_stage 3 --bf16 \\',
          `   --micro_train_batch_size ${micro} --train_batch_size ${global}`,
          'on 16x h100',
        ].join('\n');
        const { scenario } = resolved(text);
        expect(gpuCountOf(scenario)).toBe(nodes * perNode);
        expect(scenario.gradAccum).toBe(accum);
      }),
      { numRuns: 25 },
    );
  });
});

describe('a model named only in a path', () => {
  it('c536: recipes/zephyr-7b-beta/dpo/config_full.yaml is zephyr-7b-beta (Mistral-7B), said with the path', () => {
    const r = resolveRequest(line('c536').text, null);
    if (!r.ok || !r.scenario) throw new Error('c536 not read');
    expect(r.scenario.model.id).toBe('mistral-7b');
    const model = (r.trace ?? []).find((f) => f.fact === 'model');
    expect(model?.weak).toBe(true);
    expect(model?.rules).toContain('prose.model-folder');
    expect(r.assumptions.join(' | ')).toMatch(/from "recipes\/zephyr-7b-beta\/dpo\/config_full\.yaml"\?/);
  });

  it.each([
    ['torchrun --nproc_per_node 4 train.py configs/llama-2-13b-chat/sft/config_lora.yaml on 4x a100', 'llama-2-13b'],
    ['deepspeed finetune.py yamls/qwen2.5-7b-instruct/train_full.json on 8x h100', 'qwen2.5-7b'],
  ])('%s', (text, model) => {
    const { scenario, trace } = resolved(text);
    expect(scenario.model.id).toBe(model);
    expect(trace.find((f) => f.fact === 'model')?.weak).toBe(true);
  });

  it('a model named in prose is the model, not the path', () => {
    const { scenario, trace } = resolved('I fine-tune qwen2.5-7b with recipes/zephyr-7b-beta/dpo/config_full.yaml on 8x a100');
    expect(scenario.model.id).toBe('qwen2.5-7b');
    expect(trace.find((f) => f.fact === 'model')?.rules).not.toContain('prose.model-folder');
  });

  it('c787: a config file named for its model (SimPO\'s training_configs/mistral-7b-instruct-simpo.yaml), weak, said with the path', () => {
    const { scenario, said, trace } = resolved(line('c787').text);
    expect(scenario.model.id).toBe('mistral-7b');
    const model = trace.find((f) => f.fact === 'model');
    expect(model?.weak).toBe(true);
    expect(model?.rules).toContain('prose.model-folder');
    expect(said).toMatch(/from "training_configs\/mistral-7b-instruct-simpo\.yaml"\?/);
  });

  it.each([
    ['accelerate launch run.py configs/llama-2-13b-chat-dpo.yaml on 4x a100-80g', 'llama-2-13b'],
    ['torchrun train.py recipes/qwen2.5-7b_full_sft.json on 8x h100', 'qwen2.5-7b'],
  ])('a config file named for its model: %s', (text, model) => {
    expect(resolved(text).scenario.model.id).toBe(model);
  });

  it('a script named for a model names it only weak (rmodel13: never "Which model?"), and a model said in prose wins over the file', () => {
    const r = resolveRequest('python scripts/run-llama-7b.py full on 8x a100-80g', null);
    expect(r.ok && r.trace?.find((f) => f.fact === 'model')?.weak).toBe(true);
    expect(resolved('I fine-tune qwen2.5-7b with configs/mistral-7b-instruct-simpo.yaml on 8x a100').scenario.model.id).toBe('qwen2.5-7b');
  });

  it("MLC LLM's q4f16_1 in a compiled model's name is 4-bit weights", () => {
    const { scenario } = resolved('mlc_llm chat ./dist/Llama-2-7b-chat-hf-q4f16_1 on a 3060 6GB');
    expect([scenario.model.id, scenario.weights]).toEqual(['llama-2-7b', resolved('llama-2-7b int4 inference on a 3060').scenario.weights]);
  });
});
