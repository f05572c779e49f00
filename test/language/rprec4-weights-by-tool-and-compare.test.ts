import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { COMPARED_FORMATS_RULE } from '../../src/language/reconcile/compared-formats.js';

/**
 * rprec4 (issue 22, the weights field), two causes seen in several batches:
 * - AWQ named by the tool or the act that makes it ("awq quantize", AutoAWQ, llm-compressor's
 *   AWQModifier, LMDeploy's 4-bit build): the weights are AWQ (c3080, c3082, c3086 in b91; c3142 in b93;
 *   c919 in b26; c1994 in b55).
 * - Formats only weighed against each other ("int8 vs bf16", "w8a8 … bf16 …") or listed as what a pull
 *   request adds ("Add torchao quant (int4/int8/fp8)") are no weights of the run: never taken in silence
 *   (c3104 in b92; c3143 in b93; c1246 in b37).
 * The variations were written from the phenomenon alone, before the reader's failures were read.
 */

function weightsOf(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  // The bench's test of a flagged field: a weak weights or precision fact (a precision read as "fp8 weights" is both).
  const weak = (r.trace ?? []).some((t) => (t.fact === 'weights' || t.fact === 'precision') && t.at !== null && t.weak);
  return { format: r.scenario.weights, weak, said: [...r.notices, ...r.assumptions].join(' | '), question: r.scenario.question };
}

/**
 * A quantization job is read as the quantized model it makes, as the corpus reads them since b91 (c3080, c3082, c3083,
 * c3086; its README's judgement call); the pass's own 16-bit load is said on the first screen (weak, with "bf16" as the switch).
 */
describe('AWQ named by the tool or the act that makes it', () => {
  it.each([
    ['did anyone manage to awq quantize qwen2.5-72b-instruct? I have 4x RTX 4090 and 256g ram'],
    ['did someone have any success in awq quantize qwen2-72b-instruct, i have four rtx 4090 and 256g ram'],
    ['AutoAWQ: quantizing Mixtral-8x7B on 2 A100 80GB runs out of memory'],
    ['OOM when quantizing Llama-3-70B with AutoAWQ on 8x A100'],
    ['Trying to quantize Gemma-2-9B to 4-bit AWQ on a single RTX 3090 and it OOMs'],
  ])('%j is AWQ, the 16-bit pass said', (text) => {
    const read = weightsOf(text);
    expect(read.format).toBe('awq');
    expect(read.weak).toBe(true);
    expect(read.said).toMatch(/the pass itself loads the model in 16 bits[^|]*say "bf16"/);
  });

  it.each([
    ['用AutoAWQ量化qwen2-72b，4张3090爆显存'],
    ['AWQ量化Qwen2.5-32B时显存不够，单卡A100 40G'],
    ['llm-compressor AWQModifier on llama 3.1 8b, 1x rtx 4090, cuda oom at the smoothing stage'],
    ['AWQ 양자화 중 OOM: Qwen2.5-14B, RTX 4090 1장'],
    ['awq-int4 quantize of chatglm3-6b with tp_size=4 fails'],
    ['I serve Mixtral 8x7B with AutoAWQ on a 4090'],
  ])('%j is AWQ', (text) => {
    expect(weightsOf(text).format).toBe('awq');
  });

  // Left: a call written in prose is blanked as code (code.keyword-call), so "AWQModifier(" names nothing and the
  // scheme's W4A16 reads as GPTQ, said weak. The real line (c3086) names AWQModifier in its prose too, and reads AWQ.
  it.fails('an AWQModifier call with its W4A16 scheme, in prose', () => {
    expect(weightsOf('recipe = [AWQModifier(scheme="W4A16_ASYM", targets=["Linear"])]\noneshot(model=model, recipe=recipe)\ncompressing Qwen3-14B on one L40S OOMs').format).toBe('awq');
  });
});

describe("LMDeploy's 4-bit build is its AWQ", () => {
  it.each([
    ['lmdeploy 部署 Qwen2.5-72B 的 4bit 量化版本，需要几张A100？'],
    ['can lmdeploy serve the int4 version of internlm2-20b on a 4090?'],
    ['是否支持用lmdeploy部署Qwen3-32B Q4量化版本'],
    ['lmdeploy serve api_server ./internlm2-chat-20b-4bit --model-format awq on one A10'],
  ])('%j is AWQ', (text) => {
    expect(weightsOf(text).format).toBe('awq');
  });
});

describe('formats weighed against each other, or a pull request adds, are not the run’s weights in silence', () => {
  it.each([
    ['qwen2.5-72b: int8 vs bf16 on vllm, how many A100s each?'],
    ['llama-3-70b fp8 or bf16 on 4x H100 with vllm?'],
    ['Qwen3-32B-w8a8推荐四卡，bf16推荐两卡，是不是写反了？'],
    ['Add torchao quant (int4/int8/fp8) to llama models\n\npython -m sglang.bench_latency --model meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8'],
    ['[Feature] support int4/int8 weight-only quantization for Qwen2\n\nvllm serve Qwen/Qwen2-7B-Instruct on a 4090'],
    ['is awq better than gptq for mistral 7b on vllm with one T4?'],
    ['comparing 4bit vs 8bit for llama 13b on one 3090'],
    ['benchmark: bf16 vs fp8 vs int4, llama-3.1-8b on an H100 with sglang'],
    ['Add FP8/INT8 support for Mixtral\n\nvllm serve mistralai/Mixtral-8x7B-Instruct-v0.1 --tensor-parallel-size 2'],
  ])('%j', (text) => {
    const read = weightsOf(text);
    const quantised = read.format !== undefined && read.format !== 'bf16' && read.format !== 'fp16';
    // Either no quantised format, or one said on the first screen as weak, or asked as a comparison.
    expect(!quantised || read.weak || read.question?.kind === 'compare').toBe(true);
  });
});

describe('two formats in parallel clauses, each with its figure, are compared (reconcile.compared-formats)', () => {
  it.each([
    ['Qwen3-32B-w8a8推荐四卡，bf16推荐两卡，是不是写反了？', 'w8a8', 'bf16'],
    ['int8 needs 2 GPUs, bf16 needs 4 for qwen2.5-72b with vllm', 'int8', 'bf16'],
    ['INT4 24G够，BF16要48G吗？qwen2.5-14b', 'int4', 'bf16'],
    ['for llama-3-70b on vllm: fp8 fits on 1 H100, bf16 takes 2', 'fp8', 'bf16'],
  ])('%j', (text, a, b) => {
    expect(weightsOf(text).question).toEqual({ kind: 'compare', a, b });
  });

  it('the rule reads its own example as two formats weighed', () => {
    expect(weightsOf(COMPARED_FORMATS_RULE.example).said).toMatch(/"w8a8推荐四卡，bf16" weighs two formats/);
  });

  it('c3143 (HYGON-AI/inference-cookbook-das#58): the w8a8 of "35b-w8a8" is no longer the weights in silence', () => {
    const r = resolveRequest(loadCorpus().find((l) => l.id === 'c3143')!.text, null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.weights ?? 'bf16').toBe('bf16');
    expect(r.assumptions.join(' | ')).toMatch(/weighs two formats, each with its own figure/);
  });

  it.each([
    ['qlora 4bit r16 on 2 gpus, bf16 compute, llama 70b'],
    ['vllm serve Qwen/Qwen2.5-7B-Instruct-AWQ --dtype float16 --tensor-parallel-size 2, 2x 3090'],
  ])('a format and the compute dtype beside it are one run: %j', (text) => {
    expect(weightsOf(text).question?.kind).not.toBe('compare');
  });
});
