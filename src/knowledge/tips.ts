import { gpuById } from '../catalog/index.js';
import type { Estimate } from '../memory/types.js';
import type { HelpTopic, Scenario } from '../scenario/schema.js';
import { isTight } from '../reply/fits.js';
import type { Tip } from '../reply/types.js';

/**
 * Troubleshooting knowledge (DESIGN §3.7): OOM symptoms, NaN triage, why nvidia-smi disagrees,
 * hardware facts and how to measure. Written for headroom; the facts follow the seed articles
 * and PyTorch's CUDA memory documentation.
 */

export const OOM_TABLE: Tip = {
  topic: 'oom',
  title: 'Out of memory: read the timing',
  text: [
    'At the first step → model states (weights, grads, optimizer) do not fit: shard them (zero2/zero3), use 8-bit or factored optimizer states, or LoRA/QLoRA.',
    'After some steps → the activation peak of the longest batch: sort or cap lengths, use gc, lower the micro-batch and raise gradient accumulation.',
    'Now and then, with free memory left → fragmentation: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.',
    'Only with several GPUs → NCCL buffers and DDP gradient buckets; try zero2 or a smaller bucket size.',
    'Late in a run → growth you keep: losses stored with their graph (use loss.item()), caches, evaluation with generation.',
    'Paste the error itself ("CUDA out of memory. Tried to allocate …", a vLLM or NCCL error, a loss-scale or NaN log) and I will read its numbers.',
  ].join('\n'),
};

export const OOM_INFERENCE: Tip = {
  topic: 'oom',
  title: 'Out of memory when running a model: where it goes',
  text: [
    'Weights → the bulk: 4-bit weights (AWQ/GPTQ, GGUF Q4_K_M) take a quarter of bf16; split over GPUs (tp N with vLLM/TGI, device_map over cards); with llama.cpp, -ngl N keeps only N layers on the GPU and runs the rest from host RAM.',
    'KV cache → grows with context × concurrent sequences: lower max-model-len / -c, fewer sequences (max-num-seqs), kv fp8 (q8_0 in llama.cpp).',
    'vLLM takes gpu_memory_utilization of the card up front and fills it with KV blocks: its error is about what is left after weights, CUDA graphs (--enforce-eager drops them) and the profile run (lower max_num_batched_tokens).',
    'The prefill of a long prompt holds one layer\'s working set over every prompt token: chunked prefill caps it.',
    'Paste the error itself ("CUDA out of memory. Tried to allocate …", a vLLM or llama.cpp error) and I will read its numbers.',
  ].join('\n'),
};

export const NAN_TRIAGE: Tip = {
  topic: 'nan',
  title: 'NaN / Inf loss',
  text: [
    'fp16: the loss scaler should be on; watch scaler.get_scale() — a scale that keeps halving means overflow; raise the initial scale or move to bf16.',
    'bf16: clip gradients at 1.0 and lower the learning rate; check warm-up.',
    'Always: run a small fp32 baseline on the same batch — if it is also NaN, the bug is in data or model, not precision.',
    'Look for log(0), division by a zero norm, and labels outside the vocabulary.',
    'Paste the training log lines (loss, grad_norm, loss scale) and I will read them.',
  ].join('\n'),
};

export const LOSS_SCALE: Tip = {
  topic: 'nan',
  title: 'Loss scaling (fp16)',
  text: 'fp16 has 5 exponent bits, so small gradients underflow. GradScaler multiplies the loss before backward and divides before the step, skipping steps that overflow. Log scaler.get_scale(): steady growth is healthy, repeated halving means inf/NaN gradients. bf16 has fp32\'s range and needs no scaler.',
};

export const NVIDIA_SMI: Tip = {
  topic: 'nvidia-smi',
  title: 'Why nvidia-smi shows more than PyTorch',
  text: 'max_memory_allocated counts live tensors; max_memory_reserved adds the caching allocator\'s cached blocks; nvidia-smi adds the CUDA context and kernels (0.3–1.5 GiB), cuDNN/cuBLAS workspaces and NCCL buffers. Compare like with like: headroom gives all three.',
};

export const MEASURE: Tip = {
  topic: 'measure',
  title: 'Measure the real peak',
  text: [
    'torch.cuda.reset_peak_memory_stats()',
    '# … run 2–3 full training steps (forward, backward, optimizer.step) at your longest length …',
    'print(torch.cuda.max_memory_allocated() / 2**30, torch.cuda.max_memory_reserved() / 2**30)',
    'print(torch.cuda.memory_summary())',
    'Batch sweep: double the micro-batch until OOM, then bisect; keep 5–10% headroom for fragmentation.',
  ].join('\n'),
};

export const FRAGMENTATION: Tip = {
  topic: 'fragmentation',
  title: 'Tight fit',
  text: 'Under 5% headroom, varying sequence lengths fragment the cache: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True and put the longest batch first so the peak shows at step 1.',
};

export const RULES_OF_THUMB: Tip = {
  topic: 'rule-of-thumb',
  title: 'Rules of thumb, corrected',
  text: [
    '"7B mixed-precision Adam = 84 GB" forgets the fp32 master copy: 16 B/param is 112 GB before activations.',
    '"Activations ≈ b·s·h·L·2 bytes" is one tensor per layer; a real layer keeps 20–40 of them.',
    '"Largest model ≈ VRAM / 16" ignores activations, logits and the CUDA context.',
    '"Gradient accumulation saves memory" only compared with the larger micro-batch it replaces.',
  ].join('\n'),
};

export const USAGE_TIP: Tip = {
  topic: 'usage',
  title: 'How to ask',
  text: 'Describe the run in any order: model or size, mode (lora, qlora, infer), precision, optimizer, sharding, seq, batch, hardware. Then follow up: "now zero2", "seq 8192", "on H100", "max batch", "undo".',
};

const BY_TOPIC: Record<HelpTopic, Tip[]> = {
  help: [USAGE_TIP],
  oom: [OOM_TABLE, FRAGMENTATION],
  nan: [NAN_TRIAGE],
  'loss-scale': [LOSS_SCALE],
  why: [NVIDIA_SMI, RULES_OF_THUMB],
  measure: [MEASURE],
};

export function tipsForTopics(topics: HelpTopic[]): Tip[] {
  const seen = new Set<Tip>();
  for (const t of topics) for (const tip of BY_TOPIC[t]) seen.add(tip);
  return [...seen];
}

/** Hardware facts that make a scenario wrong before memory even matters. */
function hardwareTips(s: Scenario): Tip[] {
  if (!s.hardware?.gpuId) return [];
  const gpu = gpuById(s.hardware.gpuId);
  const tips: Tip[] = [];
  if (!gpu.bf16 && (s.compute === 'bf16' || s.weights === 'bf16')) {
    tips.push({ topic: 'hardware', title: `${gpu.name} has no bf16`, text: `${gpu.name} has no native bf16 math: use fp16 with loss scaling (same memory), or a newer card.` });
  }
  if (!gpu.fp8 && (s.compute === 'fp8' || s.weights === 'fp8' || s.inference.kvDtype === 'fp8')) {
    tips.push({ topic: 'hardware', title: `${gpu.name} has no fp8`, text: 'fp8 tensor cores need Ada (L4, L40S, RTX 4090) or Hopper/Blackwell (H100, H200, B200).' });
  }
  return tips;
}

/** Tips the scenario calls for, followed by those asked for by topic. */
export function tipsFor(s: Scenario, e: Estimate): Tip[] {
  const tips = new Set<Tip>(hardwareTips(s));
  if (e.fits === false) tips.add(s.mode === 'inference' ? OOM_INFERENCE : OOM_TABLE);
  // The verdict's own "tight" band (src/reply/fits.ts), one threshold for both.
  if (e.headroomBytes !== null && e.capacityBytes !== null && e.headroomBytes >= 0 && isTight(e.headroomBytes, e.capacityBytes)) tips.add(FRAGMENTATION);
  if (s.compute === 'fp16' && s.mode !== 'inference') tips.add(LOSS_SCALE);
  for (const tip of tipsForTopics(s.help)) tips.add(tip);
  return [...tips];
}

/**
 * Tips asked for by topic in a thread that has a scenario (`oom`, `why` …): read against its
 * estimate, as tipsFor reads them, so an `oom` on a setup that does not fit gets the OOM table
 * and never the "Tight fit" advice a near-fit gets (issue 24).
 */
export function tipsForTopicsOn(topics: HelpTopic[], s: Scenario, e: Estimate): Tip[] {
  const tips = new Set<Tip>();
  for (const topic of topics) {
    if (topic !== 'oom') {
      for (const tip of BY_TOPIC[topic]) tips.add(tip);
      continue;
    }
    tips.add(s.mode === 'inference' ? OOM_INFERENCE : OOM_TABLE);
    for (const tip of tipsFor(s, e)) if (tip.topic === 'fragmentation' || tip.topic === 'hardware') tips.add(tip);
  }
  return [...tips];
}

/** How a topic is named in a sentence ("Tips on out of memory."). */
export const TOPIC_NAMES: Record<HelpTopic, string> = {
  help: 'how to ask',
  oom: 'out of memory',
  nan: 'NaN / Inf loss',
  'loss-scale': 'loss scaling',
  why: 'why nvidia-smi shows more',
  measure: 'measuring the real peak',
};
