import type { Scenario } from '../scenario/schema.js';
import { count, formulasWanted, num } from './format.js';
import type { Layout } from './layout.js';
import { projectionShape } from './lora.js';
import { activationBytes } from './precision.js';
import { quantisedLinearKeepsInput } from './quantised-linear.js';
import { KBIT_ACTIVATION_BYTES, kbitPrepared } from './kbit.js';
import { adapterBytesPerParam } from './states.js';
import { sdpaMathFallback } from './attention-kernel.js';
import { fullAttentionLayerCount, gatedDeltaNetWidths } from './linear-attention.js';
import type { Component } from './types.js';
import { pipelineMicroBatches } from './pipeline-schedule.js';

/**
 * Activations autograd keeps for backward (DESIGN §3.3), counted tensor by tensor for one decoder
 * layer of the Hugging Face reference implementation (LlamaDecoderLayer with SDPA/flash for modern
 * decoders, the GPT-2/BERT layer for LayerNorm + GELU + dropout models).
 *
 * Every saved tensor has a width per token (h, f, a·s …) and a byte size per element; the layer
 * total is s·b·Σ(bytes × width). Sources: Korthikanti et al. 2022 (arXiv 2205.05198) §4.1 for the
 * GPT layer; for Llama, the saved-tensor lists of the ops in transformers' modeling_llama.py
 * (RMSNorm upcasts its input to fp32 and keeps it, SwiGLU keeps gate, SiLU(gate), up and their
 * product, SDPA keeps q, k, v, the output and an fp32 log-sum-exp per head).
 */

export interface SavedTensor {
  name: string;
  /** Symbolic width per token: "h", "f", "a·d", "g·d", "a", "a·s", "r" … */
  symbol: string;
  /** Elements per token. */
  width: number;
  /** Bytes per element. */
  bytes: number;
  /** Split across tensor-parallel ranks without sequence parallelism (attention/MLP internals). */
  tpSplit: boolean;
}

function dropoutRate(s: Scenario): number {
  return s.model.arch.dropout ?? 0;
}

/**
 * bitsandbytes' matmuls (`MatMul4Bit`, `MatMul8bitLt`) and AutoAWQ's keep their input whenever that
 * input needs a gradient, although the weight is frozen: under LoRA over such a base ("qlora", or
 * "lora int8" / "lora awq") every quantised linear downstream of the first adapter keeps its input
 * like a trained one. GPTQ kernels keep only the packed weight (quantised-linear.ts).
 */
function quantisedLinearsKeepInputs(s: Scenario): boolean {
  return (s.mode === 'lora' || s.mode === 'qlora') && quantisedLinearKeepsInput(s.weights);
}

/** Which linears keep their input: trained ones (full, or adapted), and bitsandbytes / AWQ ones; a frozen nn.Linear or GPTQ linear keeps none. */
function adapted(s: Scenario, ...targets: string[]): boolean {
  return s.mode === 'full' || quantisedLinearsKeepInputs(s) || (s.lora?.targets.some((t) => targets.includes(t)) ?? false);
}

/** Per-token tensors one norm keeps. */
function normTensors(s: Scenario, which: string, outputNeeded: boolean): SavedTensor[] {
  const { hidden: h, norm } = s.model.arch;
  const e = activationBytes(s);
  const residual = residualBytes(s);
  const tensors: SavedTensor[] = [];
  if (norm === 'rmsnorm') {
    // LlamaRMSNorm: hidden.to(float32) → pow(2) and mul keep the fp32 input.
    tensors.push({ name: `${which} norm fp32 input`, symbol: 'h', width: h, bytes: 4, tpSplit: false });
  } else {
    // nn.LayerNorm keeps its input (autocast runs it in fp32 under amp).
    tensors.push({ name: `${which} norm input`, symbol: 'h', width: h, bytes: s.recipe === 'amp' ? 4 : residual, tpSplit: false });
  }
  // The normalised output is kept by the next linear layer (or by weight × x when the norm trains).
  if (outputNeeded) tensors.push({ name: `${which} norm output`, symbol: 'h', width: h, bytes: e, tpSplit: false });
  return tensors;
}

/** Dtype of the residual stream: the model's storage dtype (fp32 under amp). */
export function residualBytes(s: Scenario): number {
  if (kbitPrepared(s)) return KBIT_ACTIVATION_BYTES;
  return s.recipe === 'amp' || s.recipe === 'fp32' || s.compute === 'fp32' ? 4 : 2;
}

function attentionTensors(s: Scenario): SavedTensor[] {
  const { heads: a, kvHeads: g, headDim: d, hidden: h } = s.model.arch;
  const e = activationBytes(s);
  const seq = s.seq / s.parallel.cp;
  // HF's SDPA and eager paths repeat K and V to all `a` heads before the kernel (repeat_kv).
  const kvWidth = a * d;
  const qSym = a * d === h ? 'h' : 'a·d';
  const tensors: SavedTensor[] = [
    { name: 'q (after RoPE)', symbol: qSym, width: a * d, bytes: e, tpSplit: true },
    { name: 'k, repeated to a heads', symbol: qSym, width: kvWidth, bytes: e, tpSplit: true },
    { name: 'v, repeated to a heads', symbol: qSym, width: kvWidth, bytes: e, tpSplit: true },
  ];
  if (g === a) {
    tensors[1]!.name = 'k (after RoPE)';
    tensors[2]!.name = 'v';
  }
  if (sdpaMathFallback(s)) {
    // SDPA's math kernel (memory/attention-kernel.ts): matmul keeps q and the unrepeated k, softmax
    // keeps its a·s² output in the compute dtype, which attn @ v keeps with v; no output or log-sum-exp.
    const kvSym = g === 1 ? 'd' : 'g·d';
    tensors[1] = { name: `k, ${g} head${g === 1 ? '' : 's'} (not repeated)`, symbol: kvSym, width: g * d, bytes: e, tpSplit: true };
    tensors[2] = { name: `v, ${g} head${g === 1 ? '' : 's'} (not repeated)`, symbol: kvSym, width: g * d, bytes: e, tpSplit: true };
    tensors.push({ name: 'attention scores (SDPA math kernel softmax)', symbol: 'a·s', width: a * seq, bytes: e, tpSplit: true });
  } else if (s.attention === 'eager' && s.recompute !== 'selective') {
    // Megatron's selective recompute (`--recompute-activations`, recompute_granularity 'selective',
    // recompute_modules ['core_attn'] by default; megatron/core/transformer/transformer_config.py)
    // recomputes only the core attention: it drops the a·s² scores and nothing else, so under flash
    // or SDPA attention, which never keep scores, it saves nothing (Korthikanti et al. 2022 §5).
    // softmax in fp32 keeps its output; a 16-bit copy feeds attn·V; dropout keeps a mask and its output.
    const p = dropoutRate(s);
    // Gemma 2's eager_attention_forward soft-caps before the softmax: tanh keeps its output (modeling_gemma2.py).
    const softcap = s.model.arch.attnSoftcap ? e : 0;
    const perScore = 4 + (e < 4 ? e : 0) + (p > 0 ? 1 + e : 0) + softcap;
    tensors.push({ name: 'attention scores (softmax, casts, dropout)', symbol: 'a·s', width: a * seq, bytes: perScore, tpSplit: true });
  } else if (s.attention !== 'eager') {
    tensors.push({ name: 'attention output O', symbol: qSym, width: a * d, bytes: e, tpSplit: true });
    tensors.push({ name: 'log-sum-exp, fp32', symbol: 'a', width: a, bytes: 4, tpSplit: true });
  }
  // attn_output.transpose(1, 2).contiguous() is a new tensor, kept by o_proj when it trains.
  if (adapted(s, 'o')) tensors.push({ name: 'o_proj input', symbol: 'h', width: h, bytes: e, tpSplit: true });
  if (dropoutRate(s) > 0) tensors.push({ name: 'residual dropout mask', symbol: 'h', width: h, bytes: 1, tpSplit: false });
  const hybrid = hybridAttentionTensor(s);
  if (hybrid) tensors.push(hybrid);
  return tensors;
}

/**
 * Qwen3-Next (memory/linear-attention.ts), an approximation: every layer is counted with the
 * full-attention tensors above, and on top, averaged over the layers, what a Gated DeltaNet layer
 * keeps beyond them — in_proj_qkvz's output (2·nk·dk + 2·nv·dv) and the conv's (conv_dim), in
 * 3 of 4 layers — and the full-attention layers' output gate (a·d, 1 in 4). The delta rule's
 * chunked intermediates and fp32 states are left out: the count stays above the dense one, not exact.
 */
function hybridAttentionTensor(s: Scenario): SavedTensor | null {
  const { linearAttention: la, layers, heads: a, headDim: d } = s.model.arch;
  if (!la) return null;
  const full = fullAttentionLayerCount(s.model.arch);
  const { keyDim, valueDim, convDim } = gatedDeltaNetWidths(la);
  const perLinear = 2 * keyDim + 2 * valueDim + convDim;
  const gate = la.outputGate ? a * d : 0;
  const width = Math.round(((layers - full) * perLinear + full * gate) / layers);
  return { name: 'Gated DeltaNet qkvz + conv outputs, output gate (averaged over layers)', symbol: String(width), width, bytes: activationBytes(s), tpSplit: true };
}

function mlpTensors(s: Scenario): SavedTensor[] {
  const { ffn: f, hidden: h, mlp } = s.model.arch;
  const e = activationBytes(s);
  const k = (s.model.arch.experts ?? 0) > 1 ? (s.model.arch.expertsPerToken ?? 1) + (s.model.arch.sharedExperts ?? 0) : 1;
  const routed = k > 1 ? ` × ${k} experts` : '';
  const sym = k > 1 ? `${k}·f` : 'f';
  const tensors: SavedTensor[] =
    mlp === 'gated'
      ? [
          { name: `gate (SiLU input)${routed}`, symbol: sym, width: k * f, bytes: e, tpSplit: true },
          { name: `SiLU(gate)${routed}`, symbol: sym, width: k * f, bytes: e, tpSplit: true },
          { name: `up${routed}`, symbol: sym, width: k * f, bytes: e, tpSplit: true },
        ]
      : runsComposedGelu(s)
        ? composedGeluTensors(s, sym, k * f, routed)
        : [{ name: `GELU input${routed}`, symbol: sym, width: k * f, bytes: e, tpSplit: true }];
  if (adapted(s, 'down')) {
    tensors.push({ name: `down_proj input${routed}`, symbol: sym, width: k * f, bytes: e, tpSplit: true });
  }
  if (dropoutRate(s) > 0) tensors.push({ name: 'MLP dropout mask', symbol: 'h', width: h, bytes: 1, tpSplit: false });
  return tensors;
}

/**
 * transformers' `gelu_new` (activations.py NewGELUActivation, the same expression from v2 to v4.57:
 * `0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))`),
 * the activation of GPT-2, GPT-J and Phi-1.5/2 (config `activation_function` / `hidden_act`). It is
 * Python arithmetic, not one kernel, so autograd keeps what each op needs instead of the one input a
 * fused GELU keeps: `pow` keeps x, `tanh` its output, and the last product keeps both factors, 0.5·x
 * and 1 + tanh(…); the scalar products and sums keep nothing. Under autocast (an fp32 model, 'amp')
 * `pow` is on the fp32 list (torch autocast_mode.cpp), so x is kept as its fp32 cast and the
 * tanh branch runs in fp32; 0.5·x stays in the compute dtype. The product's output is what the
 * down projection keeps (counted there), cast back to 16 bits under autocast.
 * Frameworks with model code of their own call one GELU kernel instead: litgpt's GptNeoxMLP
 * `torch.nn.functional.gelu(x, approximate=config.gelu_approximate)` ('tanh' for Phi), torchtune,
 * torchtitan and Megatron's fused bias-GELU.
 */
const OWN_MODEL_CODE: ReadonlySet<Scenario['framework']> = new Set(['litgpt', 'torchtune', 'torchtitan', 'megatron']);

function runsComposedGelu(s: Scenario): boolean {
  return s.model.arch.composedGelu === true && !OWN_MODEL_CODE.has(s.framework);
}

function composedGeluTensors(s: Scenario, sym: string, width: number, routed: string): SavedTensor[] {
  const e = activationBytes(s);
  const branch = s.recipe === 'amp' && e < 4 ? 4 : e;
  return [
    { name: `gelu_new: x kept by pow(x, 3)${routed}`, symbol: sym, width, bytes: branch, tpSplit: true },
    { name: `gelu_new: tanh output${routed}`, symbol: sym, width, bytes: branch, tpSplit: true },
    { name: `gelu_new: 1 + tanh(…)${routed}`, symbol: sym, width, bytes: branch, tpSplit: true },
    { name: `gelu_new: 0.5·x${routed}`, symbol: sym, width, bytes: e, tpSplit: true },
  ];
}

/**
 * LoRA adapter tensors: each adapted matrix keeps its input and the rank-r intermediate; lora_dropout
 * keeps a mask (PEFT tuners/lora/layer.py, Linear.forward: `x = x.to(lora_A.weight.dtype)`, from
 * v0.15 `x = self._cast_input_dtype(x, lora_A.weight.dtype)`, then `lora_B(lora_A(dropout(x)))`).
 *
 * Adapters wider than the compute dtype (PEFT's fp32 adapters under bf16/fp16 mixed precision) run
 * under autocast (HF Trainer / accelerate `mixed_precision`, wrapping the model's forward in
 * torch.autocast): `linear` is on autocast's lower-precision list (aten/src/ATen/autocast_mode.cpp,
 * `KERNEL_CUDA(linear, lower_precision_fp)` from torch 1.10; newer releases register the CUDA list
 * through `AT_FORALL_LOWER_PRECISION_FP` in autocast_mode.h, linear still in it), so lora_A casts PEFT's fp32 copy of
 * x back down and keeps that 16-bit cast, and lora_B keeps lora_A's 16-bit output. The fp32 copy
 * itself is kept by nothing (`_to_copy`'s backward keeps no tensor; dropout's keeps only its mask):
 * it is freed once lora_A has read it. Each adapter makes its own cast, so each keeps its own
 * copy, apart from the norm output a frozen base linear does not keep.
 * (k-bit bases are left as they are: prepare_model_for_kbit_training's fp32 stream, kbit.ts.)
 * DeepSpeed bf16 (deepspeed/runtime/engine.py _configure_distributed_model: `self.module.bfloat16()`,
 * adapters included) and FSDP's MixedPrecision param_dtype reach the same 16-bit sizes, autocast
 * or not. Not modelled: on those paths, and for
 * bitsandbytes bases under autocast (peft tuners/lora/bnb.py skips the cast then), an adapter
 * without dropout keeps x itself, not a copy of its own; counted here as a copy.
 */
function adapterTensors(s: Scenario): SavedTensor[] {
  if (!s.lora) return [];
  const adapterBytes = adapterBytesPerParam(s);
  const e = activationBytes(s);
  const autocast = adapterBytes > e;
  const kept = autocast ? e : adapterBytes;
  const tensors: SavedTensor[] = [];
  for (const target of s.lora.targets) {
    const shape = projectionShape(s, target);
    if (!shape) continue;
    const inputSymbol = target === 'down' ? 'f' : target === 'o' ? 'a·d' : 'h';
    if (adapterBytes !== e) {
      const name = autocast ? `${target} adapter input, ${e * 8}-bit autocast copy` : `${target} adapter input, ${adapterBytes * 8}-bit copy`;
      tensors.push({ name, symbol: inputSymbol, width: shape.dIn, bytes: kept, tpSplit: target !== 'q' && target !== 'k' && target !== 'v' && target !== 'gate' && target !== 'up' });
    }
    if (s.lora.dropout > 0) {
      // Under autocast the dropped copy lora_A keeps is the cast counted above: the mask alone here.
      const dropped = autocast ? 0 : adapterBytes;
      tensors.push({ name: `${target} adapter dropout (${autocast ? 'mask' : 'mask + output'})`, symbol: inputSymbol, width: shape.dIn, bytes: 1 + dropped, tpSplit: false });
    }
    tensors.push({ name: `${target} adapter rank-r intermediate`, symbol: 'r', width: s.lora.rank, bytes: kept, tpSplit: false });
  }
  return tensors;
}

/** Every tensor one decoder layer keeps for backward, with nothing recomputed. */
export function layerTensors(s: Scenario): SavedTensor[] {
  // A norm's output is kept when a linear reading it keeps its input; an adapter whose dtype
  // differs from the activations keeps its own cast copy instead (counted with the adapter).
  const sharedWithAdapters = adapterBytesPerParam(s) === activationBytes(s);
  const kept = (...targets: string[]) =>
    s.mode === 'full' || quantisedLinearsKeepInputs(s) || (adapted(s, ...targets) && sharedWithAdapters);
  const parallel = parallelNorms(s);
  // One norm feeding both branches: its output is kept when either branch's linear keeps its input.
  const attentionNormKept = parallel === 'one' ? kept('q', 'k', 'v', 'gate', 'up') : kept('q', 'k', 'v');
  return [
    ...normTensors(s, 'attention', attentionNormKept),
    ...attentionTensors(s),
    ...mlpNormTensors(s, parallel, kept('gate', 'up')),
    ...mlpTensors(s),
    ...adapterTensors(s),
  ];
}

/**
 * A parallel block (attention and MLP both read the layer's input x, and their outputs are added
 * to it once) has one norm feeding both branches — Falcon-7B's input_layernorm (modelling_RW.py,
 * transformers modeling_falcon.py FalconDecoderLayer: `mlp_layernorm_out = attention_layernorm_out`
 * unless new_decoder_architecture), GPT-J's ln_1, Phi-1/2's input_layernorm, Cohere's
 * input_layernorm — or two norms of the same x (GPT-NeoX input_layernorm and
 * post_attention_layernorm under use_parallel_residual; Falcon-40B's ln_attn and ln_mlp).
 */
function parallelNorms(s: Scenario): 'sequential' | 'one' | 'two' {
  const arch = s.model.arch;
  if (!arch.parallelBlock) return 'sequential';
  return (arch.layerNorms ?? 1) >= 2 ? 'two' : 'one';
}

/**
 * The MLP branch's norm. Sequential blocks: its own input (x + attention output) and output. A
 * parallel block with one norm: nothing more, the attention norm's tensors serve both branches.
 * With two norms of the same x: nn.LayerNorm saves the input tensor itself (no copy), so x is kept
 * once for both; an RMSNorm-style upcast (`hidden.to(float32)`) makes and keeps its own fp32 copy.
 */
function mlpNormTensors(s: Scenario, parallel: 'sequential' | 'one' | 'two', outputNeeded: boolean): SavedTensor[] {
  if (parallel === 'sequential') return normTensors(s, 'MLP', outputNeeded);
  if (parallel === 'one') return [];
  const tensors = normTensors(s, 'MLP', outputNeeded);
  return s.model.arch.norm === 'rmsnorm' ? tensors : tensors.filter((t) => !t.name.endsWith('norm input'));
}

/** Tokens one GPU processes per micro-batch: s ÷ cp × b. */
export function tokensPerGpu(s: Scenario): number {
  return (s.seq / s.parallel.cp) * s.microBatch;
}

/** Bytes one layer keeps, after the tensor-parallel split (everything with SP, internals without). */
export function layerBytes(s: Scenario, tensors = layerTensors(s)): number {
  const t = s.parallel.tp;
  const perToken = tensors.reduce((sum, x) => sum + (x.width * x.bytes) / (s.parallel.sp || x.tpSplit ? t : 1), 0);
  return perToken * tokensPerGpu(s);
}

/** "22·sbh + 8·sbf + 4·asb" — the per-layer coefficients grouped by width. */
export function layerFormula(tensors: SavedTensor[]): string {
  if (!formulasWanted()) return '';
  const bySymbol = new Map<string, number>();
  for (const x of tensors) bySymbol.set(x.symbol, (bySymbol.get(x.symbol) ?? 0) + x.bytes);
  return [...bySymbol.entries()]
    .map(([sym, coef]) => (sym === 'a·s' ? `${num(coef)}·a·s²·b` : `${num(coef)}·s·b·${sym}`))
    .join(' + ');
}

/**
 * Micro-batches whose activations the first pipeline stage holds at once. 1F1B: up to p (the
 * warm-up forwards before its first backward). Megatron's interleaved schedule with v model chunks
 * per rank warms up with 2(p − 1) + (v − 1)p + 1 chunk-forwards of L/(pv) layers each, i.e.
 * (1 + (p − 1)/(pv)) × p micro-batches of the stage's L/p layers (Korthikanti et al. 2022,
 * "Reducing Activation Recomputation", §4.2.3; megatron/core/pipeline_parallel/schedules.py
 * `forward_backward_pipelining_with_interleaving`, num_warmup_microbatches).
 */
export function inFlightMicroBatches(s: Scenario): number {
  const p = s.parallel.pp;
  // device_map's layer split runs a micro-batch through GPU 0's layers, then GPU 1's …: no pipeline.
  if (p <= 1 || s.parallel.schedule === 'sequential') return 1;
  const v = s.parallel.vpp ?? 1;
  // torch.distributed.pipelining runs at least p micro-batches a step (pipeline-schedule.ts).
  const m = pipelineMicroBatches(s);
  const interleaving = v > 1 && m >= p ? 1 + (p - 1) / (p * v) : 1;
  return Math.min(p, m) * interleaving;
}

function dims(s: Scenario): string {
  if (!formulasWanted()) return '';
  const { hidden: h, ffn: f, heads: a } = s.model.arch;
  const parts = [`s ${s.seq / s.parallel.cp}`, `b ${s.microBatch}`, `h ${h}`, `f ${f}`, `a ${a}`];
  if (s.parallel.tp > 1) parts.push(`÷ tp ${s.parallel.tp}${s.parallel.sp ? ' (with SP)' : ' (internals)'}`);
  return parts.join(', ');
}

/**
 * torchtitan's per-op selective activation checkpointing (`activation_checkpoint.mode = "selective"`,
 * `selective_ac_option = "op"`; torchtitan/models/llama3/infra/parallelize.py `_apply_ac_to_transformer_block`,
 * 2024-10 → main): inside each block the policy saves the outputs of the ops in `_save_list`
 * (aten.mm, the SDPA flash/efficient kernels, reduce-scatter) but recomputes every second mm
 * (`meta["mm_count"] % 2 == 0` → recompute), and recomputes everything else (norms, SiLU, products).
 * For a Llama block the mm order is wq, wk, wv, wo, w1, w3, w2, so it keeps wq, wv, w1 and w2's
 * outputs, SDPA's output and fp32 log-sum-exp, and the block input that checkpointing always keeps.
 */
export function perOpSavedTensors(s: Scenario): SavedTensor[] {
  const { hidden: h, heads: a, kvHeads: g, headDim: d, ffn: f } = s.model.arch;
  const e = activationBytes(s);
  return [
    { name: 'block input', symbol: 'h', width: h, bytes: residualBytes(s), tpSplit: false },
    { name: 'wq output', symbol: 'a·d', width: a * d, bytes: e, tpSplit: true },
    { name: 'wv output', symbol: 'g·d', width: g * d, bytes: e, tpSplit: true },
    { name: 'SDPA output', symbol: 'a·d', width: a * d, bytes: e, tpSplit: true },
    { name: 'SDPA log-sum-exp, fp32', symbol: 'a', width: a, bytes: 4, tpSplit: true },
    { name: 'w1 (gate) output', symbol: 'f', width: f, bytes: e, tpSplit: true },
    { name: 'w2 (down) output', symbol: 'h', width: h, bytes: e, tpSplit: false },
  ];
}

/**
 * Host RAM for layer inputs that checkpointing moved off the GPU: Unsloth's
 * `Unsloth_Offloaded_Gradient_Checkpointer` (`hidden_states.to("cpu", non_blocking=True)` in forward,
 * back to the GPU in backward; unsloth/models/_utils.py, 2024.4 → main) and torchtune's
 * `OffloadActivations` with activation checkpointing (torchtune/training/_activation_offloading.py).
 */
export function offloadedActivationHostBytes(s: Scenario, l: Layout): number {
  if (s.recompute !== 'offloaded') return 0;
  return checkpointedInputBytes(s) * l.layersOnStage;
}

/** One decoder layer's input as checkpointing keeps it: s·b·h in the residual dtype, split by TP under sequence parallelism. */
function checkpointedInputBytes(s: Scenario): number {
  return (tokensPerGpu(s) * s.model.arch.hidden * residualBytes(s)) / (s.parallel.sp ? s.parallel.tp : 1);
}

/**
 * All decoder layers' saved activations on one GPU.
 * Full recompute (HF gradient checkpointing per decoder layer) keeps only each layer's input,
 * 2·s·b·h in the residual dtype; the layer being recomputed is counted in `recomputeWorkingSet`.
 */
export function activations(s: Scenario, l: Layout): Component {
  const layers = l.layersOnStage;
  const inFlight = inFlightMicroBatches(s);
  const stages = inFlight > 1 ? ` × ${num(inFlight)} micro-batches in flight${(s.parallel.vpp ?? 1) > 1 ? ` (interleaved, vpp ${s.parallel.vpp})` : ''}` : '';
  if (s.recompute === 'offloaded') {
    // Inputs go to the host as each layer finishes; one is in flight (copying out, or back for its backward).
    const residual = residualBytes(s);
    const perLayer = checkpointedInputBytes(s);
    return {
      key: 'activations',
      name: 'activations (checkpointed inputs offloaded to host)',
      group: 'activations',
      bytes: perLayer * inFlight,
      formula: `1 layer in flight × ${residual}·s·b·h${stages} (${layers} layers' inputs on the host), s ${s.seq / s.parallel.cp}, b ${s.microBatch}, h ${s.model.arch.hidden}`,
    };
  }
  if (s.recompute === 'per-op') {
    const tensors = perOpSavedTensors(s);
    return {
      key: 'activations',
      name: 'activations (per-op selective checkpointing)',
      group: 'activations',
      bytes: layerBytes(s, tensors) * layers * inFlight,
      formula: `${layers} layers × (${layerFormula(tensors)}) B${stages}, ${dims(s)}`,
    };
  }
  if (s.recompute === 'full') {
    const residual = residualBytes(s);
    const perLayer = checkpointedInputBytes(s);
    return {
      key: 'activations',
      name: 'activations (checkpointed layer inputs)',
      group: 'activations',
      bytes: perLayer * layers * inFlight,
      formula: `${layers} layers × ${residual}·s·b·h${stages}, s ${s.seq / s.parallel.cp}, b ${s.microBatch}, h ${s.model.arch.hidden}`,
    };
  }
  const tensors = layerTensors(s);
  return {
    key: 'activations',
    name: 'activations',
    group: 'activations',
    bytes: layerBytes(s, tensors) * layers * inFlight,
    formula: `${layers} layers × (${layerFormula(tensors)}) B${stages}, ${dims(s)}`,
  };
}

/** The one layer whose activations are rebuilt during backward under full recomputation. */
export function recomputeWorkingSet(s: Scenario): Component | null {
  if (s.recompute === 'none' || s.recompute === 'selective') return null;
  const tensors = layerTensors(s);
  if (s.recompute === 'per-op') {
    // Only what the policy did not save is rebuilt, one layer at a time.
    const bytes = Math.max(0, layerBytes(s, tensors) - layerBytes(s, perOpSavedTensors(s)));
    return { key: 'recompute', name: 'recomputed ops of one layer (backward)', group: 'activations', bytes, formula: `1 layer × (${layerFormula(tensors)}) B − the saved ops` };
  }
  return {
    key: 'recompute',
    name: 'recomputed layer (backward)',
    group: 'activations',
    bytes: layerBytes(s, tensors),
    formula: `1 layer × (${layerFormula(tensors)}) B`,
  };
}

/**
 * Gradients of one layer's largest intermediates while its backward runs: down_proj's backward
 * yields d(product); the SwiGLU product rule then yields d(SiLU(gate)) and d(up) while it is
 * alive — three s·b·f tensors (two for a plain MLP).
 */
export function backwardWorkingSet(s: Scenario): Component {
  const e = activationBytes(s);
  const f = s.model.arch.ffn;
  const k = (s.model.arch.experts ?? 0) > 1 ? s.model.arch.expertsPerToken ?? 1 : 1;
  const n = s.model.arch.mlp === 'gated' ? 3 : 2;
  const bytes = (n * e * tokensPerGpu(s) * k * f) / s.parallel.tp;
  return {
    key: 'backward-ws',
    name: 'layer gradients in flight (backward)',
    group: 'activations',
    bytes,
    formula: `${n} × ${e} B × ${count(tokensPerGpu(s))} tokens × f ${f}${k > 1 ? ` × ${k} experts` : ''}${s.parallel.tp > 1 ? ` ÷ tp ${s.parallel.tp}` : ''}`,
  };
}

/** Final norm before the LM head keeps its fp32 input and 16-bit output like a layer norm. */
export function finalNormActivations(s: Scenario): Component {
  const tensors = normTensors(s, 'final', true);
  const perToken = tensors.reduce((sum, x) => sum + x.width * x.bytes, 0);
  return {
    key: 'final-norm',
    name: 'final norm',
    group: 'activations',
    bytes: (perToken * tokensPerGpu(s)) / (s.parallel.sp ? s.parallel.tp : 1),
    formula: `(${layerFormula(tensors)}) B, s ${s.seq / s.parallel.cp}, b ${s.microBatch}`,
  };
}
