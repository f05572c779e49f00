import { releaseBefore } from './release-order.js';

/**
 * LLaMA-Factory's defaults by release, where one changes what a run holds (issue 23), read from
 * hiyouga/LLaMA-Factory at each tag. A release is "0.x.y" (language/llamafactory-versions.ts); none
 * named is the newest.
 *
 * | default                         | releases          | value                                    | where |
 * |---------------------------------|-------------------|------------------------------------------|-------|
 * | sequence cut (cutoff_len)       | v0.1.0 – v0.9.0   | 1024                                     | catalog/program-seq.ts |
 * |                                 | v0.9.1 –          | 2048                                     | catalog/program-seq.ts |
 * | gradient checkpointing          | every release     | on                                       | v0.1.0 extras/misc.py `prepare_model_for_training(use_gradient_checkpointing=True)`; from v0.5.0 hparams/model_args.py `disable_gradient_checkpointing: False` (921f5936, 2023-12-24) |
 * | attention (flash_attn)          | v0.1.0 – v0.5.1   | False: transformers' own default         | hparams/model_args.py; model/loader.py sets `use_flash_attention_2` only when on |
 * |                                 | v0.5.2 – v0.6.3   | False: **eager** forced                  | model/patcher.py `_configure_attn_implementation`: `attn_implementation = "eager"` when flash_attn is off (5b8712d0 "fix autoset attn impl", 2024-01-31) |
 * |                                 | v0.7.0 –          | "auto": transformers' own default        | model/utils/attention.py `configure_attn_implementation` returns on "auto" |
 * | upcast_layernorm                | every release     | False (norms stay in the compute dtype)  | hparams/model_args.py (finetuning_args.py in v0.3.x) |
 * | packing / neat_packing          | v0.6.0 –          | None (on for pre-training only) / False  | hparams/data_args.py; `sft_packing` False in v0.2.0 – v0.5.3 |
 * | ZeRO-2 JSON `overlap_comm`      | v0.1.0 – v0.5.3   | false                                    | README's ZeRO-2 example (e9d4a2b5, 2023-08-12) |
 * |                                 | v0.6.0 – v0.9.3   | **true**                                 | README's example (73d9dfc7, 2024-03-06), then examples/deepspeed/ds_z2_config.json (5393794d, 2024-11-02) and the webui's generated config (webui/common.py, v0.8.0 → v0.9.3) |
 * |                                 | v0.9.4 –          | false                                    | webui/common.py (12ed792d, 2025-07-07); ds_z2_config.json at v0.9.4 and a0d44c65 |
 *
 * The attention row is a term here: with eager attention each layer's softmax scores
 * (batch × heads × seq²) are materialised, which the default (flash) never holds. transformers'
 * own default (sdpa for most models from 4.36) is ours already, and "auto" leaves it there.
 * The overlap_comm row sets the ZeRO-1/2 reduce buckets (memory/deepspeed-config.ts zero12Config:
 * DeepSpeed keeps a second reduce_bucket_size buffer under overlap_comm).
 */
export const EAGER_ATTENTION_FROM = [0, 5, 2] as const;
export const EAGER_ATTENTION_UNTIL = [0, 7, 0] as const;

/** Whether `release` comes before `than` (both "0.x.y"). */
export function llamafactoryBefore(release: string, than: readonly number[]): boolean {
  return releaseBefore(release.split('.').map(Number), than);
}

/** Whether the release forces eager attention when flash_attn is left off (the table above). */
/** A named release from `from` up to, not including, `until` (a row of the table above); none named is the newest. */
function releasedBetween(release: string | undefined, from: readonly number[], until: readonly number[]): boolean {
  return release !== undefined && !llamafactoryBefore(release, from) && llamafactoryBefore(release, until);
}

export function llamafactoryForcesEager(release: string | undefined): boolean {
  return releasedBetween(release, EAGER_ATTENTION_FROM, EAGER_ATTENTION_UNTIL);
}

export const OVERLAP_COMM_FROM = [0, 6, 0] as const;
export const OVERLAP_COMM_UNTIL = [0, 9, 4] as const;

/** Whether the release's shipped ZeRO-2 JSON sets overlap_comm true (the table above); the newest (none named) does not. */
export function llamafactoryZero2OverlapComm(release: string | undefined): boolean {
  return releasedBetween(release, OVERLAP_COMM_FROM, OVERLAP_COMM_UNTIL);
}
