import type { Scenario } from '../scenario/schema.js';
import { num } from './format.js';
import { activationBytes } from './precision.js';
import { vllmAtLeast, vllmEngine } from './vllm-release.js';

/**
 * Bytes per [rows × vocabulary] element at the peak of the sampler's dummy run in vLLM's profile
 * run, by engine and release (issue 23: the sampler warm-up with the vocabulary at max_num_seqs).
 *
 * V0 (vllm/worker/model_runner.py `profile_run`, 0.4 → 0.10) samples its dummy sequences with
 * `SamplingParams(top_p=0.99, top_k=self.vocab_size - 1)` — "Enable top-k sampling to reflect the
 * accurate memory usage" — so the sampler (vllm/model_executor/layers/sampler.py) runs
 * `_apply_top_k_top_p`, whose locals all live until it returns:
 *   logits_sort, logits_idx = logits.sort(dim=-1)          sorted values (x) + int64 indices (8 B)
 *   top_k_mask = logits_sort < …                           bool (1 B)
 *   probs_sort = logits_sort.softmax(-1); probs_sum = probs_sort.cumsum(-1)     two of x
 *   top_p_mask = probs_sum <= 1 − p                        bool (1 B)
 *   logits_idx_inv = torch.empty_like(logits_idx).scatter_(…)                  int64 (8 B)
 *   logits = torch.gather(logits_sort, …)                  x
 * while the model runner still holds the LM head's 16-bit logits (e) it passed in. x is the
 * sampler's working dtype: the 0.5 and later samplers cast first ("Use float32 to apply temperature
 * scaling": `logits = logits.to(torch.float)`, one more fp32 copy), so x = 4 B and the peak is
 * e + 4 + 4 + 8 + 1 + 4 + 4 + 1 + 8 + 4 = e + 38 B; the 0.4 sampler divides the 16-bit logits in
 * place (`logits.div_`), so x = e and the peak is 5e + 18 B. The release that added the cast is not
 * pinned here (0.4.x's file lacks it, 0.5.x's has it); vllm#7593's V0 log of August 2024 (0.5.x:
 * Gemma-2-9B at tp 8 on L4s, 22,982 blocks of KV) agrees with the cast (see the test). The probs
 * and logprobs after it (fp32 each, with the sorted locals freed) stay below that peak.
 *
 * Counted for releases before 0.6 only. The 0.6-series V0 log of vllm#10517 (verdict corpus v031:
 * Llama-3.1-8B on a 3090, "Memory profiling results … peak_torch_memory=15.05GiB" on 14.99 GiB of
 * weights with 512 batched tokens) leaves no room for any fp32 copy of 256 × 128,256 logits in that
 * release's profile run, and the source read here does not say why; 0.6 on keeps the V1 shape
 * below until it is found.
 *
 * V1 (vllm/v1/worker/gpu_model_runner.py `_dummy_sampler_run`) is kept as the 16-bit logits, their
 * fp32 upcast and the fp32 probabilities: e + 4 + 4 B.
 */
export function samplerBytesPerElement(s: Scenario): { bytes: number; formula: string } {
  const e = activationBytes(s);
  // SGLang borrows this term for its own sampler (sglang.ts): the V1 shape, whatever vLLM release is named.
  if (vllmEngine(s) === 'v1' || s.inference.server === 'sglang' || vllmAtLeast(s, 6)) return { bytes: e + 8, formula: `${num(e + 8)} B (16-bit logits, fp32 upcast, fp32 probs)` };
  if (vllmAtLeast(s, 5)) return { bytes: e + 38, formula: `${num(e + 38)} B (V0 top-k/top-p on fp32: logits ${num(e)} + fp32 copy, sort, probs, cumsum, gather 4 each + two int64 indices + two bool masks)` };
  return { bytes: 5 * e + 18, formula: `${num(5 * e + 18)} B (V0 top-k/top-p on 16-bit logits: logits, sort, probs, cumsum, gather ${num(e)} each + two int64 indices + two bool masks)` };
}
