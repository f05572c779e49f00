import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageOf, resolutionOf } from '../../src/language/config-keys/frameworks/coverage.js';
import { FRAMEWORKS, namedFrameworks } from '../../src/language/config-keys/frameworks/index.js';
import { NO_MEMORY_EFFECT, keyKnown } from '../../src/language/config-keys.js';
import { listedApart } from '../../src/reply/not-used.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: each training framework's option list, read from its source (config-keys/frameworks/),
 * resolves in the reader — read as a fact, set aside as changing nothing, or said as not modelled —
 * and messages in each framework's own words read by that framework's meaning.
 */

function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const weak = (r.trace ?? []).filter((f) => f.weak).map((f) => f.fact);
  // The reply's "Not used" line: what no notice quotes already.
  const notUsed = listedApart(r.notUsed ?? [], r.notices);
  return { s: r.scenario, notices: r.notices.join(' | '), weak, notUsed };
}

describe('every option of every framework resolves', () => {
  it.each(FRAMEWORKS.map((f) => [f.name, f] as const))('%s: no option unknown to the reader', (_, framework) => {
    const coverage = coverageOf(framework);
    expect(coverage.byResolution.unknown).toEqual([]);
    // The list is the source's, not a handful: every framework lists dozens of options.
    expect(coverage.spellings).toBeGreaterThan(40);
    expect(coverage.byResolution.read.length + coverage.byResolution['no-effect'].length + coverage.byResolution.unmodelled.length).toBe(coverage.spellings);
  });

  it.each(FRAMEWORKS.map((f) => [f.name, f] as const))('%s: each spelling once, each with a source', (_, framework) => {
    const spellings = framework.options.flatMap((o) => o.spellings);
    expect(spellings.filter((s, i) => spellings.indexOf(s) !== i)).toEqual([]);
    expect(framework.source.length).toBeGreaterThan(10);
    // Spellings as the reader names keys: lower case, `_` for `-` (dotted Hydra paths kept whole).
    for (const s of spellings) expect(s, framework.name).toMatch(/^[a-z_][a-z0-9_.\-]*$/);
  });

  it('a key resolves by the framework that lists it, whichever spelling of it is picked', () => {
    const spellings = FRAMEWORKS.flatMap((f) => f.options.flatMap((o) => o.spellings.map((s) => [f, s] as const)));
    fc.assert(
      fc.property(fc.constantFrom(...spellings), ([framework, spelling]) => {
        const resolution = resolutionOf(framework, spelling);
        expect(resolution).not.toBe('unknown');
        // Known to the reader in the framework's namespace, unless verl.ts reads it first.
        const option = framework.options.find((o) => o.spellings.includes(spelling))!;
        if (!('read' in option.is && option.is.read === 'reader')) expect(keyKnown(spelling, { frameworks: [framework] }) || NO_MEMORY_EFFECT.has(spelling)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a framework is named by its own words, and only then', () => {
    expect(namedFrameworks('python train_ppo_ray.py --pretrain x').map((f) => f.id)).toEqual(['openrlhf']);
    expect(namedFrameworks('args = grpoconfig(max_completion_length=256)').map((f) => f.id)).toEqual(['trl']);
    expect(namedFrameworks('python3 -m verl.trainer.main_ppo data.max_prompt_length=512').map((f) => f.id)).toEqual(['verl']);
    expect(namedFrameworks('llama 7b lora on a 4090').map((f) => f.id)).toEqual([]);
  });
});

describe("TRL's configs, pasted", () => {
  const grpo = (args: string) => `llama 3 8b on 8x H100\nGRPOConfig(per_device_train_batch_size=4, ${args}, bf16=True)`;

  it('max_completion_length alone is summed with max_prompt_length\'s default 512; beside it, with its value', () => {
    expect(reply(grpo('max_completion_length=1024')).s.seq).toBe(1536);
    expect(reply(grpo('max_prompt_length=256, max_completion_length=1024')).s.seq).toBe(1280);
    expect(reply(grpo('max_completion_length=1024, max_prompt_length=256')).s.seq).toBe(1280);
  });

  it('the config names its trainer, and the completions per prompt change no step (the micro-batch counts completions)', () => {
    const r = reply(grpo('num_generations=16, max_completion_length=512'));
    expect(r.s.framework).toBe('grpo');
    expect(r.s.microBatch).toBe(4);
  });

  it('beta 0 loads no reference model: said as not modelled, the framework weak; another beta is a loss weight', () => {
    const zero = reply(grpo('beta=0.0, max_completion_length=256'));
    expect(zero.notices).toMatch(/not modelled: "beta=0\.0" \(TRL then loads no reference model/);
    expect(zero.weak).toContain('framework');
    expect(zero.notUsed.join(' ')).not.toMatch(/beta/);
    const some = reply(grpo('beta=0.04, max_completion_length=256'));
    expect(some.notices).not.toMatch(/beta/);
  });

  it("vLLM colocated on the training GPUs is read as the rollout engine (memory/rollout-engine.ts), the key not listed as not used", () => {
    const r = reply(grpo("use_vllm=True, vllm_mode='colocate', vllm_gpu_memory_utilization=0.3, vllm_enable_sleep_mode=True, max_completion_length=256"));
    expect(r.s.rollout).toEqual({ placement: 'colocate', util: 0.3, sleep: true });
    expect(r.notUsed.join(' ')).not.toMatch(/vllm_gpu_memory_utilization/);
  });

  it("vllm_gpu_memory_utilization without vllm_mode='colocate' sizes an engine on other GPUs (TRL's default mode is server): no engine on the training GPUs", () => {
    const r = reply(grpo('use_vllm=True, vllm_gpu_memory_utilization=0.3, max_completion_length=256'));
    expect(r.s.rollout).toBeUndefined();
  });

  it('padding_free packs and activation_offloading offloads the checkpoints (SFTConfig)', () => {
    const r = reply('mistral 7b on 1x A100 80GB SFTConfig(per_device_train_batch_size=2, max_length=4096, padding_free=True, activation_offloading=True, gradient_checkpointing=True)');
    expect({ seq: r.s.seq, batches: r.s.batches, recompute: r.s.recompute }).toEqual({ seq: 4096, batches: 'packed', recompute: 'offloaded' });
  });
});

describe("OpenRLHF's command line", () => {
  const ppo = (flags: string) => `ray job submit -- python3 -m openrlhf.cli.train_ppo_ray --pretrain meta-llama/Meta-Llama-3-8B-Instruct --actor_num_gpus_per_node 8 --micro_train_batch_size 2 --zero_stage 3 --bf16 ${flags} on H100 80GB`;

  it("--colocate_all_models puts the vLLM engines on the actor's GPUs at OpenRLHF's default 0.9 unless the utilization is given; --vllm_enable_sleep frees them while the actor trains", () => {
    expect(reply(ppo('--colocate_all_models')).s.rollout).toEqual({ placement: 'colocate', util: 0.9 });
    expect(reply(ppo('--colocate_all_models --vllm_gpu_memory_utilization 0.6 --vllm_enable_sleep')).s.rollout).toEqual({ placement: 'colocate', util: 0.6, sleep: true });
    // Without it the engines run on GPUs of their own (rl-trainers.ts): their utilization is not the actor's.
    expect(reply(ppo('--vllm_gpu_memory_utilization 0.6')).s.rollout).toBeUndefined();
  });

  it('--prompt_max_len alone is summed with the default --generate_max_len 1024 (it had been not used, the sequence defaulted)', () => {
    const r = reply(ppo('--prompt_max_len 2048'));
    expect(r.s.seq).toBe(3072);
    expect(r.notices).toMatch(/default --generate_max_len/);
  });

  it.each([
    ['--prompt_max_len 1024 --generate_max_len 4096', 5120],
    ['--generate_max_len 4096 --prompt_max_len 1024', 5120],
    ['--generate_max_len 3000', 4024],
  ])('%s: sequence %i', (flags, seq) => {
    expect(reply(ppo(flags)).s.seq).toBe(seq);
  });

  it('ring attention is context parallelism, packing_samples packs; micro_rollout_batch_size is said, the batch weak', () => {
    const r = reply(ppo('--prompt_max_len 1024 --ring_attn_size 2 --packing_samples --micro_rollout_batch_size 16'));
    expect({ cp: r.s.parallel.cp, batches: r.s.batches, batch: r.s.microBatch }).toEqual({ cp: 2, batches: 'packed', batch: 2 });
    expect(r.notices).toMatch(/not modelled: "--micro_rollout_batch_size 16"/);
    expect(r.weak).toContain('batch');
  });

  it('n_samples_per_prompt and the loss coefficients change nothing, and are not doubts', () => {
    const r = reply(ppo('--n_samples_per_prompt 8 --init_kl_coef 0.01 --advantage_estimator group_norm'));
    expect(r.notices).not.toMatch(/settings I do not read/);
    expect(r.s.framework).toBe('grpo');
  });
});

describe("verl's Hydra overrides", () => {
  const verl = (extra: string) =>
    `qwen2.5 7b on 8x A100 80GB\npython3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo data.max_prompt_length=1024 data.max_response_length=2048 actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4 ${extra} trainer.n_gpus_per_node=8`;

  it("the actor's LoRA, padding removal and Ulysses split are read", () => {
    const r = reply(verl('actor_rollout_ref.model.lora_rank=32 actor_rollout_ref.model.use_remove_padding=True actor_rollout_ref.actor.ulysses_sequence_parallel_size=2'));
    expect({ rank: r.s.lora?.rank, batches: r.s.batches, cp: r.s.parallel.cp, seq: r.s.seq }).toEqual({ rank: 32, batches: 'packed', cp: 2, seq: 3072 });
  });

  it("the rollout engine's share is read: the hybrid engine on the actor's GPUs at 0.6, freed while the actor trains unless free_cache_engine is False", () => {
    expect(reply(verl('actor_rollout_ref.rollout.gpu_memory_utilization=0.6')).s.rollout).toEqual({ placement: 'colocate', util: 0.6 });
    expect(reply(verl('actor_rollout_ref.rollout.gpu_memory_utilization=0.6 actor_rollout_ref.rollout.free_cache_engine=False')).s.rollout).toEqual({ placement: 'colocate', util: 0.6, sleep: false });
  });

  it('verl named with only data and trainer overrides is still verl: the two lengths are summed', () => {
    expect(reply('verl grpo, qwen2.5 7b on 8x H100\ndata.max_prompt_length=512 data.max_response_length=3584 trainer.n_gpus_per_node=8').s.seq).toBe(4096);
  });
});

describe("DeepSpeed's config JSON", () => {
  const ds = (zero: string) =>
    `llama 2 13b on 4x A100 80GB with deepspeed:\n{"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 8, "bf16": {"enabled": true}, "zero_optimization": {"stage": 3, ${zero} "offload_optimizer": {"device": "cpu"}}}`;

  it('stage, offload and batch are read; a bucket or live-parameter setting is said, the sharding weak', () => {
    const r = reply(ds('"stage3_max_live_parameters": 1e9, "reduce_bucket_size": 5e8,'));
    expect({ sharding: r.s.sharding, offload: r.s.offload.optimizer, batch: r.s.microBatch, ga: r.s.gradAccum }).toEqual({ sharding: { kind: 'zero', stage: 3 }, offload: 'cpu', batch: 2, ga: 8 });
    expect(r.notices).toMatch(/not modelled: "stage3_max_live_parameters: 1e9"/);
    expect(r.notUsed.join(' ')).not.toMatch(/1e9/);
    expect(r.weak).toContain('sharding');
  });

  it('contiguous_gradients and overlap-free settings change nothing and are no doubt', () => {
    const r = reply(ds('"contiguous_gradients": true, "round_robin_gradients": true,'));
    expect(r.notices).not.toMatch(/not modelled|settings I do not read/);
    expect(r.weak).not.toContain('sharding');
  });
});

describe('PEFT LoraConfig and TrainingArguments', () => {
  it('DoRA and modules_to_save train more than the adapters: said, the adapters weak', () => {
    const r = reply('llama 3 8b on 1x RTX 4090 LoraConfig(r=16, lora_alpha=32, target_modules=["q_proj","v_proj"], use_dora=True, modules_to_save=["lm_head"])');
    expect(r.s.lora?.rank).toBe(16);
    expect(r.notices).toMatch(/not modelled: "use_dora=True"/);
    expect(r.weak).toContain('lora');
  });

  it("auto_find_batch_size halves the micro-batch on OOM: the micro-batch is weak", () => {
    const r = reply('mistral 7b on 1x A100 80GB TrainingArguments(per_device_train_batch_size=16, auto_find_batch_size=True, gradient_accumulation_steps=2)');
    expect(r.s.microBatch).toBe(16);
    expect(r.weak).toContain('batch');
  });
});

describe('a spelling two frameworks share is read by the one the message names', () => {
  it('max_completion_length: TRL named, summed with its default prompt; in a GRPO run (TRL\'s trainer) the same; elsewhere set aside, said', () => {
    expect(reply('qwen2 7b grpo on H100 with trl max_completion_length=2048').s.seq).toBe(2560);
    // "grpo" is TRL's GRPOTrainer (scenario/patch.ts): its completion length, with TRL's default prompt (scenario/resolve-completion.ts).
    expect(reply('qwen2 7b grpo on H100 max_completion_length=2048').s.seq).toBe(2560);
    const sft = resolveRequest('qwen2 7b lora on H100 max_completion_length=2048', null);
    expect(sft.ok && sft.scenario!.seq).toBe(2048);
    expect(sft.ok && sft.assumptions.join(' | ')).toMatch(/not used: a completion length sizes GRPO or PPO rollouts/);
  });

  it('prompt_max_len: OpenRLHF named, summed with its default; unnamed, as before', () => {
    expect(reply('llama 3 8b ppo on 8x H100 openrlhf --prompt_max_len 2048').s.seq).toBe(3072);
    expect(reply('llama 3 8b ppo on 8x H100 --prompt_max_len 2048').s.seq).not.toBe(3072);
  });
});

describe("accelerate's config, LLaMA-Factory's and axolotl's YAML", () => {
  const accelerate = (fsdp: string) =>
    `llama 3 8b full fine-tune on 8x H100\naccelerate launch --config_file fsdp.yaml train.py\ncompute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nfsdp_config:\n${fsdp}mixed_precision: bf16\nnum_machines: 1\nnum_processes: 8`;

  it('distributed_type FSDP shards fully; FSDP2 with fsdp_reshard_after_forward false is SHARD_GRAD_OP', () => {
    expect(reply(accelerate('  fsdp_version: 2\n')).s.sharding).toEqual({ kind: 'fsdp', stage: 3 });
    expect(reply(accelerate('  fsdp_version: 2\n  fsdp_reshard_after_forward: false\n')).s.sharding).not.toEqual({ kind: 'fsdp', stage: 3 });
    expect(reply(accelerate('  fsdp_version: 2\n  fsdp_reshard_after_forward: false\n')).notices).toMatch(/SHARD_GRAD_OP/);
  });

  const llamaFactory = (extra: string) =>
    `llamafactory-cli train qwen_lora.yaml on 1x A100 80GB\nmodel_name_or_path: Qwen/Qwen2.5-7B-Instruct\nstage: sft\nfinetuning_type: lora\nlora_rank: 16\nlora_target: all\ncutoff_len: 4096\nper_device_train_batch_size: 2\ngradient_accumulation_steps: 8\nbf16: true\n${extra}`;

  it("LLaMA-Factory's sequence is cutoff_len: its max_length is the chat's generation, not the sequence", () => {
    const r = reply(llamaFactory('max_length: 512\nneat_packing: true'));
    expect({ seq: r.s.seq, batch: r.s.microBatch, rank: r.s.lora?.rank, batches: r.s.batches }).toEqual({ seq: 4096, batch: 2, rank: 16, batches: 'packed' });
  });

  it('GaLore and freeze tuning are said as not modelled, in the YAML\'s own words', () => {
    expect(reply(llamaFactory('use_galore: true')).notices).toMatch(/not modelled: "use_galore: true"/);
    expect(reply(llamaFactory('freeze_trainable_layers: 4')).notices).toMatch(/not modelled: "freeze_trainable_layers: 4"/);
  });

  const axolotl = (extra: string) =>
    `axolotl train config.yml on a 4090\nbase_model: meta-llama/Meta-Llama-3-8B\nadapter: qlora\nload_in_4bit: true\nlora_r: 32\nlora_target_linear: true\nsequence_len: 4096\nmicro_batch_size: 2\ngradient_accumulation_steps: 4\n${extra}`;

  it("axolotl's max_prompt_len is the prompt's share of sequence_len: said, the sequence stays sequence_len", () => {
    const r = reply(axolotl('max_prompt_len: 1024'));
    expect(r.s.seq).toBe(4096);
    expect(r.notices).toMatch(/not modelled: "max_prompt_len: 1024"/);
    expect(r.weak).toContain('seq');
  });

  it('chunked_cross_entropy chunks the loss, float16 loads fp16 weights with no AMP, lora kernels are said with the adapters weak', () => {
    const r = reply(axolotl('chunked_cross_entropy: true\nlora_mlp_kernel: true'));
    expect(r.s.loss).toBe('chunked');
    expect(r.weak).toContain('lora');
    const f16 = reply(axolotl('adapter: lora\nload_in_4bit: false\nfloat16: true')).s;
    expect({ recipe: f16.recipe, compute: f16.compute }).toEqual({ recipe: 'pure', compute: 'fp16' });
  });
});

describe("Unsloth's keyword arguments", () => {
  const unsloth = (load: string) =>
    `grpo on a 4090: model, tokenizer = FastLanguageModel.from_pretrained(model_name='Qwen/Qwen2.5-3B-Instruct', max_seq_length=1024, ${load})\nmodel = FastLanguageModel.get_peft_model(model, r=32, target_modules=['q_proj','k_proj','v_proj','o_proj'], lora_alpha=32, use_gradient_checkpointing='unsloth')`;

  it("fast_inference's vLLM share of the training GPU is said once for both its options, the card weak; the run stays training", () => {
    const r = reply(unsloth('load_in_4bit=True, fast_inference=True, max_lora_rank=32, gpu_memory_utilization=0.6'));
    expect(r.s.mode).toBe('qlora');
    expect(r.notices).toMatch(/not modelled: "fast_inference=True", "gpu_memory_utilization=0\.6" \(vLLM inside the training process/);
    expect(r.weak).toContain('card');
    expect(r.notices).not.toMatch(/settings I do not read/);
  });

  it('load_in_16bit trains LoRA on the 16-bit base', () => {
    expect(reply(unsloth('load_in_16bit=True')).s.mode).toBe('lora');
  });
});

describe("ms-swift's command line", () => {
  const swift = (flags: string) => `swift rlhf --model Qwen/Qwen2.5-7B-Instruct --lora_rank 8 --max_length 2048 --per_device_train_batch_size 4 ${flags} on 8x A100 80GB`;

  it('--rlhf_type dpo names the trainer and --tuner_type (v4; --train_type in v3) the method; a LoRA rank beside full is not used', () => {
    const r = reply(swift('--rlhf_type dpo --tuner_type lora'));
    expect({ framework: r.s.framework, mode: r.s.mode, rank: r.s.lora?.rank }).toEqual({ framework: 'dpo', mode: 'lora', rank: 8 });
    expect(reply(swift('--rlhf_type dpo --tuner_type full')).s.mode).toBe('full');
  });

  it("--rlhf_type grpo is GRPO's run (as c816, c742 and c507 read it), said as weak: TRL's preset, not ms-swift's own rollout engine", () => {
    const r = reply(swift('--rlhf_type grpo --tuner_type lora'));
    expect(r.s.framework).toBe('grpo');
    expect(r.weak).toContain('framework');
    expect(r.notices).toMatch(/framework grpo — from "--rlhf_type grpo"\?/);
    expect(reply(swift('--rlhf_type ppo --tuner_type lora')).s.framework).toBe('ppo');
  });

  it("a teacher model (GKD) and TRL's colocated vLLM are said as not modelled, the framework and card weak", () => {
    const r = reply(`grpo ${swift('--rlhf_type grpo --tuner_type lora --use_vllm true --vllm_mode colocate --vllm_gpu_memory_utilization 0.4 --teacher_model Qwen/Qwen2.5-32B-Instruct')}`);
    expect(r.notices).toMatch(/not modelled: "--teacher_model Qwen\/Qwen2\.5-32B-Instruct"/);
    // TRL's keys, which ms-swift passes on, are read: vLLM on the training GPUs at 0.4 (memory/rollout-engine.ts).
    expect(r.s.rollout).toEqual({ placement: 'colocate', util: 0.4 });
    expect(r.weak).toEqual(expect.arrayContaining(['framework']));
    expect(r.s.model.id).not.toMatch(/32b/i);
  });
});

describe("torchtune's recipe config", () => {
  const tune = (extra: string) =>
    `tune run --nproc_per_node 4 lora_finetune_distributed --config llama3_1/8B_lora on 4x RTX 4090\nbatch_size: 2\ngradient_accumulation_steps: 8\nenable_activation_checkpointing: True\n${extra}`;

  it('fsdp_cpu_offload offloads parameters and optimizer states; activation offloading offloads the checkpoints', () => {
    const r = reply(tune('fsdp_cpu_offload: True\nenable_activation_offloading: True'));
    expect({ offload: r.s.offload, recompute: r.s.recompute, batch: r.s.microBatch }).toEqual({ offload: { optimizer: 'cpu', params: 'cpu' }, recompute: 'offloaded', batch: 2 });
  });

  it('optimizer_in_bwd is said as not modelled', () => {
    expect(reply(tune('optimizer_in_bwd: True')).notices).toMatch(/not modelled: "optimizer_in_bwd: True"/);
  });
});

describe("xtuner's Python config", () => {
  it('accumulative_counts accumulates, pack_to_max_length packs, optim_type names the optimizer (they had been not read)', () => {
    const r = reply(
      "xtuner qlora internlm2 7b on a 3090\nmodel = dict(\n    type=SupervisedFinetune,\n    lora=dict(type=LoraConfig, r=64, lora_alpha=16, lora_dropout=0.1, bias='none', task_type='CAUSAL_LM'))\nmax_length = 2048\npack_to_max_length = True\nbatch_size = 1\naccumulative_counts = 16\noptim_type = AdamW",
    );
    expect({ ga: r.s.gradAccum, batches: r.s.batches, batch: r.s.microBatch, seq: r.s.seq, rank: r.s.lora?.rank }).toEqual({ ga: 16, batches: 'packed', batch: 1, seq: 2048, rank: 64 });
  });
});
