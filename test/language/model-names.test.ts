import { describe, expect, it } from 'vitest';
import { offlineReading } from '../../src/language/prose/index.js';
import { corpusLineRead, read, readNoticed } from './reading-fixtures.js';

/**
 * rmodel: model names as strangers write them. A fine-tune named by its own name is its base's shape
 * (families.ts NAMED_FINE_TUNES, each base from its model card or code); a name the lexer kept as one
 * word is its parts ("LLaVA-NeXT-Video"); a Hub repo's dtype or GGUF quant suffix is no part of the
 * model's name; a release said with a size only one of its variants has is that variant, said as a guess.
 */

describe('a fine-tune named by its own name reads as the base its card states', () => {
  it.each([
    // acon96/home-llm#203: Bielik-7B-v0.1 "evolved from … the Mistral-7B-v0.1".
    ['c1241', 'mistral-7b'],
    // YellowRoseCx/koboldcpp-rocm#98: Beepo-22B, "a finetune done on top of Mistral-Small-Instruct-2409".
    ['c1231', 'mistral-small-22b'],
    // JIA-Lab-research/Seg-Zero#97: VisionReasoner-7B loads as Qwen2_5_VLForConditionalGeneration.
    ['c1234', 'qwen2.5-vl-7b'],
    // LianjiaTech/BELLE#79: BELLE-7B-2M is BLOOMZ-7B1-mt tuned.
    ['c1079', 'bloomz-7b1'],
    // predibase/lorax#316: DiscoLM German 7b is Mistral-based.
    ['c951', 'mistral-7b'],
    // vllm-project/vllm#1267: LlongOrca-7B-16k is on LLongMA-2-7b-16k (Llama 2).
    ['c602', 'llama-2-7b'],
    // modelscope/ms-swift#4361: "gme 7b" is GME-Qwen2-VL-7B.
    ['c817', 'qwen2-vl-7b'],
  ])('%s: %s', (id, model) => {
    expect(corpusLineRead(id).scenario.model.id).toBe(model);
  });

  it.each([
    // Invented: case, spacing, a quant file, a path, other sizes.
    ['run Bielik-7B-Instruct-v0.1 on a 4090', 'mistral-7b'],
    ['lora bielik 7b on 1x rtx 4090', 'mistral-7b'],
    ['koboldcpp with /models/Beepo-22B-Q4_K_S.gguf on 1x 24gb', 'mistral-small-22b'],
    ['run Cydonia-24B-v4.1 on 2x 3090', 'mistral-small-3'],
    ['run cydonia 22b v1 on 1x 3090', 'mistral-small-22b'],
    ['inference VisionReasoner 7B on 1x a100', 'qwen2.5-vl-7b'],
    ['finetune UniPixel-7B with lora on 2x a100', 'qwen2.5-vl-7b'],
    ['8张16g能train动BELLE-7B-0.2M吗', 'bloomz-7b1'],
    ['codegeex2-6b inference on 16GB', 'chatglm2-6b'],
    ['serve CodeGeeX2 6B with vllm on 1x 4090', 'chatglm2-6b'],
    ['DiscoLM-70b on 4x a100 80gb inference', 'llama-2-70b'],
    ['llongorca 13b 16k on 1x a100 inference', 'llama-2-13b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('says the base it read, in the reply', () => {
    expect(read('run VisionReasoner-7B on 1x rtx 4090').said).toMatch(/read as qwen2\.5-vl-7b, the base that fine-tune is known to be trained from/);
  });

  it('a catalog family named after the fine-tune word still wins (BELLE-LLaMA is LLaMA)', () => {
    expect(read('finetune BELLE-LLaMA-7B on 1x a100').scenario.model.id).not.toBe('bloomz-7b1');
  });
});

describe('a name the lexer kept whole is its parts', () => {
  it('c1350: LLaVA-NeXT-Video 7B is the 7B LLaVA (haotian-liu/LLaVA#1577)', () => {
    expect(corpusLineRead('c1350').scenario.model.id).toBe('llava-1.5-7b');
  });

  it.each([
    ['run llava-next-video-7b-dpo on 1x 4090', 'llava-1.5-7b'],
    ['LLaVA-NeXT-Video 34B on 2x a100 inference', 'llava-1.6-34b'],
    ['run LLaVA-NeXT-Video 7B on 8x 24gb', 'llava-1.5-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});

describe("a Hub repo's dtype or GGUF quant suffix is no part of the model's name", () => {
  it('c1237: unsloth/gpt-oss-20b-BF16 is gpt-oss-20b (unslothai/unsloth#3966)', () => {
    expect(corpusLineRead('c1237').scenario.model.id).toBe('gpt-oss-20b');
  });

  it('c731: openfree/…-24b-instruct-2503-q4_k_m-gguf is Mistral-Small-3.1-24B in q4_k_m (LostRuins/koboldcpp#1480)', () => {
    expect(corpusLineRead('c731').scenario.model.id).toBe('mistral-small-3.1-24b');
    expect(offlineReading('openfree/mistral-small-3.1-24b-instruct-2503-q4_k_m-gguf')).toMatchObject({ model: 'mistral-small-3.1-24b', weights: 'q4_k_m' });
  });

  it.each([
    ['unsloth/gpt-oss-20b-bf16', 'gpt-oss-20b', null],
    ['TheBloke/Llama-2-7B-Chat-fp16', 'llama-2-7b', null],
    ['someone/Qwen2.5-7B-Instruct-Q4_K_M-GGUF', 'qwen2.5-7b', 'q4_k_m'],
    ['someone/Meta-Llama-3.1-8B-Instruct-Q8_0-GGUF', 'llama-3.1-8b', 'q8_0'],
    // A type the catalog lacks reads as the one of its width.
    ['someone/Qwen2.5-14B-Instruct-Q4_K_S-GGUF', 'qwen2.5-14b', 'q4_k_m'],
    ['someone/qwen2.5-7b-instruct-q5_k_m', 'qwen2.5-7b', 'q5_k_m'],
  ])('%s: %s %s', (repo, model, weights) => {
    expect(offlineReading(repo)).toMatchObject({ model, weights });
  });

  it('no GGUF-without-type note where the type is written before "-gguf"', () => {
    expect(read('run someone/Qwen2.5-7B-Instruct-Q4_K_M-GGUF on 1x 8gb').said).not.toMatch(/none given, so 16-bit weights assumed/);
  });
});

describe('a release said with a size only one of its variants has', () => {
  it('c1344: "Qwen2-2B" in the Qwen2-VL demo is Qwen2-VL-2B, said as a guess (QwenLM/Qwen3-VL#130)', () => {
    expect(corpusLineRead('c1344').scenario.model.id).toBe('qwen2-vl-2b');
  });

  it.each(['run Qwen2-2B on 1x 4090', 'run qwen2 2b on 1x 4090', 'run QWEN2-2b on 1x 4090'])('%s', (text) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe('qwen2-vl-2b');
    expect(r.said).toMatch(/qwen2-vl-2b/);
  });

  it('a size the release has itself stays the release (Qwen2-7B is no VL)', () => {
    expect(read('run Qwen2-7B on 1x 4090').scenario.model.id).toBe('qwen2-7b');
  });

  it('a name with more than family and version is not guessed (qwen2-geogpt-2b)', () => {
    expect(read('run qwen2-geogpt-2b on 1x 4090').scenario.model.id).not.toBe('qwen2-vl-2b');
  });
});

describe('a family variant the catalog holds under another spelling', () => {
  it('c256: "7b bloom" is BLOOM-7B1 (deepspeedai/DeepSpeedExamples#411)', () => {
    expect(corpusLineRead('c256').scenario.model.id).toBe('bloomz-7b1');
  });

  it.each(['lora bloom 7B on 1x 3090', 'lora 7B BLOOM on 1x 3090', 'qlora bloom-7b on 1x 3090'])('%s: bloomz-7b1', (text) => {
    expect(read(text).scenario.model.id).toBe('bloomz-7b1');
  });

  it('c1262: DeepSeek-V2.5 is DeepSeek-V2 (236B, its architecture) (ollama/ollama)', () => {
    expect(corpusLineRead('c1262').scenario.model.id).toBe('deepseek-v2');
  });

  it.each(['run Deepseek-v2.5 on 8x a100', 'serve deepseek-ai/DeepSeek-V2.5-1210 on 8x h100', 'ollama run deepseek-v2.5:latest on 1x 3090'])('%s: deepseek-v2', (text) => {
    expect(read(text).scenario.model.id).toBe('deepseek-v2');
  });
});

describe("a loader's log line names the model where the prose names none", () => {
  it("c1251: vLLM's \"Starting to load model /opt/DeepSeek-R1-Distill-Qwen-32B...\" is the distill's base, said as weak", () => {
    const r = corpusLineRead('c1251');
    expect(r.scenario.model.id).toBe('qwen2.5-32b');
  });

  it.each([
    ['vllm OOM on 4x T4\n```\nINFO 03-07 11:56:19 model_runner.py:1110] Starting to load model /models/Qwen2.5-7B-Instruct...\n```', 'qwen2.5-7b'],
    ['vllm serve fails on 2x 3090\n```\n(VllmWorkerProcess pid=1) INFO model_runner.py:1] Starting to load model meta-llama/Llama-3.1-8B-Instruct...\n```', 'llama-3.1-8b'],
  ])('%s', (text, model) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe(model);
  });
});

describe('GPT-NeoXT-Chat-Base-20B is GPT-NeoX-20B (togethercomputer/OpenChatKit#26, c993)', () => {
  it.each(['finetune GPT-NeoXT-Chat-Base-20B on 8x V100 32GB', 'run gpt-neoxt-chat-base-20b on 2x a100', 'Can I fine tune GPT-Neo-XT-Chat-Base-20B with 8 A100?'])('%s', (text) => {
    expect(read(text).scenario.model.id).toBe('gpt-neox-20b');
  });
});
