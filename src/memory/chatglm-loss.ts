import type { Scenario } from '../scenario/schema.js';
import { residualBytes } from './activations.js';

/**
 * ChatGLM's own loss. ChatGLM-6B, ChatGLM2-6B and ChatGLM3-6B exist only as remote code
 * (modeling_chatglm.py, `ChatGLMForConditionalGeneration.forward`, every revision of
 * THUDM/chatglm-6b, chatglm2-6b and chatglm3-6b), so whatever transformers release runs them, the
 * loss is the model's, not transformers' `ForCausalLMLoss`:
 *
 *     lm_logits = self.transformer.output_layer(hidden_states)      # 16-bit [s, b, V]
 *     lm_logits = lm_logits.transpose(0, 1).contiguous()            # (ChatGLM-6B: .permute(1, 0, 2))
 *     lm_logits = lm_logits.to(torch.float32)                       # fp32 copy, 4 B
 *     shift_logits = lm_logits[..., :-1, :].contiguous()            # a second fp32 copy, 4 B
 *     loss = CrossEntropyLoss(ignore_index=-100)(shift_logits.view(...), ...)  # log-softmax kept, 4 B
 *     lm_logits = lm_logits.to(hidden_states.dtype)                 # a 16-bit copy, 2 B
 *
 * The last line allocates its 16-bit copy while the fp32 logits, their shifted fp32 copy (a local
 * of forward) and the saved log-probabilities are all alive: 4 + 4 + 4 + 2 = 14 B per logit element,
 * the forward's peak (the earlier 16-bit copies are dropped as each name is rebound; neither
 * `.to` nor the slice saves its input). In backward it is the usual 12 B (logits.ts). When the
 * residual stream is fp32 (amp's fp32 model, PEFT's k-bit preparation) `hidden_states.dtype` is
 * fp32, that last `.to` returns the same tensor, and the peak stays 12 B.
 *
 * Only the three ChatGLM generations: GLM-4-9B-chat's remote code has the same lines, but the
 * catalog's glm-4-9b also stands for the transformers-native port (glm-4-9b-chat-hf, GlmForCausalLM,
 * which takes `ForCausalLMLoss`), so it is left at the transformers count.
 */
const CHATGLM_REMOTE_CODE = new Set(['chatglm-6b', 'chatglm2-6b', 'chatglm3-6b']);

/** The model computes its loss with ChatGLM's remote code (above). */
export function chatglmOwnLoss(s: Scenario): boolean {
  return s.model.id !== null && CHATGLM_REMOTE_CODE.has(s.model.id);
}

/** The 16-bit copy `lm_logits.to(hidden_states.dtype)` makes beside the fp32 logits, 2 B, when hidden states are 16-bit. */
export function chatglmTrailingCopyBytes(s: Scenario): number {
  return chatglmOwnLoss(s) && residualBytes(s) === 2 ? 2 : 0;
}
