import type { Item } from '../items.js';

/**
 * "ZeRO-3 offload" with no object is the ZeRO-3 offload recipe, which moves the optimizer states
 * AND the parameters to the CPU (or NVMe): DeepSpeed's "ZeRO-3 Offload" (deepspeed.ai tutorials,
 * zero3 with offload_optimizer and offload_param), LLaMA-Factory's examples/deepspeed/
 * ds_z3_offload_config.json, ms-swift's `--deepspeed zero3_offload`, accelerate's zero3_offload.yaml,
 * ColossalAI's GeminiPlugin with offload_optim_frac and offload_param_frac 1. The reader already reads
 * a config file so named as both (config-keys/sharding.ts deepspeedFile); the same words in prose
 * ("ZeRO-3 offload", "zero-3-offload", "zero3+offloading", "zero3 stage and cpu offload",
 * "deepspeed 3 with CPU offload") had read as the optimizer alone, so an offloaded ZeRO-3 run was
 * estimated with every parameter shard still on the card: huggingface/trl#4100 (c023),
 * modelscope/ms-swift#1098 (c2017), hiyouga/LlamaFactory (c774, c1656, c1891), modelscope/ms-swift
 * (c2048), OpenBMB/MiniCPM-V (c1988), hpcaitech/ColossalAI (c1625).
 *
 * Below stage 3 only the optimizer moves (ZeRO-Offload, ZeRO-2), so the word keeps that reading
 * there. An offload that names its object ("offload optimizer", "param offload", `offload_optimizer:
 * cpu`) is read as written. The parameters' part is said, with how to take it back.
 */
export const ZERO3_OFFLOAD_RULE = {
  id: 'reconcile.zero3-offload',
  example: '全参数微调Qwen-2.5-instruct 32B，使用了zero-3-offload, batch_size为1',
  source: 'hiyouga/LlamaFactory (corpus c774); modelscope/ms-swift#1098; huggingface/trl#4100',
} as const;

type Offload = Extract<Item, { kind: 'offload' }>;

/** Words that name what is offloaded: the optimizer (Adam, its states) or the parameters (weights). */
const NAMES_OBJECT = /optim|adam|param|weight|state|grad|activation|参数|优化器|权重/i;
/** Keys or flags of the message that set either offload on its own: those are read as they are. */
const OFFLOAD_KEY = /\b(?:offload_optimizer|offload_param|offload_params|offload_optimizer_device|offload_param_device|fsdp_cpu_offload|fsdp_offload_params|adam_offload|param_offload|optimizer_offload|cpu_offload)\b/i;

export function zero3Offload(items: Item[], text: string, notes: string[]): Item[] {
  const stages = new Set(items.filter((i) => i.kind === 'sharding').map((i) => (i as Extract<Item, { kind: 'sharding' }>).value));
  if (!stages.has('zero3') || stages.size !== 1) return items;
  const offloads = items.filter((i): i is Offload => i.kind === 'offload');
  if (offloads.some((o) => o.value.startsWith('params') || o.value === 'none')) return items;
  const bare = offloads.filter((o) => (o.value === 'optimizer-cpu' || o.value === 'optimizer-nvme') && !NAMES_OBJECT.test(o.text));
  if (bare.length === 0 || bare.length !== offloads.length || OFFLOAD_KEY.test(text)) return items;
  const first = bare[0]!;
  const device = first.value === 'optimizer-nvme' ? 'nvme' : 'cpu';
  notes.push(
    `"${first.text.trim()}" beside ZeRO-3 read as the ZeRO-3 offload recipe: optimizer states and parameters to ${device === 'nvme' ? 'NVMe' : 'the CPU'} (DeepSpeed's ZeRO-3 Offload, LLaMA-Factory's ds_z3_offload_config.json, ms-swift's zero3_offload offload both); say "offload optimizer" if only the optimizer states are offloaded`,
  );
  const params: Offload = { ...first, value: device === 'nvme' ? 'params-nvme' : 'params-cpu' };
  const at = items.indexOf(first);
  return [...items.slice(0, at + 1), params, ...items.slice(at + 1)];
}
