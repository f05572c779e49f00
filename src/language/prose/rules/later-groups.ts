import { WIDTH_NEGATED_RULES } from './width-negated.js';
import type { ProseRule } from '../types.js';
import { CPU_MEMORY_RULES } from './cpu-memory.js';
import { LENGTH_TABLE_RULES } from './length-tables.js';
import { WIDTH_OPTION_RULES } from './width-options.js';
import { SIZE_OPTION_RULES } from './size-options.js';
import { FORMAT_OPTION_RULES } from './format-options.js';
import { ASKED_OFFLOAD_RULES } from './asked-offload.js';
import { GGUF_WIDTH_RULES } from './gguf-widths.js';
import { WIDTH_TRAINER_RULES } from './width-trainers.js';
import { SEVERAL_CARD_RULES } from './several-cards.js';
import { CARDS_OWNED_ZH_RULES } from './cards-owned-zh.js';
import { GPTQ_FILE_RULES } from './gptq-files.js';
import { GPU_OFFLOAD_LAYER_RULES } from './gpu-offload-layers.js';
import { MEASURED_UTIL_RULES } from './measured-util.js';
import { CLOCK_TIME_RULES } from './clock-times.js';
import { EXL2_WIDTH_RULES } from './exl2-widths.js';
import { OFFLOAD_ZH_RULES } from './offload-zh.js';
import { SETTING_OFF_CJK_RULES } from './setting-off-cjk.js';
import { TRAINABLE_SHARE_RULES } from './trainable-share.js';
import { ENGINE_RELEASE_LABEL_RULES } from './engine-release-labels.js';
import { PRINTED_TOTAL_RULES } from './printed-total.js';
import { GGUF_NOTATION_RULES } from './gguf-notations.js';
import { WITHOUT_GPU_RULES } from './without-gpu.js';
import { SUPPORTED_VALUE_RULES } from './supported-values.js';
import { ARGUMENT_GROUP_RULES } from './argument-groups.js';
import { TUNE_A_SETTING_RULES } from './tune-a-setting.js';
import { MEMORY_SHARE_RULES } from './memory-share.js';
import { DTYPE_COMPARED_RULES } from './dtype-compared.js';
import { LORA_TARGET_CJK_RULES } from './lora-target-words.js';
import { LORA_RANK_WORD_RULES } from './lora-rank-words.js';
import { PURE_PRECISION_CJK_RULES } from './pure-precision-cjk.js';
import { BENCHMARK_LENGTH_RULES } from './benchmark-lengths.js';
import { TOKEN_REASONING_RULES } from './token-reasoning.js';
import { RESULT_AT_LENGTH_RULES } from './result-at-length.js';
import { LENGTHS_COMPARED_RULES } from './lengths-compared.js';
import { FLOAT4_WORD_RULES } from './float4-words.js';
import { WIDTH_ONLY_RULES } from './width-only.js';
import { CHECKPOINT_SAVING_RULES } from './checkpoint-saving.js';
import { BATCHED_TOKEN_RULES, SERVING_CAP_RULES } from './batched-tokens.js';
import { GENERATION_CAP_RULES } from './generation-caps.js';
import { LENGTH_RANGE_RULES } from './length-ranges.js';
import { KV_CACHE_WORD_RULES } from './kv-cache-words.js';
import { FLOAT_SPELLING_RULES } from './float-spellings.js';
import { DEEPSPEED_CONF_FILE_RULES } from './deepspeed-conf-files.js';
import { METHOD_REMOVED_RULES } from './method-removed.js';
import { METHOD_HISTORY_RULES } from './method-history.js';
import { NODE_WORD_RULES } from './node-words.js';

/**
 * Prose rule groups added after the first ordering was written, one a line, so that branches adding a
 * group merge cleanly; index.ts adds them to its table by id (their place in the run is PROSE_ORDER's).
 */
export const LATER_GROUPS: readonly (readonly ProseRule[])[] = [
  CPU_MEMORY_RULES,
  LENGTH_TABLE_RULES,
  WIDTH_OPTION_RULES,
  SIZE_OPTION_RULES,
  FORMAT_OPTION_RULES,
  ASKED_OFFLOAD_RULES,
  GGUF_WIDTH_RULES,
  WIDTH_TRAINER_RULES,
  SEVERAL_CARD_RULES,
  CARDS_OWNED_ZH_RULES,
  GPTQ_FILE_RULES,
  GPU_OFFLOAD_LAYER_RULES,
  MEASURED_UTIL_RULES,
  CLOCK_TIME_RULES,
  EXL2_WIDTH_RULES,
  OFFLOAD_ZH_RULES,
  SETTING_OFF_CJK_RULES,
  TRAINABLE_SHARE_RULES,
  ENGINE_RELEASE_LABEL_RULES,
  PRINTED_TOTAL_RULES,
  GGUF_NOTATION_RULES,
  WITHOUT_GPU_RULES,
  SUPPORTED_VALUE_RULES,
  ARGUMENT_GROUP_RULES,
  TUNE_A_SETTING_RULES,
  MEMORY_SHARE_RULES,
  DTYPE_COMPARED_RULES,
  LORA_TARGET_CJK_RULES,
  LORA_RANK_WORD_RULES,
  PURE_PRECISION_CJK_RULES,
  BENCHMARK_LENGTH_RULES,
  TOKEN_REASONING_RULES,
  RESULT_AT_LENGTH_RULES,
  LENGTHS_COMPARED_RULES,
  FLOAT4_WORD_RULES,
  WIDTH_ONLY_RULES,
  CHECKPOINT_SAVING_RULES,
  BATCHED_TOKEN_RULES,
  SERVING_CAP_RULES,
  KV_CACHE_WORD_RULES,
  FLOAT_SPELLING_RULES,
  DEEPSPEED_CONF_FILE_RULES,
  METHOD_REMOVED_RULES,
  METHOD_HISTORY_RULES,
  NODE_WORD_RULES,
  WIDTH_NEGATED_RULES,
  GENERATION_CAP_RULES,
  LENGTH_RANGE_RULES,
];
