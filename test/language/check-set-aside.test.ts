import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A meaning check (scenario/checks.ts: tp must divide the heads, ep needs experts, the GPUs must hold
 * tp × pp, dp × replica must be the GPUs, the global batch a multiple of the replicas) that fails on a
 * setting read from a message's prose, a pasted command or a config is no reason to refuse (rnet2, the
 * thirty-eighth session): the setting is set aside, the estimate goes on without it, and the reply says
 * so with the words it came from. Real lines: intel/llm-scaler#605 (c3149, b94: tp 5 from "x8/x8 5.0"),
 * basetenlabs/truss-examples#364 (c2828, b83: tp 43 from "config.yaml:43"), NVIDIA/TensorRT-LLM#577 (c1334,
 * b40: ep 2 from a folder "…_ep-2"), sgl-project/sglang#5159 (c2305, b65: SGLang's --dp under dp attention),
 * kubernetes-sigs/lws#185 (c2654, b77), TideDra/lmm-r1#27 (c2679, b78), vllm-project/vllm-ascend#12779
 * (c3269, b98), anyscale/templates#1086 (c3196, b95). The variations were written from the phenomenon
 * before the checks were read. A terse request in the item language still refuses (the user typed it).
 */

const outcome = (text: string) => resolveRequest(text, null);

describe('a check that fails on a setting read from prose sets it aside', () => {
  it.each([
    ['Gigabyte Z890 board with PCI x8/x8 5.0 bifurcation, two 32GB cards; I want to run qwen2.5-32b with vllm and tensor parallelism', /5/],
    ['see config.yaml:43 — the mistral-7b engine is built with tensor_parallel_count: 1 and max_batch_size: 32, accelerator A100:2', /43/],
    ['The checkpoint in /models/finetune_run_ep-2 is baichuan2-7b; I build it with tensorrt-llm on a V100 16G', /ep 2|ep-2/],
    ['python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp 16 --dp 2 --enable-dp-attention --nnodes 2\n\n2x8xH100', /dp 2|--dp 2/],
    ['We deploy llama-3.1-405b with vllm: each replica has pipeline_parallel_size=2 and tensor_parallel_size=8, 8 GPUs per pod', /pp 2|tp 8|pipeline|tensor/],
    ['openrlhf ppo of a 72b model on 4台8卡A800(80G): --actor_num_nodes 4 --actor_num_gpus_per_node 7 --micro_train_batch_size 1 --train_batch_size 28 --zero_stage 3', /28/],
    ['The tutorial runs dp2tp8 on 64G × 16; this guide serves glm-4.5-air on 1 node of 8x 64GB with dp1tp8', /dp|tp/],
    ['Deploying mistral-large-2 (123b) lora: DeepSeek uses larger EP, Hy3 uses 64 GPUs with EP64, Mistral uses TP8/PP8', /ep|EP/i],
    ['I fine-tune llama-3-70b lora with expert parallel 4 on 8x H100 80GB', /ep 4|expert/i],
    ['GRPO of qwen2.5-7b: 7 GPUs for DeepSpeed + 1 GPU for vLLM serving (vllm_gpu_memory_utilization=0.3, TP=1, DP=7)', /dp|DP|GPU/],
  ])('%s', (text, named) => {
    const r = outcome(text);
    if (!r.ok) throw new Error(`refused: ${r.error.message}`);
    expect(r.scenario).not.toBeNull();
    expect(r.notices.join(' | ')).toMatch(named);
  });

  it('a terse request in the item language still refuses a tp that does not divide the heads', () => {
    const r = outcome('llama-2-7b tp 5 on 5x a100');
    expect(r.ok).toBe(false);
  });
});
