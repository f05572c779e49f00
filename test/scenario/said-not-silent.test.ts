import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** Defaults and carried-over settings the reply must say, from real threads (cited). */

function resolved(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

describe('what a reply says it assumed', () => {
  // artidoro/qlora#225: "how can I stop the training going OOM when training a 13B in a 24GB GPU?"
  it('a training word with no method is a full fine-tune, said with how to ask for adapters', () => {
    const { scenario, said } = resolved('training a 13B in a 24GB GPU');
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/full fine-tune: "training" names no method \(say lora or qlora/);
    // A method or a sharding said makes the note needless.
    expect(resolved('training a 13B with zero3 on 4x a100').said).not.toMatch(/names no method/);
    expect(resolved('full finetune a 13B on 4x a100').said).not.toMatch(/names no method/);
  });

  // unslothai/unsloth#824: the thread compares Llama 3 8b with Llama 2 7b; a reply measures one of them.
  it('a follow-up naming one model ends a comparison of models, said', () => {
    const thread = resolved('qlora seq 16384 on t4, compare llama-3-8b vs llama-2-7b').scenario;
    const { scenario, said } = resolved('on rtx 4090, llama 3 8b will consume around 20g vram', thread);
    expect(scenario.question.kind).toBe('none');
    expect(said).toMatch(/the comparison "llama-3-8b vs llama-2-7b" ends here/);
    // A comparison of formats goes on with the new model.
    const formats = resolved('13b inference on a 4090, compare bf16 vs int8').scenario;
    expect(resolved('now llama-2-7b', formats).scenario.question.kind).toBe('compare');
  });

  // vllm-project/vllm#3285: a reply with its own model and cards on a thread that set a length and eager mode.
  it('a follow-up with a new model and new GPUs says which thread settings it kept', () => {
    const thread = resolved('serve mixtral-8x7b fp16 tp 4 seq 1000 enforce eager on 4x 24GB').scenario;
    const { scenario, said } = resolved('mixtral-8x7b awq on 4 L4 GPU', thread);
    expect(scenario.seq).toBe(1000);
    expect(said).toMatch(/kept from the thread: seq 1000, enforce eager/);
    // A change of one thing is a plain follow-up: nothing to list.
    expect(resolved('now seq 4096', thread).said).not.toMatch(/kept from the thread/);
  });

  // huggingface/text-generation-inference#2572: "serving" with TGI named is TGI's server, not vLLM's layout.
  it('"serving with tgi" and "deploy with llama.cpp" keep the named server', () => {
    const tgi = resolved('llama-3.1-70b serving with tgi on 2x a100-80g').scenario;
    expect([tgi.framework, tgi.inference.engine]).toEqual(['tgi', 'hf']);
    expect(resolved('deploy llama-3.1-70b with llama.cpp on 2x 3090').scenario.inference.engine).toBe('hf');
    expect(resolved('serve llama-3.1-70b on 2x a100').scenario.inference.engine).toBe('vllm');
  });
});

describe('intent and offload read by what the words can mean', () => {
  it('a bare memory of a consumer card\'s size, with no intent word, is asked about running the model, said', () => {
    const { scenario, said } = resolved('does 8b fit on 8gb?');
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(/running the model \(no train or run word.*say "train"/);
    // "Minimum VRAM for Qwen2.5-14B-Instruct in fp16?" asks what running it needs.
    expect(resolved("Minimum VRAM for Qwen2.5-14B-Instruct in fp16?").scenario.mode).toBe("inference");
    expect(resolved("how much vram to finetune llama 3 70b").scenario.mode).toBe("full");
    // No training word and no training setting: running the model, whatever the card (DESIGN §2).
    expect(resolved('70b on 80gb').scenario.mode).toBe('inference');
    expect(resolved('70b zero3 on 8x 80gb').scenario.mode).toBe('full');
  });

  it('"offload" beside a GGUF model is llama.cpp\'s layer placement, said, never a trainer\'s optimizer offload', () => {
    const { scenario, said } = resolved('mixtral 8x7b q4 on 3090 + 64gb ram, offload');
    expect([scenario.mode, scenario.offload.optimizer]).toEqual(['inference', 'none']);
    expect(said).toMatch(/"offload" with a GGUF model is llama\.cpp keeping layers in host RAM/);
    expect(resolved('70b zero3 offload on 8x a100').scenario.offload.optimizer).toBe('cpu');
  });
});

describe('16-bit default by the card', () => {
  // unslothai/unsloth#682 ("Environment: Google Colab T4 GPU"), DeepSpeedExamples on V100s: no bf16 there.
  it('a card without bf16 defaults to fp16, said; a card with it keeps bf16; bf16 said stays', () => {
    const t4 = resolved('Fine-tuning Mistral 7B on a free colab T4');
    expect(t4.scenario.compute).toBe('fp16');
    expect(t4.said).toMatch(/fp16 mixed precision .* \(the T4 16GB has no bf16\)/);
    expect(resolved('run llama 2 7b on a t4').scenario.inference.kvDtype).toBe('fp16');
    expect(resolved('7b full on v100 bf16').scenario.compute).toBe('bf16');
    expect(resolved('7b full on a100').scenario.compute).toBe('bf16');
  });

  // unslothai/unsloth#824: the thread was on a T4; "I also tried on rtx 4090".
  it('a follow-up moving to a card with bf16 goes back to bf16, said', () => {
    const thread = resolved('qlora llama 3 8b seq 16384 on t4').scenario;
    const { scenario, said } = resolved('on rtx 4090', thread);
    expect(scenario.compute).toBe('bf16');
    expect(said).toMatch(/bf16 on the RTX 4090 24GB \(the thread's fp16 was for the T4 16GB/);
  });
});

describe('vLLM beside an online RL trainer', () => {
  // TRL GRPOTrainer / PPO with use_vllm: vLLM generates the rollouts; the run is training.
  it('"GRPO … with vllm for generation" is GRPO training, with vLLM\'s own memory said not modelled', () => {
    for (const text of ['GRPO qwen2.5 1.5b on a single 4090 with vllm for generation', 'GRPO training qwen2.5 7b with vllm on 8 h100']) {
      const r = resolveRequest(text, null);
      expect(r.ok && r.scenario!.mode, text).toBe('full');
      expect(r.ok && r.scenario!.framework, text).toBe('grpo');
      expect(r.ok && r.assumptions.join(' | '), text).toMatch(/vLLM generates the rollouts/);
    }
    const served = resolveRequest('serve qwen2.5 7b with vllm on a 4090', null);
    expect(served.ok && served.scenario!.mode).toBe('inference');
  });
});

describe('axolotl under DeepSpeed ZeRO', () => {
  // axolotl loads a full fine-tune in bf16, but with `deepspeed: zero2.json` the Trainer hands bf16
  // to DeepSpeed, whose optimizer keeps fp32 master weights (16 B/param, not pure bf16's).
  it('is bf16 mixed with fp32 master weights, said; axolotl alone stays pure bf16', () => {
    const r = resolveRequest('fine-tuning llama3 8b instruct with axolotl on 2 4090s using deepspeed zero2 and flash attention', null);
    expect(r.ok && [r.scenario!.framework, r.scenario!.recipe]).toEqual(['axolotl', 'mixed']);
    expect(r.ok && r.assumptions.join(' | ')).toMatch(/DeepSpeed's bf16 optimizer keeps them/);
    // An axolotl YAML with a DeepSpeed config reads its bf16 as DeepSpeed's already (config-keys).
    const yaml = resolveRequest('base_model: meta-llama/Meta-Llama-3-8B\ndeepspeed: deepspeed_configs/zero2.json\nbf16: auto\non 2x a100', null);
    expect(yaml.ok && yaml.scenario!.recipe).toBe('mixed');
    const alone = resolveRequest('axolotl full finetune llama 3 8b on 2 a100', null);
    expect(alone.ok && alone.scenario!.recipe).toBe('pure');
    const stated = resolveRequest('axolotl llama 3 8b full zero3 pure bf16 on 8 h100', null);
    expect(stated.ok && stated.scenario!.recipe).toBe('pure');
  });
});
