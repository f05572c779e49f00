import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hardwareOf, says } from './reading-fixtures.js';

/**
 * Session 47, rhw5: cards, counts and memory in the words people use for them. Four mechanisms the lead saw in fresh
 * batches (the hardware field wrong on 6 lines), each with invented lines written before the change, the expected
 * reading written from the words (docs/reading.md, "Cards, counts and memory in the user's words"). `near` lines are
 * near misses: the mechanism must not fire. Lines still read wrong are `it.fails`, so they fail when fixed.
 * Figure: invented 32/70 on main before the change, 57/70 after the lead's merge (59/70 on the branch; the thirteen left are `LEFT`: mechanism 3's machine count
 * after the per-machine phrase, and three lines outside the four mechanisms; docs/reading.md lists them).
 */

/** Invented lines still read wrong (known open; see the commit and docs/reading.md): each fails, so a fix shows. */
const LEFT = new Set<string>([
  "L20 48G 四张，deepseek-r1-distill-qwen-32b 推理",
  "layers 0,1,2,3 frozen, llama-2-7b lora on A100 40G",
  "每台8张910B，两台，训练 qwen2.5-32b",
  "2 machines, 8 cards each, 80 GB per card, deepseek-v2-lite sft, A800",
  "한 노드에 A100 80GB 8장, 노드 2개, llama-3-70b 풀 파인튜닝",
  "three boxes, each with 4x L40S, llama-3-70b lora",
  "we have 2 DGX boxes (8x H100 each, 640GB per box), llama-3-70b full finetune",
  "H100×8 のノードが2台、llama-3-70b のフルファインチューニング",
  "per node: 8 x A800 80GB, 4 nodes in total, qwen2.5-72b full finetune",
  "2 nodes in the dataset graph, one 4090, qwen2-7b lora",
  "qwen2.5-14b 加载后占了20G，剩4G，想跑 lora",
  // DataParallel's `device_ids` is not read: Docker Compose writes the same key (c901, config.compose-gpus), so the lead
  // took it out of the device-list keys at the merge.
  "model = nn.DataParallel(model, device_ids=[0,1]) qwen2-7b full finetune on RTX 3090",
  "device_ids=[0,1,2] 로 RTX 3090에서 llama-3-8b lora 학습",
]);

function lines(rows: [string, string, boolean][]): void {
  for (const [text, hardware, near] of rows) {
    const name = `${near ? 'near miss: ' : ''}"${text.replace(/\n/g, ' / ').slice(0, 70)}": ${hardware}`;
    if (LEFT.has(text)) it.fails(name, () => expect(hardwareOf(text)).toBe(hardware));
    else it(name, () => expect(hardwareOf(text)).toBe(hardware));
  }
}

export const CARD_WORDS: [string, string, boolean][] = [
  ['two 6000 blackwell gpus, qwen2.5-72b inference with vllm', 'on 2x rtx-pro-6000', false],
  ['Running Qwen3-32B on a Blackwell RTX 6000 with vllm', 'on 1x rtx-pro-6000', false],
  ['4× 6000 Pro Blackwell Max-Q, llama-3.1-70b fp8 serving with vllm', 'on 4x rtx-pro-6000', false],
  ['我们有两块 6000 Blackwell，想全参微调 qwen2.5-7b', 'on 2x rtx-pro-6000', false],
  ['Ada 6000 x2 mistral-7b full finetune', 'on 2x rtx-6000-ada', false],
  ['RTX A6000 Ada 48GB ×4, llama-3-70b qlora', 'on 4x rtx-6000-ada', false],
  ['6000 (48GB) ×2 for qwen2.5-32b awq inference', 'on 2x rtx-6000-ada', false],
  ['8x 6000 96GB, llama-3-70b inference', 'on 8x rtx-pro-6000', false],
  ['6000 블랙웰 2장으로 qwen2.5-72b 추론', 'on 2x rtx-pro-6000', false],
  ['6000 Ada 2枚で llama-3-8b の lora', 'on 2x rtx-6000-ada', false],
  ['PRO6000 96G*2 跑 qwen3-235b-a22b int4', 'on 2x rtx-pro-6000', false],
  ['5090 32G x 2, qwen2.5-32b qlora', 'on 2x rtx-5090', false],
  ['two A100 80 gigs, llama-2-13b full finetune', 'on 2x a100-80g', false],
  ['H100 80 gigabytes x 4, llama-3-70b lora', 'on 4x h100-80g', false],
  ['L20 48G 四张，deepseek-r1-distill-qwen-32b 推理', 'on 4x l20', false],
  // Near misses: "6000" counts steps, a port; a generation compared names no card.
  ['6000 steps on 2x 4090, llama-3-8b lora', 'on 2x rtx-4090', true],
  ['Blackwell is faster than Ada, but I have one 4090, llama-3-8b lora', 'on 1x rtx-4090', true],
  ['vllm serve qwen2.5-7b --port 6000 on an A10G', 'on 1x a10g', true],
];

export const DEVICE_LISTS: [string, string, boolean][] = [
  ['python train.py --gpus 0,1,2,3 --model llama-2-7b lora, A100 40G', 'on 4x a100-40g', false],
  ['python tools/train.py --gpu-ids 4,5 qwen2-7b lora on A800 80G', 'on 2x a800-80g', false],
  ['model = nn.DataParallel(model, device_ids=[0,1]) qwen2-7b full finetune on RTX 3090', 'on 2x rtx-3090', false],
  ['trainer = pl.Trainer(accelerator="gpu", devices=[0, 1, 2, 3]) llama-2-7b lora, V100 32G', 'on 4x v100-32g', false],
  ['docker run --devices gpu:0,1,2,3,4,5,6,7 vllm/vllm-openai --model meta-llama/Llama-3.1-70B-Instruct on H100', 'on 8x h100-80g', false],
  ['python infer.py --device cuda:0,1 qwen2-7b inference on 3090', 'on 2x rtx-3090', false],
  ['ASCEND_RT_VISIBLE_DEVICES=0,1 llamafactory-cli train qwen2-7b lora, 910B', 'on 2x 64gb', false],
  ['在 A800 80G 上用 --gpu_ids 0,1,2 跑 chatglm3-6b lora 微调', 'on 3x a800-80g', false],
  ['device_ids=[0,1,2] 로 RTX 3090에서 llama-3-8b lora 학습', 'on 3x rtx-3090', false],
  ['export NVIDIA_VISIBLE_DEVICES=0,1\nvllm serve Qwen/Qwen2.5-14B-Instruct on L40S', 'on 2x l40s', false],
  ['accelerate launch --gpu_ids 0,1 train.py llama-3-8b lora, A100 80G', 'on 2x a100-80g', false],
  ['swift sft --model qwen2-7b --train_type lora --gpus "0,1,2,3" on 4090', 'on 4x rtx-4090', false],
  ['CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 torchrun --nproc_per_node 4 train.py llama-2-13b full finetune on A100 80G', 'on 4x a100-80g', false],
  // Near misses: one device named in prose, a version, a list of something else.
  ['gpu:0 is busy so I use the other 3090 for qwen2-7b inference', 'on 1x rtx-3090', true],
  ['CUDA 12.4, one 4090, llama-3-8b lora', 'on 1x rtx-4090', true],
  ['layers 0,1,2,3 frozen, llama-2-7b lora on A100 40G', 'on 1x a100-40g', true],
  ["device_map={'': 0}, 4090, qwen2-7b qlora", 'on 1x rtx-4090', true],
];

export const NODE_ARITHMETIC: [string, string, boolean][] = [
  ['2机16卡 A800 训练 qwen2.5-72b 全参', 'on 16x a800-80g', false],
  ['每台8张910B，两台，训练 qwen2.5-32b', 'on 16x 64gb', false],
  ['each node has 64*8=512G, 2 nodes of 910B, qwen2.5-72b full finetune', 'on 16x 64gb', false],
  ['2 machines, 8 cards each, 80 GB per card, deepseek-v2-lite sft, A800', 'on 16x a800-80g', false],
  ['한 노드에 A100 80GB 8장, 노드 2개, llama-3-70b 풀 파인튜닝', 'on 16x a100-80g', false],
  ['three boxes, each with 4x L40S, llama-3-70b lora', 'on 12x l40s', false],
  ['4 nodes × 8 H800 = 32 GPUs, qwen2.5-72b pretrain', 'on 32x h800', false],
  ['两台服务器，每台 8 张 4090，qwen2.5-72b lora', 'on 16x rtx-4090', false],
  ['2台机器共16张A100 80G，训练 qwen2-72b', 'on 16x a100-80g', false],
  ['we have 2 DGX boxes (8x H100 each, 640GB per box), llama-3-70b full finetune', 'on 16x h100-80g', false],
  ['H100×8 のノードが2台、llama-3-70b のフルファインチューニング', 'on 16x h100-80g', false],
  ['双机16卡 H800，qwen2-72b sft', 'on 16x h800', false],
  ['per node: 8 x A800 80GB, 4 nodes in total, qwen2.5-72b full finetune', 'on 32x a800-80g', false],
  // Near misses: the user's own arithmetic on one node, nodes of another noun, a node's index.
  ['8 x 80 = 640 GB on one node of 8x H100, llama-3.1-405b fp8 inference', 'on 8x h100-80g', true],
  ['2 nodes in the dataset graph, one 4090, qwen2-7b lora', 'on 1x rtx-4090', true],
  ['node 2 has a problem; I use 4x A100 80G for llama-2-13b full finetune', 'on 4x a100-80g', true],
];

export const MEMORY_IN_USE: [string, string, boolean][] = [
  ['after loading qwen2-7b it takes 14G, 10G still free, can I lora it?', 'on 1x 24gb', false],
  ['显存占用14G，还有10G可用，qwen2-7b 能 lora 吗', 'on 1x 24gb', false],
  ['nvidia-smi shows 22/24 GB while serving llama-3-8b with vllm', 'on 1x 24gb', false],
  ['qwen2.5-14b 加载后占了20G，剩4G，想跑 lora', 'on 1x 24gb', false],
  ['사용 중 20GB, 남은 4GB, llama-3-8b lora 가능할까요', 'on 1x 24gb', false],
  ['VRAM usage 70GB out of 80GB when serving qwen2.5-32b with vllm', 'on 1x 80gb', false],
  ['GPU memory: 18.5 GB used, 5.5 GB available, mistral-7b inference', 'on 1x 24gb', false],
  ['使用中 12GB、空き 4GB で llama-3-8b の推論', 'on 1x 16gb', false],
  ['显存 30G/80G，跑 qwen2.5-7b 推理', 'on 1x 80gb', false],
  ['memory: 40 GiB used, 40 GiB free on the GPU, llama-2-70b awq inference', 'on 1x 80gb', false],
  ['the model occupies 11 GB and there are 5 GB remaining, qwen2-7b qlora', 'on 1x 16gb', false],
  ['4090, 8 GB left after loading llama-3-8b, can I lora?', 'on 1x rtx-4090', false],
  ['on my A100 80G it uses 60GB, 20GB free, llama-2-13b full finetune', 'on 1x a100-80g', false],
  // Near misses: the model's weights, host RAM, disk, free(1)'s host rows, free memory alone.
  ['a 7B needs 14 GB, I have an RTX 3090, llama-2-7b lora', 'on 1x rtx-3090', true],
  ['I have 64 GB of RAM and an RTX 4090, llama-3-8b full finetune', 'on 1x rtx-4090', true],
  ['8 TB disk, 2x A100 80G, llama-3-70b lora', 'on 2x a100-80g', true],
  ['```\n$ free -h\n              total        used        free\nMem:           62Gi        40Gi        10G\n```\nllama-3-8b inference on one 4090', 'on 1x rtx-4090', true],
  ['running llama-3-8b inference, only 8 GB left', '(no hardware)', true],
  ['RAM used 20G, 12G free, on a 3060 12G, qwen2-7b qlora', 'on 1x rtx-3060', true],
];

describe('1. a card named in another order or by its generation', () => lines(CARD_WORDS));
describe('2. a device list is a count', () => lines(DEVICE_LISTS));
describe('3. per-node memory arithmetic and node shorthand', () => lines(NODE_ARITHMETIC));
describe('4. memory in use or free is not the card', () => lines(MEMORY_IN_USE));

describe('what the reply says about the readings', () => {
  it('a card of memory derived from in use + free is said as derived, with its words', () => {
    expect(says('after loading qwen2-7b it takes 14G, 10G still free, can I lora it?', /14G.*10G.*24|in use.*free/i)).toBe(true);
  });
  it('"6000" with no memory and no generation is said with the cards that share the name', () => {
    expect(says('8x RTX 6000, llama-3-70b inference', /pro-6000|PRO 6000|Quadro/i)).toBe(true);
  });
  it('a device list that disagrees with the launcher\'s process count says both', () => {
    expect(says('CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 torchrun --nproc_per_node 4 train.py llama-2-13b full finetune on A100 80G', /nproc_per_node 4.*CUDA_VISIBLE_DEVICES/)).toBe(true);
  });
});

describe('a device list counts its devices (property)', () => {
  it('"--gpus 0,…,k-1" on an A100 40G reads k cards, whatever the list\'s length and spacing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.constantFrom(',', ', '), fc.constantFrom('--gpus ', '--gpu_ids ', '--gpu-ids ', 'devices=['), (k, sep, key) => {
        const ids = Array.from({ length: k }, (_, i) => i).join(sep);
        const list = key.endsWith('[') ? `${key}${ids}]` : `${key}${ids}`;
        return hardwareOf(`python train.py ${list} llama-2-7b lora on A100 40G`) === `on ${k}x a100-40g`;
      }),
      { numRuns: 20 },
    );
  });
});
