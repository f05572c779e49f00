import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configShape } from '../../src/language/config-keys/config-shape.js';
import { FORMER_FRAMEWORK_RULE } from '../../src/language/reconcile/former-frameworks.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Which program runs the message, and what an offload word offloads (rframe2, issue 22): a torchtune
 * config known by its keys, its recipe's class or a launcher's per-rank prefix; a group-relative RL
 * trainer known by `rollouts_per_example`; a framework the user used before; offload words that move
 * a runner's layers or KV cache, or that stand in a run that only runs the model. Real lines first,
 * then invented variations.
 */

const TORCHTUNE_LORA = ['model:', '  lora_attn_modules: [q_proj, v_proj, output_proj]', '  apply_lora_to_mlp: True', '  lora_rank: 8', 'batch_size: 4', 'enable_activation_checkpointing: True'];

describe("torchtune's config, recipe class and launcher prefix name torchtune", () => {
  it('c1870 (meta-pytorch/torchtune#2620): a resolved config behind "[trainer0|0]:" prefixes is torchtune, pure bf16', () => {
    const { scenario: s } = corpusLineRead('c1870');
    expect({ fw: s.framework, recipe: s.recipe, batch: s.microBatch, gc: s.recompute }).toEqual({ fw: 'torchtune', recipe: 'pure', batch: 32, gc: 'full' });
  });

  it.each([
    ['a YAML fence', `OOM with llama 3.1 8B on 2 A100\n\n\`\`\`yaml\n${TORCHTUNE_LORA.join('\n')}\n\`\`\``],
    ['no fence, keys in another order', `llama 3.1 8b, 2x a100 80gb\n${[...TORCHTUNE_LORA].reverse().join('\n').replace('model:', '')}`],
    ['a model builder by _component_', 'LoRA on 2 A100 80GB\n\n```yaml\nmodel:\n  _component_: torchtune.models.llama3_1.lora_llama3_1_8b\n  lora_attn_modules: [q_proj, v_proj]\n  lora_rank: 8\nbatch_size: 4\n```'],
    ['torchrun --tee prefixes', `llama 3.1 8b on 2x A100 80GB\n${TORCHTUNE_LORA.map((l) => `[default0]:${l}`).join('\n')}`],
    ['TorchX prefixes with a rank', `llama 3.1 8b on 2x A100 80GB\n${TORCHTUNE_LORA.map((l) => `[trainer1|3]:${l}`).join('\n')}`],
  ])('a torchtune LoRA config: %s', (_, text) => {
    expect(read(text).scenario.framework).toBe('torchtune');
  });

  it("torchtune's logger naming the recipe class, before a config with no key only torchtune writes", () => {
    const s = read('INFO:torchtune.utils._logging:Running FullFinetuneRecipeDistributed with resolved config:\n\nbatch_size: 4\ndtype: bf16\n\nllama 3.1 8B on 8 H100 OOM').scenario;
    expect({ fw: s.framework, mode: s.mode }).toEqual({ fw: 'torchtune', mode: 'full' });
  });

  it('the recipe class in prose', () => {
    const s = read('LoRAFinetuneRecipeSingleDevice OOMs with llama 3.1 8b on one 4090').scenario;
    expect({ fw: s.framework, mode: s.mode }).toEqual({ fw: 'torchtune', mode: 'lora' });
  });

  it('one torchtune key alone, or the keys every trainer writes, make no torchtune shape', () => {
    expect(configShape(new Set(['enable_activation_checkpointing']), new Map(), [])).toBeNull();
    expect(configShape(new Set(['batch_size', 'dtype', 'epochs']), new Map(), [])).toBeNull();
    expect(configShape(new Set(['lora_attn_modules', 'batch_size']), new Map(), [])?.framework).toBe('torchtune');
    // Another program the message names reads the config by that name.
    expect(configShape(new Set(['lora_attn_modules', 'batch_size']), new Map(), ['unsloth'])).toBeNull();
  });

  it("torch's own [rank1]: prefix stays a log (a failing rank's traceback is never read)", () => {
    const s = read('llama 3.1 8b lora on 2x A100 80GB\n[rank1]: batch_size: 64\n[rank1]: RuntimeError: CUDA out of memory').scenario;
    expect(s.microBatch).not.toBe(64);
  });
});

describe("prime-rl's rollouts_per_example is a group-relative RL run", () => {
  it.each(['c871', 'c679'])('%s (PrimeIntellect-ai/prime-rl): GRPO from the orchestrator config', (id) => {
    expect(corpusLineRead(id).scenario.framework).toBe('grpo');
  });

  it.each([
    'qwen3 8b full on 4x h100\n```toml\nbatch_size = 4\nrollouts_per_example = 8\nseq_len = 4096\n```',
    'qwen3 8b full on 4x h100, rollouts_per_example: 16, batch_size: 2',
  ])('said as a guess: %s', (text) => {
    const { scenario: s, said } = read(text);
    expect(s.framework).toBe('grpo');
    expect(said).toMatch(/rollouts_per_example \d+ is a group-relative RL setting/);
  });

  it('a PPO the message names wins over the guess', () => {
    expect(read('PPO of qwen3 8b on 4x h100, rollouts_per_example = 8').scenario.framework).toBe('ppo');
  });
});

describe('a framework used before is not the run', () => {
  it('the rule names its source', () => expect(FORMER_FRAMEWORK_RULE.source).toMatch(/Liger-Kernel#311/));

  it('c1831 (linkedin/Liger-Kernel#311): "I used to primarily use unsloth" over HF\'s training.py', () => {
    const { scenario: s, said } = corpusLineRead('c1831');
    expect({ fw: s.framework, mode: s.mode }).toEqual({ fw: 'hf', mode: 'full' });
    expect(said).toMatch(/"unsloth" is a program you say you used before/);
  });

  it.each([
    'I used to use axolotl, now I train llama 3 8b lora with my own script on a 4090',
    'We previously used axolotl. Today: llama 3 8b lora, one 4090, OOM',
    'we switched from axolotl to plain transformers: llama 3 8b lora on a 4090 runs out of memory',
    'I USED TO  MAINLY  USE AXOLOTL but llama 3 8b lora on a 4090 OOMs now',
  ])('%s', (text) => {
    expect(read(text).scenario.framework).not.toBe('axolotl');
  });

  it.each([
    'I used axolotl for llama 3 8b lora on a 4090 and it OOMs',
    'llama 3 8b lora with axolotl on a 4090; the error is coming from axolotl',
  ])('the program used now stays: %s', (text) => {
    expect(read(text).scenario.framework).toBe('axolotl');
  });
});

describe('offload words that move no optimizer', () => {
  const NONE = { optimizer: 'none', params: 'none' };

  it('c461 (mudler/LocalAI#829): "GPU offloading does not appear to work" over a llama.cpp config', () => {
    const s = corpusLineRead('c461').scenario;
    expect({ o: s.offload, sharding: s.sharding.kind }).toEqual({ o: NONE, sharding: 'none' });
  });

  it.each([
    'GPU offloading does not work for llama 2 13b q4_k_m gguf on my 3060',
    'llama.cpp gpu-offload of mixtral q4_k_m on a 4090: only 20 layers fit',
    'LM Studio GPU Offload slider at max, qwen2.5 32b q4_k_m on a 16GB card',
    'Offload kv to a smaller GPU: llama 3 70b q4_k_m gguf with two 3090s',
    'llama 3 70b q4_k_m gguf on two 3090s without KV cache offloading',
  ])('%s', (text) => {
    expect(read(text).scenario.offload).toEqual(NONE);
  });

  it('c1172 (FMInference/FlexLLMGen#6): "offload everything to SSD" to run OPT-30b names no optimizer', () => {
    expect(corpusLineRead('c1172').scenario.offload).toEqual(NONE);
  });

  it('a bare offload in an inference run: not read, said', () => {
    const { scenario: s, said } = read('run llama 2 70b inference on one 4090 with offloading');
    expect(s.offload).toEqual(NONE);
    expect(said).toMatch(/no optimizer to offload/);
  });

  it('a bare offload beside a training word stays the optimizer offload', () => {
    expect(read('llama 2 70b full fine-tune zero3 with offload on 8x a100').scenario.offload.optimizer).toBe('cpu');
    expect(read('llama 2 7b lora with offload on one 4090').scenario.offload.optimizer).toBe('cpu');
  });

  it('c899 (OpenLMLab/MOSS-RLHF#32): "使用offload" in a PPO run stays an optimizer offload', () => {
    expect(corpusLineRead('c899').scenario.offload.optimizer).toBe('cpu');
  });

  it('property: a CPU offload of the optimizer said in words survives any GPU-offload words beside it', () => {
    fc.assert(
      fc.property(fc.constantFrom('GPU offloading', 'gpu offload', 'KV offloading', 'kv cache offload'), fc.constantFrom('. ', '; ', '\n'), (other, sep) => {
        const s = read(`llama 2 13b full fine-tune zero2 offloading the optimizer to cpu on 2x a100 80gb${sep}${other} is another question`).scenario;
        return s.offload.optimizer === 'cpu';
      }),
      { numRuns: 16 },
    );
  });
});

describe("Megatron-core's --optimizer-cpu-offload offloads the optimizer", () => {
  it('c1624 (modelscope/ms-swift#9403): ms-swift megatron sft with --optimizer_cpu_offload True', () => {
    expect(corpusLineRead('c1624').scenario.offload.optimizer).toBe('cpu');
  });

  it.each([
    ['a dashed flag', 'megatron pretrain llama 3 8b on 8x h100 --use-distributed-optimizer --optimizer-cpu-offload --use-precision-aware-optimizer', 'cpu'],
    ['a fraction of 1', 'llama 3 8b full megatron on 8x h100\n--optimizer_cpu_offload True\n--optimizer_offload_fraction 1.0', 'cpu'],
    ['switched off', 'llama 3 8b full megatron on 8x h100\n--optimizer_cpu_offload False', 'none'],
    ['a fraction of 0', 'llama 3 8b full megatron on 8x h100\n--optimizer_cpu_offload True\n--optimizer_offload_fraction 0', 'none'],
  ])('%s', (_, text, optimizer) => {
    expect(read(text).scenario.offload.optimizer).toBe(optimizer);
  });

  it('a part offloaded is read as all of it, said', () => {
    const { scenario: s, said } = read('llama 3 8b full megatron on 8x h100\n--optimizer_cpu_offload True\n--optimizer_offload_fraction 0.5');
    expect(s.offload.optimizer).toBe('cpu');
    expect(said).toMatch(/optimizer_offload_fraction 0.5 offloads only part/);
  });
});

describe('a shell variable that holds its own flag', () => {
  it('c784 (deepspeedai/DeepSpeedExamples#786): ACTOR_ZERO_STAGE="--actor_zero_stage 0" used as ${ACTOR_ZERO_STAGE}', () => {
    expect(corpusLineRead('c784').scenario.sharding).toMatchObject({ kind: 'zero', stage: 0 });
  });

  const CMD = 'deepspeed --num_gpus 1 main.py --actor_model_name_or_path facebook/opt-1.3b ${ACTOR_ZERO_STAGE} --actor_lora_dim 128';
  it.each([
    ['double quotes', 'ACTOR_ZERO_STAGE="--actor_zero_stage 2"', 2],
    ['single quotes', "ACTOR_ZERO_STAGE='--actor_zero_stage 3'", 3],
    ['an equals sign', 'ACTOR_ZERO_STAGE="--actor_zero_stage=1"', 1],
  ])('%s', (_, line, stage) => {
    expect(read(`${line}\n${CMD}`).scenario.sharding).toMatchObject({ kind: 'zero', stage });
  });

  it("another key's flag in the variable is not read as this key's value", () => {
    const s = read(`ACTOR_ZERO_STAGE="--critic_zero_stage 3"\n${CMD}`).scenario;
    expect(s.sharding).not.toMatchObject({ stage: 3 });
  });
});

describe("lightning-thunder's --shard_mode names its FSDP type", () => {
  it('c1652 (Lightning-AI/lightning-thunder#439): "--distributed_mode fsdp --shard_mode zero2" over a title saying FSDP', () => {
    const s = corpusLineRead('c1652').scenario;
    expect({ sharding: s.sharding, fw: s.framework }).toMatchObject({ sharding: { kind: 'zero', stage: 2 }, fw: 'hf' });
  });

  it.each([
    ['zero2', 2],
    ['zero3', 3],
    ['"zero2"', 2],
  ])('--shard_mode %s', (mode, stage) => {
    const s = read(`torchrun --nproc-per-node=8 benchmark_litgpt.py --model_name Llama-3-8B --distributed_mode fsdp --shard_mode ${mode} on 8x H100 80GB`).scenario;
    expect(s.sharding).toMatchObject({ kind: 'zero', stage });
  });

  it('another value names no stage', () => {
    const s = read('torchrun --nproc-per-node=8 benchmark_litgpt.py --model_name Llama-3-8B --distributed_mode ddp --shard_mode none on 8x H100 80GB').scenario;
    expect(s.sharding.kind).not.toBe('zero');
  });
});

describe("Unsloth's own trainer names Unsloth", () => {
  it('c1379 (unslothai/unsloth#1889): "fine-tune the Mistral model … using `UnslothTrainer`"', () => {
    expect(corpusLineRead('c1379').scenario.framework).toBe('unsloth');
  });

  it.each([
    'fine-tune mistral 7b qlora using UnslothTrainer on an A100 80GB',
    'mistral 7b lora, trainer = UnslothTrainer(model=model, args=UnslothTrainingArguments(per_device_train_batch_size=2)) on a 4090',
    'RAM usage with `UnslothTrainer`: mistral 7b on one A100 80GB',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect({ fw: s.framework, trains: s.mode !== 'inference' }).toEqual({ fw: 'unsloth', trains: true });
  });

  it('a name with more letters is no Unsloth class', () => {
    expect(read('mistral 7b lora with MyUnslothTrainerWrapper on a 4090').scenario.framework).not.toBe('unsloth');
  });
});
