import { MODEL_KEYS } from './models.js';
import { blockPathTargets } from './lora-module-path.js';
import { adapterKeysUnlessOff } from './adapter-off.js';
import { flag, numeric } from './readers.js';
import { fourBitFloat } from './weight-format-names.js';
import { attention } from './savers.js';
import { predictsOnly } from './training.js';
import { IGNORE, isFalse, isTrue, numberOf, say, unquote, type Handler, type KeyContext, type KeyReading, type KeyTable } from './values.js';

/** Fine-tuning methods: LoRA and its targets, full fine-tunes, weight quantisation. */

/**
 * LoRA target module names → the request's q,k,v,o,gate,up,down. Architectures name their linear layers their own
 * way, and a list that names each of them is every linear layer ("all-linear"): GPT-NeoX / Falcon / ChatGLM's
 * query_key_value, dense, dense_h_to_4h, dense_4h_to_h (h2oai/h2ogpt, corpus c2217: Falcon-40B's four, read as
 * q,k,v,o), Phi's fc1 / fc2, Phi-3's gate_up_proj, InternLM2's wqkv, wo, w1, w2, w3, GPT-2's c_attn, c_proj, c_fc.
 * An MLP's one input projection (dense_h_to_4h, fc1, c_fc: fused gate and up in ChatGLM, the only one in Falcon
 * and Phi-2) is read as gate and up, so naming it with the output covers the block's MLP whatever its shape.
 */
const MODULES: [RegExp, string[]][] = [
  [/q_?proj|\bq\b|query(?!_key)/, ['q']],
  [/k_?proj|\bk\b|(?<!query_)key(?!_value)/, ['k']],
  [/v_?proj|\bv\b|(?<!key_)value/, ['v']],
  [/o_?proj|out(?:put)?_?proj|\bo\b|\bwo\b|dense(?!_)|\bc_proj\b/, ['o']],
  [/gate_?proj|\bw1\b/, ['gate']],
  [/up_?proj|\bw3\b/, ['up']],
  [/down_?proj|\bw2\b|dense_4h_to_h|\bfc_?(?:2|out)\b|\bc_proj\b/, ['down']],
  // Fused projections: Qwen-1 c_attn, Falcon/BLOOM query_key_value, Baichuan W_pack.
  [/c_attn|query_key_value|w_pack|qkv_proj|wqkv/, ['q', 'k', 'v']],
  // An MLP's fused or only input projection: Phi-3 gate_up_proj, ChatGLM / NeoX dense_h_to_4h, Phi / OPT fc1, GPT-2 c_fc.
  [/gate_up_proj|dense_h_to_4h|\bfc_?(?:1|in)\b|\bc_fc\b/, ['gate', 'up']],
];
export const targets: Handler = (v, ctx) => {
  const value = unquote(v.replace(/[[\]]/g, ''));
  if (/^(all|all[-_]linear|all_proj)$/.test(value)) return say('lora all-linear');
  const found = new Set<string>();
  for (const [re, names] of MODULES) if (re.test(value)) for (const n of names) found.add(n);
  // torchtune's lora_attn_modules name the attention projections; apply_lora_to_mlp adds the MLP.
  if (isTrue(ctx.values?.get('apply_lora_to_mlp') ?? '')) for (const n of ['gate', 'up', 'down']) found.add(n);
  const order = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'].filter((t) => found.has(t));
  return order.length ? say(`lora ${order.join(',')}`) : IGNORE;
};

/** Weight quantisation names of vLLM `--quantization`, TGI `QUANTIZE`, litgpt `--quantize`. */
export const quantization: Handler = (v, ctx) => {
  const value = unquote(v);
  // A 4-bit float named (mxfp4, nvfp4, modelopt_fp4) is itself, before "fp4" reads as bitsandbytes below.
  const float4 = fourBitFloat(value);
  if (float4) return float4;
  if (/awq/.test(value)) return say('awq');
  // vLLM's bare `--quantization marlin` names the kernel, which runs 4-bit GPTQ and AWQ
  // checkpoints alike (vllm/model_executor/layers/quantization): the model's name says which.
  if (value === 'marlin' && MODEL_KEYS.some((k) => /awq/.test(ctx.values?.get(k) ?? ''))) return say('awq');
  if (/gptq|marlin|exl2/.test(value)) return say('gptq');
  if (/fp8/.test(value)) return say('fp8 weights');
  // litgpt's "bnb.nf4-dq": NF4 with double quantisation of the scales.
  if (/nf4[-_.]?dq|double/.test(value)) return say('nf4 dq');
  if (/nf4|fp4|bitsandbytes|bnb|4bit/.test(value)) return say('nf4');
  // FastDeploy's weight-only integers (`--quantization wint4` / `wint8`, its docs' quantization/wint2.md … online_quantization):
  // ERNIE-4.5 served by FastDeploy (PaddlePaddle/FastDeploy#2720, c1751; c1754).
  if (/^wint4$/.test(value)) return say('int4');
  // MLC-LLM's codes (`--quantization q4f16_1`, mlc-chat-config.json's "quantization": "q4f32_1"): 4- or 8-bit integer
  // weights in groups, then the compute dtype (mlc_llm/quantization/quantization.py), as prose.mlc-quant reads them in a
  // model's name; "q0f16" is no quantisation (mlc-ai/mlc-llm#2686, c1762: "quantization：q4f32_1" in the app's config).
  const mlc = /^q([48])f(?:16|32)_\d$/.exec(value);
  if (mlc) return say(mlc[1] === '4' ? 'int4' : 'int8');
  if (/int8|8bit|eetq/.test(value)) return say('int8');
  // AutoTrain's `--quantization int4` beside `--use-peft` loads the base with bitsandbytes in 4 bits,
  // NF4 (autotrain/trainers/clm/utils.py: BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4")):
  // a QLoRA base (onlybooks/llm#12, c944; its int8 is LLM.int8). Elsewhere (xinference's `--quantization Int4` beside
  // `--model-format gptq`, c349) the checkpoint's format says which.
  if (/^int4$/i.test(value) && [...ctx.keys].some((k) => LORA_ONLY_KEY.test(k))) return say('nf4');
  // llama-recipes' train_config `quantization: bool` (before it took "4bit"/"8bit") loads the model in 8-bit.
  if (isTrue(value) && ctx.keys.has('use_peft')) return say('int8');
  return IGNORE;
};

/** TGI's and DJL's quantize method: a bare "bitsandbytes" is LLM.int8 there, the other names as vLLM's. */
export const quantizeMethod: Handler = (v, ctx) => (unquote(v) === 'bitsandbytes' ? say('int8') : quantization(v, ctx));

/**
 * IPEX-LLM's low-bit names (ipex_llm/ggml/quantize.py ggml_tensor_qtype): sym_int4 / asym_int4 / woq_int4
 * are 4-bit integers with a 16-bit scale per block (read as int4), sym_int8 8-bit, nf4 / fp4 bitsandbytes-like
 * 4-bit, fp8 / fp8_e4m3 / fp8_e5m2 8-bit floats; fp16 and bf16 leave the weights unquantised.
 */
export function ipexLowBit(value: string): KeyReading {
  const v = value.toLowerCase();
  if (/^(?:a?sym_int4|woq_int4|int4)$/.test(v)) return say('int4');
  if (/^(?:sym_int8|int8)$/.test(v)) return say('int8');
  if (/^(?:nf4|fp4|nf3)$/.test(v)) return say('nf4');
  if (/^fp8(?:_e4m3|_e5m2)?$/.test(v)) return say('fp8 weights');
  if (v === 'fp16' || v === 'bf16') return say(v);
  return IGNORE;
}

/** ExecuTorch's quantisation modes as the item language's weights. */
function executorchMode(mode: string): KeyReading {
  if (/^(?:8da4w(?:-gptq)?|4w|vulkan_4w)$/.test(mode)) return say('int4', `ExecuTorch's ${mode} (4-bit weights in groups) sized as 4-bit integer weights`);
  if (mode === 'int8') return say('int8');
  return IGNORE;
}

const loadIn =
  (weights: 'nf4' | 'int8'): Handler =>
  (v) =>
    isTrue(v) ? say(weights) : IGNORE;

const finetuningType: Handler = (v, ctx) => {
  const value = unquote(v);
  // A prediction run (training.ts predictsOnly) loads the adapter it names; it trains none.
  if (predictsOnly(ctx)) return IGNORE;
  if (value === 'lora') return say('lora');
  if (value === 'qlora') return say('qlora');
  if (value === 'full') return say('full');
  if (value === 'freeze') return { ignore: true, note: 'finetuning_type freeze (partial freezing) is not modelled: read as a full fine-tune' };
  return IGNORE;
};

export const adapter: Handler = (v) => {
  const value = unquote(v);
  if (value === 'qlora') return say('qlora');
  if (value === 'lora') return say('lora');
  return IGNORE;
};

/** litgpt's per-layer LoRA switches → the request's targets (lora_projection is the attention output, lora_mlp the MLP). */
const LITGPT_TARGETS: [string, string[]][] = [
  ['lora_query', ['q']],
  ['lora_key', ['k']],
  ['lora_value', ['v']],
  ['lora_projection', ['o']],
  ['lora_mlp', ['gate', 'up', 'down']],
];
const litgptTargets: Handler = (_v, ctx) => {
  const first = LITGPT_TARGETS.map(([k]) => k).concat('lora_head').find((k) => ctx.keys.has(k));
  if (!ctx.values || first === undefined || !ctx.values.has(first)) return IGNORE;
  // Read once, at the first switch written; the others are blanked.
  if (ctx.current !== first) return IGNORE;
  const on = LITGPT_TARGETS.filter(([k]) => isTrue(ctx.values!.get(k) ?? '')).flatMap(([, t]) => t);
  return on.length ? say(`lora ${on.join(',')}`) : IGNORE;
};

/** Keys only a LoRA run sets (PEFT's LoraConfig, its spellings in the trainers). */
const LORA_ONLY_KEY = /^(?:r|lora_\w+|target_modules|use_peft|use_lora|peft_\w+|use_dora)$/;

/** The message speaks of LoRA: the word, a LoRA key beside, or an adapter block around the key. */
export function loraContext(ctx: KeyContext): boolean {
  return ctx.loraNamed === true || (ctx.parent !== null && /lora|peft|adapter/.test(ctx.parent)) || [...ctx.keys].some((k) => LORA_ONLY_KEY.test(k));
}

/** The key is written as a shell variable in capitals (`RANK=0`, `$RANK`): a launcher's environment, not a LoRA setting. */
const launcherVariable = (ctx: KeyContext): boolean => ctx.spelling !== undefined && /^[A-Z][A-Z0-9_]*$/.test(ctx.spelling);

/**
 * A process's place in a distributed run beside the key (`local_rank`, `world_size`, `node_rank`): the
 * launcher's or the trainer's log line "rank: 0, local_rank: 0, world_size: 2, local_world_size: 2"
 * (ms-swift's `[INFO:swift]` start-up line, modelscope/ms-swift#5292, c1862: refused as LoRA rank 0 in a
 * LoRA run), torchelastic's "rank : 1 (local_rank: 1)". A LoRA block never holds these keys.
 */
const DISTRIBUTED_KEY = /^(?:local_rank|global_rank|node_rank|world_size|local_world_size|group_rank|nproc_per_node|master_addr|master_port)$/;
const processRank = (ctx: KeyContext): boolean => [...ctx.keys].some((k) => DISTRIBUTED_KEY.test(k));

/**
 * A bare `rank` taken as LoRA's only because LoRA is named somewhere in the message (not by a LoRA
 * key beside it, nor inside an adapter block) rests on that guess: the reading is weak, so a value no
 * LoRA has (rank 0) is set aside and said (scenario/ranges.ts setAsideOutOfRangeInProse), not refused.
 */
const bareRank: Handler = (v, ctx) => {
  if (launcherVariable(ctx) || processRank(ctx) || !loraContext(ctx)) return IGNORE;
  const reading = numeric('lora rank')(v, ctx);
  const beside = (ctx.parent !== null && /lora|peft|adapter/.test(ctx.parent)) || [...ctx.keys].some((k) => LORA_ONLY_KEY.test(k));
  return reading && 'say' in reading && !beside ? { ...reading, weak: true } : reading;
};

/**
 * DeepSpeed-Chat's `--lora_dim N`: LoRA of rank N. Its step scripts freeze the base only under `--only_optimize_lora`
 * (step1_supervised_finetuning/main.py): without it every weight trains beside the branches, a full fine-tune, and
 * that is what holds the memory (every weight's gradient and optimizer states). So the flag alone reads as the full
 * fine-tune the script runs, weak and said with the LoRA branches (c2791, c1899); where the words call the run LoRA
 * ("Yi-34B lora微调", c412) the user's own reading stands, said with what the script does.
 */
const loraDim: KeyTable[string]['reads'] = (v, ctx) => {
  const rank = numberOf(v);
  if (!(rank > 0)) return IGNORE;
  if (ctx.keys.has('only_optimize_lora')) return say(`lora rank ${rank}`);
  if (ctx.loraSaid) {
    return say(`lora rank ${rank}`, `--lora_dim ${rank} without --only_optimize_lora: DeepSpeed-Chat adds LoRA branches of rank ${rank} but trains every weight beside them; read as LoRA, as you wrote (say "full" to estimate every weight trained)`);
  }
  const note = `--lora_dim ${rank} without --only_optimize_lora: DeepSpeed-Chat adds LoRA branches of rank ${rank} but trains every weight beside them; read as a full fine-tune (say "lora" if the base was frozen)`;
  return { say: 'full', note, weak: true };
};

/** Each key: what its value says in request words, and the source where one is cited. */
const ADAPTER_KEY_TABLE: KeyTable = {
  r: { reads: numeric('lora rank') },
  lora_r: { reads: numeric('lora rank') },
  lora_rank: { reads: numeric('lora rank') },
  // DeepSpeed-Chat (applications/DeepSpeed-Chat, training/utils/module/lora.py): --lora_dim is the
  // rank (0, its default, is no LoRA); --lora_module_name a part of the module names that get LoRA:
  // a block path ("decoder.layers.", "transformer.h.") is every linear layer in the blocks of a model
  // whose module names hold it, and none of another's (lora-module-path.ts).
  // Its step scripts (step1_supervised_finetuning/main.py) freeze the base only under --only_optimize_lora: without it
  // every weight trains beside the branches, a full fine-tune (deepspeedai/DeepSpeedExamples#551, corpus c2791).
  lora_dim: { reads: loraDim, source: 'DeepSpeed-Chat training/utils/module/lora.py, training/step1_supervised_finetuning/main.py' },
  lora_module_name: { reads: (v, ctx) => (/proj|attn|mlp/.test(unquote(v)) ? targets(v, ctx) : /(?:^|\.)(?:layers|h|blocks|layer)\.?$/.test(unquote(v)) ? blockPathTargets(v, ctx) : IGNORE), source: 'DeepSpeed-Chat training/utils/module/lora.py' },
  only_optimize_lora: { reads: flag('lora') },
  // A bare `rank` is LoRA's only beside LoRA: mlx-lm's `lora_parameters: {rank: 16}` (ml-explore/mlx#1406),
  // "the lora target modules are […], rank=16" (unslothai/unsloth#2937). Elsewhere it is a process's
  // rank — torchelastic's failure summary "rank : 1 (local_rank: 1)" (MoFHeka/LLaMA-Megatron#1),
  // TGI's "Starting shard rank=0" — which sets nothing.
  // A launch script's `RANK=0` (capitals, a shell variable) is torchrun's / the deepspeed launcher's
  // process rank (torch/distributed/run.py sets RANK, LOCAL_RANK, NODE_RANK, WORLD_SIZE), never a
  // LoRA rank, even in a LoRA run (hiyouga/LlamaFactory#6187, c794: `NPROC_PER_NODE=3 NNODES=1 RANK=0`
  // above `finetuning_type: lora`, refused as LoRA rank 0); a LoRA rank comes from a LoRA key.
  rank: { reads: bareRank, source: 'mlx-lm mlx_lm/tuner/utils.py; MoFHeka/LLaMA-Megatron#1; torch/distributed/run.py; hiyouga/LlamaFactory#6187; modelscope/ms-swift#5292' },
  lora_alpha: { reads: numeric('lora alpha') },
  alpha: { reads: numeric('lora alpha') },
  lora_dropout: { reads: numeric('lora dropout') },
  target_modules: { reads: targets },
  lora_target: { reads: targets },
  lora_target_modules: { reads: targets },
  lora_attn_modules: { reads: targets },
  // Chinese-LLaMA-Alpaca(-2)'s run_sft.sh / run_pt.sh: `lora_trainable="q_proj,v_proj,…"` passed on as
  // `--trainable ${lora_trainable}` (run_clm_sft_with_peft.py's target modules); c486, c941, c942.
  lora_trainable: { reads: targets, source: 'ymcui/Chinese-LLaMA-Alpaca scripts/training/run_sft.sh; ymcui/Chinese-LLaMA-Alpaca#406, #807' },
  trainable: { reads: (v, ctx) => (loraContext(ctx) ? targets(v, ctx) : IGNORE), source: 'ymcui/Chinese-LLaMA-Alpaca scripts/training/run_clm_sft_with_peft.py' },
  lora_target_linear: { reads: (v) => (isTrue(v) ? say('lora all-linear') : IGNORE) },
  use_peft: { reads: flag('lora') },
  // LMFlow's, Qwen-VL's and parler-tts's finetune scripts switch LoRA on by --use_lora (OptimalScale/LMFlow#213,
  // c896: "add --use_lora parameter"; c419 "--use_lora 'true'"; Yuliang-Liu/Monkey#41; huggingface/parler-tts#217).
  use_lora: { reads: flag('lora'), source: 'OptimalScale/LMFlow#213; Yuliang-Liu/Monkey#41; huggingface/parler-tts#217' },
  // ms-swift `--train_type` (ms-swift docs, "Command Line Parameters": lora, full, …).
  train_type: {
    reads: (v) => {
      const value = unquote(v);
      return value === 'lora' ? say('lora') : value === 'full' ? say('full') : IGNORE;
    },
    source: 'ms-swift docs, "Command Line Parameters"',
  },
  // ms-swift 2.x `--sft_type` (lora by default; longlora and adalora train LoRA adapters too;
  // ms-swift 2.x docs, "Command Line Arguments"), renamed `--train_type` in 3.0.
  sft_type: {
    reads: (v) => {
      const value = unquote(v);
      return /^(?:lora|longlora|adalora)$/.test(value) ? say('lora') : value === 'full' ? say('full') : IGNORE;
    },
    source: 'ms-swift 2.x docs, "Command Line Arguments"; modelscope/ms-swift#1859',
  },
  // mlx-lm's `lora_parameters: {keys, rank, scale, dropout}` (mlx_lm/tuner/utils.py linear_to_lora_layers):
  // `keys` are the module paths that get adapters; rank and dropout are read by their own keys.
  keys: { reads: (v, ctx) => (ctx.parent === 'lora_parameters' ? targets(v, ctx) : null), source: 'mlx-lm mlx_lm/tuner/utils.py' },
  lora_parameters: { reads: () => IGNORE, source: 'mlx-lm mlx_lm/tuner/utils.py' },
  // ms-swift `--quant_bits 4|8` quantises the base with bitsandbytes by default (quant_method bnb).
  quant_bits: {
    reads: (v) => {
      const n = numberOf(v);
      return n === 4 ? say('nf4') : n === 8 ? say('int8') : IGNORE;
    },
    source: 'ms-swift docs, "Command Line Parameters"',
  },
  attn_impl: { reads: attention },
  // litgpt finetune/lora.py: which layers get adapters, one boolean each (lora_query … lora_head):
  // read once, at the first of them, from all their values.
  lora_query: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  lora_key: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  lora_value: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  lora_projection: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  lora_mlp: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  lora_head: { reads: litgptTargets, source: 'litgpt finetune/lora.py' },
  // llama-recipes train_config / fsdp_config (src/llama_recipes/configs/training.py, fsdp.py;
  // policies by utils/train_utils.get_policies): enable_fsdp shards with FSDP; mixed_precision
  // with use_fp16 False is the bf16 policy, with use_fp16 True fp16; pure_bf16 loads bf16 weights.
  enable_fsdp: { reads: flag('fsdp'), source: 'llama-recipes src/llama_recipes/configs/training.py, fsdp.py' },
  batch_size_training: { reads: numeric('bs') },
  use_fp16: { reads: (v, ctx) => (isTrue(v) && !ctx.keys.has('mixed_precision') ? say('fp16 mixed') : IGNORE), source: 'llama-recipes src/llama_recipes/configs/training.py, fsdp.py' },
  pure_bf16: { reads: flag('pure bf16'), source: 'llama-recipes src/llama_recipes/configs/training.py, fsdp.py' },
  q_lora: { reads: flag('qlora') },
  qlora: { reads: flag('qlora') },
  peft_type: { reads: (v) => (/lora/.test(unquote(v)) ? say('lora') : IGNORE) },
  finetuning_type: { reads: finetuningType },
  // Unsloth FastModel.from_pretrained(full_finetuning=…): False is its adapter path (get_peft_model).
  full_finetuning: { reads: (v) => (isTrue(v) ? say('full') : isFalse(v) ? say('lora', 'full_finetuning False: read as LoRA (Unsloth adds adapters with get_peft_model)') : IGNORE), source: 'Unsloth FastModel.from_pretrained' },
  adapter: { reads: adapter },
  load_in_4bit: { reads: loadIn('nf4') },
  load_in_8bit: { reads: loadIn('int8') },
  // IPEX-LLM's own names for its weight formats: from_pretrained(load_in_low_bit="sym_int4") and the
  // `--load-in-low-bit sym_int4` of its vLLM and benchmark scripts (intel/ipex-llm#12080, c1164).
  load_in_low_bit: { reads: (v) => ipexLowBit(unquote(v)), source: 'intel/ipex-llm python/llm/src/ipex_llm/ggml/quantize.py ggml_tensor_qtype; intel/ipex-llm#12080' },
  // FastChat's and alpaca-lora's generate flags (--load-8bit, --load_8bit).
  load_8bit: { reads: loadIn('int8'), source: 'FastChat and alpaca-lora generate flags' },
  load_4bit: { reads: loadIn('nf4'), source: 'FastChat and alpaca-lora generate flags' },
  // A bare `--int8` switch: elk's `elk elicit huggyllama/llama-65b imdb --int8` loads the model with bitsandbytes'
  // LLM.int8 (EleutherAI/elk#238, c2742), as other research scripts' --int8 do; it had been set aside as unknown.
  int8: { reads: loadIn('int8'), source: 'EleutherAI/elk#238' },
  // Its 4-bit twin (`--int4`): 4-bit integer weights, the item language's int4.
  int4: { reads: flag('int4') },
  // ExecuTorch's export_llama `--quantization_mode` (its short flag -qmode, patterns.ts SHORT_FLAGS): 8da4w (4-bit weights in groups, 8-bit dynamic activations,
  // its Llama tutorial's default, as in pytorch/executorch#3599, c2810), 4w, 8da4w-gptq: 4-bit weights; int8: 8-bit.
  quantization_mode: { reads: (v) => executorchMode(unquote(v)), source: 'pytorch/executorch examples/models/llama/export_llama_lib.py' },
  // HQQ's width (`HqqConfig(nbits=4, group_size=64)`, transformers' HQQ integration): 4- or 8-bit integer weights in
  // groups, sized as the item language's int4 / int8; 1-3 bits are not modelled, said.
  nbits: {
    reads: (v, ctx) => {
      const n = numberOf(v);
      if (n === 4) return say('int4');
      if (n === 8) return say('int8');
      return n > 0 && n < 4 && ctx.keys.has('group_size') ? { ignore: true, note: `HQQ's nbits=${n} (${n}-bit weights) is not modelled: 16-bit weights assumed` } : IGNORE;
    },
    source: 'transformers HqqConfig (nbits, group_size)',
  },
  // FlexGen's (FlexLLMGen's) `--compress-weight`: group-wise 4-bit weights (flexllmgen/flex_opt.py, CompressionConfig num_bits 4).
  compress_weight: { reads: flag('int4'), source: 'FMInference/FlexLLMGen flexllmgen/flex_opt.py; FMInference/FlexLLMGen#4' },
  // llama-recipes --peft_method lora|llama_adapter|prefix (configs/peft.py): LoRA's is the one modelled.
  peft_method: { reads: (v) => (unquote(v) === 'lora' ? say('lora') : IGNORE), source: 'llama-recipes configs/peft.py' },
  bnb_4bit_use_double_quant: { reads: (v) => (isTrue(v) ? say('nf4 dq') : IGNORE) },
  // TRL's ModelConfig spells the same switch use_bnb_nested_quant (trl/trainer/model_config.py, passed on as
  // bnb_4bit_use_double_quant by get_quantization_config): "load_in_4bit: true / use_bnb_nested_quant: true"
  // (huggingface/trl#2864, corpus c338) had read plain NF4.
  use_bnb_nested_quant: { reads: (v) => (isTrue(v) ? say('nf4 dq') : IGNORE), source: 'TRL trl/trainer/model_config.py ModelConfig.use_bnb_nested_quant' },
  // LLaMA-Factory's names for the same bitsandbytes settings (hparams/model_args.py: quantization_type, double_quantization).
  // Its default is true, so only a config that also quantises says anything by it.
  double_quantization: { reads: (v, ctx) => (isTrue(v) && ['quantization_bit', 'quantization_type', 'quantization_method'].some((k) => ctx.keys.has(k)) ? say('nf4 dq') : IGNORE), source: 'LLaMA-Factory hparams/model_args.py' },
  quantization_type: { reads: (v) => (unquote(v).toLowerCase() === 'nf4' ? say('nf4') : IGNORE), source: 'LLaMA-Factory hparams/model_args.py' },
  bnb_4bit_quant_type: { reads: (v) => (/nf4|fp4/.test(unquote(v)) ? say('nf4') : IGNORE) },
  quantization_bit: {
    reads: (v, ctx) => {
      const n = numberOf(v);
      // LLaMA-Factory leaves a checkpoint quantised already (GPTQ, AWQ) as it is: "`quantization_bit`
      // will not affect on the PTQ-quantized models" (model/model_utils/quantization.py).
      const ptq = MODEL_KEYS.map((k) => ctx.values?.get(k) ?? '').find((m) => /gptq|awq/.test(m));
      if (ptq && (n === 4 || n === 8)) return { ignore: true, note: `quantization_bit ${n} does not re-quantise "${unquote(ptq).split('/').pop()}", already quantised (LLaMA-Factory)` };
      return n === 4 ? say('nf4') : n === 8 ? say('int8') : IGNORE;
    },
    source: 'LLaMA-Factory model/model_utils/quantization.py',
  },
  quantization: { reads: quantization },
  // CogVLM / CogCoM's SAT demos (`cli_demo_sat.py --quant 4`, choices 4 and 8): weight-only integer
  // quantisation of the linear layers (sat.quantization.kernels), 4 or 8 bits (zai-org/CogCoM#12, c935).
  quant: {
    reads: (v) => {
      const n = numberOf(v);
      return n === 4 ? say('int4') : n === 8 ? say('int8') : IGNORE;
    },
    source: 'zai-org/CogVLM README (cli_demo_sat.py --quant 4); zai-org/CogCoM#12, #23 ("--fp16 --quant 8")',
  },
  // TGI's `--quantize` / QUANTIZE: a bare "bitsandbytes" is its 8-bit LLM.int8 ("bitsandbytes-nf4"
  // and "-fp4" are the 4-bit ones; TGI launcher docs, --quantize). litgpt spells its own "bnb.nf4".
  quantize: { reads: (v, ctx) => quantizeMethod(v, ctx), source: 'TGI text-generation-launcher --quantize; huggingface/text-generation-inference#1180' },
  quantization_method: { reads: quantization },
  // DJL LMI's OPTION_QUANTIZE, the environment spelling of serving.properties' option.quantize (whose dotted
  // path reads as `quantize`): "OPTION_QUANTIZE": "awq" (deepjavalibrary/djl#3445, c1505). Its sibling
  // option.quantization=bitsandbytes (deepjavalibrary/djl#3545) reads as `quantization` by its last part.
  option_quantize: { reads: (v, ctx) => quantizeMethod(v, ctx), source: 'deepjavalibrary/djl#3445' },
  option_quantization: { reads: quantization, source: 'deepjavalibrary/djl#3545' },
};

/** The adapter's settings are read only while no switch of their config turns it off (adapter-off.ts). */
export const ADAPTER_KEYS: KeyTable = adapterKeysUnlessOff(ADAPTER_KEY_TABLE, [
  'r', 'lora_r', 'lora_rank', 'rank', 'lora_alpha', 'alpha', 'lora_dropout', 'target_modules', 'lora_target', 'lora_target_modules',
  'lora_attn_modules', 'lora_trainable', 'lora_target_linear', 'lora_dim', 'lora_module_name',
]);
