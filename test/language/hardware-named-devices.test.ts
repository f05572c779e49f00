import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { guardsOf, hardwareOf } from './hardware-fixtures.js';
import { read } from './reading-fixtures.js';

/**
 * Cards the message names in ways the reader did not read (issue 22, rhw5):
 * - ggml's device list in a llama.cpp log ("found 1 CUDA devices:" / "Device 0: NVIDIA H800, compute capability 9.0",
 *   c509), read where the user names no card outside the logs;
 * - cards the catalog lacks, by the memory their vendor sells them with: the GTX 900s ("GeForce GTX 970", c1006), the
 *   RTX 3050 Laptop GPU (c1146), the Arc A-series by its number alone ("GPU:A770 16G", c439; "Xeon+ARC770", c1171);
 * - a "Size:" label's amount is a download's, not a card's (Open Interpreter's menu, c1146);
 * - a total whose share is no size the card is sold in but a part of its name is: "双卡2080ti 共44g显存" (c1751,
 *   two modified 22 GB 2080 Ti), "两张RTX 5090 D v2，共48G显存" (c1306, two 24 GB cards).
 */

const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const hw = (text: string) => read(text).scenario.hardware;

describe("a llama.cpp log's device list", () => {
  const log = (n: number, backend: string, name: string) =>
    `./main -m /models/llama-2-13b.Q4_K_M.gguf -ngl 99\n\nggml_init_cublas: found ${n} ${backend} devices:\n` +
    Array.from({ length: n }, (_, i) => `  Device ${i}: ${name}, compute capability 8.6, VMM: yes`).join('\n') +
    '\nllm_load_tensors: ggml ctx size =    0.15 MiB\n';
  it('reads its count and first card, in any count and backend', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.constantFrom('CUDA', 'ROCm'), fc.constantFrom(['NVIDIA H800', 'h800'], ['NVIDIA GeForce RTX 3090', 'rtx-3090'], ['NVIDIA A100-SXM4-80GB', 'a100-80g']), (n, backend, [name, id]) => {
        const text = log(n, backend, name);
        expect(hw(text), text).toMatchObject({ gpuId: id, count: n });
      }),
      { numRuns: 30 },
    );
  });

  it('the card the user names outside the log wins', () => {
    expect(hw(`I run it on an RTX 4090\n\n${log(1, 'CUDA', 'NVIDIA H800')}`)).toMatchObject({ gpuId: 'rtx-4090' });
  });

  it('the real line (c509)', () => {
    expect(hw(lineText('c509'))).toMatchObject({ gpuId: 'h800', count: 1 });
  });
});

describe('cards the catalog lacks, by their memory', () => {
  it.each([
    ['llama-2-7b inference on my GeForce GTX 970', 4],
    ['llama-2-7b inference on a gtx980', 4],
    ['llama-2-7b inference on a GTX 980 Ti', 6],
    ['llama-2-7b inference on NVIDIA GeForce RTX 3050 Laptop GPU', 4],
    ['qwen2-7b inference, GPU: A770 16G', 16],
    ['qwen2-7b inference on Xeon+ARC770', 16],
    ['qwen2-7b inference on an Intel Arc A770', 16],
    ['qwen2-7b inference on 2x arc a750', 8],
  ])('"%s"', (text, gib) => {
    const items = hardwareOf(text);
    expect(items.map((h) => [h.gpuId, h.capacityGiB]), text).toEqual([[null, gib]]);
  });

  it('the desktop RTX 3050 stays 8 GB', () => {
    expect(hardwareOf('llama-2-7b inference on an RTX 3050').map((h) => h.capacityGiB)).toEqual([8]);
  });
});

describe('a "Size:" label is a file\'s size', () => {
  it.each(['Small | Size: 13.2 GB, Estimated RAM usage: 15.7 GB', 'Medium | size: 18.8GB', 'download size = 4.1 GB'])('"%s"', (label) => {
    const text = `codellama-34b q2_k llama.cpp\n${label}`;
    expect(hardwareOf(text), text).toEqual([]);
    expect(guardsOf(text)).toContain('not-hw.file-size');
  });
  it('"VRAM size: 24GB" stays the card\'s', () => {
    expect(guardsOf('llama-2-7b inference, VRAM size: 24GB')).not.toContain('not-hw.file-size');
  });
});

describe("a total whose share is a card's own memory", () => {
  it.each([
    ['qwen2-7b inference 双卡2080ti 共44g显存', 2, 22],
    ['qwen2-7b inference 4张2080ti，一共88G显存', 4, 22],
    ['qwen3-8b vllm 两张NVIDIA GeForce RTX 5090 D v2，共48G显存', 2, 24],
    ['qwen3-8b vllm on 2x RTX 5090, 48GB total', 2, 24],
    // The RTX 4090 D is read by its 24 GB, as the corpus writes it (c895 "NVIDIA 4090D with 24G", c1757 "4090 D （24G）",
    // c2165): card-suffixes.ts (rhw11, s32); it had been the catalog's 4090 here.
    ['qwen3-8b vllm on 2x RTX 4090 D', 2, 24],
    ['qwen3-8b vllm on 2x RTX 4090 D, 48GB total', 2, 24],
  ])('"%s"', (text, count, gib) => {
    expect(hw(text), text).toMatchObject({ gpuId: null, count, capacityBytes: gib * 2 ** 30 });
  });

  it.each([
    ['qwen2-7b inference 两张3090，共48G显存', 'rtx-3090'],
    ['qwen2-7b inference 2x 4090 (48GB total)', 'rtx-4090'],
    ['qwen2-7b inference 8张A100，一共640G显存', 'a100-80g'],
  ])('a total that is the count times the card stays the card: "%s"', (text, id) => {
    expect(hw(text)?.gpuId).toBe(id);
  });

  it('the real line (c1751)', () => {
    expect(hw(lineText('c1751'))).toMatchObject({ gpuId: null, count: 2 });
  });
});

describe('a launch command commented out above the one run', () => {
  it.each([
    ['# torchrun --nproc_per_node=3', 'accelerate launch src/train_sft.py --model_name_or_path baichuan-13b --finetuning_type full'],
    ['#deepspeed --num_gpus=3 train.py', 'deepspeed --num_gpus=4 train.py --model_name_or_path baichuan-13b --finetuning_type full'],
    ['# CUDA_VISIBLE_DEVICES=0,1,2 torchrun --nproc_per_node 3 train.py', 'torchrun --nproc_per_node 4 train.py --model_name_or_path baichuan-13b --finetuning_type full'],
  ])('"%s" is set aside', (commented, run) => {
    const text = `4*A100 80G 全参微调 OOM\n\n${commented}\n${run}`;
    expect(hw(text), text).toMatchObject({ gpuId: 'a100-80g', count: 4 });
  });

  it('"# " with no command after it may be a root prompt: the line is read (c814)', () => {
    const text = '全参微调 baichuan-13b on A100 80G\n\n```bash\n# torchrun --nproc_per_node=2 train.py --model_name_or_path baichuan-13b\n\nRuntimeError: CUDA out of memory\n```';
    expect(hw(text)?.count).toBe(2);
  });
});

describe("the user's arithmetic with its working in brackets", () => {
  it.each(['4GB+4GB(10*0.9-5)=8GB', '9GB + 4GB (24*0.9-12.6) = 13GB', '20G+20G（24*0.9-1.6）=40G'])('"%s" is no card', (sum) => {
    const text = `baichuan2-13b vllm 假设我有两张卡，每张显存共有10GB，目前只能有${sum}的显存可用`;
    expect(guardsOf(text)).toContain('not-hw.arithmetic');
    expect(hw(text), text).toMatchObject({ count: 2, capacityBytes: 10 * 2 ** 30 });
  });
});

describe("a card product right after the machines' counter is each machine's", () => {
  it.each([
    ['lora微调72b模型需要多少2台8xA100 80G够吗', 2, 8, 'a100-80g'],
    ['qwen2-72b 全参 两台8*H100 够吗', 2, 8, 'h100-80g'],
    ['qwen2-72b 全参 4台8×A800 80G', 4, 8, 'a800-80g'],
  ])('"%s"', (text, nodes, perNode, id) => {
    expect(hw(text), text).toMatchObject({ gpuId: id, count: nodes * perNode, perNode });
  });

  it('a count after a space stays the cards in all, asked', () => {
    expect(hw('lora微调72b模型 2台 16xA100 80G')?.count).toBe(16);
  });
});
