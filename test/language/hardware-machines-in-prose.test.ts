import { describe, expect, it } from 'vitest';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Issue 22, the hardware grammar read from prose (nodes × cards per node × card × memory, any order):
 * - a machine said by what it holds: "8 nodes each equipped with 8 A100 GPUs" (huggingface/accelerate#2161,
 *   corpus c1101) and "3 sets of 8*A100 (40G)" (nlpxucan/WizardLM#190, c1076) were read as 8 GPUs;
 * - 单卡 before a memory is "each card's", never one card: "总共4张卡，单卡11G的显存" (zai-org/VisualGLM-6B#80,
 *   c1113) was 1 card, and "用A100 单卡40G" (c419) stays one A100 40GB;
 * - a list that names the machine's memory and the card's with a dash: "PC memory - 32GB\nVRAM - 12GB"
 *   (LostRuins/koboldcpp#858, c1121) was one 32 GB card; "Model" on the next line is no file's noun;
 * - twice the memory a GeForce card is sold with is a modified card, read by the memory said, weak:
 *   "4x2080ti 22GB" (ollama/ollama#11702, c1132), "2*22G 2080ti" (AutoGPTQ/AutoGPTQ#185, c1137).
 */
describe('machines said by what they hold', () => {
  it.each([
    ['llama-2-70b full zero3 on 8 nodes each equipped with 8 A100 GPUs', 8, 64],
    ['llama-2-70b full, three nodes, each equipped with 8x H100 GPUs', 8, 24],
    ['llama-2-70b full on 2 servers having 4 L40S', 4, 8],
    ['llama-2-70b full on 4 boxes, each containing 8 A100s', 8, 32],
    ['SFT for 70B using a configuration of 3 sets of 8*A100 (40G)', 8, 24],
    ['llama-2-70b full on 2 sets of 8x H100', 8, 16],
  ])('"%s": %i per node, %i in all', (text, perNode, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ perNode, count });
  });

  it.each([
    ['llama-2-70b inference on 4 x A100  40VRAM GPUs', 4, 'a100-40g'],
    ['llama-2-13b inference on 2x A100 80 VRAM', 2, 'a100-80g'],
  ])('"%s": VRAM as the unit (jlko/semantic_uncertainty#8, c1134)', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });

  it('"3 sets of 8*A100 (40G)" keeps the 40 GB A100', () => {
    expect(read('llama-2-70b full on 3 sets of 8*A100 (40G)').scenario.hardware?.gpuId).toBe('a100-40g');
  });

  it('"sets" with no count of cards after "of" is no machine', () => {
    expect(read('llama-2-7b lora, 3 sets of experiments on 8x A100').scenario.hardware).toMatchObject({ count: 8 });
  });
});

describe('单卡 before a memory is each card\'s', () => {
  it.each([
    ['visualglm-6b lora 微调，总共4张卡，单卡11G的显存', 4, 11],
    ['chatglm-6b lora 一共4张卡，单卡24G', 4, 24],
  ])('"%s": %i cards of %i GB', (text, count, gib) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, capacityBytes: gib * 2 ** 30 });
  });

  it('"用A100 单卡40G" is one A100 40GB (c419)', () => {
    expect(read('用A100 单卡40G lora 微调qwen3-4b').scenario.hardware).toMatchObject({ count: 1, gpuId: 'a100-40g' });
  });

  it('"单卡4090" still counts one card', () => {
    expect(read('qwen-7b lora 单卡4090').scenario.hardware).toMatchObject({ count: 1, gpuId: 'rtx-4090' });
  });
});

describe('the machine\'s memory and the card\'s, in a list with dashes', () => {
  it.each([
    ['running a 70b q5_k_m with koboldcpp\nPC memory - 32GB\nVRAM - 12GB\nModel quantization - 5bit', 12, 32],
    ['llama-3-8b inference\nlaptop RAM – 16GB\nVRAM – 6GB', 6, 16],
    ['mistral-7b inference. computer memory: 64GB, VRAM: 8GB', 8, 64],
  ])('"%s": a %i GB card, %i GB of RAM', (text, card, ram) => {
    const s = read(text).scenario;
    expect(s.hardware?.capacityBytes).toBe(card * 2 ** 30);
    expect(s.hostMemoryBytes).toBe(ram * 2 ** 30);
  });
});

describe('a GeForce card with twice its memory is a modified card', () => {
  it.each([
    ['gpt-oss-120b with ollama. how can i reduce vram?  4x2080ti 22GB.', 4, 22],
    ['llama-7b lora seq 2000 with 2*22G 2080ti and over 400g ram', 2, 22],
    ['qwen2.5-32b inference on 2x 4090 48G each', 2, 48],
    ['qwen2.5-14b vllm on one 3080 20GB', 1, 20],
  ])('"%s": %i cards of %i GB, said', (text, count, gib) => {
    const { s, said } = readNoticed(text);
    expect(s.hardware).toMatchObject({ count, capacityBytes: gib * 2 ** 30 });
    expect(said).toMatch(/modified/);
  });

  it.each([
    // Two cards' memory in all, and the card's own size, stay as they were.
    ['llama-3-8b lora on 2x 3090 48GB', 2, 'rtx-3090'],
    ['llama-3-8b lora on 2x 2080ti 11GB', 2, 'rtx-2080-ti'],
  ])('"%s" is %i of the catalog\'s %s', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });
});

/**
 * A card said with a word after it, and said again with its size:
 * - "4*A10 卡部署Qwen3-30B-A3B" (QwenLM/Qwen3#1387, c1126): the 卡 after a space left the card unread, and
 *   PyTorch's "total capacity of 21.99 GiB" became a generic 22 GB card; the A10 it is now stays;
 * - "an AWS 8x Nvidia A100 VM" … "the AWS p4d.24xlarge VM" (huggingface/transformers#14541, c1131): the
 *   instance says the 40 GB A100, and is no other run.
 */
describe('a card said again', () => {
  it.each([
    ['4*A10 卡部署Qwen3-30B-A3B 报错了', 4, 'a10'],
    ['qwen-7b 2 x L4 显卡 部署', 2, 'l4'],
  ])('"%s": %i × %s', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });

  it.each([
    ['gpt2 finetune hits OOM on an AWS 8x Nvidia A100 VM. Produces an OOM error on the AWS p4d.24xlarge VM.', 'a100-40g'],
    ['llama-2-7b full on 8 A100s, a p4de.24xlarge', 'a100-80g'],
    ['llama-2-7b full on 8x A100. They are the 40G ones: A100 40G', 'a100-40g'],
  ])('"%s" is the %s', (text, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count: 8, gpuId });
  });
});

/**
 * GPU memory, not host RAM, where the device has no other:
 * - Apple silicon's RAM is its GPU's (unified): "on an M1 MAX with 64GB of ram" (ggml-org/llama.cpp#1870, c1088)
 *   was host RAM and no GPU;
 * - Huawei Ascend NPUs with their memory and no CUDA card named: "8*910B (64G)" (Ascend/pytorch#101, c1106) was
 *   set aside and "no card named"; beside a CUDA card ("8张A100(40G)和64张910A(32G)") they stay set aside.
 */
describe('the device\'s own memory', () => {
  it.each([
    ['codellama-34b q4_k_m llamacpp on an M1 MAX with 64GB of ram', 64],
    ['llama-3-70b q4 inference on my M2 Ultra, 192GB unified memory', 192],
    ['llama-3-70b q4 on my m3 max 128gb', 128],
  ])('"%s": one device of %i GB, no host RAM', (text, gib) => {
    const s = read(text).scenario;
    expect(s.hardware?.capacityBytes).toBe(gib * 2 ** 30);
    expect(s.hostMemoryBytes ?? null).toBeNull();
  });

  it('"8*910B (64G)" with no GPU named is eight devices of 64 GB, said', () => {
    const { s, said } = readNoticed('SFTTrainer OOM: Full-parameter fine-tuning on 8*910B (64G) for long context model qwen3-4b');
    expect(s.hardware).toMatchObject({ count: 8, capacityBytes: 64 * 2 ** 30 });
    void said;
  });

  it('Ascend NPUs beside a CUDA card stay set aside', () => {
    expect(read('qwen1.5_7B使用Zero-2方式在8张A100(40G)和64张910A(32G)上SFT，报OOM').scenario.hardware).toMatchObject({ count: 8, gpuId: 'a100-40g' });
  });
});
