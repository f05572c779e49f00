import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Session 46, rdev: the hardware slot, which card is the user's. Three mechanisms the lead saw in fresh batches (a card
 * from another run or from nowhere, a card printed only in a log missed), each with invented lines written before the
 * change, the expected reading written from the words (docs/reading.md, "Which card is the user's"). `near` lines are
 * near misses: the mechanism must not fire. A third field, where given, is words the reply must say on its first screen
 * (the reading is weak). Lines still read wrong are `it.fails`, so they fail when fixed.
 */

/** The hardware a message is read as, in the item language (host RAM, a chart request and a help word left out). */
function hardwareOf(text: string): string {
  const r = resolveRequest(text, null);
  if (!r.ok) return `refused: ${r.error.message}`;
  if (!r.scenario) return 'help';
  const tail = / (on .*|how many .*|which gpu.*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
  return tail.replace(/ hostram \S+| chart| oom$/g, '');
}

/** Whether the reply says a reading with these words (weak evidence is said on the first screen). */
function says(text: string, words: RegExp): boolean {
  const r = resolveRequest(text, null);
  return r.ok && r.assumptions.some((a) => words.test(a));
}

/** Invented lines still read wrong (known open; see the commit): each fails, so a fix shows. */
const LEFT = new Set<string>([
  // A reference's card that agrees with the device's memory ("4090s" beside a 7900 XTX read as 24 GB) is kept as the same machine (owners.ts disagree).
  'Others in this thread run 4090s and dual 3090s. I only have a 7900 XTX and want to run llama-2-13b q4 inference.',
  // A device named in a code comment after torch.cuda.get_device_name(): the code segment's comments are not read.
  'phi-3-mini inference fails\n```\nprint(torch.cuda.get_device_name(0))  # NVIDIA GeForce RTX 3080\n```',
  // A host name in a title's bracket tag: only a shell prompt's host is set aside.
  '[gpu-a100-node3] qwen-7b lora OOM\n```\nroot@gpu-a100-node3:~# python train.py\n```',
]);

type Line = [text: string, hardware: string, near: boolean, said?: RegExp];

function check(lines: readonly Line[]): void {
  for (const [text, hardware, near, said] of lines) {
    const name = `${near ? 'near miss: ' : ''}"${text.replace(/\n/g, ' / ').slice(0, 70)}": ${hardware}${said ? `, says ${said.source}` : ''}`;
    const test = () => {
      expect(hardwareOf(text)).toBe(hardware);
      if (said) expect(says(text, said)).toBe(true);
    };
    if (LEFT.has(text)) it.fails(name, test);
    else it(name, test);
  }
}

describe("1. a card in a sentence about another run is that run's card", () => {
  check([
    ['Qwen2-7B runs out of memory on a 910B. The same thing also happens with Llama-3-8B on an A800', 'on 1x 64gb', false],
    ['Qwen2-7B runs out of memory on an Ascend 910B. The same thing also happens with Llama-3-8B on an A800', 'on 1x 64gb', false],
    ['Qwen2-7B runs out of memory on a 910B.', 'on 1x 64gb', false],
    ['微调 qwen-7b lora 在 910B 上 OOM。同时，codellama-7b 在 A800 上也有相同的问题', 'on 1x 64gb', false],
    ["llama-2-13b lora on my 3090 runs out of memory. also tried on my friend's 4090, same error", 'on 1x rtx-3090', false],
    ['Serving mistral-7b with vllm on an L4 fails with a KV cache error; on the A100 box it worked', 'on 1x l4', false],
    ['Fine-tuning llama-3-8b full with deepspeed zero3 on 4x A6000 OOMs. My colleague ran the same script on 8x H100 without problems.', 'on 4x rtx-a6000', false],
    ['qwen2-7b lora fine-tune OOMs at seq 4096. The same thing happens with llama-3-8b on an A800.', 'on 1x a800-80g', false, /A800.*llama-3-8b/i],
    ['qwen2-7b 풀 파인튜닝을 A100 40G에서 하면 OOM이 납니다. 동료는 H100에서 같은 설정으로 잘 돌렸습니다.', 'on 1x a100-40g', false],
    ['用 4 张 3090 跑 chatglm3-6b 全量微调爆显存，之前在 A100 上跑没问题', 'on 4x rtx-3090', false],
    ['```\ntorchrun --nproc_per_node 2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --bf16\n```\nOOM on 2x RTX 3090. Someone above said it also fails on an A6000.', 'on 2x rtx-3090', false],
    ['qwen-14b lora OOM on 2x A10G\n\nSame thing happens for baichuan2-13b on a V100 32G.', 'on 2x a10g', false],
    ['Llama-3-70B AWQ inference on 2x L40S: CUDA OOM at 8k context. FYI the same model loads fine on an H200.', 'on 2x l40s', false],
    ['Qwen2-7BのLoRA学習がRTX 4090でOOMになります。同僚のA6000でも同じエラーが出ました。', 'on 1x rtx-4090', false],
    ['gemma-2-9b sft on a single A10G OOM. btw on the 4090 at home it ran fine with the same config', 'on 1x a10g', false],
    ['internlm2-7b 全参微调 OOM。另外 qwen1.5-7b 在 H800 上也报同样的错', 'on 1x h800', false, /H800.*qwen1\.5-7b/i],
    ["Others in this thread run 4090s and dual 3090s. I only have a 7900 XTX and want to run llama-2-13b q4 inference.", 'on 1x 24gb', false],
    ['It runs fine on my 3090 but OOMs when I switch to llama-2-13b lora', 'on 1x rtx-3090', true],
    ['I have an A100 80G. qwen-14b full finetune OOMs, and the same thing happens with llama-2-13b.', 'on 1x a100-80g', true],
    ['llama-3-8b lora runs fine on a 4090; qwen2-14b lora OOMs on the same card', 'on 1x rtx-4090', true],
    ['qwen-7b lora OOM on 2x A800. 同时 llama-2-7b 也有相同的问题', 'on 2x a800-80g', true],
    ['qwen1.5-7b 全参微调在 8张A100(40G)和64张910A(32G)上 OOM', 'on 8x a100-40g', true],
  ]);
});

describe('2. a card the prose does not name but the pasted log prints', () => {
  check([
    ['qwen-7b lora OOM.\n```\nggml_vulkan: 0 = Intel(R) Arc(tm) B580 Graphics (Intel Corporation) | uma: 0 | fp16: 1\n```', 'on 1x 12gb', false],
    ['qwen-7b lora OOM.\n```\nggml_vulkan: 0 = NVIDIA GeForce RTX 3060 (NVIDIA) | uma: 0 | fp16: 1 | warp size: 32\n```', 'on 1x rtx-3060', false],
    ['llama-3-8bの推論でOOM\n```\nggml_vulkan: 0 = AMD Radeon RX 7900 XTX (AMD proprietary driver) | uma: 0 | fp16: 1 | warp size: 64\n```', 'on 1x 24gb', false],
    ['llama-3-8b q4 inference fails\n```\nDevice 0: NVIDIA GeForce RTX 4070, compute capability 8.9, VMM: yes\n```', 'on 1x rtx-4070', false],
    ['gemma-2-9b inference OOM\n```\nDevice 0: Intel(R) Arc(TM) B580 Graphics, compute capability 1.6\n```', 'on 1x 12gb', false],
    ['gemma-2-9b inference OOM\n```\nllama_model_load: using device Vulkan0 (Intel(R) Arc(TM) B580 Graphics) - 11605 MiB free\n```', 'on 1x 12gb', false],
    [">>> torch.cuda.get_device_name()\n'NVIDIA A10G'\n\nmistral-7b full finetune in bf16 OOMs", 'on 1x a10g', false],
    ['serving qwen2-7b with vllm gets OOM\n```\n|   0  NVIDIA L4                      Off |   00000000:00:03.0 Off |                    0 |\n| N/A   60C    P0             35W /   72W |   23034MiB /  23034MiB |    100%      Default |\n```', 'on 1x l4', false],
    ['gemma-2-9b inference OOM\n```\n|   0  NVIDIA GeForce RTX 3060    Off |   00000000:00:03.0 Off |                    0 |\n```', 'on 1x rtx-3060', false],
    ['llama-2-13b inference with llama.cpp on ROCm crashes\n```\n  Name:                    gfx1100\n  Marketing Name:          AMD Radeon RX 7900 XTX\n```', 'on 1x 24gb', false],
    ['Found 1 Vulkan devices:\nVulkan0: AMD Radeon 780M (RADV GFX1103_R1) | uma: 1 | fp16: 1 | warp size: 64\n\nqwen2.5-7b q4_k_m inference crashes', '(no hardware)', false, /780M/],
    ['用 llama.cpp 跑 qwen2-7b q8_0 显存不够\n```\nggml_cuda_init: found 1 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes\n```', 'on 1x rtx-3060', false],
    ['llama-3-8b lora 학습 중 OOM 발생합니다.\n```\n$ nvidia-smi --query-gpu=name,memory.total --format=csv\nname, memory.total [MiB]\nNVIDIA GeForce RTX 4080, 16376 MiB\n```', 'on 1x rtx-4080', false],
    ['ipex-llm: mistral-7b int4 inference crashes\n```\n[level_zero:gpu][level_zero:0] Intel(R) Level-Zero, Intel(R) Arc(TM) A770 Graphics 1.3 [1.3.29735]\n```', 'on 1x 16gb', false],
    ["llama-2-13b full finetune OOM\n```\n>>> torch.cuda.get_device_properties(0)\n_CudaDeviceProperties(name='NVIDIA A100-SXM4-40GB', major=8, minor=0, total_memory=40536MB, multi_processor_count=108)\n```", 'on 1x a100-40g', false],
    ['qwen-7b lora OOM\n\nCollecting environment information...\nGPU models and configuration: GPU 0: NVIDIA GeForce RTX 2080 Ti\nNvidia driver version: 535.104.05', 'on 1x rtx-2080-ti', false],
    ['phi-3-mini inference fails\n```\nprint(torch.cuda.get_device_name(0))  # NVIDIA GeForce RTX 3080\n```', 'on 1x rtx-3080', false],
    ['I run qwen2-7b q4 on my RTX 4090.\n```\nDevice 0: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes\n```', 'on 1x rtx-4090', true],
    ['I run qwen2-7b q4 on my RTX 4090.\n```\nggml_vulkan: 0 = NVIDIA GeForce RTX 3060 (NVIDIA) | uma: 0 | fp16: 1\n```', 'on 1x rtx-4090', true],
    ['[gpu-a100-node3] qwen-7b lora OOM\n```\nroot@gpu-a100-node3:~# python train.py\n```', '(no hardware)', true],
    ['qwen2-7b inference with vllm is 2x slower than on a 3090', '(no hardware)', true],
    ['qwen-7b lora OOM, see https://example.com/bench/a100-results.html', '(no hardware)', true],
  ]);
});

describe('3. a card named by its accelerator family and model in a template line', () => {
  check([
    ['/device ascend 910A\nqwen-7b lora finetune OOM', 'on 1x 32gb', false],
    ['/device ascend 910B\n/kind bug\nqwen2-7b lora 训练报 OOM', 'on 1x 64gb', false],
    ['Hardware Environment: Ascend 910B\nqwen2-7b full finetune fails with OOM', 'on 1x 64gb', false],
    ['NPU: Atlas 800T A2\nllama-2-7b lora with MindSpore OOM', 'on 1x 64gb', false, /Atlas 800T A2/i],
    ['加速卡：昇腾910B\n模型：qwen-14b lora 微调 显存不足', 'on 1x 64gb', false],
    ['- Hardware Environment(`Ascend`/`GPU`/`CPU`): Ascend 910\n- Software Environment: MindSpore 2.2\nllama2-7b finetune OOM', 'on 1x 32gb', false, /910/],
    ['**Environment**\n- Device: Ascend 910B3\n- CANN 8.0\nqwen2-7b inference with vllm-ascend fails', 'on 1x 64gb', false],
    ['/device ascend\n/kind bug\nllama-7b 微调 OOM', '(no hardware)', false],
    ['硬件环境(Ascend/GPU/CPU): Ascend 910A\n软件环境: MindSpore 2.0\n问题：chatglm2-6b 训练 OOM', 'on 1x 32gb', false],
    ['- 硬件：昇腾 910B 64G\n- PaddlePaddle 3.0\nllama-2-13b lora OOM', 'on 1x 64gb', false],
    ['하드웨어 환경: Ascend 910B\nqwen2-7b lora 파인튜닝 OOM', 'on 1x 64gb', false],
    ['Hardware: Ascend 910C\nqwen2.5-72b inference with mindie OOM', 'on 1x 64gb', false],
    ['| Hardware | Ascend 910B4 |\n| CANN | 8.0.RC2 |\nqwen2-7b sft oom', 'on 1x 32gb', false],
    ['GPU: Tesla V100 32G\nqwen-7b lora OOM', 'on 1x v100-32g', false],
    ['硬件环境：Ascend 910\n问题：qwen-7b 推理 OOM', 'on 1x 32gb', false, /910/],
    ['qwen-7b lora on A100 40G OOMs; is it better to buy an Ascend 910B?', 'on 1x a100-40g', true],
    ['model saved to /data/ascend910b/ckpt; qwen-7b lora OOM on 2x 3090', 'on 2x rtx-3090', true],
    ['华为910多卡失败，qwen-7b 推理 OOM', '(no hardware)', true],
  ]);
});

describe('released lines the mechanisms move or must keep', () => {
  const byId = new Map(loadCorpus().map((l) => [l.id, l.text]));
  it('c1135: an nvidia-smi row of an A10-12Q (a 12 GB vGPU slice) is 12 GB; the prompt host "NVIDIA-A10" names no card', () => {
    expect(hardwareOf(byId.get('c1135')!)).toBe('on 1x 12gb');
    expect(says(byId.get('c1135')!, /vGPU profile/)).toBe(true);
  });
  it('c250: 64 Ascend 910A beside 8 A100 in one sentence stay aside (a mixed offer): the A100s are read', () => {
    expect(hardwareOf(byId.get('c250')!)).toBe('on 8x a100-40g');
  });
});

describe('property: a device in the failing run\'s sentence is never replaced by a catalog card of a later sentence', () => {
  const devices: [string, string][] = [['an Ascend 910B', '64gb'], ['a 910B4', '32gb'], ['an RX 7900 XTX', '24gb'], ['an Arc A770', '16gb'], ['a Gaudi 2', '96gb']];
  const cards = ['an A800', 'an A100', 'a 4090', 'an H100', 'a V100'];
  const models: [string, string][] = [['Qwen2-7B', 'Llama-3-8B'], ['mistral-7b', 'qwen2.5-7b'], ['llama-2-13b', 'baichuan2-13b']];
  it('reads the device', () => {
    fc.assert(
      fc.property(fc.constantFrom(...devices), fc.constantFrom(...cards), fc.constantFrom(...models), ([device, memory], card, [main, other]) => {
        const text = `${main} runs out of memory on ${device}. The same thing also happens with ${other} on ${card}.`;
        expect(hardwareOf(text)).toBe(`on 1x ${memory}`);
      }),
      { numRuns: 25 },
    );
  });
});
