import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, fieldMisses, runInvented } from './reading-fixtures.js';

/**
 * rmode2 (s45): what kind of run, and its batch. Invented lines, written from the words before any change
 * (docs/reading.md "Training evidence that is not a verb", "A model's context extension is not the user's
 * length", "Global and per-device batch"). Each line carries the fields it must read; near misses carry the
 * reading the mechanism must leave alone. Scored on main before the change: see the commit message.
 */
interface Want {
  mode?: string;
  framework?: string;
  seq?: number;
  /** The length never the model's extended window. */
  seqNot?: number;
  mbs?: number;
  ga?: number;
  gpus?: number;
  /** The length or the batch left to its default, said as unstated. */
  unstated?: 'seq' | 'batch';
  /** Words the first screen or the assumptions must hold. */
  said?: RegExp;
}

export const INVENTED: Record<string, [string, Want][]> = {
  'training evidence that is not a verb': [
    ['Pretraining a 3B with Megatron on H100s: --num-layers 28 --hidden-size 3072 --ffn-hidden-size 8192 --num-attention-heads 24 --rope-scaling-factor 32 --seq-length 8192. With 8 nodes we can fit micro batch 2 at ~505 TFLOPS/s/GPU', { mode: 'full', framework: 'megatron', seq: 8192, mbs: 2 }],
    ['--num-layers 28 --hidden-size 3072 --ffn-hidden-size 8192 --num-attention-heads 24 --rope-scaling-factor 32 --tensor-model-parallel-size 8 on 8x h100, llama-3.2-3b', { mode: 'full', framework: 'megatron', seqNot: 131072 }],
    ['llama-3.2-3b on 8x h100 --rope-scaling-factor 32 --micro-batch-size 2 --global-batch-size 512', { mode: 'full', mbs: 2, seqNot: 131072 }],
    ["We're getting ~505 TFLOPS/s/GPU on llama-3-70b with 64 H100s, tp 8 pp 2, micro batch 1, seq 8192. Any headroom left?", { mode: 'full', gpus: 64, seq: 8192, mbs: 1 }],
    ['MFU 41% for llama-2-13b on 16x A100-80G with tp 2, seq 4096', { mode: 'full', gpus: 16, seq: 4096 }],
    ['qwen2-7b on 8x a100-80g, MFU 41%, tp 2', { mode: 'full', gpus: 8 }],
    ['with 8 nodes of H100 we can fit micro batch 2 for mixtral-8x7b, seq 4096, tp 8', { mode: 'full', mbs: 2, seq: 4096 }],
    ['throughput 3100 tokens/s/gpu, MFU 52%, 8xH100, llama-3.1-8b, seq 8192, mbs 2', { mode: 'full', gpus: 8, seq: 8192, mbs: 2 }],
    ['llama-3-8b 8x h100 tp 8, 505 TFLOPS/s/GPU', { mode: 'full', gpus: 8 }],
    ['llama-3.2-3b, 8x h100, micro batch 2, global batch 512, tp 8', { mode: 'full', mbs: 2 }],
    ['Megatron 跑 qwen2-72b，8机64卡 H800，tp8 pp4，micro batch 1，global batch 1024，seq 4096，MFU 只有 35%', { mode: 'full', framework: 'megatron', seq: 4096, mbs: 1 }],
    ['llama-3-8b를 H100 8장에서 돌리는데 micro_batch_size 4, global_batch_size 512, 시퀀스 길이 8192, GPU당 400 TFLOPS 정도 나옵니다', { mode: 'full', seq: 8192, mbs: 4 }],
    ['llama-3-8bをH100 8枚で、micro batch 2、global batch 256、seq 4096。MFUは45%です', { mode: 'full', seq: 4096, mbs: 2 }],
    ['llama-2-70b on 32x H100 with this config:\n```yaml\nmodel:\n  micro_batch_size: 1\n  global_batch_size: 512\n  tensor_model_parallel_size: 4\n  pipeline_model_parallel_size: 2\n  encoder_seq_length: 4096\n```', { mode: 'full', framework: 'megatron', mbs: 1 }],
    ['Running llama-2-13b with Megatron-LM on 8 A100 40GB: --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 2048 --micro-batch-size 2 --global-batch-size 256 --tensor-model-parallel-size 8', { mode: 'full', framework: 'megatron', seq: 2048, mbs: 2 }],
    // near misses: an engine or a running word with a throughput stays running the model
    ['vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8 on 8x H100, throughput 2500 tokens/s', { mode: 'inference' }],
    ['serve qwen2-72b with sglang --tp 8 on 8x H100, 32 concurrent users', { mode: 'inference' }],
    ['llama-3-8b inference on 1x a100-80g, how many TFLOPS will I get?', { mode: 'inference' }],
    ['vllm serve meta-llama/Meta-Llama-3-8B on 1x h100, max_num_seqs 256, decode MFU is only 30%', { mode: 'inference' }],
  ],
  "a model's context extension is not the user's length": [
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --rope-scaling \'{"rope_type":"yarn","factor":4.0,"original_max_position_embeddings":32768}\' --max-model-len 65536 on 1x a100-80g', { mode: 'inference', seq: 65536 }],
    ['llama-3-8b lora with rope_scaling: {type: linear, factor: 4}, cutoff_len 8192, 1x a100-80g', { mode: 'lora', seq: 8192 }],
    ['serving qwen2-7b with vllm --rope-scaling-factor 32 on one L40S, max_model_len 4096', { mode: 'inference', seq: 4096 }],
    ['Qwen2.5-14B supports 128k context with YaRN; we serve it with vllm max_model_len=16384 on 2x L40S', { mode: 'inference', seq: 16384 }],
    ['qwen2.5-7b 开了 yarn，rope_scaling factor 4，实际 max_model_len 设 32768，单卡 4090 能跑吗', { mode: 'inference', seq: 32768 }],
    ['llama.cpp -m llama-3-8b.Q4_K_M.gguf --rope-freq-scale 0.25 -c 16384 -ngl 99 on a 3090', { mode: 'inference', seq: 16384 }],
    ['fine-tune mistral-7b lora, rope_theta 1000000, rope scaling factor 8, seq_length 2048 on a 4090', { mode: 'lora', seq: 2048 }],
    ['full fine-tune llama-2-7b with rope_scaling factor 4 on 8x a100-80g zero3', { mode: 'full', seqNot: 16384, unstated: 'seq' }],
    ['llama-3-8b를 rope scaling factor 4로 확장해서 LoRA 학습합니다. cutoff_len 8192, A100 80GB 1장', { mode: 'lora', seq: 8192 }],
    ['training llama-3.1-8b lora with max_seq_length 4096 on 1x 4090, its config.json:\n```json\n{"architectures": ["LlamaForCausalLM"], "max_position_embeddings": 131072, "rope_scaling": {"factor": 8.0, "rope_type": "llama3"}}\n```', { mode: 'lora', seq: 4096 }],
    ['qwen2-7bをrope_scaling factor 4で学習、max_seq_length 8192、A100 80GB 1枚', { mode: 'full', seq: 8192 }],
    ['llama-2-13b lora on 2x 3090, --rope-scaling-factor 32, cutoff_len 1024', { mode: 'lora', seq: 1024 }],
    ['qwen2.5-7b 上下文 128k (yarn factor 4)，用 vllm 部署在单卡 a100 80g 上，prompt 大约 3k tokens', { mode: 'inference', seqNot: 131072 }],
    ['llama-3.1-8b (128k context via rope scaling) lora fine-tune with cutoff_len 4096 on 1x a100-80g', { mode: 'lora', seq: 4096 }],
    ['yarn로 컨텍스트 128k까지 늘린 qwen2.5-7b를 vllm으로 서빙, max_model_len 16384, L40S 1장', { mode: 'inference', seq: 16384 }],
    ['max_position_embeddings: 131072 in the model config, but I only train with max_seq_length 4096; llama-3.1-8b full fine-tune on 8x a100-80g zero3', { mode: 'full', seq: 4096 }],
    // near misses: the user's own length, however long
    ['serve llama-3.1-8b with --max-model-len 131072 on 1x h100', { mode: 'inference', seq: 131072 }],
    ['I need 128k context for qwen2.5-7b on vllm, one a100-80g', { mode: 'inference', seq: 131072 }],
    ['train llama-3-8b with seq_length 32768 (rope scaling factor 4 from 8k) on 8x h100 zero3', { mode: 'full', seq: 32768 }],
  ],
  'global and per-device batch': [
    ['batch_size=32 (per_device=8) llama-2-7b full fine-tune on 4x a100-80g', { mode: 'full', mbs: 8, ga: 1 }],
    ['global batch 512, micro 2, llama-3-8b sft on 64x h100', { mode: 'full', mbs: 2, ga: 4 }],
    ['total batch size 64 = 8 GPUs x 8, qwen2-7b full sft on 8x a100-80g', { mode: 'full', mbs: 8, ga: 1 }],
    ['effective batch 128 (bs 8, ga 16) mistral-7b lora on 1x a100-80g', { mode: 'lora', mbs: 8, ga: 16 }],
    ['全局batch 256，每卡4，8卡A100 80G 全参微调 qwen2.5-7b', { mode: 'full', mbs: 4, ga: 8 }],
    ['global batch size 256 on 16 H100s for llama-3-8b full fine-tune, seq 4096', { mode: 'full', mbs: 1, unstated: 'batch', said: /global batch/ }],
    ['per_device_train_batch_size 2, total train batch size 128, llama-3-8b lora on 4x 4090', { mode: 'lora', mbs: 2, ga: 16 }],
    ['글로벌 배치 256, GPU당 배치 4, A100 80GB 8장에서 llama-3-8b 풀 파인튜닝', { mode: 'full', mbs: 4, ga: 8 }],
    ['openrlhf ppo llama-3-8b on 8x a100-80g --rollout_batch_size 1024 --micro_train_batch_size 2 --train_batch_size 128', { mbs: 2, ga: 8 }],
    ['bs 4 per gpu, global 64, 2x 3090, qwen2-7b lora', { mode: 'lora', mbs: 4, ga: 8 }],
    ['llama-2-13b zero3 on 4x a100-80g with\n```json\n{"train_batch_size": 32, "train_micro_batch_size_per_gpu": 2}\n```', { mode: 'full', mbs: 2, ga: 4 }],
    ['我用 4 张 4090 lora 微调 qwen2-7b，总 batch size 64，per_device_train_batch_size=2', { mode: 'lora', mbs: 2, ga: 8 }],
    ['a global batch of 512 across 32 cards, llama-2-13b pretraining on a100-80g', { mode: 'full', mbs: 1, unstated: 'batch' }],
    ['グローバルバッチ 128、GPUあたり 2、A100 80GB 8枚で llama-3-8b をフルファインチューニング', { mode: 'full', mbs: 2, ga: 8 }],
    // near misses: a serving cap, a plain batch on one card, a per-device batch alone
    ['vllm serve meta-llama/Meta-Llama-3-8B on 1x a100-80g, max_num_seqs 256', { mode: 'inference', mbs: 1 }],
    ['llama-2-7b lora on 1x a100-80g, batch size 16', { mode: 'lora', mbs: 16, ga: 1 }],
    ['per_device_train_batch_size 8 on 4x a100-80g, llama-2-7b full fine-tune', { mode: 'full', mbs: 8, ga: 1 }],
  ],
};

/** The fields a line's reading gets wrong ([] when it reads as its spec says). */
export function misses(text: string, want: Want): string[] {
  return fieldMisses(text, (s, check, out, said) => {
    check('mode', s.mode, want.mode);
    check('framework', s.framework, want.framework);
    check('seq', s.seq, want.seq);
    check('mbs', s.microBatch, want.mbs);
    check('ga', s.gradAccum, want.ga);
    check('gpus', s.hardware?.count, want.gpus);
    if (want.seqNot !== undefined && s.seq === want.seqNot) out.push(`seq ${s.seq} is the model's extended window`);
    if (want.unstated && !(s.unstated ?? []).includes(want.unstated)) out.push(`${want.unstated} not said as unstated`);
    if (want.said && !want.said.test(said)) out.push(`not said: ${want.said}`);
  });
}

/**
 * Invented lines the change leaves misread, each with why: they fail today (it.fails), and the test says so when a
 * later change reads them.
 */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  ['total batch size 64 = 8 GPUs x 8, qwen2-7b full sft on 8x a100-80g', "the user's arithmetic names the per-device 8 as a product's factor; no rule reads a global batch's factors"],
]);

runInvented(INVENTED, KNOWN_MISSES, misses);

describe('released lines of the same causes', () => {
  it('c626: "I find 70B MFU 20% is quite low" in a Megatron training post stays training', () => {
    expect(corpusLineRead('c626').scenario.mode).toBe('full');
  });
  it('c1176: "Showing 0 TFLOPS" beside running Llama 3.1 8B is no training evidence (no per-GPU word, no MFU)', () => {
    expect(corpusLineRead('c1176').scenario.mode).toBe('inference');
  });
  it('c2982: "TFLOPS is only 1.49 in A100" beside micro_batch_size 4 in a Megatron-DeepSpeed run is training, micro-batch 4', () => {
    const { scenario } = corpusLineRead('c2982');
    expect(scenario.mode).toBe('full');
    expect(scenario.microBatch).toBe(4);
  });
  it('c1841: "A100 每卡80G" is the card\'s memory, never a per-device batch', () => {
    expect(corpusLineRead('c1841').scenario.microBatch).toBe(1);
  });
});

describe('properties', () => {
  it('a throughput per GPU or an MFU never sets the GPU count, and reads as training', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom('TFLOPS/s/GPU', 'TFLOPs per GPU', 'tflops/gpu', '% MFU'),
        (n, unit) => {
          const r = resolveRequest(`llama-3-8b on 8x h100 tp 8, ${unit.startsWith('%') ? `${n % 100}${unit}` : `${n} ${unit}`}`, null);
          return r.ok && r.scenario?.hardware?.count === 8 && r.scenario.mode === 'full';
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a global batch beside a per-device batch on N cards accumulates global ÷ (per-device × N)', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4), fc.constantFrom(2, 4, 8), fc.constantFrom(1, 2, 4), (mbs, cards, ga) => {
        const r = resolveRequest(`全局batch ${mbs * cards * ga}，每卡${mbs}，${cards}卡A100 80G 全参微调 qwen2.5-7b`, null);
        return r.ok && r.scenario?.microBatch === mbs && r.scenario.gradAccum === ga;
      }),
      { numRuns: 20 },
    );
  });
});
