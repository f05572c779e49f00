import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * The hardware read by evidence (s30, rhw9). Each block holds invented variations of one way people write
 * their hardware (other spacing, order, language, a command or a config around it), scored before the fix;
 * the real line each cause came from is named. The hardware part of the reading ("on 2x 128gb", "2 nodes of
 * 16x 64gb") is what each pins; null where the message names no card of the user's.
 */
const hardwareOf = (text: string): string | null => / (?:on |\d+ nodes of )[^]*?(?= how many|$)/.exec(canonicalText(read(text).scenario))?.[0].trim() ?? null;

describe('unified memory and a share of it carved out for the GPU', () => {
  // DGX Spark (c2233, c2112, c2113), Strix Halo's BIOS share (c2179), "RAM: 128GB unified memory" (c2208).
  it.each([
    ['strix halo (ryzen ai max+ 395) with 128GB RAM, I allocate 96GB to VRAM in BIOS, ollama run qwen3:32b', 'on 1x 96gb'],
    ['- **RAM**: 128GB unified memory (~110GB available VRAM)\nollama gpt-oss-120b runs at 30 tok/s', 'on 1x 128gb'],
    ['two DGX Sparks, vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 2 fails to allocate', 'on 2x 128gb'],
    ['2 sparks vllm loading issue with qwen3 32B, tp 2', 'on 2x 128gb'],
    ['DGX Spark, fine-tune llama-3.1-8b lora with unsloth', 'on 1x 128gb'],
    ['ASUS Ascent GX10, llama-3.3-70b awq vllm', 'on 1x 128gb'],
    ['Framework desktop with AI Max+ 395 128GB, running qwen3-235b-a22b q3 with llama.cpp', 'on 1x 128gb'],
    ['EVO-X2 (Strix Halo, 128GB) with 96GB assigned as VRAM in BIOS, llama-3.3-70b q4 is slow', 'on 1x 96gb'],
    ['我的 AI MAX+ 395 128G 内存, BIOS里分了96G给显存, ollama 跑 qwen3-235b-a22b', 'on 1x 96gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toMatch(new RegExp(`^${hardware}\\b`));
  });

  it('Apache Spark is no DGX Spark', () => {
    expect(hardwareOf('llama-3-8b lora, data prep with Apache Spark on 1x a100')).toBe('on 1x a100-80g');
  });
});

describe('nodes × cards in a recipe name and before a device the catalog lacks', () => {
  // "grpo-qwen3-235b-32n8g-async-1off" (c2218), "2x16和3x16 华为910B" (c2197).
  it.each([
    ['Increase gpu_memory_utilization for the H100 `grpo-qwen3-235b-32n8g-async-1off` recipe', 256],
    ['sft-llama3.1-70b-4n8g recipe on H100 80GB goes OOM', 32],
    ['llama3-70b 1n8g H100 sft', 8],
  ])('"%s": %i GPUs', (text, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ count });
  });

  it.each([
    ['我用2x16 华为910B的卡 grpo 训练qwen2.5-32B模型，显存不足', '2 nodes of 16x 64gb'],
    ['我用2x16和3x16 华为910B的卡 grpo方式 训练qwen2.5-32B模型', '2 nodes of 16x 64gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it('the other machine offered is said', () => {
    expect(read('我用2x16和3x16 华为910B的卡 grpo方式 训练qwen2.5-32B模型').said).toMatch(/3 nodes of 16/);
  });
});

describe('memory a run needs is no card', () => {
  // "需要～80G的显存" (c2224: a full-width tilde), "几张卡（A100、80G）" (c2252: the memory listed with the card asked).
  it.each([
    ['你好，GLM-4-9B模型32k长度训练需要～80G的显存', null],
    ['训练qwen2.5-7b全参需要大概60G显存吗', null],
    ['Llama-3-8B 풀 파인튜닝에 VRAM 80GB 정도 필요한가요?', null],
    ['请问34B模型全参数微调需要几张卡（A100、80G）？', null],
  ])('"%s": no card of the user\'s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it.each([
    ['请问34B模型全参数微调需要几张卡（A100、80G）？', 'how many a100-80g'],
    ['how many GPUs (A100, 40GB) for full finetune of llama-2-13b?', 'how many a100-40g'],
  ])('"%s" asks %s', (text, asked) => {
    expect(canonicalText(read(text).scenario)).toContain(asked);
  });
});

describe('a count the command narrows', () => {
  // os.environ['CUDA_VISIBLE_DEVICES'] = '3' under "双卡 4090" (c2193); Xinference's --n-gpu / --gpu-idx on "8块L20" (c2147).
  it.each([
    ["我是双卡 4090， lora 一个 6B的模型 chatglm3-6b，显存溢出\nimport os\nos.environ['CUDA_VISIBLE_DEVICES'] = '3'\nmax_length=5000", 'on 1x rtx-4090'],
    ['双卡4090 lora chatglm3-6b\nos.environ["CUDA_VISIBLE_DEVICES"]="0,1"', 'on 2x rtx-4090'],
    ['%env CUDA_VISIBLE_DEVICES=0\nlora llama-2-7b on 2x rtx 3090', 'on 1x rtx-3090'],
    ['单台服务有8块L20\nxinference launch --model-name qwen3 --model-engine vLLM --size-in-billions 32 --quantization Int8 --n-gpu 4 --gpu-idx 4,5,6,7', 'on 4x l20'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});
