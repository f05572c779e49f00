import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * What a run does and where its LoRA goes (issue 22, session 25, branch rmode2): DeepSpeed-Chat's step-3
 * keys say PPO though the model paths are cut (c1927); its `--lora_module_name` block path targets the
 * blocks only of a model whose modules hold it (c1899, c1327); the "v" of a version is the version's,
 * not LoRA's v (c563); ms-swift 2's `lora_dropout_p` (c700); two widths offered ("4-bit/8-bit") are the
 * first, a QLoRA beside LoRA (c1406).
 */

const step3 = (keys: string) =>
  `single gpu 6.7b lora OOM with A6000 48G\n\`\`\`\ndeepspeed --num_gpus 1 main.py \\\n${keys}   --per_device_train_batch_size 1 \\\n   --gradient_accumulation_steps 8 \\\n\`\`\``;

describe("DeepSpeed-Chat step 3's own keys say PPO (deepspeedai/DeepSpeedExamples#330, c1927)", () => {
  it('c1927: PPO of the 6.7B actor with LoRA, ZeRO 0, prompt + answer 256', () => {
    const s = corpusLineRead('c1927').scenario;
    expect([s.framework, s.mode, s.seq]).toEqual(['ppo', 'lora', 256]);
  });

  it.each([
    ['ppo epochs beside the generation batch (invented)', '   --ppo_epochs 1 \\\n   --per_device_generation_batch_size 2 \\\n'],
    ['generation batches, mini batch (invented)', '   --generation_batch_numbers 1 \\\n   --per_device_mini_train_batch_size 1 \\\n'],
    ["the critic's stage first, then the actor's (invented)", '   --critic_zero_stage 3 \\\n   --actor_zero_stage 2 \\\n'],
    ["the critic's stage in a shell variable (invented)", '   $CRITIC_ZERO_STAGE \\\n   --critic_lora_dim 64 \\\n'],
  ])('%s: ppo', (_name, keys) => {
    expect(read(step3(keys)).scenario.framework).toBe('ppo');
  });

  it('a step-1 script (no critic, no PPO key) is no PPO (invented)', () => {
    expect(read(step3('   --zero_stage 2 \\\n   --lora_dim 128 \\\n')).scenario.framework).not.toBe('ppo');
  });
});

describe('DeepSpeed-Chat --lora_module_name: a block path targets the blocks whose names hold it (c1899, c1327)', () => {
  const script = (model: string, part: string) =>
    `deepspeed --num_gpus 1 main.py \\\n   --model_name_or_path ${model} \\\n   --per_device_train_batch_size 1 \\\n   --lora_dim 128 \\\n   --only_optimize_lora \\\n   --lora_module_name ${part} \\\n   --deepspeed\non 1x a100-80g`;

  it('c1327: "decoder.layers." on a transformer.h model names no target (default q,v)', () => {
    const s = corpusLineRead('c1327').scenario;
    expect([s.mode, s.lora?.rank, s.lora?.targets]).toEqual(['lora', 128, ['q', 'v']]);
  });

  it('c1899: no --only_optimize_lora, so the full fine-tune main.py runs; the path that names no module still said', () => {
    const r = corpusLineRead('c1899');
    expect(r.scenario.mode).toBe('full');
    expect(r.said).toMatch(/matches no module of gpt-neo-1\.3b/);
  });

  it.each([
    ['OPT, the examples\' model', 'facebook/opt-1.3b', 'decoder.layers.'],
    ['Llama, its own path', 'meta-llama/Llama-2-7b-hf', 'model.layers.'],
    ['GPT-Neo, its own path', 'EleutherAI/gpt-neo-1.3B', 'transformer.h.'],
    ['a model path of no known family', '/data/models/my-model-7b', 'decoder.layers.'],
  ])('%s: all linear layers', (_name, model, part) => {
    expect(read(script(model, part)).scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
  });

  it.each([
    ['GPT-Neo with OPT\'s path', 'EleutherAI/gpt-neo-1.3B', 'decoder.layers.', /matches no module of gpt-neo-1\.3b/],
    ['Llama with OPT\'s path', 'meta-llama/Llama-2-7b-hf', 'decoder.layers.', /its blocks are model\.layers\.N/],
    ['OPT with GPT-2\'s path', 'facebook/opt-1.3b', 'transformer.h.', /matches no module of opt-1\.3b/],
  ])('%s: no target read, and said', (_name, model, part, note) => {
    const r = resolveRequest(script(model, part), null);
    expect(r.ok && r.scenario?.lora?.targets).toEqual(['q', 'v']);
    if (r.ok) expect(r.assumptions.join(' | ')).toMatch(note);
  });
});

describe('the "v" before a version is the version\'s, not LoRA on v (huggingface/peft issue, c563)', () => {
  it('c563: BLOOM-3B LoRA on q,v (PEFT\'s default), "peft v0.10" a version', () => {
    expect(corpusLineRead('c563').scenario.lora?.targets).toEqual(['q', 'v']);
  });

  it('property: "<library> v<x.y>" beside a LoRA never sets its targets', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('peft', 'torch', 'transformers', 'deepspeed', 'accelerate', 'trl'),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(' ', ' version ', '=='),
        (lib, major, minor, sep) => {
          const r = resolveRequest(`bloom 3B Lora on a 24G GPU, the ${lib}${sep}v${major}.${minor} is out of GPU memory`, null);
          return r.ok && JSON.stringify(r.scenario?.lora?.targets) === '["q","v"]';
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("ms-swift 2's lora_dropout_p is the LoRA dropout (c700)", () => {
  it('c700: dropout 0.05', () => {
    expect(corpusLineRead('c700').scenario.lora?.dropout).toBe(0.05);
  });

  it('an invented dump: lora_dropout_p=0.1 beside sft_type lora', () => {
    const s = read("SftArguments(model_type='qwen1half-7b-chat', sft_type='lora', lora_rank=8, lora_dropout_p=0.1) on 1x a100-80g").scenario;
    expect([s.mode, s.lora?.dropout]).toEqual(['lora', 0.1]);
  });
});

describe('two weight widths offered are the first (jsboige/CoursIA#1462, c1406)', () => {
  it('c1406: QLoRA r16 of a 7B on 8 GB, the width weak', () => {
    const s = corpusLineRead('c1406').scenario;
    expect([s.mode, s.lora?.rank, s.weights]).toEqual(['qlora', 16, 'nf4']);
  });

  it.each([
    ['slash', 'LoRA r16 on llama-2-7b quantized 4-bit/8-bit on a 3090', 'qlora', '"4-bit/8-bit" offers two weight widths'],
    ['one unit for both', 'LoRA r16 on llama-2-7b in 4/8-bit on a 3090', 'qlora', '"4/8-bit" offers two'],
    ['or, spaced', 'LoRA r16 on llama-2-7b in 4bit or 8bit on a 3090', 'qlora', 'say "8-bit"'],
    ['8 first', 'LoRA r16 on llama-2-7b in 8-bit / 4-bit on a 3090', 'lora', 'the first (8-bit) is read'],
    ['French', 'Quantization 4-bit/8-bit obligatoire pour llama-2-7b. LoRA rank 16 sur une RTX 3090', 'qlora', 'two weight widths'],
  ])('%s', (_name, text, mode, said) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.mode).toBe(mode);
    if (r.ok) expect(r.assumptions.join(' | ') + ' | ' + r.notices.join(' | ')).toContain(said);
  });

  it('a ratio with no unit ("4/8 of the cards") is no width', () => {
    expect(read('llama-2-7b lora on 8x a100-80g, 4/8 of them busy').scenario.weights).not.toBe('nf4');
  });
});

describe('an offload asked for as a feature is no setting of the run (matatonic/openedai-vision#24, c1885)', () => {
  it('c1885: running the 72B AWQ model on two 3090s, no LoRA, no optimizer offload', () => {
    const s = corpusLineRead('c1885').scenario;
    expect([s.mode, s.weights, s.offload.optimizer]).toEqual(['inference', 'awq', 'none']);
  });

  it.each([
    ['title, then a run (invented)', 'Add CPU offloading for Llama-3-70B\nI want to run llama-3-70b on 2x rtx 4090 and it OOMs.'],
    ['implement, disk (invented)', 'Please implement disk offload: I run mixtral-8x7b on 1x a100-80g and it does not fit.'],
    ['feature request, offload support (invented)', 'Feature request: offload support. Running qwen2.5-72b on 2x a6000 gives OOM'],
    ['can you implement it for (invented)', 'I run qwen2-vl-72b on 2x rtx 3090. Your server has an option to offload on CPU. Can you implement it also for qwen2-vl?'],
  ])('%s: inference, no offload read, said', (_name, text) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.mode).toBe('inference');
    expect(r.ok && r.scenario?.offload.optimizer).toBe('none');
    if (r.ok) expect(r.assumptions.join(' | ')).toMatch(/is the feature you ask for/);
  });

  it('an offload in use, with nothing asked for, is still read (invented)', () => {
    const s = read('llama-2-7b full fine-tune with zero2 cpu offload on 1x rtx-4090').scenario;
    expect(s.offload.optimizer).not.toBe('none');
  });
});

describe('a setting switched to replaces the one said before it (hiyouga/LlamaFactory, c658)', () => {
  it('c658: LoRA DPO under ZeRO-2 on 8 A100-80G, the full ZeRO-3 run an earlier try', () => {
    const s = corpusLineRead('c658').scenario;
    expect([s.mode, s.framework, s.sharding]).toEqual(['lora', 'dpo', { kind: 'zero', stage: 2 }]);
  });

  it.each([
    ['English, then switched to (invented)', 'Full fine-tuning llama-2-7b with zero3 on 8x a100-80g failed, then I switched to zero2 and it still OOMs', 'full', 2],
    ['English, changed it to LoRA (invented)', 'I was doing a full finetune of llama-2-7b on 1x a100-80g with zero3, later changed it to lora and it OOMs', 'lora', 3],
    ['Chinese, 后来换成 (invented)', '单卡A100-80G全参微调llama-2-7b，zero3报错，后来换成lora还是oom', 'lora', 3],
  ])('%s', (_name, text, mode, stage) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.mode).toBe(mode);
    expect(r.ok && r.scenario?.sharding).toEqual({ kind: 'zero', stage });
    if (r.ok) expect(r.assumptions.join(' | ')).toMatch(/switched to from .*an earlier try/);
  });

  it.each([
    ['asked (invented)', 'Full fine-tuning llama-2-7b on 8x a100-80g OOMs. Should I switch to lora?'],
    ['weighed in Chinese (invented)', '8卡A100-80G全参微调llama-2-7b爆显存，是否需要改用lora？'],
  ])('%s: a switch asked about is none made', (_name, text) => {
    expect(read(text).scenario.mode).toBe('full');
  });

  it("a command's stage stays beside a prose try (c940)", () => {
    expect(corpusLineRead('c940').scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
  });
});
