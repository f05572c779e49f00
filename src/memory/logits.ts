import { modelById } from '../catalog/index.js';
import type { Scenario } from '../scenario/schema.js';
import { runsHfModeling } from './attention-kernel.js';
import { count, num } from './format.js';
import { HF_TRAINER_FRAMEWORKS } from './hf-trainer.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';
import { LOOP_HELD_LOGIT_BYTES, torchtuneLoopHoldsLogits } from './torchtune-release.js';
import { chatglmOwnLoss, chatglmTrailingCopyBytes } from './chatglm-loss.js';
import { runsMegatronCore } from './megatron-core.js';
import { deepspeedSixteenBit, qwen1OwnLoss } from './qwen1-loss.js';
import { llamafactoryRewardStage, rewardScores, trainsRewardModel, valueHeadLogits } from './reward-model.js';

/**
 * Logits and cross-entropy in training (DESIGN §3.4): bytes per logit element at their peak, one
 * function per way a trainer computes the loss. The request says which (`loss fp32`, `loss bf16`,
 * `chunked loss`, `fused loss`); framework presets pick theirs (scenario/presets.ts).
 */
export const LOSS_BYTES_PER_LOGIT = { full: 12, bf16: 6, chunked: 4, vocabParallel: 6, fabricChunked: 8 } as const;

/**
 * fp32 loss, the default (transformers `ForCausalLMLoss`, src/transformers/loss/loss_utils.py,
 * 4.46 → main). The model returns 16-bit logits; the loss takes an fp32 copy (`logits.float()`)
 * and `cross_entropy` saves its fp32 log-softmax. In forward: 16-bit logits 2 B + fp32 copy 4 B +
 * log-probs 4 B = 10 B. At the start of backward the saved log-probs (4 B), their incoming gradient
 * (4 B) and log_softmax's fp32 input gradient (4 B) are alive together: 12 B, the peak.
 * Before 4.46 `LlamaForCausalLM.forward` upcast the logits itself and shifted them with
 * `logits[..., :-1, :].contiguous()` (an fp32 copy instead of the 16-bit one: 12 B in forward);
 * 4.46–4.49's `ForCausalLMLoss` kept that shifted copy (14 B in forward) until labels were padded
 * instead: with the 16-bit logits the model returns, the fp32 copy, the shifted fp32 copy and the
 * log-probs are alive together inside `cross_entropy`, a forward peak above the 12 B of the start of
 * backward. So a request that names one of those releases ("transformers 4.46.1", which
 * LLaMA-Factory's issue template prints) is counted at 14 B (`shiftedLogitsCopy`); without a
 * release it is the newest, 12 B.
 * Under torch.autocast `cross_entropy` runs in fp32 whatever the logits (autocast's fp32 op list):
 * a trainer with autocast on always pays this. 4.46's `num_items_in_batch` only changes the
 * reduction (a sum divided by the batch's label count), not what is held; the Trainer leaves
 * `logits_to_keep` at 0 (every position) in training, so every position's logits are counted
 * (TRL's RL trainers pass the completion length: estimate.ts).
 */
function fp32LossBytes(s: Scenario): number {
  if (chatglmRemoteLoss(s)) return LOSS_BYTES_PER_LOGIT.full + chatglmTrailingCopyBytes(s);
  return LOSS_BYTES_PER_LOGIT.full + (shiftedLogitsCopy(s) ? SHIFTED_COPY_BYTES : 0);
}

/** The shifted fp32 copy of the logits `ForCausalLMLoss` makes in transformers 4.46 → 4.49 (above). */
export const SHIFTED_COPY_BYTES = 2;

/**
 * Trainers whose loss is the model's own `ForCausalLMLoss` (the HF Trainer and what runs on it,
 * llama-recipes' loop calling the model with labels). Unsloth, litgpt, torchtune, torchtitan and
 * Megatron compute their own loss.
 */
const MODEL_LOSS_FRAMEWORKS = new Set<Scenario['framework']>([...HF_TRAINER_FRAMEWORKS, 'deepspeed', 'llama-recipes']);

/**
 * ChatGLM's remote code computes the loss itself (memory/chatglm-loss.ts), under a trainer that uses
 * the model's loss: its upcast, shifted copy and trailing 16-bit copy, whatever transformers runs it.
 */
export function chatglmRemoteLoss(s: Scenario): boolean {
  return chatglmOwnLoss(s) && MODEL_LOSS_FRAMEWORKS.has(s.framework);
}

/** transformers 4.46.0 → 4.49.x named in the request, under a trainer that uses the model's loss (not ChatGLM's remote code). */
export function shiftedLogitsCopy(s: Scenario): boolean {
  if (chatglmOwnLoss(s)) return false;
  const release = /^4\.(\d+)/.exec(s.transformersVersion ?? '');
  const minor = release ? Number(release[1]) : NaN;
  return minor >= 46 && minor <= 49 && MODEL_LOSS_FRAMEWORKS.has(s.framework);
}

/**
 * 16-bit loss: no upcast and no autocast, the logits' own dtype throughout (a pure-bf16 loop
 * calling `F.cross_entropy(logits, labels)`, transformers < 4.46 for models whose forward did not
 * upcast, e.g. GPT-2's `shift_logits = lm_logits[..., :-1, :].contiguous()`). Forward: logits,
 * their shifted copy and the saved log-softmax, 2 B each; backward: the saved log-probs, their
 * gradient and the input gradient, 2 B each: 6 B.
 */
function bf16LossBytes(): number {
  return LOSS_BYTES_PER_LOGIT.bf16;
}

/**
 * Chunked loss (torchtune `CEWithChunkedOutputLoss`, torchtune/modules/loss/ce_chunked_output_loss.py:
 * the output projection returns the logits in chunks and each is upcast only inside its own
 * `cross_entropy`; litgpt `chunked_cross_entropy`, litgpt/utils.py, 128-token LM-head chunks;
 * Unsloth's `Fast_CrossEntropyLoss`, unsloth/kernels/cross_entropy_loss.py, which keeps the 16-bit
 * logits and one fp32 log-sum-exp a row and writes the gradient in place): the fp32 upcast and its
 * gradient exist one chunk at a time: 4 B. Checked on torchtune's Llama 3.2 3B table (GT019 → GT020:
 * −8.1 GiB at 1.05 G logit elements, i.e. 7.7 B saved per element against the 12 → 4 model's 8).
 */
function chunkedLossBytes(): number {
  return LOSS_BYTES_PER_LOGIT.chunked;
}

/**
 * litgpt's chunked loss as Lightning Fabric runs it: 8 B. litgpt's training loops call the model
 * through Fabric's module wrapper (finetune/lora.py, adapter.py: `logits = model(input_ids,
 * lm_head_chunk_size=128)`, lit-gpt 8641822 (2023) → litgpt 0.5.13), and every Fabric precision
 * plugin casts the outputs back to the default dtype (`convert_output` →
 * `_convert_fp_tensor(..., torch.get_default_dtype())`, fp32: plugins/precision/half.py,
 * bitsandbytes.py, fsdp.py, amp.py, Lightning 2.1). So the 128-token LM-head chunks come back as
 * fp32 tensors that the loop's `logits` list holds until backward ends (4 B), and
 * `chunked_cross_entropy` (litgpt/utils.py) runs `cross_entropy` on them, whose log-softmax saves
 * an fp32 output per chunk (4 B). The chunking only bounds the backward transients (one chunk's
 * gradients at a time). finetune/full.py and pretrain.py take the unchunked head through the same
 * wrapper, so their fp32 logits are held too; full.py's shifted copy (`logits[..., :-1, :]`
 * reshaped, +4 B) is not counted here.
 */
function fabricChunkedLossBytes(): number {
  return LOSS_BYTES_PER_LOGIT.fabricChunked;
}

/**
 * Vocab-parallel loss (Megatron-LM `megatron/core/tensor_parallel/cross_entropy.py`,
 * `_VocabParallelCrossEntropy`, core_r0.5 → main): the LM head is a ColumnParallelLinear with
 * gather_output=False, so each rank holds logits [s, b, V/t] and never the full vocabulary. The loss
 * takes an fp32 copy (`calculate_logits_max` upcasts), exponentiates it in place
 * (`torch.exp(vocab_parallel_logits, out=exp_logits)`), normalises it in place and saves that
 * softmax for backward (`ctx.save_for_backward(exp_logits, ...)`); backward writes the gradient into
 * the same buffer (`grad_input = softmax; grad_input.mul_(...)`) and autograd casts it back to 16
 * bits for the LM head. Alive at once: 16-bit logits 2 B + fp32 softmax 4 B in forward; fp32
 * softmax/gradient 4 B + its 16-bit cast 2 B in backward: 6 B per element of the V/t slice.
 */
function vocabParallelLossBytes(): number {
  return LOSS_BYTES_PER_LOGIT.vocabParallel;
}

/**
 * Logit elements one GPU holds: s ÷ cp × b × V ÷ t. With tensor parallelism the LM head's output
 * is split by vocabulary (Megatron/NeMo ColumnParallelLinear, torchtitan `loss_parallel`), so a rank
 * holds V ÷ t columns and never less: the loss is reduced across ranks with two all-reduces of
 * s·b scalars, not a gather of the logits.
 */
export function logitElements(s: Scenario): number {
  return ((s.seq / s.parallel.cp) * s.microBatch * s.model.arch.vocab) / s.parallel.tp;
}

/** Megatron computes its loss with the in-place vocab-parallel kernel at every TP degree (t = 1 included). */
export function lossBytesPerLogit(s: Scenario): number {
  if (s.loss === 'chunked') return s.framework === 'litgpt' ? fabricChunkedLossBytes() : chunkedLossBytes();
  if (runsMegatronCore(s)) return vocabParallelLossBytes();
  if (torchtuneLoopHoldsLogits(s)) return fp32LossBytes(s) + LOOP_HELD_LOGIT_BYTES;
  return s.loss === 'bf16' || qwen1SixteenBitLoss(s) ? bf16LossBytes() : fp32LossBytes(s);
}

/** Preference and RL trainers (TRL's DPO, ORPO, GRPO, PPO) compute their own log-probabilities, not the model's loss. */
const OWN_LOGPROB_TRAINERS: ReadonlySet<Scenario['framework']> = new Set(['dpo', 'orpo', 'grpo', 'ppo']);

/** Qwen-1's remote-code loss, which never upcasts, run by the DeepSpeed engine without autocast (memory/qwen1-loss.ts). */
export function qwen1SixteenBitLoss(s: Scenario): boolean {
  const modelsLoss = MODEL_LOSS_FRAMEWORKS.has(s.framework) && !OWN_LOGPROB_TRAINERS.has(s.framework);
  return s.loss === 'full' && qwen1OwnLoss(s) && deepspeedSixteenBit(s) && modelsLoss;
}

/**
 * Fused linear cross-entropy never builds the whole logits tensor.
 * - Liger `LigerFusedLinearCrossEntropyFunction` (src/liger_kernel/ops/fused_linear_cross_entropy.py,
 *   `fused_linear_cross_entropy_forward`): the tokens go through the LM head in chunks of
 *   `next_power_of_2(ceil(BT / ceil(V / H)))` rows, each chunk's 16-bit logits get their gradient
 *   written in place by the CE kernel, and the input gradient `grad_input` (BT × H, 16-bit) is
 *   filled in forward and held for backward. Alive: one chunk of logits + grad_input.
 * - Cut Cross-Entropy (apple/ml-cross-entropy, `linear_cross_entropy`) keeps even less: an fp32
 *   log-sum-exp per token, the logits recomputed blockwise in backward. Liger's count bounds both.
 */
export function fusedLossBytes(s: Scenario): { bytes: number; chunkRows: number } {
  const tokens = (s.seq / s.parallel.cp) * s.microBatch;
  const { vocab: V, hidden: H } = s.model.arch;
  const chunks = Math.ceil(V / H);
  const chunkRows = Math.min(tokens, 2 ** Math.ceil(Math.log2(Math.max(1, Math.ceil(tokens / chunks)))));
  const bytes = (chunkRows * V * 2) / s.parallel.tp + tokens * H * 2;
  return { bytes, chunkRows };
}

const LOSS_NAMES = { full: 'fp32 CE', bf16: '16-bit CE', chunked: 'chunked CE', fused: 'fused linear CE' } as const;

export function trainingLogits(s: Scenario): Component | null {
  if (s.model.arch.encoderOnly) return null;
  // A reward model's score head outputs one value a position, not V logits (reward-model.ts).
  if (trainsRewardModel(s)) return rewardScores(s);
  // LLaMA-Factory's value-head model computes the LM logits and discards them: no loss on them (reward-model.ts).
  if (llamafactoryRewardStage(s)) return valueHeadLogits(s);
  const elements = logitElements(s);
  const tp = s.parallel.tp > 1 ? ` ÷ tp ${s.parallel.tp}` : '';
  if (s.loss === 'fused') {
    const { bytes, chunkRows } = fusedLossBytes(s);
    const tokens = (s.seq / s.parallel.cp) * s.microBatch;
    return {
      key: 'logits',
      name: `logits + loss (${LOSS_NAMES.fused})`,
      group: 'logits',
      bytes,
      formula: `${chunkRows} rows × ${s.model.arch.vocab}${tp} × 2 B (one chunk) + ${tokens} × ${s.model.arch.hidden} × 2 B (input gradient)`,
    };
  }
  const perElement = lossBytesPerLogit(s);
  const kind =
    runsMegatronCore(s) && s.loss !== 'chunked'
      ? 'vocab-parallel CE'
      : s.framework === 'litgpt' && s.loss === 'chunked'
        ? "chunked CE on Fabric's fp32 logits"
        : qwen1SixteenBitLoss(s)
          ? `${LOSS_NAMES.bf16}, ${s.model.name}'s own loss under DeepSpeed`
          : LOSS_NAMES[s.loss];
  return {
    key: 'logits',
    name: `logits + loss (${kind})`,
    group: 'logits',
    bytes: elements * perElement,
    formula: `${s.seq / s.parallel.cp} × ${s.microBatch} × ${s.model.arch.vocab}${tp} × ${perElement} B (${count(elements)} logits${shiftedLogitsCopy(s) ? `; transformers ${s.transformersVersion}: a shifted fp32 copy` : ''}${chatglmRemoteLoss(s) && chatglmTrailingCopyBytes(s) > 0 ? `; ${s.model.name}'s own loss: fp32 logits, their shifted fp32 copy, the log-probs and a 16-bit copy at once` : ''})`,
  };
}

/**
 * Positions whose logits the prefill computes.
 * - Hugging Face `generate` since transformers 4.45 passes `num_logits_to_keep=1` (renamed
 *   `logits_to_keep` in 4.50) to models that accept it (generation/utils.py,
 *   `_prepare_generated_length`/`prepare_inputs_for_generation`): the LM head runs on the last
 *   position only. Before 4.45 it runs over every prompt position (generateKeepsEveryPromptLogit).
 * - vLLM computes logits only at the positions it samples (`LogitsProcessor` on
 *   `hidden_states[logits_indices]`, vllm/v1/worker/gpu_model_runner.py): one per sequence.
 * - litgpt's `generate/base.py` (the 2023 tables) runs the head over the whole prompt.
 */
export function prefillLogitPositions(s: Scenario, promptTokens: number): number {
  if (s.framework === 'litgpt' && s.inference.engine === 'hf') return promptTokens;
  return generateKeepsEveryPromptLogit(s) ? promptTokens : 1;
}

/** The transformers release whose generate first kept the last position only (huggingface/transformers#31292). */
export const GENERATE_LAST_LOGIT_FROM = '4.45.0';

function transformersMinor(s: Scenario): number | null {
  const release = /^4\.(\d+)/.exec(s.transformersVersion ?? '');
  return release ? Number(release[1]) : null;
}

/**
 * transformers' `generate` before 4.45.0, by release (issue 23: what generate() really holds).
 * Its first forward ran the LM head over every prompt position: each `*ForCausalLM.forward`
 * computed `logits = self.lm_head(hidden_states)` on the whole [b, s, h] and generate then read
 * `outputs.logits[:, -1, :]`, so b × s × V logits sat on the card at the end of the prefill
 * (huggingface/transformers#30860, 2024-05: "in generate() we only ever use the last token
 * logits, not the whole logit matrix"). #31292 (Llama and Mistral first, in 4.45.0) added
 * `num_logits_to_keep` and generate passes 1 to every forward that accepts it; the newest
 * releases give it to the older classes too (#39016 for GPT-2, #41335 of 2025-10 for many older
 * CausalLM), so a request that names no release keeps the last position only. A release named
 * from 4.45 on is counted at the last position whatever the class: the catalog does not say when
 * each class took the argument. Only a release the request names moves this (the language reads
 * 4.46 → 4.49 today, language/transformers-versions.ts): without one the newest is assumed.
 */
export function generateKeepsEveryPromptLogit(s: Scenario): boolean {
  if (s.mode !== 'inference' || !runsHfModeling(s, s.inference.engine)) return false;
  const minor = transformersMinor(s);
  return minor !== null && minor < 45;
}

/** Families whose transformers class is LlamaForCausalLM or copied from it (Mistral, Mixtral, Gemma; Yi and OpenLLaMA load as Llama). */
const LLAMA_CLASS_FAMILIES: ReadonlySet<string> = new Set(['llama', 'llama1', 'openllama', 'yi', 'mistral', 'gemma']);

/** Families whose transformers class casts its LM head output to fp32 in every release (GPTJForCausalLM, CodeGenForCausalLM). */
const FP32_HEAD_FAMILIES: ReadonlySet<string> = new Set(['gpt-j', 'codegen']);

/**
 * The fp32 copy of every prompt logit a forward makes before generate reads the last one (only
 * where generateKeepsEveryPromptLogit): `.float()` allocates the copy while its 16-bit source is
 * still alive, so both are on the card together, 2 + 4 B a logit.
 * - LlamaForCausalLM.forward ends `logits = logits.float()` from 4.31.0, beside the Llama 2
 *   `pretraining_tp` split of the LM head, and the classes copied from it keep it (MistralForCausalLM
 *   from 4.34, Mixtral, GemmaForCausalLM); #30860 ("almost all ModelForCausalLM contain logits =
 *   logits.float()") asked to drop it, and 4.45 casts only the positions kept (#31292). Before 4.31
 *   the Llama logits stay 16-bit.
 * - GPTJForCausalLM and CodeGenForCausalLM compute `self.lm_head(hidden_states).to(torch.float32)`
 *   ("make sure sampling in fp16 works correctly and compute loss in fp32 to match with mesh-tf
 *   version", modeling_gptj.py / modeling_codegen.py) in every release.
 * Other classes (GPT-2, OPT, GPT-NeoX, BLOOM, Falcon) keep the head's dtype; a remote-code model
 * (Qwen 1, ChatGLM, Baichuan) runs its own forward and is not counted here.
 */
export function promptLogitsUpcast(s: Scenario): boolean {
  if (s.model.id === null) return false;
  const { family } = modelById(s.model.id);
  if (FP32_HEAD_FAMILIES.has(family)) return true;
  const minor = transformersMinor(s);
  return LLAMA_CLASS_FAMILIES.has(family) && minor !== null && minor >= 31;
}

/**
 * Prefill logits in generation: logits in the head's dtype for the positions kept (see above), with
 * their fp32 copy where the forward upcasts every position (promptLogitsUpcast), and an fp32 copy
 * of the last position for sampling (`next_token_logits.to(torch.float32)`).
 */
export function prefillLogits(s: Scenario, promptTokens: number): Component {
  const e = activationBytes(s);
  const V = s.model.arch.vocab;
  const b = s.microBatch;
  const positions = prefillLogitPositions(s, promptTokens);
  const upcast = positions > 1 && generateKeepsEveryPromptLogit(s) && promptLogitsUpcast(s) ? 4 : 0;
  const release = generateKeepsEveryPromptLogit(s) ? `, transformers ${s.transformersVersion} before ${GENERATE_LAST_LOGIT_FROM}` : '';
  return {
    key: 'logits',
    name: positions === 1 ? 'prefill logits (last position only)' : `prefill logits (every prompt position${release})`,
    group: 'logits',
    bytes: b * positions * V * (e + upcast) + b * V * 4,
    formula: `${b} × ${positions} × ${V} × ${upcast > 0 ? `(${num(e)} B + ${upcast} B fp32 copy)` : `${num(e)} B`} + ${b} × ${V} × 4 B`,
  };
}
