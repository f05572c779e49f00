import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Session 40, rhw6: a GPU count that the message's own parallel degrees contradict. The variations were
 * written from the phenomenon before the fix (figures in the commit message), in the words people use.
 */

/** The hardware a message is read as, in the item language: the tail of its canonical reading ("on 8x h100-80g"). */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return { hardware: r.ok ? 'help' : `refused: ${r.error.message}`, said: '' };
  const hardware = / (on .*|how many .*|which gpu.*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
  return { hardware, said: [...r.notices, ...r.assumptions].join(' | ') };
}

describe('expert parallel needs its GPUs: a card named with no count takes the count the degrees need, said', () => {
  // NVIDIA-NeMo/RL#1130 (c3058, b91): "on H20 GPUs … TP=PP=1, EP=8" read as one H20, in silence.
  const variations: [string, string][] = [
    ["verl's config on Qwen3-30B-A3B on H20 GPUs with 96GB of memory: For Megatron, it uses TP=PP=1, EP=8, Offload=1.", 'on 8x h20'],
    ['qwen3-30b-a3b megatron full training on H100s, tp 1 pp 1 ep 8', 'on 8x h100-80g'],
    ['Qwen3-30B-A3B 用 Megatron 训练，TP=1，PP=1，EP=8，显卡是 H20', 'on 8x h20'],
    ['deepseek-v2-lite full training with megatron --tensor-model-parallel-size 1 --pipeline-model-parallel-size 2 --expert-model-parallel-size 4 on A800', 'on 8x a800-80g'],
    ['mixtral-8x7b megatron sft, TP=2 PP=1 EP=4, A100 80G cards', 'on 4x a100-80g'],
    ['actor_rollout_ref:\n  actor:\n    megatron:\n      tensor_model_parallel_size: 1\n      pipeline_model_parallel_size: 1\n      expert_model_parallel_size: 8\nqwen3-30b-a3b grpo on H20', 'on 8x h20'],
    ['Qwen3-30B-A3B를 Megatron으로 학습합니다. TP=1, PP=1, EP=8, H100 사용', 'on 8x h100-80g'],
    ['mixtral-8x7b pretrain megatron ep 4 tp 1 on an A100 80GB', 'on 4x a100-80g'],
  ];
  for (const [text, hardware] of variations) {
    it(`"${text.slice(0, 70).replace(/\n/g, ' ')}": ${hardware}, said`, () => {
      const r = read(text);
      expect(r.hardware).toBe(hardware);
      expect(r.said).toMatch(/GPUs in all — from/);
    });
  }
  it('an expert tensor size the message states counts: "TP=2 EP=4 ETP=2" is eight', () => {
    expect(read('mixtral-8x7b megatron sft, --tensor_model_parallel_size 2 --expert_model_parallel_size 4 --expert_tensor_parallel_size 2 on A100 80G cards').hardware).toBe('on 8x a100-80g');
  });
  it('a count the user states is theirs: "on 16x H100 … ep 8" stays sixteen', () => {
    expect(read('qwen3-30b-a3b megatron full training on 16x H100, tp 1 pp 1 ep 8').hardware).toBe('on 16x h100-80g');
  });
});

describe("a serving run split over fewer cards than its machine's name holds runs on the split's cards, said", () => {
  // deepspeedai/DeepSpeed#3656 (c3098, b92): "A100-80GB (p4de.24xlarge)" with mp_size=2 read as 8 cards;
  // aarora79/agentic-coding-harness-benchmarks#132 (c3018, b89): "TP=4 (uses half the p5en node)" read as 8. Both silent.
  const variations: [string, string][] = [
    ['I have access only to A100-80GB (p4de.24xlarge). model = "tiiuae/falcon-40b"\nmodel = deepspeed.init_inference(model, mp_size=2, replace_with_kernel_inject=True)', 'on 2x a100-80g'],
    ['vllm serve mistralai/Devstral-2-123B-Instruct-2512, native FP8, TP=4 (uses half the p5en node)', 'on 4x h200'],
    ['serving llama-3.1-70b with vllm --tensor-parallel-size 4 on a p4d.24xlarge', 'on 4x a100-40g'],
    ['Qwen2.5-72B on an AWS p5.48xlarge: vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 2', 'on 2x h100-80g'],
    ['在 p4de.24xlarge 上用 vllm 部署 qwen2.5-72b，tensor_parallel_size=4', 'on 4x a100-80g'],
    ['vllm serve mistralai/Mistral-7B-Instruct-v0.3 --tensor-parallel-size 1 on a p4d.24xlarge', 'on 1x a100-40g'],
    ['p4d.24xlarge 인스턴스에서 vllm으로 llama-3-70b 서빙, tensor_parallel_size=4', 'on 4x a100-40g'],
    ['python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp 4   # on a p5.48xlarge', 'on 4x h100-80g'],
  ];
  for (const [text, hardware] of variations) {
    it(`"${text.slice(0, 70).replace(/\n/g, ' ')}": ${hardware}, said`, () => {
      const r = read(text);
      expect(r.hardware).toBe(hardware);
      expect(r.said).toMatch(/GPUs in all — from/);
    });
  }
  it('the count the user writes stands: "--tensor-parallel-size 4 on 8x H100" keeps eight', () => {
    expect(read('vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 on 8x H100').hardware).toBe('on 8x h100-80g');
  });
  it('the machine\'s count written too stands: "on a p4d.24xlarge with all 8 GPUs" keeps eight', () => {
    expect(read('vllm serve llama-3.1-70b --tensor-parallel-size 4 on a p4d.24xlarge with all 8 GPUs').hardware).toBe('on 8x a100-40g');
  });
  it('training keeps the machine: tp 2 on a p4d.24xlarge is four data-parallel replicas', () => {
    expect(read('llama-2-13b pretrain megatron tp 2 on a p4d.24xlarge').hardware).toBe('on 8x a100-40g');
  });
});
