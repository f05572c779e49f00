import { releaseBefore } from '../scenario/release-order.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * What torchtune's recipes and their shipped configs ran, by release (meta-pytorch/torchtune tags;
 * recipes/configs/llama3/8B_lora_single_device.yaml and llama2/7B_lora_single_device.yaml,
 * recipes/lora_finetune_single_device.py). A release is "0.minor[.patch]"; none named is the newest.
 *
 * - Loss: v0.1.0 → v0.2.1 configs set `loss: torch.nn.CrossEntropyLoss` over the whole logits,
 *   which `TransformerDecoder.forward` returns upcast (`output = self.output(h).float()`,
 *   torchtune/modules/transformer.py); `CEWithChunkedOutputLoss` came with v0.3.0 (2024-09-17).
 * - AdamW: `fused: True` in the configs from v0.3.1 (2024-10-02); PyTorch's foreach before.
 * - LoRA: the Llama single-device LoRA configs target `['q_proj', 'v_proj']` with
 *   apply_lora_to_mlp False through v0.3.1; v0.4.0 (2024-11-13) adds output_proj and the MLP.
 */
export type TorchtuneRelease = readonly [number, number, number];

export const CHUNKED_LOSS_FROM: TorchtuneRelease = [0, 3, 0];
export const FUSED_ADAMW_FROM: TorchtuneRelease = [0, 3, 1];
export const LORA_ON_MLP_FROM: TorchtuneRelease = [0, 4, 0];

function parse(release: string): TorchtuneRelease | null {
  const m = /^0\.(\d+)(?:\.(\d+))?$/.exec(release);
  return m ? [0, Number(m[1]), Number(m[2] ?? 0)] : null;
}

/** The named release is older than `from` (false when none is named: the newest). */
export function torchtuneBefore(release: string | undefined, from: TorchtuneRelease): boolean {
  const r = parse(release ?? '');
  return r !== null && releaseBefore(r, from);
}

/**
 * The recipe loop before v0.3.0 keeps the shifted fp32 logits alive through backward:
 * `logits = logits[..., :-1, :].contiguous(); logits = logits.transpose(1, 2);
 * loss = self._loss_fn(logits, labels); … loss.backward()` (lora_finetune_single_device.py,
 * v0.1.1 lines 447–467, no `del logits`), so at the start of backward the loop's `logits` (4 B a
 * logit) sits beside the saved log-softmax, its gradient and the input gradient that the plain fp32
 * loss counts (12 B, memory/logits.ts): 16 B a logit.
 */
export const LOOP_HELD_LOGIT_BYTES = 4;

export function torchtuneLoopHoldsLogits(s: Scenario): boolean {
  return s.framework === 'torchtune' && s.loss === 'full' && torchtuneBefore(s.torchtuneVersion, CHUNKED_LOSS_FROM);
}
