import { gpuById } from '../catalog/index.js';
import { namesLmdeploy } from '../language/config-keys/lmdeploy.js';
import type { Item } from '../language/items.js';
import { nativeWeightFormat } from '../memory/checkpoint.js';
import { isGgufFormat } from '../memory/gguf.js';
import type { ErrorReply } from '../reply/types.js';
import { DEFAULT_WORDS, defaultWeights } from './defaults.js';
import { llamafactoryDtypeRecipe } from './llamafactory-dtype.js';
import { DOUBLE_QUANT_BY_DEFAULT, presetFor } from './presets.js';
import type { Slot } from './patch.js';
import type { Resolution } from './resolution.js';
import type { Scenario, WeightFormat } from './schema.js';

/** The precision step of a resolution (resolve-steps.ts): compute dtype, mixed-precision recipe and weight format. */

/** The GGUF type of a width said generically ("4bit" reads as NF4, "int4" as GPTQ, "8bit" as int8 elsewhere). */
const GGUF_OF_GENERIC: Partial<Record<WeightFormat, WeightFormat>> = { nf4: 'q4_k_m', 'nf4-dq': 'q4_k_m', gptq: 'q4_k_m', awq: 'q4_k_m', int8: 'q8_0' };
/** A width with no format: "int4", "-4bit", "w4". */
const GENERIC_FOUR_BIT = /^[-_ ]?(?:int4|w4|4[-_ ]?bits?|q4)$/i;

/** A width said as weights and activations ("W8A8"), which FP8 and INT8 checkpoints share. */
const W8A8 = /^w8a8$/i;

/**
 * "fp32" beside "qlora" is no contradiction: QLoRA's 4-bit base computes in 16 bits, and what people
 * keep in fp32 there are the LoRA adapters and the optimizer's states (PEFT trains the adapters in fp32,
 * peft tuners/lora autocast_adapter_dtype; prepare_model_for_kbit_training casts the norms to fp32).
 * Read as QLoRA in 16-bit mixed precision, said with both switches, never refused. A 16-bit dtype said
 * too stays the compute; else the card decides below (fp16 on one without bf16).
 */
function qloraBesideFp32(r: Resolution, compute: Slot<Scenario['compute']> | undefined): Slot<Scenario['compute']> | undefined {
  const said = r.patch.get<Scenario['recipe']>('recipe')?.item.text.trim() ?? 'fp32';
  r.s.recipe = 'mixed';
  r.s.compute = 'bf16';
  const sixteen = compute && compute.value !== 'fp32' ? compute : undefined;
  r.assume(
    `"${said}" with QLoRA read as the dtype of the LoRA adapters and the optimizer (PEFT trains them in fp32); the 4-bit base computes in ${sixteen?.value ?? '16 bits'}, mixed precision (say lora fp32 for LoRA on an fp32 base)`,
  );
  return sixteen;
}

/** A dtype given as an engine's or loader's option (`--dtype half`, `dtype="float16"`, `torch_dtype=torch.bfloat16`), not a word of prose. */
const ENGINE_DTYPE = /dtype/i;

export const QUANTISED: WeightFormat[] = ['int8', 'nf4', 'nf4-dq', 'gptq', 'awq', 'fp8', 'mxfp4', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m', 'q2_k', 'exl2'];

/** A training bf16 said (or kept) on a card without it. */
const refusesBf16 = (name: string) => `the ${name} has no bf16: Hugging Face's bf16=True refuses it ("Your setup doesn't support bf16/gpu"); fp16 takes the same memory (say fp16)`;

export function precisionStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const before = r.base?.compute ?? 'bf16';
  let compute = r.patch.get<Scenario['compute']>('compute');
  const recipe = r.patch.get<Scenario['recipe']>('recipe');
  let weights = r.patch.get<WeightFormat>('weights');
  // In inference "fp8" names the stored weights (DESIGN §2 table: weight format fp8).
  if (s.mode === 'inference' && compute?.value === 'fp8') {
    // "W8A8" names a width, not a number format: beside "FP8" it is the same checkpoint described twice
    // (Neural Magic / RedHatAI's "-FP8" checkpoints are "FP8 W8A8"; llm-compressor's FP8 scheme is W8A8),
    // read as FP8 and said, never refused.
    if (weights && weights.value === 'int8' && W8A8.test(weights.item.text.trim())) {
      r.assume(`"${weights.item.text.trim()}" beside "${compute.item.text.trim()}" read as one FP8 checkpoint: W8A8 is 8-bit weights and activations, here in FP8 (say int8 for an INT8 W8A8 one)`);
      weights = undefined;
    }
    if (weights && weights.value !== 'fp8') {
      return r.err('weights', `"${compute.item.text}" and "${weights.item.text}" contradict each other: both set the weight format. Keep one of them.`);
    }
    weights = { value: 'fp8', item: compute.item };
    compute = undefined;
  }
  // fp8 compute carried over from training into inference means fp8 weights there.
  if (s.mode === 'inference' && !compute && s.compute === 'fp8') {
    s.compute = 'bf16';
    weights ??= { value: 'fp8', item: r.patch.get<Scenario['mode']>('mode')?.item ?? r.patch.items[0]! };
  }
  // "the fp16 gguf", "(F16 GGUF)": a GGUF named by its float type is a file of ggml's F16 / BF16 / F32 tensors,
  // not the runner's default Q4_K_M that the bare word "gguf" reads as (meta-llama/llama3#234, c2964).
  if (s.mode === 'inference' && weights && /^gguf$/i.test(weights.item.text.trim()) && compute && compute.value !== 'fp8') {
    r.assume(`"${compute.item.text.trim()} ${weights.item.text.trim()}" read as a GGUF of ${compute.value} tensors (say q4_k_m for a quantised file)`);
    weights = { value: compute.value as WeightFormat, item: weights.item };
  }
  if (recipe) s.recipe = recipe.value;
  // Weights loaded in 16 bits (`from_pretrained(…, torch_dtype=torch.float16)`) and then given a
  // LoRA: the frozen base is 16-bit and PEFT trains its adapters in fp32 under autocast (peft
  // tuners/lora autocast_adapter_dtype), which is mixed precision, not pure (huggingface/trl#1182, c667).
  if (recipe?.value === 'pure' && /torch_dtype/i.test(recipe.item.text) && (s.mode === 'lora' || s.mode === 'qlora')) {
    s.recipe = 'mixed';
    r.assume(`"${recipe.item.text.trim()}" under LoRA: the frozen base in ${compute?.value ?? s.compute}, the adapters in fp32 under autocast (mixed precision)`);
  }
  // LoRA on a 4-bit NF4 base is QLoRA (load_in_4bit with a LoRA adapter).
  if (s.mode === 'lora' && (weights?.value === 'nf4' || weights?.value === 'nf4-dq')) s.mode = 'qlora';
  if (s.mode === 'qlora' && s.recipe === 'fp32') compute = qloraBesideFp32(r, compute);
  if (compute) s.compute = compute.value;
  llamafactoryDtypeRecipe(r, compute?.value, recipe !== undefined);
  if (s.recipe === 'fp32' && !compute) s.compute = 'fp32';
  if (s.recipe !== 'fp32' && s.compute === 'fp32') s.compute = 'bf16';
  // Leaving fp32 for a 16-bit compute takes the framework's own recipe, as a fresh request would
  // (Megatron's fp32 main grads, torchtune's pure bf16), else mixed precision.
  if (s.recipe === 'fp32' && s.compute !== 'fp32') s.recipe = presetFor(s.framework, s.mode, r.gpus()).fields.recipe ?? 'mixed';
  // A card without bf16 (V100, T4): the 16-bit default is fp16, as the trainers there must run
  // (HF's bf16=True refuses them); same bytes, stated.
  // "how many V100s?" (InternLM/lmdeploy#585, c1087) names the card the model would run on, as "on a V100" does.
  const asked = r.patch.value<Scenario['question']>('question');
  const cardId = s.hardware?.gpuId ?? (asked?.kind === 'howMany' ? asked.gpuId : null);
  const card = cardId ? gpuById(cardId) : null;
  // A recipe said without its dtype ("amp", Unsloth's bf16=is_bfloat16_supported()) runs in fp16 there too.
  const noBf16 = r.isNew && !compute && s.compute === 'bf16' && !r.presetSet.has('compute') && card !== null && !card.bf16;
  if (noBf16) s.compute = 'fp16';
  // bf16 asked for on a card without it: estimated as asked (fp16 takes the same bytes), said.
  else if (compute?.value === 'bf16' && card && !card.bf16 && s.mode !== 'inference') {
    r.assume(refusesBf16(card.name));
  }
  // Serving bf16 asked for on such a card: vLLM refuses it below compute capability 8.0
  // (vllm/worker/worker.py _check_if_gpu_supports_dtype: "Bfloat16 is only supported on GPUs with
  // compute capability of at least 8.0 … use float16 instead … --dtype=half"); same bytes, said.
  else if (compute?.value === 'bf16' && card && !card.bf16 && s.mode === 'inference') {
    r.assume(`the ${card.name} has no bf16: vLLM refuses bf16 below compute capability 8.0 and runs with --dtype half (fp16); fp16 takes the same memory (say fp16)`);
  }
  const baseCard = r.base?.hardware?.gpuId ? gpuById(r.base.hardware.gpuId) : null;
  // A thread that moves its served model onto a card without bf16 (a title "Qwen-14B-Chat推理报错",
  // then "V100 32GB", InternLM/lmdeploy#800): the engine serves it in fp16 there, as a new request would.
  if (!r.isNew && !compute && s.mode === 'inference' && s.compute === 'bf16' && card && !card.bf16 && card !== baseCard) {
    s.compute = 'fp16';
    r.assume(`fp16 on the ${card.name}: it has no bf16 (compute capability below 8.0), so the model is served in fp16 (say bf16 if your engine runs otherwise)`);
  }
  // …and a follow-up moving from such a card to one with bf16 goes back to bf16, said.
  if (!r.isNew && !compute && !recipe && s.compute === 'fp16' && s.recipe === 'mixed' && baseCard && !baseCard.bf16 && card?.bf16 && card !== baseCard) {
    s.compute = 'bf16';
    r.assume(`bf16 on the ${card.name} (the thread's fp16 was for the ${baseCard.name}, which has no bf16; say fp16 to keep it)`);
  }
  // Whether the precision is a default (issue 22): stated by a dtype, a recipe or a framework's preset, it stays as said.
  if (compute || recipe || r.presetSet.has('compute') || s.recipe !== 'mixed') delete s.precisionUnstated;
  else if (r.isNew) s.precisionUnstated = true;
  // A thread whose opening stated no precision (bf16 by default) and whose follow-up names a card
  // without bf16 ("ChatGLM2 QLoRA 显存OOM", then "4张2080Ti", c471): the default follows the card
  // to fp16, as a new request there would; a stated bf16 stays, said as the card refuses it.
  if (!r.isNew && !compute && !recipe && s.mode !== 'inference' && s.compute === 'bf16' && card && !card.bf16 && card !== baseCard) {
    if (s.precisionUnstated) {
      s.compute = 'fp16';
      r.assume(`fp16 mixed precision with fp32 master weights on the ${card.name} (default: it has no bf16; the thread's bf16 was a default too, say bf16 to keep it)`);
    } else r.assume(refusesBf16(card.name));
  }
  // Inference has no training recipe: only its weight format is worth stating.
  if (r.isNew && !recipe && !r.presetSet.has('recipe') && s.mode !== 'inference') {
    r.assume(compute ? DEFAULT_WORDS.recipe : noBf16 ? `fp16 mixed precision with fp32 master weights, 16 B/param (the ${card!.name} has no bf16)` : DEFAULT_WORDS.precision);
  } else if (noBf16) {
    // Said with what it sets: the weights' and the compute precision both follow the card ("can I run Qwen 3.8 27b on
    // RTX 2060 8GB", FlashML-org/FreeToken#179, c1190: a card read as the 6 GB one, and its fp16 with it).
    r.assume(`fp16 precision for weights and compute (the ${card!.name} has no bf16; say bf16 if yours runs otherwise)`);
  }

  const computeChanged = s.compute !== before;
  // A quantised Hub checkpoint is served (or LoRA-trained) in the format it is stored in.
  if (!weights && r.hubWeights && (s.mode === 'inference' || s.mode === 'lora')) {
    weights = { value: r.hubWeights, item: r.patch.get<Item>('model')!.item };
  }
  // A catalog model whose checkpoint ships block-scaled (gpt-oss in MXFP4, DeepSeek-V3 / Kimi K2
  // in FP8) is served in that format unless another is named (vLLM loads the checkpoint as is).
  // llama.cpp (and Ollama) has no FP8 type: a DeepSeek-V3/R1 it runs is a GGUF (its preset's
  // Q4_K_M unless one is named). gpt-oss's MXFP4 is a GGUF type too (ggml MXFP4), so it stays.
  const shipped = nativeWeightFormat(s.model.arch);
  const native = s.framework === 'llamacpp' && shipped === 'fp8' ? null : shipped;
  // An engine's dtype option (vLLM / SGLang `--dtype half`, lmdeploy `dtype='auto'`, `torch_dtype=…`) sets the
  // activations and the layers left unquantised; the linear weights of a checkpoint stored quantised load as
  // released (vLLM reads its quantization_config): DeepSeek-V3 with `--dtype half` is still FP8
  // (vllm-project/vllm#14726, c1158; InternLM/lmdeploy#2960: "LMDeploy supports FP8 blockwise GEMM"
  // under dtype auto). A dtype said in words ("deepseek-v3 in bf16") still asks for 16-bit weights.
  const engineDtype = compute !== undefined && ENGINE_DTYPE.test(compute.item.text);
  // So is a follow-up that moves the thread's model to llama.cpp or Ollama, whose preset would set its Q4_K_M: "GPT OSS 120b
  // only uses 14gb of vram out of 24gb", then Ollama's template (ollama/ollama, c743) runs the MXFP4 GGUF Ollama ships.
  const toLlamacpp = s.framework === 'llamacpp' && r.patch.has('framework');
  if (!weights && (!compute || engineDtype) && native && s.mode === 'inference' && (r.patch.has('model') || r.modeChanged() || toLlamacpp)) {
    weights = { value: native, item: r.patch.get<Item>('model')?.item ?? r.patch.items[0]! };
    r.assume(
      engineDtype
        ? `${native} weights, the format the checkpoint ships in; "${compute!.item.text.trim()}" sets the activations (say bf16 weights for a 16-bit copy)`
        : `${native} weights, the format the checkpoint ships in (default; say bf16 for 16-bit)`,
    );
  }
  if (weights) {
    s.weights = weights.value;
    // llama.cpp runs GGUF only: "4bit", "int4", "8-bit" with it are the GGUF type of that width.
    const gguf = s.framework === 'llamacpp' && !isGgufFormat(weights.value) ? GGUF_OF_GENERIC[weights.value] : undefined;
    if (gguf) {
      s.weights = gguf;
      r.assume(`"${weights.item.text.trim()}" with llama.cpp read as GGUF ${gguf.toUpperCase()} (llama.cpp runs GGUF files only)`);
    }
    // lmdeploy's 4-bit weights are AWQ (TurboMind's W4A16, made by `lmdeploy lite auto_awq`): a
    // "qwen-14b-int4" it serves is AWQ, not the GPTQ a bare "int4" reads as (InternLM/lmdeploy#730, c669).
    // "Q4" is such a width too ("是否支持部署Qwen3-235B-A22B Q4量化版本", InternLM/lmdeploy#3507, c3142): LMDeploy loads no GGUF.
    // The engine may be said twice ("用lmdeploy部署"): any serve item that names lmdeploy names it.
    const engine = r.patch.get<string>('engine')?.item.text ?? '';
    const lmdeploy = namesLmdeploy(engine) || r.patch.items.some((i) => i.kind === 'serve' && namesLmdeploy(i.text));
    if ((s.weights === 'gptq' || s.weights === 'nf4' || s.weights === 'q4_k_m') && GENERIC_FOUR_BIT.test(weights.item.text.trim()) && lmdeploy) {
      s.weights = 'awq';
      r.assume(`"${weights.item.text.trim()}" with lmdeploy read as AWQ (its 4-bit format)`);
    }
  } else {
    // A compute dtype the follow-up names ("fp16") replaces a quantised format in inference; one the
    // card forces (a V100 has no bf16, so the served model runs in fp16) leaves the stored format as
    // it is: a thread's "Baichuan2-13B-chat-4bit" deployed on a V100 in the reply is still 4-bit (c607).
    // llama.cpp with a float dtype said ("TinyLlama-1.1B-Chat-v1.0.F32", mozilla-ai/llamafile#372: "CUDA0
    // buffer size = 3946.35 MiB") runs the GGUF of that type (ggml F32 / F16 / BF16 tensors, loaded as
    // stored by src/llama-model-loader.cpp), not the preset's Q4_K_M.
    const floatSaid = s.framework === 'llamacpp' && s.mode === 'inference' && r.presetSet.has('weights') ? compute : undefined;
    const ggufFloat = floatSaid !== undefined;
    if (floatSaid) r.assume(`"${floatSaid.item.text.trim()}" with llama.cpp read as a GGUF of ${floatSaid.value} tensors (say q4_k_m for a quantised file)`);
    const keep =
      !ggufFloat &&
      // A preset's 8-bit base under "lora" (alpaca-lora's load_in_8bit) is kept; llama.cpp's GGUF is not trained.
      ((r.presetSet.has('weights') && (s.mode === 'qlora' || s.mode === 'inference' || (s.mode === 'lora' && !isGgufFormat(s.weights)))) ||
        (!r.modeChanged() && QUANTISED.includes(s.weights) && s.mode !== 'full' && !(s.mode === 'inference' && computeChanged && compute !== undefined)));
    if (!keep) {
      s.weights = defaultWeights(s.mode, s.compute);
      if (s.mode === 'qlora' && !DOUBLE_QUANT_BY_DEFAULT[s.framework]) r.assume(DEFAULT_WORDS.qloraWeights);
      // A served model whose message names no format or dtype is read in 16 bits: said, since a GGUF
      // or a 4-bit checkpoint is a quarter of it (c588, c606: llama.cpp users estimated in bf16 in silence).
      if (s.mode === 'inference' && r.isNew && !compute && !noBf16) r.assume(DEFAULT_WORDS.servedWeights);
    }
  }
  // "QLoRA" on a GPTQ or AWQ checkpoint (LLaMA-Factory's quantization_bit on a -GPTQ model):
  // LoRA on that 4-bit base, not bitsandbytes NF4.
  if (s.mode === 'qlora' && weights && weights.value !== 'nf4' && weights.value !== 'nf4-dq' && QUANTISED.includes(weights.value)) {
    s.mode = 'lora';
    r.assume(`QLoRA on ${weights.value} weights: LoRA on the ${weights.value} base as it is stored`);
  }
  // A framework that double-quantises its QLoRA base by default stores NF4 with 8-bit scalers
  // (presets.ts DOUBLE_QUANT_BY_DEFAULT): its 4-bit base, said or implied, is nf4-dq.
  const dq = s.mode === 'qlora' && s.weights === 'nf4' ? DOUBLE_QUANT_BY_DEFAULT[s.framework] : undefined;
  if (dq) {
    s.weights = 'nf4-dq';
    r.assume(`NF4 frozen base with double quantisation (${dq})`);
  }
  // Float formats always follow the compute dtype, so canonical text never has to name them.
  if (!QUANTISED.includes(s.weights)) s.weights = defaultWeights(s.mode, s.compute);
  return null;
}
