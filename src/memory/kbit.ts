import type { Scenario } from '../scenario/schema.js';

/**
 * The QLoRA recipe as PEFT runs it: `prepare_model_for_kbit_training(model,
 * use_gradient_checkpointing=True)` (huggingface/peft, src/peft/utils/other.py, v0.4 → main).
 *
 * - It casts every parameter still in fp16/bf16 to fp32: everything bitsandbytes did not quantise,
 *   i.e. the input embeddings, the LM head and every norm (`param.data = param.data.to(torch.float32)`;
 *   peft#816 lists them). The weights term counts 4 B for that rest (states.ts `frozenWeights`).
 * - The fp32 embedding makes the residual stream fp32 from the first layer on, and it stays fp32:
 *   the fp32 norms return fp32, and bitsandbytes' `Linear4bit.forward` casts its input to the
 *   compute dtype (`bnb_4bit_compute_dtype`) for the matmul and returns `out.to(inp_dtype)`
 *   (bitsandbytes-foundation/bitsandbytes, bitsandbytes/nn/modules.py), and LLM.int8's
 *   `MatMul8bitLt.forward` returns `int8_scaled_mm(..., dtype=A.dtype)` (bitsandbytes/autograd/
 *   _functions.py), so every projection hands fp32 back. Only ops autocast lowers (SDPA under the Trainer's bf16) run in 16 bits. Saved
 *   activations and the layer inputs checkpointing keeps are therefore 4 B, not 2
 *   (`kbitActivationBytes`). bitsandbytes#1569 measured it: Ministral-8B QLoRA, seq 4096, 63 GB
 *   without the call, 81 GB with it, more than the bf16 LoRA's 73 GB.
 * - `use_gradient_checkpointing=True` turns HF gradient checkpointing on (the PEFT preset's full
 *   recompute) and, for reentrant checkpointing, registers `enable_input_require_grads`: a forward
 *   hook that marks the embedding output as requiring grad, so the checkpointed layers have a
 *   gradient to send back. That output is the first layer's input, already counted as a kept layer input.
 *   The logits and the loss are outside the checkpointed layers: checkpointing leaves them whole.
 * - Double quantisation (`bnb_4bit_use_double_quant`) only shrinks the absmax constants
 *   (precision.ts `WEIGHT_FORMAT_BYTES['nf4-dq']`); the compute dtype sets the matmul's dtype and the
 *   dequantised weight tile (states.ts `dequantisedMatrix`), not what autograd saves.
 *
 * Not every QLoRA run calls it: Unsloth loads and patches its own model (no fp32 upcast of
 * embeddings or LM head since unsloth#1186), LLaMA-Factory upcasts only norms when asked, and TRL's
 * SFTTrainer skips it for sharded QLoRA (FSDP / ZeRO-3 need one dtype to flatten). So only the
 * PEFT preset gets it, with a bitsandbytes base (GPTQ bases are not cast): the user names PEFT, or
 * names no framework at all (scenario/kbit-recipe.ts says when a plain QLoRA request is read as it).
 *
 * alpaca-lora's finetune.py calls the older `prepare_model_for_int8_training` on its load_in_8bit
 * base, with PEFT installed from git main (tloen/alpaca-lora, finetune.py and requirements.txt).
 * From PEFT 0.3.0 (huggingface/peft#389, 2023-05-03) that function casts every fp16/bf16 parameter
 * to fp32 and turns gradient checkpointing on, as above (0.4.0 made it an alias of
 * prepare_model_for_kbit_training), so the same fp32 rest and fp32 residual stream follow. Before
 * 0.3.0 it cast only 1-D parameters whose names contain "layer_norm" — none of LLaMA's, which are
 * `input_layernorm`, `post_attention_layernorm` and `norm` — and wrapped lm_head to return fp32
 * logits (CastOutputToFloat): a LLaMA run installed before May 2023 kept the embeddings, LM head and
 * residual stream 16-bit, about 2 B per embedding and LM-head parameter and half the checkpointed
 * layer inputs less than counted here. The alpaca-lora preset counts PEFT ≥ 0.3.
 */
const BITSANDBYTES_FORMATS = new Set<Scenario['weights']>(['nf4', 'nf4-dq', 'int8']);

/** Adapters over a bitsandbytes base (NF4 or LLM.int8): what `prepare_model_for_kbit_training` prepares. */
export function adaptersOverBitsandbytes(s: Scenario): boolean {
  return s.mode !== 'full' && s.mode !== 'inference' && BITSANDBYTES_FORMATS.has(s.weights);
}

export function kbitPrepared(s: Scenario): boolean {
  const prepares = s.framework === 'peft' || s.framework === 'alpaca-lora';
  return prepares && adaptersOverBitsandbytes(s);
}

/** Bytes per saved activation element under the PEFT k-bit recipe: the fp32 residual stream (see above). */
export const KBIT_ACTIVATION_BYTES = 4;

/** Bytes per parameter of what the recipe casts to fp32: embeddings, LM head, norms. */
export const KBIT_UPCAST_BYTES = 4;
