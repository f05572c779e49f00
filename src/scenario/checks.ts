import { errorReply } from '../language/errors.js';
import type { ErrorReply } from '../reply/types.js';
import type { Patch } from './patch.js';
import type { Scenario } from './schema.js';
import { gpuById } from '../catalog/index.js';
import { gpuCountOf } from './gpus.js';
import { isScaledShape } from './shape.js';
import { gcd } from './divisors.js';
import { settable } from './check-set-aside.js';

/**
 * Meaning checks on the resolved scenario (DESIGN §2): parallel sizes that must divide the
 * model, and items that contradict each other across families. Each error points at the item
 * of this request that caused it, or says the other side came from earlier in the thread.
 */
export function checkScenario(s: Scenario, patch: Patch, text: string, previous: Scenario | null): ErrorReply | null {
  const at = (...slots: string[]) => slots.map((x) => patch.get(x)?.item).find(Boolean)?.at ?? 0;
  const said = (slot: string, fallback: string) => {
    const item = patch.get(slot)?.item;
    return item ? `"${item.text}"` : `${fallback} (from earlier in this thread)`;
  };
  const fail = (message: string, ...slots: string[]) => errorReply(text, at(...slots), message);
  const { tp, pp, cp, ep } = s.parallel;
  const { heads, kvHeads, layers } = s.model.arch;

  // Serving engines replicate KV heads when tp exceeds them (vLLM linear.py QKVParallelLinear:
  // tp % kv heads == 0, each head on tp / kv ranks): Qwen3-235B (4 KV heads) serves on tp 8.
  const kvSplits = kvHeads % tp === 0 || (s.mode === 'inference' && tp % kvHeads === 0);
  // A size no catalog model is near is estimated on a scaled Llama layout (shape.ts) whose head counts are invented,
  // so they never refuse a split the user ran ("ERNIE-4.5-300B … tp 8" on a scaled 114-head layout). A catalog
  // model's heads, the nearest catalog model's for a bare size ("13b": Llama-2-13B's 40), and heads the user
  // stated, in this request or earlier in the thread (model.overrides), are checked: a follow-up that turns a serving
  // thread into training must meet the check a fresh read of the same setup meets.
  const statedHeads = s.model.overrides.some((o) => o === 'heads' || o === 'kv');
  const headsAreTheModels = !isScaledShape(s.model) || statedHeads || patch.has('arch.heads') || patch.has('arch.kv');
  if (headsAreTheModels && (heads % tp !== 0 || !kvSplits)) {
    return settable(fail(
      `tp ${tp} must divide the attention heads (${heads}) and KV heads (${kvHeads}) of ${s.model.name}: each GPU holds a whole number of heads. Try tp ${largestDivisor(gcd(heads, kvHeads), tp)}.`,
      'par.tp',
      'model',
      'arch.heads',
      'arch.kv',
    ), 'par.tp');
  }
  if (pp > layers) {
    return settable(fail(`pp ${pp} is more pipeline stages than ${s.model.name} has layers (${layers}); pp must be at most ${layers}.`, 'par.pp', 'model', 'arch.layers'), 'par.pp');
  }
  const experts = s.model.arch.experts ?? 1;
  // A scaled Llama layout's expert count is invented as its heads are (no experts at all): an expert-parallel size the user
  // gives for a size no catalog model is near ("744b … ep 8", a new MoE release) says the model has experts; never refused.
  if (ep > 1 && !isScaledShape(s.model) && (experts <= 1 || experts % ep !== 0)) {
    const why = experts <= 1 ? `${s.model.name} is not a mixture-of-experts model` : `ep must divide its ${experts} experts`;
    return settable(fail(`ep ${ep} does not fit: ${why}.`, 'par.ep', 'model'), 'par.ep');
  }
  const gpus = gpuCountOf(s);
  if ((s.hardware || s.unnamedGpus) && gpus % (tp * pp * cp) !== 0) {
    return settable(fail(
      `${gpus} GPUs cannot be split into model replicas of tp ${tp} × pp ${pp} × cp ${cp} = ${tp * pp * cp} GPUs; use a multiple of ${tp * pp * cp} GPUs.`,
      'gpuCount',
      'nodes',
      'par.tp',
      'par.pp',
      'par.cp',
    ), 'par.pp', 'par.tp', 'par.cp', 'gpuCount');
  }
  if (s.mode === 'qlora' && s.recipe === 'fp32') {
    return fail(
      `${said('mode', 'qlora')} and ${said('recipe', 'fp32')} contradict each other: QLoRA computes in 16-bit on a 4-bit base. Use bf16 or fp16 with qlora, or lora with fp32.`,
      'recipe',
      'mode',
    );
  }
  if (s.offload.params !== 'none' && s.sharding.stage !== 3) {
    return fail(
      `${said('offload.params', 'offload params')} needs zero3 (or fsdp): only ZeRO stage 3 / FULL_SHARD partitions the parameters it can move off the GPU. Add "zero3", or offload the optimizer only.`,
      'offload.params',
      'sharding',
    );
  }
  // fp8 matmuls (Transformer Engine, torchao float8) need fp8 tensor cores: Ada, Hopper, Blackwell, MI300.
  const card = s.hardware?.gpuId ? gpuById(s.hardware.gpuId) : null;
  if (s.mode !== 'inference' && s.compute === 'fp8' && card && !card.fp8) {
    return fail(
      `${said('compute', 'fp8')} training needs fp8 tensor cores, which the ${card.name} does not have (Ada, Hopper, Blackwell and MI300 do). Use bf16 or fp16 on it, name such a card, or say "run" for fp8 weights at inference (weight-only fp8 runs there).`,
      'compute',
      'recipe',
      'gpuType',
    );
  }
  if (s.mode !== 'inference' && s.weights.startsWith('q')) {
    return fail(`${said('weights', s.weights)} is a GGUF format that llama.cpp serves; it is not trained. Say "inference", or train on a bf16 or nf4 base.`, 'weights', 'mode');
  }
  if (s.mode === 'full' && ['int8', 'nf4', 'nf4-dq', 'gptq', 'awq', 'fp8', 'mxfp4'].includes(s.weights)) {
    return fail(
      `${said('weights', s.weights)} weights need lora, qlora or inference: a full fine-tune trains every weight in 16 or 32 bits.`,
      'weights',
      'mode',
    );
  }
  if (s.mode === 'inference' && s.inference.newTokens >= s.seq && patch.has('gen')) {
    return fail(
      `gen ${s.inference.newTokens} must be less than seq ${s.seq}: seq counts prompt plus generated tokens. Raise seq, e.g. "seq ${s.seq + s.inference.newTokens}".`,
      'gen',
      'seq',
    );
  }
  void previous;
  return null;
}

/** Largest divisor of n not above limit (a TP size that would work). */
function largestDivisor(n: number, limit: number): number {
  for (let d = Math.min(n, limit); d >= 1; d--) if (n % d === 0) return d;
  return 1;
}
