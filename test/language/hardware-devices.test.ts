import { describe, expect, it } from 'vitest';
import { OTHER_DEVICES } from '../../src/catalog/other-devices.js';
import { gpuIdOf } from '../../src/language/lexicon.js';
import { read } from './reading-fixtures.js';

const GiB = 2 ** 30;

/**
 * rhw2: hardware read by evidence. A device the catalog lacks, named without its memory, is read as that
 * many devices of its published memory (src/catalog/other-devices.ts), said; a memory the user states
 * wins; a log's total capacity from torch_npu is the NPU's memory; docker's selected devices are the run's.
 */
describe('a device the catalog lacks, read by its published memory', () => {
  it.each([
    // gpustack/gpustack#3831 (c1604)
    ['The default value of mem_fraction_static in SGLang did not take effect\n\n### GPU\n\nAscend 910B2\n\n1. Deploy Qwen/Qwen3-8B using SGLang 0.5.6.post1', 1, 64],
    // Tele-AI/TeleChat2#5 (c1188)
    ['115B的模型能否支持8张Ascend 910B推理，推理显存大概需要多少？ telechat-115b', 8, 64],
    // ROCm/AMDMIGraphX#2723 (c1616)
    ['llama-2-7b-chat-hf inference\n\n### GPU\n\nAMD Radeon RX 6800\n\n### ROCm Version\n\nROCm 6.0.0', 1, 16],
    // invented variations: order, notation, counts, languages
    ['2x 7900 XTX for llama 70b q4', 2, 24],
    ['llama 70b q4 on 7900xtx x2', 2, 24],
    ['qwen2-72b inference on 910B*8', 8, 64],
    ['双卡910B 推理 qwen2-72b', 2, 64],
    ['qwen2-72b inference on 4 * Ascend 910B3', 4, 64],
    ['qwen2.5 32b q4 on RX7900XTX 24G', 1, 24],
    ['llama-3-8b lora on a Gaudi 2', 1, 96],
    ['llama-3-8b inference on an Intel Arc B580', 1, 12],
    ['qwen2-7b inference on 8x MI100', 8, 32],
    ['mistral-7b inference on a Radeon Pro W7900', 1, 48],
  ])('"%s": %i × %i GB', (text, count, gb) => {
    const r = read(text);
    expect(r.scenario.hardware).toMatchObject({ count, gpuId: null, capacityBytes: gb * GiB });
    expect(r.said).toMatch(/not (?:modelled|in the catalog)/);
  });

  it('a part sold in more than one size is read by its most common one, said so', () => {
    // mlc-ai/mlc-llm#974 (c1618), dusty-nv/jetson-containers#331 (c1619)
    const mx = read('llama-2-7b q4f16_1 inference. I have two graphic cards: Intel(R) UHD Graphics 620 as the integrated, and NVIDIA GeForce MX150 as the independent.');
    expect(mx.scenario.hardware).toMatchObject({ count: 1, capacityBytes: 2 * GiB });
    expect(mx.said).toMatch(/MX150.*most common memory/);
    expect(read('llama-2-7b q4 on my MX150').scenario.hardware?.capacityBytes).toBe(2 * GiB);
    expect(read('llama-2-7b gptq inference with Jetson Orin Nano developer kit').scenario.hardware?.capacityBytes).toBe(8 * GiB);
  });

  it('a memory the user states wins over the table\'s', () => {
    // "Jetson Nano Orin 8GB" (c1092) is the Orin Nano of 8 GB, not the older Jetson Nano's 4.
    expect(read('Jetson Nano Orin 8GB running out of memory on llama-2-7b awq').scenario.hardware?.capacityBytes).toBe(8 * GiB);
    expect(read('llama-2-7b inference on an MX150 4GB').scenario.hardware?.capacityBytes).toBe(4 * GiB);
    expect(read('megatron sft qwen3-8b 用的是8张910B4，单卡显存64GB').scenario.hardware).toMatchObject({ count: 8, capacityBytes: 64 * GiB });
    expect(read('llama 3 8b on 2x Instinct MI50 32GB').scenario.hardware).toMatchObject({ count: 2, capacityBytes: 32 * GiB });
  });

  it('beside a card the catalog has, the device is set aside; bare numbers and series stay what they were', () => {
    expect(read('qwen2.5-7b lora on Ascend 910B2 and 2x a100-80g').scenario.hardware).toMatchObject({ count: 2, gpuId: 'a100-80g' });
    expect(read('llama-2-7b inference seq 910 on a 4090').scenario.seq).toBe(910);
    expect(read('llama 3 8b on an rtx 6000 ada').scenario.hardware?.gpuId).toBe('rtx-6000-ada');
  });

  it('the table never names a card the catalog has, and every row has its spec page', () => {
    for (const row of OTHER_DEVICES) {
      expect(gpuIdOf(row.name.toLowerCase().replace(/\s+/g, '')), row.name).toBeUndefined();
      expect(row.spec, row.name).toMatch(/^https:\/\//);
      expect(row.memoryGB, row.name).toBeGreaterThan(0);
    }
  });
});

describe("a log's total capacity when no card is named", () => {
  it('torch_npu\'s "NPU 0; 61.27 GiB total capacity" is a 64 GB device (Ascend/sglang#617, c1611)', () => {
    const r = read('qwen3-32b sglang service startup failed: NPU out of memory. NPUWorkspaceAllocator tried to allocate 216.00 MiB(NPU 0; 61.27 GiB total capacity; 90.23 MiB free).');
    expect(r.scenario.hardware?.capacityBytes).toBe(64 * GiB);
    expect(r.said).toMatch(/torch_npu's out-of-memory message/);
  });

  it('the newer wording and a CUDA card keep their own readings', () => {
    expect(read('qwen3-8b inference: NPU out of memory. Tried to allocate 2.00 GiB. NPU 0 has a total capacity of 29.5 GiB of which 1.02 GiB is free.').scenario.hardware?.capacityBytes).toBe(32 * GiB);
    // A CUDA total is read by the catalog's cards: 23.64 GiB is a 24 GB card's 23.99 GiB.
    expect(read('llama-2-7b lora: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.02 GiB is free.').scenario.hardware!.capacityBytes! / GiB).toBeCloseTo(23.99, 2);
  });
});

describe('devices selected from a machine', () => {
  it('docker\'s --gpus \'"device=4"\' on a machine of 8x A100 40GB is one A100 (huggingface/text-generation-inference#955, c1609)', () => {
    const r = read('llama-2-7b tgi inference. 8x A100 40GB GPUs.\n\n```\ndocker run \\\n    --gpus \'"device=4"\' \\\n    --shm-size 1g \\\n    ghcr.io/huggingface/text-generation-inference:1.0.2 \\\n    --model-id meta-llama/Llama-2-7b-chat-hf \\\n    --num-shard 1\n```');
    expect(r.scenario.hardware).toMatchObject({ count: 1, gpuId: 'a100-40g' });
  });

  it('two devices selected the same way are two', () => {
    const r = read('llama-2-13b tgi inference on a server with 8x A100 40GB.\n\n```\ndocker run --gpus \'"device=0,1"\' ghcr.io/huggingface/text-generation-inference:1.0.2 --model-id meta-llama/Llama-2-13b-chat-hf --num-shard 2\n```');
    expect(r.scenario.hardware).toMatchObject({ count: 2, gpuId: 'a100-40g' });
  });
});
