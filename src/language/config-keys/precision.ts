import { MEGATRON_ONLY } from '../megatron.js';
import { IGNORE, isFalse, isTrue, say, unquote, type Handler, type KeyContext, type KeyReading, type KeyTable } from './values.js';

/** Precision: the weights' dtype and the trainer's mixed-precision switches. */

/** Flags only text-generation-webui's server.py takes (modules/shared.py). */
const TEXTGEN_KEYS = ['wbits', 'gptq_bits', 'groupsize', 'auto_devices', 'auto_launch', 'pre_layer', 'gpu_memory', 'cpu_memory', 'no_cache'];

/** Keys only ParlAI's and fairseq's 16-bit training takes beside their --fp16 (parlai/core/torch_agent.py, fairseq/dataclass/configs.py). */
const FAIRSEQ_FP16_KEYS = ['fp16_impl', 'memory_efficient_fp16', 'fp16_init_scale', 'fp16_scale_window'];

/** Keys that load the base in 8 or 4 bits (transformers from_pretrained, BitsAndBytesConfig). */
const KBIT_LOAD = ['load_in_8bit', 'load_in_4bit'];

/** Keys only a LoRA run sets (PEFT's LoraConfig and the trainers' spellings of it). */
const LORA_KEY = /^(?:lora_\w+|use_peft|peft_\w+|target_modules)$/;

/** The Trainer's `bf16` / `fp16` switch, read by halfFlagReading. */
const halfFlag =
  (dtype: 'bf16' | 'fp16'): Handler =>
  (v, ctx) => {
    const reading = halfFlagReading(dtype, v, ctx);
    // `bf16: auto` (axolotl, the HF Trainer's own "auto") turns the dtype on where the card supports
    // it and leaves it off elsewhere: the card decides, so the reading rests on a weak cue.
    if (unquote(v) !== 'auto' || !reading || !('say' in reading)) return reading;
    return { ...reading, weak: true };
  };

/** HF Trainer / LLaMA-Factory `bf16: true` is torch autocast over fp32 master weights (amp). */
function halfFlagReading(dtype: 'bf16' | 'fp16', v: string, ctx: KeyContext): KeyReading {
  const value = unquote(v);
  if (ctx.parent === 'bf16' || ctx.parent === 'fp16') return IGNORE;
  // torch_dtype already says what the weights are; the flag only turns on 16-bit compute.
  if (ctx.keys.has('torch_dtype')) return IGNORE;
  if (!isTrue(value) && value !== 'auto') return IGNORE;
  // Under DeepSpeed the Trainer's flag turns on DeepSpeed's bf16/fp16 ("auto" in its JSON):
  // 16-bit weights, fp32 master weights in the optimizer (mixed), not torch autocast; axolotl
  // hands its flag to DeepSpeed the same way (the resolver's axolotl-under-ZeRO rule says so too).
  // Megatron-DeepSpeed's --fp16 is Megatron's own recipe over DeepSpeed's optimizer (deepspeedai/DeepSpeed#4385, c2982).
  if (ctx.megatronNamed && !ctx.axolotl) return say(`megatron-mixed ${dtype}`);
  if (ctx.deepspeed) return say(`mixed ${dtype}`, `--${dtype} under DeepSpeed: DeepSpeed's ${dtype} (16-bit weights, fp32 master weights in the optimizer)`);
  // ParlAI's and fairseq's --fp16 halve the model itself (fp16 weights; an fp32 master copy in the optimizer unless
  // mem_efficient / --memory-efficient-fp16): fp16 weights, not HF's autocast over fp32 ones (facebookresearch/ParlAI#2827, c2990).
  if (FAIRSEQ_FP16_KEYS.some((k) => ctx.keys.has(k))) return say(`mixed ${dtype}`);
  // axolotl loads the model in the half dtype when bf16/fp16 is set, so the weights the
  // optimizer updates are 16-bit (pure); HF Trainer keeps fp32 weights under autocast.
  if (ctx.axolotl) return say(`pure ${dtype}`);
  // text-generation-webui's --bf16 loads the model in bfloat16 (modules/shared.py) to run it.
  if (TEXTGEN_KEYS.some((k) => ctx.keys.has(k))) return say(`pure ${dtype}`);
  // Megatron-LM's --bf16/--fp16: 16-bit weights with fp32 main params and grads (its own recipe).
  if (ctx.megatron || MEGATRON_ONLY.some((k) => ctx.keys.has(k)) || ctx.keys.has('ffn_hidden_size')) return say(`megatron-mixed ${dtype}`);
  return say(`amp ${dtype}`);
}

const DTYPES: Record<string, string> = {
  bf16: 'bf16', bfloat16: 'bf16', fp16: 'fp16', float16: 'fp16', half: 'fp16', fp32: 'fp32', float32: 'fp32', float: 'fp32',
};
/**
 * A dtype as the code names it: bare ("bfloat16") or through the module it comes from, under any name the
 * script imported it as: `torch.bfloat16`, `th.bfloat16` (`import torch as th`: huggingface/peft#1708, c2074,
 * whose `torch_dtype=th.bfloat16` had gone unread), `jnp.float16`, `mx.float16`.
 */
export function dtypeOf(v: string): string | undefined {
  return DTYPES[unquote(v).replace(/^[a-z_][a-z0-9_]*\./, '')];
}
export const dtype: Handler = (v) => {
  const d = dtypeOf(v);
  if (d) return say(d);
  // DeepSpeed-Inference's `--dtype int8` (DeepSpeedExamples inference-test.py) and `init_inference(…, dtype=torch.int8)`:
  // the weights quantised to 8 bits as they load (deepspeedai/DeepSpeed#2662, c2834, had read 16-bit weights).
  if (unquote(v).replace(/^[a-z_][a-z0-9_]*\./, '') === 'int8') return say('int8');
  return IGNORE;
};

/** A LoRA key set on ("--use_peft True", "lora_r: 8"); one switched off ("--use_peft False") says the run is no LoRA. */
const saysLora = (k: string, ctx: KeyContext) => LORA_KEY.test(k) && !isFalse(ctx.values?.get(k) ?? 'true');

/** Each key: what its value says in request words, and the source where one is cited. */
export const PRECISION_KEYS: KeyTable = {
  bf16: { reads: halfFlag('bf16') },
  fp16: { reads: halfFlag('fp16') },
  tf32: { reads: () => IGNORE },
  // Weights loaded in a 16-bit dtype and then trained are 16-bit weights: pure, not autocast.
  torch_dtype: {
    reads: (v, ctx) => {
      const d = dtypeOf(v);
      if (!d) return IGNORE;
      // A model's own config.json pasted whole ("architectures", "model_type" beside "hidden_size"…):
      // save_pretrained writes the dtype the checkpoint is stored in there, which says nothing of how
      // the run loads or trains it (GanjinZero/RRHF#17, c1001: decapoda-research/llama-7b-hf's
      // config.json, "torch_dtype": "float16", under a question about training it). Set aside, said.
      if (ctx.keys.has('architectures') || (ctx.keys.has('model_type') && (ctx.keys.has('num_hidden_layers') || ctx.keys.has('hidden_size')))) {
        return { ignore: true, note: `torch_dtype ${unquote(v)} in the model's config.json: the dtype its checkpoint is stored in, not a setting of the run` };
      }
      if (d === 'fp32') return say('fp32');
      // Beside a k-bit load (`from_pretrained(…, load_in_8bit=True, torch_dtype=torch.float16)`,
      // Chinese-Vicuna finetune.py, Facico/Chinese-Vicuna#202) torch_dtype is the dtype of the layers
      // left unquantised; the adapters PEFT adds train in fp32 (peft tuners/lora, autocast_adapter_dtype).
      if (KBIT_LOAD.some((k) => isTrue(ctx.values?.get(k) ?? (ctx.keys.has(k) ? 'true' : 'false')))) {
        // Where no trainer flag sets the compute (`--fp16`, `bf16: true`, accelerate's mixed_precision), that dtype is the
        // compute of the layers left unquantised, the activations and the KV cache: BLOOM loaded with load_in_8bit and
        // torch_dtype=torch.float16 (huggingface/accelerate#1103, c2978) runs in fp16, not the bf16 default.
        // A LoRA run keeps the earlier reading (the adapters train in fp32 under the trainer's own autocast).
        const trainerSets = ['fp16', 'bf16', 'mixed_precision'].some((k) => ctx.keys.has(k)) || ctx.loraNamed === true;
        const note = `torch_dtype ${unquote(v)} beside a k-bit load: the dtype of the layers left unquantised${trainerSets ? '' : ' and of the compute'}, not of the weights trained`;
        return trainerSets ? { ignore: true, note } : say(d, note);
      }
      // ms-swift turns the Trainer's bf16/fp16 on from torch_dtype (swift/llm/argument/train_args.py,
      // _init_mixed_precision): autocast over the trainable weights, not pure 16-bit.
      // "mixed bf16", not "bf16 mixed": after `--train_type full` the words would read "full bf16" (pure).
      // A full fine-tune without DeepSpeed: the model ms-swift loads in that dtype is what AdamW updates, with no
      // fp32 copy (pure, the corpus README's torch_dtype rule; modelscope/ms-swift, c776); DeepSpeed's bf16 keeps masters.
      if (ctx.keys.has('train_type') || ctx.keys.has('sft_type')) {
        const full = /^full$/.test(unquote(ctx.values?.get('train_type') ?? ctx.values?.get('sft_type') ?? ''));
        return say(full && !ctx.deepspeed ? `pure ${d}` : `mixed ${d}`);
      }
      // The Trainer's own --fp16 / --bf16 of the same dtype beside a LoRA key: the base loads in that dtype,
      // frozen, and the fp32 adapters PEFT adds train under the Trainer's autocast (amp): MedicalGPT's
      // supervised_finetuning.py `--use_peft True --torch_dtype float16 --fp16` (shibing624/MedicalGPT#410, c874).
      // The same scripts' `--use_peft False` is a full run: the weights AdamW updates are the bf16 ones loaded, pure
      // (MedicalGPT's pretraining.py `--use_peft False --torch_dtype bfloat16 --bf16`, shibing624/MedicalGPT#314, c2076).
      if (ctx.keys.has(d) && isTrue(ctx.values?.get(d) ?? 'true') && [...ctx.keys].some((k) => saysLora(k, ctx))) return say(`amp ${d}`);
      return say(`pure ${d}`);
    },
  },
  dtype: { reads: dtype },
  bnb_4bit_compute_dtype: { reads: () => IGNORE },
  precision: {
    reads: (v) => {
      const value = unquote(v);
      if (/bf16-true/.test(value)) return say('pure bf16');
      if (/16-true/.test(value)) return say('pure fp16');
      // Composer / llm-foundry's `precision: amp_bf16 | amp_fp16`: torch.autocast over fp32 weights
      // (composer/core/precision.py), the amp recipe (mosaicml/llm-foundry#468, corpus c615).
      if (/^amp_bf16$/.test(value)) return say('bf16 amp');
      if (/^amp_fp16$/.test(value)) return say('fp16 amp');
      // Lightning's (and litgpt's, through Fabric) `precision="bf16-mixed"` / `"16-mixed"`: torch.autocast over fp32
      // weights, a GradScaler for fp16 (lightning/fabric/plugins/precision/amp.py), the amp recipe as HF's --bf16
      // is: had read "mixed" (fp16 weights with fp32 masters), as litgpt's c1383 and c557 write amp bf16.
      if (/^bf16[-_]mixed$/.test(value)) return say('bf16 amp');
      // An integer width given as the precision (`--precision int8`, `precision: int4` of inference scripts and
      // TensorRT-style builders): the weights' format, before the bare "16" / "32" tests below.
      if (/^int8$/.test(value)) return say('int8');
      if (/^int4$/.test(value)) return say('int4');
      if (/^(?:fp)?16[-_]mixed$/.test(value)) return say('fp16 amp');
      // An issue template's "Precision: bfloat16" names the dtype by its torch name (c473): bf16, not
      // the fp16 the bare "16" below would read.
      if (/bf16|bfloat/i.test(value)) return say('bf16 mixed');
      if (/16/.test(value)) return say('fp16 mixed');
      if (/32/.test(value)) return say('fp32');
      return IGNORE;
    },
  },
  mixed_precision: {
    reads: (v, ctx) => {
      const value = unquote(v);
      if (isTrue(value)) return isTrue(ctx.values?.get('use_fp16') ?? '') ? say('fp16 mixed') : say('bf16 mixed');
      // accelerate's `mixed_precision: 'no'` trains in full fp32 (accelerate config docs: no|fp16|bf16|fp8)…
      // …unless the Trainer's own --fp16 / --bf16 is on: TrainingArguments sets ACCELERATE_MIXED_PRECISION,
      // which replaces the config file's value (hiyouga/LlamaFactory#713).
      if (value === 'no') {
        const trainerFlag = (['fp16', 'bf16'] as const).find((k) => ctx.keys.has(k) && isTrue(ctx.values?.get(k) ?? 'true'));
        return trainerFlag ? { ignore: true, note: `accelerate's mixed_precision 'no' is replaced by the Trainer's --${trainerFlag}` } : say('fp32');
      }
      if (value !== 'bf16' && value !== 'fp16') return IGNORE;
      // Without DeepSpeed or FSDP, accelerate's (and AutoTrain's `--mixed-precision`) fp16/bf16 is torch
      // autocast over fp32 weights with a GradScaler (accelerate Accelerator(mixed_precision=…)): amp
      // (onlybooks/llm#12, c944; c513). Under DeepSpeed or FSDP the engine's own 16-bit recipe runs.
      // An `accelerate config` file (distributed_type, compute_environment) is the launcher's: the trainer it
      // launches (LLaMA-Factory's, c676) sets its own recipe, so the file's value keeps the plain reading.
      const launcherFile = ctx.keys.has('distributed_type') || ctx.keys.has('compute_environment');
      const sharded = ctx.deepspeed || [...ctx.keys].some((k) => /^(?:fsdp\w*|zero_stage|deepspeed\w*)$/.test(k));
      return sharded || launcherFile ? say(`${value} mixed`) : say(`amp ${value}`);
    },
  },
  // DeepSpeed's `"fp16": {"enabled": true}` (or bf16): 16-bit weights with fp32 master weights in
  // the optimizer (DeepSpeed config docs, "FP16 training options"); "auto" leaves it to the Trainer's flag.
  enabled: {
    reads: (v, ctx) => {
      if (ctx.parent !== 'fp16' && ctx.parent !== 'bf16') return IGNORE;
      // Under Megatron-DeepSpeed the block follows Megatron's --fp16 / --bf16 (Megatron's recipe); its "auto", which
      // only the HF Trainer fills in, is read as that dtype on a weak cue (deepspeedai/DeepSpeed#4385, c2982).
      if (ctx.megatronNamed && unquote(v) === 'auto') return { say: `megatron-mixed ${ctx.parent}`, weak: true };
      if (isTrue(v)) return say(`${ctx.megatronNamed ? 'megatron-mixed' : 'mixed'} ${ctx.parent}`);
      return IGNORE;
    },
    source: 'DeepSpeed config docs, "FP16 training options"',
  },
};
