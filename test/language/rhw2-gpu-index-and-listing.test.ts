import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * The machine is not the run (branch rhw2). A GPU's index ("Device 0:", "cuda:1", "0卡") names one device and
 * never counts the run's GPUs; a machine's GPU listing under a serving command with no parallel flag is one
 * of the listed GPUs; a count asked ("需要多少显卡") is a question, not one card; memory measured or a file's
 * size is no card.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok) return { error: r.error.message, hardware: undefined, said: '' };
  return { error: null, hardware: r.scenario?.hardware, said: r.assumptions.join(' | '), question: r.scenario?.question };
};

describe('a GPU index is never a count', () => {
  it.each([
    // zylon-ai/private-gpt#921 (c1214): refused as "GPU count cannot be 0".
    ['llama-7b llama.cpp inference q8_0\nHardware\n Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6', 'rtx-3090'],
    ['llama-7b llama.cpp inference q8_0. device 0: nvidia geforce rtx 3090', 'rtx-3090'],
    ['qwen-7b vllm inference on an A100 80GB (cuda:0)', 'a100-80g'],
    ['qwen-7b inference on RTX 4090, it uses GPU 0 only', 'rtx-4090'],
    ['qwen-7b inference on RTX 4090, gpu0 fills up', 'rtx-4090'],
    ['qwen-7b inference on RTX 4090, GPU #0 fills up', 'rtx-4090'],
  ])('"%s" is one card', (text, card) => {
    const r = read(text);
    expect(r.error).toBeNull();
    expect(r.hardware).toMatchObject({ gpuId: card, count: 1 });
  });

  it('"Device 1: NVIDIA …" after an index 0 is a second index, not a count', () => {
    const r = read('llama-7b llama.cpp inference\nDevice 1: NVIDIA GeForce RTX 3090, compute capability 8.6');
    expect(r.error).toBeNull();
    expect(r.hardware).toMatchObject({ gpuId: 'rtx-3090', count: 1 });
  });

  it('hiyouga/LlamaFactory#1766 (c1168): "0卡的显存突然飙升" beside "A800*8" keeps the eight cards', () => {
    const text = '关于推理时显存问题\n\nA800*8\n\n在多卡8张推理qwen72b的时候，输入一个长文本，会发现0卡的显存突然飙升，其他卡不动。\n\n0卡突然飙升导致了OOM';
    const r = read(text);
    expect(r.error).toBeNull();
    expect(r.hardware).toMatchObject({ gpuId: 'a800-80g', count: 8 });
  });

  it.each([
    'qwen-72b 推理 8张A800，卡0的显存突然飙升',
    'qwen-72b 推理 8张A800，0号卡的显存突然飙升',
    'qwen-72b 推理 8张A800，第1张卡的显存突然飙升',
    'qwen-72b 推理 8张A800，0卡的显存是20G，1卡的显存是60G',
    'qwen-72b 推理 8张A800，1卡的显存比0卡高',
  ])('"%s" keeps the eight cards', (text) => {
    const r = read(text);
    expect(r.error).toBeNull();
    expect(r.hardware).toMatchObject({ gpuId: 'a800-80g', count: 8 });
  });

  it('a count before the card word stays a count ("8卡A100", "2 gpus", "GPU 2개")', () => {
    expect(read('qwen-7b full 8卡A100').hardware).toMatchObject({ count: 8 });
    expect(read('qwen-7b full on 2 gpus').hardware ?? null).toBeNull();
    expect(read('qwen-7b full on 2x a100').hardware).toMatchObject({ count: 2 });
  });

  it('"多卡2台服务器4张4090" (modelscope/ms-swift#2715, c246) keeps its two machines', () => {
    const r = read('qwen2.5-14b lora 单服务器双4090微调成功，多机多卡2台服务器4张4090微调启动失败');
    expect(r.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 4, perNode: 2 });
  });
});

describe('a card of one digit of memory', () => {
  it.each(['qwen-14b inference gptq pp 2 on 2x 8GB', 'qwen-14b inference gptq on 2x 8gb', 'qwen-7b inference on 2 x 8GB', 'qwen-7b inference on 3*6GB'])(
    '"%s" is cards of that memory',
    (text) => {
      const r = read(text);
      expect(r.error).toBeNull();
      expect(r.hardware?.count).toBeGreaterThan(1);
      expect([6, 8].map((g) => g * 2 ** 30)).toContain(r.hardware?.capacityBytes);
    },
  );

  it('"24*4 G" beside a card stays the user\'s sum (c578)', () => {
    const r = read("Can't serve Qwen3-235B-A22B-AWQ on 4A10? each A10 GPU has 24G RAM? so we have 24*4 G?");
    expect(r.hardware).toMatchObject({ gpuId: 'a10', count: 4 });
  });
});

describe('a laptop part is said as weak', () => {
  it('"RTX 3080 Ti Laptop GPU … 16GBVRam" names the memory the message gives', () => {
    const r = read('llama-7b llama.cpp q8_0 inference\nDevice 0: NVIDIA GeForce RTX 3080 Ti Laptop GPU, compute capability 8.6 16GBVRam');
    expect(r.error).toBeNull();
    expect(r.said).toMatch(/laptop part: read as the desktop RTX 3080 Ti.*say "on 1x 16gb" if yours has 16 GB/);
  });

  it('"RTX 4090 Laptop" with no memory asks for it', () => {
    expect(read('llama-3-8b inference on an RTX 4090 laptop').said).toMatch(/laptop part: read as the desktop RTX 4090/);
  });
});

describe('a listed machine under a serving command with no split is one of its GPUs', () => {
  const c1203 =
    '[Bug] Qwen2-VL占用显存过大导致OOM\n\n### Describe the bug\n\nQwen2-VL 7B按理说80G的显存是能跑下的，但实际部署时推理会OOM\n\n### Reproduction\n\n`lmdeploy serve api_server ../Qwen2-VL-7B-Instruct --server-port 12345`\n\n### Environment\n\n```Shell\nGPU 0,1,2,3,4,5,6,7: NVIDIA A100-SXM4-80GB\n```';

  it('InternLM/lmdeploy#2565 (c1203): one A100 of the eight, said', () => {
    const r = read(c1203);
    expect(r.hardware).toMatchObject({ gpuId: 'a100-80g', count: 1 });
    expect(r.said).toMatch(/one of the 8 GPUs listed .*no --tp, so it runs on one — read as your setup's GPU count 1; say tp 8/);
  });

  it.each([
    'vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 8192\n\nGPU 0: NVIDIA A100-SXM4-80GB\nGPU 1: NVIDIA A100-SXM4-80GB\nGPU 2: NVIDIA A100-SXM4-80GB\nGPU 3: NVIDIA A100-SXM4-80GB',
    'python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct\nGPU 0,1,2,3: NVIDIA A100-SXM4-80GB',
    'python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B-Instruct\nGPU 0,1: NVIDIA A100-SXM4-80GB',
  ])('%s', (text) => {
    const r = read(text);
    expect(r.hardware).toMatchObject({ gpuId: 'a100-80g', count: 1 });
  });

  it('a stated tp keeps the listed GPUs', () => {
    const r = read('lmdeploy serve api_server Qwen/Qwen2.5-7B-Instruct --tp 4\nGPU 0,1,2,3: NVIDIA A100-SXM4-80GB');
    expect(r.hardware).toMatchObject({ count: 4 });
  });

  it('a listing with no serving command keeps its count', () => {
    const r = read('qwen2.5-7b inference OOM\nGPU 0,1,2,3: NVIDIA A100-SXM4-80GB');
    expect(r.hardware).toMatchObject({ count: 4 });
  });
});

describe('how many cards, asked in Chinese', () => {
  it('QwenLM/Qwen#436 (c1023): "需要多少显卡？假设是A100=40G" asks how many A100 40GB', () => {
    const r = read('全参数训练所需资源\n\n请问14B全参数训练如果使用你们提供的fine-tune.py脚本，需要多少显卡？假设是A100=40G.');
    expect(r.question).toMatchObject({ kind: 'howMany', gpuId: 'a100-40g' });
  });

  it.each(['qwen-14b full 需要多少卡？A100 80G', 'qwen-14b full 要多少个显卡? a100 80g'])('"%s" asks how many', (text) => {
    expect(read(text).question).toMatchObject({ kind: 'howMany' });
  });

  it('"需要多少卡，8*V100 32G 够吗" (c1021) checks the eight it gives', () => {
    const r = read('全量微调 7B\n\n您好，请问一下全量微调7B需要多少卡，8*V100 32G 够吗');
    expect(r.hardware).toMatchObject({ gpuId: 'v100-32g', count: 8 });
  });
});

describe('memory measured or a file\'s size is no card', () => {
  it.each([
    // LLaVA-VL/LLaVA-NeXT#438 (c1110)
    'qwen1.5-7b lora deepspeed. Memory usage will soar from 140G to over 200G',
    'qwen-7b lora. VRAM usage went from 20GB to over 23GB after the first step',
    // ollama/ollama#7557 (c1166)
    '我的文件明明只有12GB，为什么加载的时候，却显示需要22GB显存？我用的qwen2.5:14b模型',
    'qwen2.5-14b ollama: the gguf file is only 9GB but it needs 22GB',
  ])('"%s"', (text) => {
    expect(read(text).hardware ?? null).toBeNull();
  });
});
