import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_RULES } from '../../src/language/segments/rules.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * Session 26, rmode3 (issue 22): offload, method and checkpointing said in ways the reader missed.
 * - DeepSpeed's short form `offload_optimizer=cpu` in prose (Yuliang-Liu/Monkey#24, c506), while the rows of
 *   DeepSpeed's memory estimator, which name `=cpu` and `=none` at once, are no setting (segments: log.ds-estimator);
 * - an offload said in Chinese: "将所有参数放置在cpu上" (OpenBMB/MiniCPM-V#286, c1988), "优化器卸载到CPU"
 *   (prose/rules/offload-zh.ts);
 * - the count a trainer trains, a small share of the model, is an adapter (huggingface/peft#274, c1183;
 *   prose/rules/trainable-share.ts), weak where no method is said;
 * - ms-swift's log prefix "[INFO:swift]" runs ms-swift, whose checkpointing default is on, and a ZeRO stage
 *   beside ms-swift keeps it (modelscope/ms-swift#5292, c1862).
 */

const offload = (text: string) => readNoticed(text).s.offload;

describe("DeepSpeed's offload_optimizer=cpu short form, and its estimator's rows", () => {
  it.each([
    ['13b full, deepspeed zero2, offload_optimizer=cpu, per_device_train_batch_size=1, 4x a100-40g', 'cpu', 'none'],
    ['13b full zero3 offload_optimizer=nvme offload_param=cpu on 4x a100-80g', 'nvme', 'cpu'],
    ['目前在4 * A100-40GB, 使用deepspeed zero3, offload_optimizer = cpu, 全参微调 llama-2-13b', 'cpu', 'none'],
  ])('%s', (text, optimizer, params) => {
    expect(offload(text)).toMatchObject({ optimizer, params });
  });

  it('offload_param at ZeRO-2 moves nothing (DeepSpeed offloads parameters at stage 3 only)', () => {
    expect(offload('13b full zero_stage: 2 offload_param=cpu on 4x a100-80g').params).toBe('none');
  });

  it("the estimator's rows weigh both options and set neither", () => {
    const table = 'per CPU  |  per GPU |   Options\n  216.99GB |  18.08GB | offload_optimizer=cpu \n  216.99GB |  72.33GB | offload_optimizer=none';
    expect(offload(`llama-2-13b full zero2 on 4x a100-40g\n\`\`\`\n${table}\n\`\`\``)).toMatchObject({ optimizer: 'none', params: 'none' });
    const rule = LINE_RULES.find((r) => r.id === 'log.ds-estimator')!;
    for (const row of table.toLowerCase().split('\n')) expect(rule.pattern.test(row), row).toBe(true);
    expect(rule.pattern.test('24gb | 2x rtx 3090')).toBe(false);
  });

  it('c506: the prose offload is read, the rows under it are not', () => {
    expect(corpusLineRead('c506').scenario.offload.optimizer).toBe('cpu');
  });
});

describe('an offload said in Chinese', () => {
  it.each([
    ['llama-2-13b 全参微调 zero2，优化器状态卸载到CPU，2x 3090', 'cpu', 'none'],
    ['qwen2-7b 全参微调 zero3，把优化器和模型参数都offload到内存，8x a100', 'cpu', 'cpu'],
    ['70b 全量微调 zero3 将参数和优化器放到nvme上 8张a100', 'nvme', 'nvme'],
    ['qwen2-7b 全参微调 zero3，把模型权重放到CPU上，4张4090', 'none', 'cpu'],
    ['qwen2-7b 全参微调 zero3，优化器 放在 硬盘 上，4张4090', 'nvme', 'none'],
  ])('%s', (text, optimizer, params) => {
    expect(offload(text)).toMatchObject({ optimizer, params });
  });

  it('"all the parameters to the CPU" is both, weak and said', () => {
    const { s, said } = readNoticed('minicpm-llama3-v 2.5 全参数微调，4张v100，deepspeed zero3配置，并尽可能将所有参数放置在cpu上');
    expect(s.offload).toMatchObject({ optimizer: 'cpu', params: 'cpu' });
    expect(said).toMatch(/所有参数放置在cpu上/);
  });

  it('not putting them there, or 卸载 as "uninstall", is no offload', () => {
    expect(offload('7b full zero3，没有把参数放到cpu上，4x 4090')).toMatchObject({ optimizer: 'none', params: 'none' });
    expect(offload('卸载vllm后重新安装，qwen2-7b 全参微调 zero3，4张4090')).toMatchObject({ optimizer: 'none', params: 'none' });
  });

  it('any spacing between the object, the verb and the place reads the same', () => {
    const space = fc.constantFrom('', ' ', '  ');
    fc.assert(
      fc.property(space, space, fc.constantFrom('放到', '放在', '卸载到', '移到', 'offload到'), fc.constantFrom('cpu', 'CPU', '内存'), (a, b, verb, place) => {
        const o = offload(`llama-2-13b 全参微调 zero3，把优化器${a}${verb}${b}${place}上，4张a100`);
        expect(o.optimizer).toBe('cpu');
      }),
      { numRuns: 25 },
    );
  });
});

describe('a small share of the model trained is an adapter', () => {
  it.each([
    'bloomz-7b1 on 8x v100-32g\n  Number of trainable parameters = 3,932,160',
    'llama-2-7b on 1x a100\ntrainable params: 4,194,304 || all params: 6,742,609,920 || trainable%: 0.0622',
    'llama-3.1-8b on 1x h100\nTrainable parameters: 1.045% (83.886M/8030.261M)',
    'mistral-7b on 1x 4090, Trainable parameters 1.704M',
  ])('%s (weak, said)', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.mode).toBe('lora');
    expect(said).toMatch(/trainable/i);
  });

  it('a count near the whole model, or a method the message names, is left to those', () => {
    expect(readNoticed('training llama-2-7b on 8x a100-80g\ntrainable params: 6,738,415,616 || all params: 6,738,415,616 || trainable%: 100.0').s.mode).toBe('full');
    expect(readNoticed('llama-2-7b qlora on 1x 4090\ntrainable params: 4,194,304 || all params: 3,504,607,232 || trainable%: 0.1197').s.mode).toBe('qlora');
  });

  it('c1183: the HF Trainer log of a PEFT run reads as LoRA', () => {
    expect(corpusLineRead('c1183').scenario.mode).toBe('lora');
  });
});

describe("ms-swift's log prefix runs ms-swift, whose checkpointing is on", () => {
  it.each([
    'qwen2.5-vl-7b lora oom\n[INFO:swift] Loading the model using model_dir: /root/Qwen2.5-VL-7B-Instruct\n[INFO:swift] world_size: 2',
    'qwen2-7b lora on 1x a100-80g\n[WARNING:swift] some warning',
    'I use ms-swift to train qwen2.5-vl-7b with lora and deepspeed zero3 on 2 gpus, and it runs out of memory. Why?',
  ])('%s', (text) => {
    expect(readNoticed(text).s.recompute).toBe('full');
  });

  it('c1862: the log lines of an ms-swift ZeRO-3 run', () => {
    expect(corpusLineRead('c1862').scenario.recompute).toBe('full');
  });
});

describe("a run's label is no setting", () => {
  it.each([
    ["llama-7b lora bs 1 on 1x v100-16g\npeft_type: 'lora'\ntag: 'lora-qv-r2-lomo'", 8],
    ['llama-7b lora bs 1 on 1x v100-16g\nexp_name: lora_r64_qv\n', 8],
    ['llama-7b lora bs 1 on 1x v100-16g\n--job_name lora-r4-run --lora_r 16', 16],
  ])('%s', (text, rank) => {
    expect(readNoticed(text).s.lora?.rank).toBe(rank);
  });

  it('c968: the LOMO config tag names LoRA r2 on q,v only as a label', () => {
    expect(corpusLineRead('c968').scenario.lora?.rank).toBe(8);
  });
});
