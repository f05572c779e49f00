import { describe, expect, it } from 'vitest';
import { ASKED_DEFAULT_SHARDING_RULE, KEYED_SHARDING_RULE, SHARDED_NOT_SPLIT_RULE } from '../../src/language/reconcile/sharding-evidence.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Which sharding the run has, by the evidence that set it (rpar): a stage set by the run's own
 * config or command beats one said in prose; accelerate's `distributed_type: MULTI_GPU` is plain
 * DDP (no preset's ZeRO-3); an example config the user says they use is theirs. Each case: the
 * real corpus line, then invented variations that fail without the change.
 */

const sharding = (text: string) => {
  const { scenario, said } = read(text);
  return { s: `${scenario.sharding.kind}${scenario.sharding.kind === 'zero' ? scenario.sharding.stage : ''}`, said };
};
const lineSharding = (id: string) => {
  const { scenario, said } = corpusLineRead(id);
  return { s: `${scenario.sharding.kind}${scenario.sharding.kind === 'zero' ? scenario.sharding.stage : ''}`, said };
};

describe('a keyed ZeRO stage beats the prose', () => {
  it('the rule names its source', () => {
    expect(KEYED_SHARDING_RULE.source).toMatch(/OpenRLHF\/OpenRLHF#519/);
  });

  it('c327: prose "zero3", the command that ran --zero_stage 2 (OpenRLHF/OpenRLHF#519)', () => {
    const { s, said } = lineSharding('c327');
    expect(s).toBe('zero2');
    expect(said).toMatch(/"--zero_stage 2" read as your setup's sharding .*"zero3" is the message talking about another stage/);
  });

  it('c1107: a title listing zero1 zero2 zero 3 over `deepspeed: deepspeed/zero2.json` (axolotl-ai-cloud/axolotl#2217)', () => {
    expect(lineSharding('c1107').s).toBe('zero2');
  });

  it.each([
    ['llama-3-8b full fine-tune on 8x H100 with zero3, OOM.\n\n```\ndeepspeed train.py --zero_stage 2 --bf16\n```', 'zero2'],
    ['llama-3-8b full fine-tune on 8x H100 with ZeRO-3, OOM.\ndeepspeed train.py --zero_stage=2', 'zero2'],
    ['Qwen2-7B full finetune, zero1 OOM on 4x A100 80GB\n\n```yaml\nbase_model: Qwen/Qwen2-7B\ndeepspeed: deepspeed_configs/zero3.json\n```', 'zero3'],
    ['8卡A100全量微调llama-7b，zero3 也OOM\n```\ndeepspeed --num_gpus 8 train.py --deepspeed ds_z2_config.json\n```', 'zero2'],
  ])('%j', (text, want) => {
    const { s, said } = sharding(text);
    expect(s).toBe(want);
    expect(said).toMatch(/read as your setup's sharding \(the config or command that ran\)/);
  });

  it('a stage asked about in a question stays the reading (OpenRLHF/OpenRLHF#851, c855)', () => {
    expect(lineSharding('c855').s).toBe('zero2');
    expect(sharding('Can I train llama-3-8b full on 8x H100 with zero2?\n\ndeepspeed train.py --zero_stage 3').s).toBe('zero2');
  });

  it('several configs with rival keyed stages: first-wins, not the parser\'s last (hpcaitech/ColossalAI#5139, c915)', () => {
    expect(lineSharding('c915').s).toBe('zero2');
  });
});

describe("accelerate's distributed_type: MULTI_GPU is DDP", () => {
  it('c365: LLaMA-Factory full fine-tune launched by a MULTI_GPU accelerate config, no DeepSpeed (hiyouga/LlamaFactory#713)', () => {
    expect(lineSharding('c365').s).toBe('ddp');
  });

  const config = (extra: string) =>
    `full fine-tune baichuan-13b with llama-factory on 8x A800 80GB, OOM\n\ncompute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\nnum_processes: 8\n\naccelerate launch src/train_bash.py --stage sft --finetuning_type full --per_device_train_batch_size 1 ${extra}--fp16`;

  it('no DeepSpeed flag: DDP, not the preset ZeRO-3', () => {
    expect(sharding(config('')).s).toBe('ddp');
  });

  it('one process replicates nothing: no DDP read', () => {
    expect(sharding('llama-7b full fine-tune on 1x a100-80g\ndistributed_type: MULTI_GPU\nnum_processes: 1').s).toBe('none');
  });

  it('a --deepspeed flag beside it still wins', () => {
    expect(sharding(config('--deepspeed ds_z3_config.json ')).s).toBe('zero3');
    expect(sharding(config('--deepspeed ds_z2_config.json ')).s).toBe('zero2');
  });
});

describe('an example config the user says they use is theirs', () => {
  it('c475: 使用的是readme中的deepspeed zero stage2示例配置 (hiyouga/LlamaFactory#1221)', () => {
    expect(lineSharding('c475').s).toBe('zero2');
  });

  it.each([
    ['8卡V100 32G全量微调llama-7b OOM，我用的是README里的 deepspeed zero3 示例配置', 'zero3'],
    ['8卡V100 32G全量微调llama-7b OOM。采用了 readme 中 zero stage2 的示例配置', 'zero2'],
  ])('%j', (text, want) => {
    expect(sharding(text).s).toBe(want);
  });

  it('an example config someone else runs, or example code, stays theirs', () => {
    // The README's example says it, not the user: the stage is set aside, nothing read in its place.
    expect(sharding('8卡V100 32G全量微调llama-7b OOM。示例配置用的是zero3').s).not.toBe('zero3');
  });
});

describe('a ZeRO stage named only in a question about a default is not the run\'s', () => {
  it('c1103: 默认deepspeed的配置使用的是stage2吗？ (ssbuild/chatglm_finetuning#209): DeepSpeed kept, no stage read, and said', () => {
    const { s, said } = lineSharding('c1103');
    expect(s).toBe('ddp');
    expect(said).toMatch(/"stage2" is asked about as a default, not read as your setup's sharding/);
    expect(ASKED_DEFAULT_SHARDING_RULE.source).toMatch(/chatglm_finetuning#209/);
  });

  it.each([
    '机器只有4张32g的V100，全量微调chatglm-6b OOM。默认的deepspeed配置是 zero2 吗？',
    'full fine-tune llama-7b on 4x V100 32GB OOM. Is the default DeepSpeed config ZeRO-2?',
    'full fine-tune llama-7b on 4x V100 32GB OOM. does it use zero3 by default?',
  ])('%j', (text) => {
    const { s, said } = sharding(text);
    expect(s).toBe('ddp');
    expect(said).toMatch(/is asked about as a default/);
  });

  it('a stage in a statement, or asked about without "default", stays the reading', () => {
    expect(sharding('full fine-tune llama-7b on 4x V100 32GB with zero2, OOM. What is the default lr?').s).toBe('zero2');
    expect(sharding('full fine-tune llama-7b on 4x V100 32GB. Can I use zero3?').s).toBe('zero3');
  });
});

describe('a split of the model said beside FSDP or ZeRO-3 is that sharding, not a device_map split', () => {
  it('c757: s1 full SFT of the 32B with FSDP on 16 H100 (simplescaling/s1#25): no pp', () => {
    const { scenario, said } = corpusLineRead('c757');
    expect(scenario.sharding.kind).toBe('fsdp');
    expect(scenario.parallel.pp).toBe(1);
    expect(said).toMatch(/read as FSDP sharding the model/);
    expect(SHARDED_NOT_SPLIT_RULE.source).toMatch(/simplescaling\/s1#25/);
  });

  it.each([
    'full fine-tune qwen2.5-32b with FSDP on 16x H100 80GB. I thought we need to split the model across the GPUs, but it OOMs.',
    'full fine-tune qwen2.5-32b with zero3 on 16x H100 80GB; I want to split the model across the GPUs. OOM',
  ])('%j', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.parallel.pp).toBe(1);
    expect(said).toMatch(/not a layer split over the GPUs/);
  });

  it('without FSDP or ZeRO-3 the prose split stays', () => {
    expect(read('qwen2.5-32b inference on 4x A100 80GB, split the model across the GPUs').scenario.parallel.pp).toBe(4);
  });
});
