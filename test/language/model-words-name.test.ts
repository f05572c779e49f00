import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { readInThread } from '../../src/core/opening.js';

/**
 * Which model the words name (issue 22; branch rmodel15): a community fine-tune is read by its base
 * architecture, said as a guess; a bare size or a family word goes to the model the message sets up,
 * not to a model it only cites; a model inside a path or a script's name is read from its pieces.
 * Invented variations of real lines (b82–b84), in the words people use.
 */
function reading(text: string, thread?: string) {
  const opened = thread ? readInThread(thread, null).outcome : null;
  const opening = thread ? readInThread(thread, null) : null;
  const state = opened?.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : (opening?.waiting ?? null);
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) return { id: '', said: '', assumed: '', layers: 0, refused: true };
  return { id: r.scenario.model.id ?? '', said: r.notices.join(' | '), assumed: r.assumptions.join(' | '), layers: r.scenario.model.arch.layers, refused: false };
}
const modelOf = (text: string, thread?: string) => reading(text, thread).id;
const weakNote = /read as [a-z0-9.-]+, the base that fine-tune is known to be trained from/;

describe('a community fine-tune is read by its base, said as a guess', () => {
  it.each([
    // TigerBot-70B/13B are Llama-2 continued pre-training (TigerResearch/TigerBot#108, c2851)
    ['tigerbot-70b-base 全参微调, 8*A100, deepspeed zero3', 'llama-2-70b'],
    ['full fine-tune TigerBot-70B-chat with ZeRO-3 on 8x A100 80GB', 'llama-2-70b'],
    ['用 tigerbot-13b-chat 推理，单卡 4090 够吗', 'llama-2-13b'],
    // OCRFlux-3B is Qwen2.5-VL-3B-Instruct fine-tuned (chatdoc-com/OCRFlux#60, c2861)
    ['python -m ocrflux.pipeline ./ws --data 1.pdf --model models/OCRFlux-3B  on 2x 3060', 'qwen2.5-vl-3b'],
    // Erebus is KoboldAI's OPT fine-tune line (FMInference/FlexLLMGen#4, c2803)
    ['How fast can I run Erebus 30B with FlexGen on a 3090?', 'opt-30b'],
    ['erebus-13b on my 3060 12gb, will it fit?', 'opt-13b'],
    ['Nerys 2.7B on a 6GB card', 'opt-2.7b'],
    // others of the same habit: the model card names the base
    ['Xwin-LM-13B-V0.2 q4_k_m on a 3060', 'llama-2-13b'],
    ['serve Sky-T1-32B-Preview with vllm on 2x A100 80G', 'qwen2.5-32b'],
    ['OpenThinker-7B full fine-tune on 8x H100', 'qwen2.5-7b'],
    ['olmOCR-7B-0225-preview on an L40S', 'qwen2-vl-7b'],
    ['UI-TARS-7B-DPO inference on a 4090', 'qwen2-vl-7b'],
    ['UI-TARS-1.5-7B inference on a 4090', 'qwen2.5-vl-7b'],
  ])('%s → %s, said', (text, id) => {
    const r = reading(text);
    expect(r.id).toBe(id);
    expect(r.said).toMatch(weakNote);
  });

  it('a Hub id of a fine-tune, read offline, says the catalog model it was read as', () => {
    const r = reading('can I run ChatDOC/OCRFlux-3B on a 12GB 3060?');
    expect(r.id).toBe('qwen2.5-vl-3b');
    expect(r.assumed).toMatch(/read as the catalog's Qwen2\.5-VL-3B/);
  });

  it.each([
    // a derivative that names its base is no guess (c2844, c2837)
    ['ollama run qwen3-coder:30b-a3b-instruct on a 3060 with 64gb ram', 'qwen3-30b-a3b'],
    ['lora on TechxGenus/Meta-Llama-3-8B-GPTQ, r 4, on a 3090', 'llama-3-8b'],
    ['KoboldAI/OPT-13B-Erebus in 8bit on a T4', 'opt-13b'],
  ])('a derivative that names its base: %s → %s', (text, id) => {
    expect(modelOf(text)).toBe(id);
  });

  it('a name the catalog cannot place keeps its size', () => {
    const r = resolveRequest('run Zorblax-13B on a 3090', null);
    expect(r.ok && r.scenario ? r.scenario.model.requestedParams : 0).toBeGreaterThan(12e9);
  });
});

describe("a count the user reports about the model is not a change to its shape (ollama/ollama#11162, c2787)", () => {
  it.each([
    'gemma3:27b-it-fp16 on a dual 5090, one layer always gets offloaded to CPU. The model has an uneven number of layers: 63, according to logs.',
    'gemma3:27b-it-fp16 on 2x 5090: one layer goes to the CPU; the logs say the number of layers is 63',
    'running gemma3:27b-it-fp16 on two 5090s, a layer is offloaded to cpu. the model has 63 layers according to the logs',
    'gemma3:27b-it-fp16 双卡5090，总有一层被放到CPU上，日志里模型层数: 63',
  ])('%s', (text) => {
    const r = reading(text);
    expect(r.id).toBe('gemma-3-27b');
    expect(r.layers).toBe(62);
  });
});

describe('a size or a family word goes to the model the message sets up', () => {
  it('a bare size after a thread that names the family (oobabooga/textgen#217, c2797)', () => {
    expect(modelOf('13B in 8bit loaded fine for me without Pro. The VRAM could not fit the full 2048 context.', 'Add LLaMA to Colab')).toBe('llama-1-13b');
    expect(modelOf('the 13b in int8 ran, but not with 2048 context', 'Running LLaMA on Colab')).toBe('llama-1-13b');
    expect(modelOf('7B loads in 8 bit on the free tier', 'LLaMA on colab')).toBe('llama-1-7b');
  });

  it.each([
    // families a change supports, listed in a title, are not the run's model; the command's Hub id is (deepspeedai/DeepSpeed#2662, c2834)
    ['Fix INT8 quantization for BLOOM, OPT, and Neo-X\n\nrunning facebook/opt-30b on one 32GB V100:\n```\ndeepspeed --num_gpus 1 inference-test.py --name facebook/opt-30b --dtype int8\n```', 'opt-30b'],
    ['Add int8 support for BLOOM, OPT and GPT-NeoX. Example: facebook/opt-13b on a single A100 40GB', 'opt-13b'],
    ['Support Llama, Mistral and Qwen. Tested with Qwen/Qwen2.5-7B-Instruct on one 4090', 'qwen2.5-7b'],
    ['支持 LLaMA、Baichuan、Qwen 系列。测试：Qwen/Qwen2.5-14B-Instruct，单卡 A100 80G', 'qwen2.5-14b'],
  ])('a list of supported families, then the model run: %s', (text, id) => {
    expect(modelOf(text)).toBe(id);
  });

  it.each([
    // a family cited as a paper or a recipe is not the model (nwyin/modded-llama2#9, c2839)
    'trying 4M token batch size re: llama2 paper, 6.7b, ddp on 8x H100, batch 16, ga 32, seq 1024',
    'following the llama 2 paper: 6.7b model, 8x H100, micro batch 16, seq 1024',
    'as in the LLaMA-2 paper, a 6.7B model pretrained on 8x H100 80GB, bs 16 seq 1024',
  ])('a paper named by its model: %s', (text) => {
    const r = resolveRequest(text, null);
    const s = r.ok ? r.scenario : null;
    expect(s?.model.id ?? '').not.toMatch(/^llama-2/);
    expect(s?.model.requestedParams ?? 0).toBeGreaterThan(6e9);
  });
});

describe('the model inside a path or a script name is read from its pieces', () => {
  it.each([
    ['megatron_bridge_training-nemo2602/qwen3_30b_a3b_bf16_16gpus-2026-03-30 on 16 h200', 'qwen3-30b-a3b'],
    ['./models/llama-2-70b-chat.q5_k_m.gguf -ngl 999 on 8x a100 80gb', 'llama-2-70b'],
    ['/data/ckpt/llama-2-13b-chat.Q4_K_M.gguf with llama.cpp on a 4090', 'llama-2-13b'],
    ['bash run_qwen2_5_7b_grpo.sh on 8x H100', 'qwen2.5-7b'],
  ])('%s → %s', (text, id) => {
    expect(modelOf(text)).toBe(id);
  });

  it("a script's name for the model is said as the words it came from", () => {
    const r = reading('bash run_qwen2_5_7b_grpo.sh on 8x H100');
    expect(r.id).toBe('qwen2.5-7b');
    expect(r.said).toMatch(/run_qwen2_5_7b_grpo\.sh/);
  });

  it('a GPT size in a DeepSpeed script name (ds_pretrain_gpt_6.7b_dense_pipeclean.sh, c2833)', () => {
    const r = resolveRequest('bash ds_pretrain_gpt_6.7b_dense_pipeclean.sh on 8 gpus', null);
    expect(r.ok && r.scenario ? Math.round((r.scenario.model.requestedParams ?? 0) / 1e8) / 10 : 0).toBeCloseTo(6.7, 0);
  });
});
