import type { Scenario } from '../scenario/schema.js';

/**
 * Qwen-1's own loss under the DeepSpeed engine: 16 bits throughout.
 *
 * The first Qwen generation (Qwen-1.8B, 7B, 14B, 72B) exists only as remote code, so whatever
 * transformers release runs it, the loss is the model's (Qwen/Qwen-7B modeling_qwen.py,
 * `QWenLMHeadModel.forward`, every revision of the four checkpoints):
 *
 *     lm_logits = self.lm_head(hidden_states)                       # 16-bit [b, s, V]
 *     shift_logits = lm_logits[..., :-1, :].contiguous()            # a 16-bit copy
 *     loss = CrossEntropyLoss()(shift_logits.view(-1, V), ...)      # log-softmax saved
 *
 * No `.float()`: unlike ChatGLM's remote code (chatglm-loss.ts) and transformers' ForCausalLMLoss,
 * nothing upcasts the logits. The model is 16-bit as well (`QWenLMHeadModel.__init__` autosets
 * `config.bf16` and calls `self.transformer.bfloat16(); self.lm_head.bfloat16()` when no precision
 * is configured). So what decides the loss's width is autocast:
 *
 * - Under torch.autocast (HF Trainer or Accelerate with bf16/fp16 mixed precision, FSDP included)
 *   `cross_entropy` is on autocast's fp32 list, so it takes an fp32 copy and saves fp32
 *   log-probabilities: the fp32 count of logits.ts (12 B at the start of backward) holds.
 * - Under the DeepSpeed engine there is no autocast: Accelerate leaves `native_amp` off for
 *   `DistributedType.DEEPSPEED` ("elif self.state.mixed_precision == 'bf16' and
 *   self.distributed_type not in (DistributedType.DEEPSPEED, DistributedType.MEGATRON_LM)",
 *   huggingface/accelerate src/accelerate/accelerator.py `Accelerator.__init__`, so `prepare_model`
 *   does not wrap the forward in autocast), transformers' Trainer before its Accelerate port skipped
 *   its own amp when `args.deepspeed` was set ("deepspeed and SageMaker Model Parallel manage their
 *   own half precision", trainer.py 4.2x), and DeepSpeed-Chat's loop calls the engine directly. The
 *   engine casts the module to bf16/fp16 (deepspeed/runtime/engine.py `_configure_distributed_model`).
 *   The cross-entropy then runs on the 16-bit logits: forward holds the logits, their shifted copy
 *   and the saved log-softmax, 2 B each; backward the saved log-probs, their gradient and the input
 *   gradient, 2 B each: the 6 B of logits.ts's 16-bit loss instead of 12.
 *
 * Only trainers that return the model's own loss (logits.ts MODEL_LOSS_FRAMEWORKS: the HF Trainer
 * family, LLaMA-Factory and ms-swift's Seq2SeqTrainer among them (swift/trainers/trainers.py
 * compute_loss: `loss = outputs['loss']` unless a loss_scale is passed), and DeepSpeed-Chat's
 * step-1 loop), not TRL's DPO, ORPO, GRPO or PPO, which take their own log-probabilities. Qwen-VL
 * shares the class name but is left at the fp32 count until its file is read.
 */
const QWEN1_REMOTE_CODE: ReadonlySet<string> = new Set(['qwen-1.8b', 'qwen-7b', 'qwen-14b', 'qwen-72b']);

/** The model computes its loss with Qwen-1's remote code (above). */
export function qwen1OwnLoss(s: Scenario): boolean {
  return s.model.id !== null && QWEN1_REMOTE_CODE.has(s.model.id);
}

/** The run is driven by the DeepSpeed engine in 16 bits (ZeRO at any stage, or DeepSpeed's own loop): no autocast. */
export function deepspeedSixteenBit(s: Scenario): boolean {
  const engine = s.sharding.kind === 'zero' || s.framework === 'deepspeed';
  return engine && s.recipe !== 'fp32' && s.recipe !== 'amp' && (s.compute === 'bf16' || s.compute === 'fp16');
}
