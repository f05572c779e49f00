import type { ProseRule } from '../types.js';
import { LATER_GROUPS } from './later-groups.js';
import { CPU_MEMORY_RULES } from './cpu-memory.js';
import { HARDWARE_RULES } from './hardware.js';
import { COMPARED_CARDS_ZH_RULES } from './compared-cards-zh.js';
import { LATIN_WORD_RULES } from './latin-words.js';
import { LENGTH_RULES } from './lengths.js';
import { LENGTH_UNIT_RULES } from './length-units.js';
import { TOKEN_COUNT_ZH_RULES } from './token-count-zh.js';
import { LENGTH_TABLE_RULES } from './length-tables.js';
import { LINE_NUMBER_RULES } from './line-numbers.js';
import { NAME_RULES } from './names.js';
import { GPU_LAYER_RULES, PARALLEL_WORD_RULES } from './parallel-words.js';
import { PATH_MODEL_RULES } from './path-models.js';
import { PHRASING_RULES } from './phrasing.js';
import { QUESTION_RULES } from './questions.js';
import { REDUCED_RULES } from './reduced.js';
import { SERVING_RULES } from './serving.js';
import { BATCHED_TOKEN_RULES, SERVING_CAP_RULES } from './batched-tokens.js';
import { CARD_DTYPE_RULES, TRAINING_RULES } from './training.js';
import { ARTEFACT_RULES } from './artefacts.js';
import { TOOL_NAME_RULES } from './tool-names.js';
import { FULL_METHOD_RULES } from './full-method.js';
import { METHOD_LIST_RULES } from './method-lists.js';
import { ENGINE_ALTERNATIVE_RULES } from './engine-alternatives.js';
import { TRAINING_ELSEWHERE_RULES } from './training-words-elsewhere.js';
import { ENGINE_REPORT_RULES } from './engine-reports.js';
import { OOM_REPORT_RULES } from './oom-reports.js';
import { INSTANCE_NAME_RULES } from './instance-names.js';
import { ENGINE_LINK_RULES } from './engine-links.js';
import { ENGINE_TEMPLATE_RULES } from './engine-templates.js';
import { HUB_SITE_RULES } from './hub-site.js';
import { TEMPLATE_QUESTION_RULES } from './template-questions.js';
import { CITATION_RULES } from './citations.js';
import { SEQ_EVIDENCE_RULES, SEQ_KEY_RULES } from './seq-evidence.js';
import { OFFLOAD_PHRASE_RULES } from './offload-phrases.js';
import { OFFLOAD_ELSEWHERE_RULES } from './offload-elsewhere.js';
import { KV_OFFLOAD_RULES } from './kv-offload.js';
import { TASK_RUNNER_RULES } from './task-runners.js';
import { LORA_TARGET_CJK_RULES, LORA_TARGET_WORD_RULES } from './lora-target-words.js';
import { LORA_RANK_WORD_RULES } from './lora-rank-words.js';
import { PURE_PRECISION_CJK_RULES } from './pure-precision-cjk.js';
import { TRAINED_BEFORE_RULES } from './trained-before.js';
import { PROGRESS_WORD_RULES } from './progress-words.js';
import { HOST_AND_CARD_RULES } from './host-and-card.js';
import { MODEL_SPELLING_RULES } from './model-spellings.js';
import { DS_SHORT_NAME_RULES } from './ds-short-names.js';
import { ZERO_STAGE_SET_RULES } from './zero-stage-set.js';
import { FAMILY_MISSPELLING_RULES } from './family-misspellings.js';
import { FORMAT_AND_OPTION_WORD_RULES } from './format-and-option-words.js';
import { QUANTIZE_CALL_RULES } from './quantize-calls.js';
import { VARIANT_APART_RULES } from './variant-apart.js';
import { RELEASE_NUMBER_RULES } from './release-numbers.js';
import { TRAINER_SUMMARY_RULES } from './trainer-summary.js';
import { INT4_RELEASE_RULES } from './int4-releases.js';
import { RATE_RULES } from './rates.js';
import { ACCUMULATION_WORD_RULES } from './accumulation-words.js';
import { PROMPT_AND_ANSWER_RULES } from './prompt-and-answer.js';
import { CHECKPOINT_TABLE_RULES } from './checkpoint-tables.js';
import { CHECKPOINT_SAVING_RULES } from './checkpoint-saving.js';
import { DTYPE_COMPARED_RULES } from './dtype-compared.js';
import { FORMAT_OPTION_RULES } from './format-options.js';
import { ASKED_OFFLOAD_RULES } from './asked-offload.js';
import { PCIE_LINK_RULES } from './pcie-links.js';
import { DISK_SIZE_RULES } from './disk-sizes.js';
import { LOADER_GUESS_RULES } from './loader-guesses.js';
import { LAYERS_OUT_OF_RULES } from './layers-out-of.js';
import { FAMILY_LIST_RULES } from './family-lists.js';
import { PARAMETER_GROUP_RULES } from './parameter-groups.js';
import { GGUF_WIDTH_RULES } from './gguf-widths.js';
import { FLOAT4_WORD_RULES } from './float4-words.js';
import { SEVERAL_CARD_RULES } from './several-cards.js';
import { CARDS_OWNED_ZH_RULES } from './cards-owned-zh.js';
import { NODE_WORD_RULES } from './node-words.js';
import { GPU_OFFLOAD_LAYER_RULES } from './gpu-offload-layers.js';
import { MEASURED_UTIL_RULES } from './measured-util.js';
import { MEMORY_SHARE_RULES } from './memory-share.js';
import { CLOCK_TIME_RULES } from './clock-times.js';
import { EXL2_WIDTH_RULES } from './exl2-widths.js';
import { OFFLOAD_ZH_RULES } from './offload-zh.js';
import { SETTING_OFF_CJK_RULES } from './setting-off-cjk.js';
import { METHOD_REMOVED_RULES } from './method-removed.js';
import { METHOD_HISTORY_RULES } from './method-history.js';
import { TRAINABLE_SHARE_RULES } from './trainable-share.js';
import { ENGINE_RELEASE_LABEL_RULES } from './engine-release-labels.js';
import { PRINTED_TOTAL_RULES } from './printed-total.js';
import { GGUF_NOTATION_RULES } from './gguf-notations.js';
import { WITHOUT_GPU_RULES } from './without-gpu.js';
import { SUPPORTED_VALUE_RULES } from './supported-values.js';
import { ARGUMENT_GROUP_RULES } from './argument-groups.js';
import { TUNE_A_SETTING_RULES } from './tune-a-setting.js';
import { GENERATED_TOKEN_RULES } from './generated-tokens.js';
import { BENCHMARK_LENGTH_RULES } from './benchmark-lengths.js';
import { TOKEN_REASONING_RULES } from './token-reasoning.js';
import { RESULT_AT_LENGTH_RULES } from './result-at-length.js';
import { LENGTHS_COMPARED_RULES } from './lengths-compared.js';
import { KV_CACHE_WORD_RULES } from './kv-cache-words.js';
import { WIDTH_NEGATED_RULES } from './width-negated.js';
import { FLOAT_SPELLING_RULES } from './float-spellings.js';
import { FORMAT_MEMORY_LIST_RULES } from './format-memory-lists.js';

export { CARD_DTYPE_RULES, CITATION_RULES, FORMAT_MEMORY_LIST_RULES, OOM_REPORT_RULES, QUESTION_RULES, TRAINING_RULES };
export { reportedTopic } from './oom-reports.js';

/**
 * The order the prose rules run in, by id. The rules are kept by topic; the order is its own data
 * because a rule reads what the ones before it wrote: a version is blanked before any number in it
 * is counted, a path is cut to its last part before its file name is read, a card and its count are
 * joined before a compound name loses its suffixes.
 */
const PROSE_ORDER = [
  // The length noun misspelt ("Output lenght = 100"), put right before any rule reads a length (length-units.ts).
  'prose.length-misspelt',
  // Several methods listed as a change's configs ("sft/lora/qlora configs"), before a path reads them (method-lists.ts).
  ...METHOD_LIST_RULES.map((rule) => rule.id),
  // A results table's length column, before any rule reads its cells as lengths or numbers (length-tables.ts).
  ...LENGTH_TABLE_RULES.map((rule) => rule.id),
  // A benchmark's ISL and OSL in prose, before a count or a length reads either number (benchmark-lengths.ts).
  ...BENCHMARK_LENGTH_RULES.map((rule) => rule.id),
  // The HF Trainer's printed batch summary, before its words read as keywords (trainer-summary.ts).
  ...TRAINER_SUMMARY_RULES.map((rule) => rule.id),
  'prose.html-tag',
  // A line number is blanked before a version, a path or a length reads its digits.
  'prose.line-number',
  'prose.config-section-heading',
  // A trainer's activation-checkpointing TOML table, before its dotted header reads as a module path (checkpoint-tables.ts).
  ...CHECKPOINT_TABLE_RULES.map((rule) => rule.id),
  // Checkpoints saved ("distributed checkpointing", "checkpointing to S3") before "checkpointing" reads as recompute (checkpoint-saving.ts).
  ...CHECKPOINT_SAVING_RULES.map((rule) => rule.id),
  // French, Spanish, Portuguese, German and Italian setup words as English ones, before any rule reads those (latin-words.ts).
  'prose.latin-words',
  // An engine's report quoted in a sentence is blanked before any of its numbers is read (engine-reports.ts).
  ...ENGINE_REPORT_RULES.map((rule) => rule.id),
  // A speed ("11.30 tokens/s") is blanked before "generate" or a length reads its number (rates.ts).
  // A measured result with the context it was measured at ("6.77× concurrency at 262K"), before a rate is blanked and "concurrency" reads as a batch (result-at-length.ts).
  ...RESULT_AT_LENGTH_RULES.map((rule) => rule.id),
  ...RATE_RULES.map((rule) => rule.id),
  // A length said as a range ("15K~20K tokens") is its top, or the value said again, before any rule reads either end (length-ranges.ts).
  'prose.length-range',
  // Tokens counted for one image or page, or a total worked out from them, before any length rule reads "N tokens" (token-reasoning.ts).
  ...TOKEN_REASONING_RULES.map((rule) => rule.id),
  // One length given two values with what each did ("384 → 24G, 2048 → 45G"): two runs compared, before either is read (lengths-compared.ts).
  ...LENGTHS_COMPARED_RULES.map((rule) => rule.id),
  // Accumulation said with its count first, by its verb or as a batch's product, before a count or "x" reads its numbers (accumulation-words.ts).
  ...ACCUMULATION_WORD_RULES.map((rule) => rule.id),
  // A PCIe link's generation and lanes ("x8 gen3") before "gen" or a count reads their numbers (pcie-links.ts).
  ...PCIE_LINK_RULES.map((rule) => rule.id),
  // A disk's size ("硬盘：2T", "2TB SSD") before a size reads as a model's (disk-sizes.ts).
  ...DISK_SIZE_RULES.map((rule) => rule.id),
  // A loader's guess of the model ("assuming 70B model based on GQA == 8") before its size reads alone (loader-guesses.ts).
  ...LOADER_GUESS_RULES.map((rule) => rule.id),
  // "10 layers out of 81": the runner's total, never the model's shape (layers-out-of.ts).
  ...LAYERS_OUT_OF_RULES.map((rule) => rule.id),
  // Families listed as a change's or a tool's support ("BLOOM, OPT, and Neo-X") name no run's model (family-lists.ts).
  ...FAMILY_LIST_RULES.map((rule) => rule.id),
  // A script known by its name, also as a link (TRL's dpo_llama2.py), before links that name no Hub model are blanked.
  'prose.artefact-trl-dpo-llama2',
  // A link to a NeMo recipe module names the Megatron framework (weak) before the link is blanked (artefacts.ts).
  'prose.artefact-nemo-recipe-module',
  'prose.github-repo-model',
  // A repository named after a series ("github.com/QwenLM/Qwen2.5-VL"), where the words name no family (path-models.ts).
  'prose.github-repo-series',
  // A link to a serving engine's docs names the engine (weak) before every other link is blanked (engine-links.ts).
  ...ENGINE_LINK_RULES.map((rule) => rule.id),
  // vLLM's issue template heading names vLLM (weak) where nothing else names the program (engine-templates.ts).
  ...ENGINE_TEMPLATE_RULES.map((rule) => rule.id),
  // A page, a document or a log named after a model ("see Llama-3.1-8B.md", "…/DeepSeek-V3.html#deploy") before links and file names are blanked (path-models.ts).
  'prose.model-document-name',
  'prose.hub-link',
  // "from HuggingFace", "the HuggingFace page": the site, before its name reads as the transformers library (hub-site.ts).
  ...HUB_SITE_RULES.map((rule) => rule.id),
  // Artefacts that imply a framework (a recipe, a CLI verb, a Hub organisation) before a path is cut to its last part.
  ...ARTEFACT_RULES.map((rule) => rule.id).filter((id) => id !== 'prose.artefact-trl-dpo-llama2' && id !== 'prose.artefact-nemo-recipe-module'),
  'prose.device-map-values',
  // A model's name spelled apart from the catalog (a glued version, a Chinese name, words for a Hub name), before its parts are read (model-spellings.ts).
  ...MODEL_SPELLING_RULES.map((rule) => rule.id),
  // "ds3": DeepSpeed's ZeRO-3 where the message speaks of DeepSpeed, else DeepSeek-V3 (ds-short-names.ts).
  ...DS_SHORT_NAME_RULES.map((rule) => rule.id),
  ...FAMILY_MISSPELLING_RULES.map((rule) => rule.id),
  ...FORMAT_AND_OPTION_WORD_RULES.map((rule) => rule.id),
  // A vision variant written apart after the size, joined to it before the name rules read it (variant-apart.ts).
  ...VARIANT_APART_RULES.map((rule) => rule.id),
  // A model's variant words and release after its size, before the release is blanked as a version.
  'prose.variant-after-size',
  'prose.vllm-release-label',
  // lmdeploy's release written as a label ("lmdeploy版本：0.2.1"; engine-release-labels.ts).
  ...ENGINE_RELEASE_LABEL_RULES.map((rule) => rule.id),
  'prose.release-after-name',
  'prose.version',
  'prose.software-version',
  'prose.release-after-on',
  // A count of data and a model's trained length in a log are blanked before a length reads their numbers (seq-evidence.ts).
  ...SEQ_EVIDENCE_RULES.map((rule) => rule.id),
  // A release whose "-int4" is a bitsandbytes save, before a name's variant words and "-int4" are read (int4-releases.ts).
  'prose.bnb-int4-release',
  'prose.moe-apart',
  'prose.name-dtype-suffix',
  // ggml's "f16" and "full precision (fp16)": the 16-bit dtype named (float-spellings.ts).
  ...FLOAT_SPELLING_RULES.map((rule) => rule.id),
  // NVFP4 read as MXFP4, weak, before a name's suffixes or a path are read (float4-words.ts).
  ...FLOAT4_WORD_RULES.map((rule) => rule.id),
  'prose.gptq-group-size',
  // A single .pt / .safetensors file named for its 4-bit width is GPTQ's (gptq-files.ts).
  'prose.gptq-4bit-file',
  // A model's own code quantising it on load ("….quantize(4)"), before a bare width is read (quantize-calls.ts).
  ...QUANTIZE_CALL_RULES.map((rule) => rule.id),
  'prose.format-width',
  'prose.multi-without-count',
  // "several 4090s", "multiple A100s": the same said with a quantifier (several-cards.ts).
  ...SEVERAL_CARD_RULES.map((rule) => rule.id),
  // "32n8g" in a recipe's name: nodes of GPUs, before the name is read whole as a model's (hardware.ts).
  'prose.recipe-nodes-gpus',
  // "a node of H100s", "llama70b_4x8xh100": a node or a name that carries the count (node-words.ts).
  ...NODE_WORD_RULES.map((rule) => rule.id),
  // A size right after a CPU is the host's RAM, before the CPU's name is blanked (cpu-memory.ts).
  ...CPU_MEMORY_RULES.map((rule) => rule.id),
  'prose.cpu',
  // A chip's GPU cores, unified memory, an APU's GPU share and Ollama's host-RAM refusal: host or card, before any size is read (host-and-card.ts).
  ...HOST_AND_CARD_RULES.map((rule) => rule.id),
  'prose.variant-words',
  'prose.engine-build',
  'prose.full-context',
  'prose.full-not-training',
  'prose.full-of-data',
  'prose.some-of-the-cards',
  'prose.some-of-the-cards-zh',
  'prose.n-gpu-setup',
  'prose.arithmetic',
  'prose.without-torchrun',
  'prose.gigs',
  // A value reduced from is set aside before "drop" is read as leaving a setting out ("had to drop to 1").
  'prose.reduced-to',
  'prose.tried-from-to',
  'prose.drop-setting',
  // A dtype named as the copy compared with ("than the bf16 checkpoint"), before a dtype word is read and before "half" is blanked as a fraction (dtype-compared.ts).
  ...DTYPE_COMPARED_RULES.map((rule) => rule.id),
  'prose.half-fraction',
  'prose.memory-full',
  // An adapter's argument group with no setting under it names no method (argument-groups.ts).
  ...ARGUMENT_GROUP_RULES.map((rule) => rule.id),
  // "tune" said of a setting adjusts it, no training (tune-a-setting.ts).
  ...TUNE_A_SETTING_RULES.map((rule) => rule.id),
  // After the phrasings that name what "full" is said of: the word is the method only with a cue.
  ...FULL_METHOD_RULES.map((rule) => rule.id),
  'prose.w-o',
  'prose.plain-ddp',
  'prose.bare-per-gpu-batch',
  'prose.rather-than',
  'prose.no-need',
  // A training done before the run asked about, where a running word follows it (trained-before.ts).
  ...TRAINED_BEFORE_RULES.map((rule) => rule.id),
  'prose.tuned-model',
  // "a GRPO-trained qwen": the method as the model's history (method-history.ts).
  ...METHOD_HISTORY_RULES.map((rule) => rule.id),
  'prose.possessive-name',
  'prose.how-many-served',
  'prose.concurrency-question-zh',
  'prose.people-at-once',
  'prose.served-people',
  // "host" the machine ("host OOM", "the host runs out of memory"), before the vocabulary reads it as hosting (serving.ts).
  'prose.host-machine',
  'prose.how-many-uncounted',
  'prose.fewest-cards',
  'prose.number-of',
  // The KV cache moved off the GPU, before the offload word reads as the optimizer's (kv-offload.ts).
  ...KV_OFFLOAD_RULES.map((rule) => rule.id),
  // An offload asked for as a feature, before any offload word reads as the run's (asked-offload.ts).
  ...ASKED_OFFLOAD_RULES.map((rule) => rule.id),
  'prose.offload-to-gpu',
  // The GPU offload setting with its layer count a few words on, before the word is blanked (gpu-offload-layers.ts).
  ...GPU_OFFLOAD_LAYER_RULES.map((rule) => rule.id),
  // A GPU's layers or an engine's KV cache offloaded: no optimizer offload (offload-elsewhere.ts).
  ...OFFLOAD_ELSEWHERE_RULES.map((rule) => rule.id),
  // LoRA's targets in words, before "layers" reads as the model's layer count (lora-target-words.ts).
  ...LORA_TARGET_WORD_RULES.map((rule) => rule.id),
  ...LORA_TARGET_CJK_RULES.map((rule) => rule.id),
  // LoRA's rank in Chinese and Korean words (lora-rank-words.ts).
  ...LORA_RANK_WORD_RULES.map((rule) => rule.id),
  // Pure 16-bit training in Chinese and Korean words (pure-precision-cjk.ts).
  ...PURE_PRECISION_CJK_RULES.map((rule) => rule.id),
  // An adapter method removed ("removed everything peft", "peft相关的都去掉了", "LoRAなしで") is no method of the run (method-removed.ts).
  ...METHOD_REMOVED_RULES.map((rule) => rule.id),
  // A setting turned off in Chinese or Korean ("梯度检查点关闭", "关闭了X", "offload 안 쓰고"), and Hangul setting names (setting-off-cjk.ts).
  ...SETTING_OFF_CJK_RULES.map((rule) => rule.id),
  // What is offloaded and where, in a sentence, once layers sent to the GPU are blanked (offload-phrases.ts).
  ...OFFLOAD_PHRASE_RULES.map((rule) => rule.id),
  // A monitor's "100% util" is compute busy time, and "GPU utilization remains at 86%" the card's observed load, before
  // the util keyword reads a number (measured-util.ts).
  ...MEASURED_UTIL_RULES.map((rule) => rule.id),
  // A time of day ("5:52PM") is when, never a setting's number (clock-times.ts).
  ...CLOCK_TIME_RULES.map((rule) => rule.id),
  // The same said in Chinese ("将所有参数放置在cpu上"), before 全参 or 内存 are read as other words (offload-zh.ts).
  ...OFFLOAD_ZH_RULES.map((rule) => rule.id),
  // Where in the run a failure came ("at step 1", "after epoch 2"): no number of the setup (progress-words.ts).
  ...PROGRESS_WORD_RULES.map((rule) => rule.id),
  'prose.ggml',
  // An issue template's questions answered on their line ("Number GPUs used, use `nvidia-smi` 6") before Colab's words read a card (template-questions.ts).
  ...TEMPLATE_QUESTION_RULES.map((rule) => rule.id),
  'prose.colab-beside-card',
  'prose.colab-free',
  'prose.colab-pro',
  'prose.apple-silicon',
  'prose.non-gpu-accelerator',
  'prose.torch-compile',
  'prose.run-into',
  // A package manager's `run` subcommand starts a script, whatever it does (task-runners.ts).
  ...TASK_RUNNER_RULES.map((rule) => rule.id),
  // A trainer's count of the parameters it trains is blanked before any of its numbers is read as a size.
  // A printed total is the model's size where no model is named (printed-total.ts), before the counts are blanked.
  // An optimizer's parameter group ("160 tensors, 6,476,005,376 parameters"), a part of the model, never its size (parameter-groups.ts).
  ...PARAMETER_GROUP_RULES.map((rule) => rule.id),
  ...PRINTED_TOTAL_RULES.map((rule) => rule.id),
  // A small share trained names an adapter where no method is said, before the count is blanked (trainable-share.ts).
  ...TRAINABLE_SHARE_RULES.map((rule) => rule.id),
  'prose.trainable-count',
  'prose.deepspeed-stage',
  // "stage设置为2", "zero stage set to 2": a stage given its number by a verb (zero-stage-set.ts).
  ...ZERO_STAGE_SET_RULES.map((rule) => rule.id),
  'prose.training-stage',
  'prose.reference-offload',
  'prose.n-way-parallel',
  'prose.model-parallel-size',
  'prose.sequence-parallel-degree',
  'prose.fsdp-degree',
  'prose.split-model-over-cards',
  'prose.gpu-layers-all',
  'prose.uses-less-than',
  'prose.generate-call',
  'prose.generation-noun',
  'prose.how-long-of-a',
  'prose.identifier-number',
  'prose.memory-range',
  'prose.concurrent-users',
  'prose.max-seq-question',
  'prose.memory-utilisation',
  // A serving engine's share of the card said in words ("with 85% of the GPU memory"), weak (memory-share.ts).
  ...MEMORY_SHARE_RULES.map((rule) => rule.id),
  'prose.load-split',
  'prose.not-suitable',
  'prose.regardless-of',
  'prose.both-tried-zh',
  'prose.rlhf-project',
  'prose.difference-between',
  'prose.from-to',
  'prose.from-to-unsaid',
  // A serving engine's prefill budget in words, before a length rule reads its number as the context (batched-tokens.ts).
  ...BATCHED_TOKEN_RULES.map((rule) => rule.id),
  ...SERVING_CAP_RULES.map((rule) => rule.id),
  // A length's words read before "max seq" is taken as a question and before Chinese nouns become words.
  'prose.textgen-output-line',
  'prose.tokens-plus-characters',
  // A length in characters, words or pages, set aside before a length rule takes its number as tokens (length-units.ts).
  'prose.length-in-other-units',
  'prose.per-length',
  'prose.memory-for-tokens',
  // A prompt and its answer said in sentences ("a prompt that is 441 tokens long, and an output of 101"), before the labels' rule (prompt-and-answer.ts).
  ...PROMPT_AND_ANSWER_RULES.map((rule) => rule.id),
  'prose.input-output',
  // A cap on the answer ("responses capped at 800 tokens", 生成最大token数是1000) is the generation, never the context (generation-caps.ts).
  'prose.generation-cap',
  // A count of tokens said as generated is the generation, before a bare k-number is read as a length (generated-tokens.ts).
  'prose.generated-token-count',
  'prose.length-beyond-needed',
  'prose.engine-estimated-length',
  'prose.length-before-max-noun',
  'prose.length-set-it-to',
  'prose.length-value',
  'prose.length-out-of',
  'prose.tokens-of-context',
  'prose.length-zh',
  'prose.token-count-zh',
  'prose.token-unit-ko-ja',
  'prose.token-budget',
  'prose.max-model-len',
  'prose.model-len',
  'prose.max-num-seqs',
  'prose.kv-cache-dtype',
  // A dtype said after the cache, of a cache without "kv" or of the attention kernel: the cache's, never the weights' (kv-cache-words.ts).
  ...KV_CACHE_WORD_RULES.map((rule) => rule.id),
  'prose.kv-cache-int',
  'prose.kv-cache',
  // A width said as not used ("non-4bit", "4bitなし") and a card's dtype support ("V100不支持bf16和int4加速"): no weight format (width-negated.ts).
  ...WIDTH_NEGATED_RULES.map((rule) => rule.id),
  'prose.llama-v',
  'prose.short-flags',
  'prose.true-dtype',
  'prose.w-slash',
  // Model sizes offered as options ("for 32B/70B") beside a model named elsewhere, before a path reads the slash (size-options.ts).
  'prose.size-options',
  // An MLC library's name ("…-q4f16_1-cuda.so") is its model, before the path and config rules read its folders (path-models.ts).
  'prose.mlc-library',
  'prose.model-config-file',
  // A script named with its model's size ("run_for_7B_in_Linux_or_WSL.sh") where no model is named (path-models.ts).
  'prose.script-model-size',
  // A script's or document's name holding a family, the size said apart ("external_llama_eval.py … --size 7B"; path-models.ts).
  'prose.file-family-size-apart',
  'prose.file-name',
  'prose.weights-file',
  'prose.r1-distilled-base',
  'prose.ollama-r1-distill-tag',
  'prose.ollama-tag',
  'prose.model-folder',
  // Two widths offered ("4-bit/8-bit"): the first, before a path reads the slash or a width is read (width-options.ts).
  'prose.width-options',
  // Formats listed with slashes ("AWQ/GPTQ-Int4/GPTQ-Int8"): options, before a path reads the slashes (format-options.ts).
  ...FORMAT_OPTION_RULES.map((rule) => rule.id),
  // A DeepSpeed config named with a .config / .conf extension, before the path rule keeps only its last part (deepspeed-conf-files.ts).
  'prose.deepspeed-conf-file',
  'prose.path',
  'prose.file-after-path',
  'prose.mlc-quant',
  // A tool's bare name, after its paths and module names were read (tool-names.ts).
  ...TOOL_NAME_RULES.map((rule) => rule.id),
  // An engine named as a comparison or a change asked about, before its word reads as the run's engine (engine-alternatives.ts).
  ...ENGINE_ALTERNATIVE_RULES.map((rule) => rule.id),
  // A training word in a library's warning or in a model's description is not the run's (training-words-elsewhere.ts).
  ...TRAINING_ELSEWHERE_RULES.map((rule) => rule.id),
  // A GGUF type inside a file name is read before the name's dots look like a module path ("…-v1.Q8_0.gguf").
  'prose.gguf-without-q',
  // The values a program accepts, listed ("only supports `bitsandbytes` and `gptq`"): no setting (supported-values.ts).
  ...SUPPORTED_VALUE_RULES.map((rule) => rule.id),
  // K-quants without their Q ("8B_5_K_M") and the width before it ("4Q"), as q-types (gguf-notations.ts).
  ...GGUF_NOTATION_RULES.map((rule) => rule.id),
  // A GPU said to be absent ("~13 without GPU") counts none (without-gpu.ts).
  ...WITHOUT_GPU_RULES.map((rule) => rule.id),
  'prose.gguf',
  // A SageMaker instance ("ml.g4dn.xlarge") is read before its dots look like a module path.
  'prose.instance-type',
  // Shortened instance names, NVIDIA and Lambda machines, and an unknown instance named (instance-names.ts).
  ...INSTANCE_NAME_RULES.map((rule) => rule.id),
  'prose.module-path',
  'prose.card-count',
  'prose.host-ram-named-first',
  'prose.plural-apostrophe',
  'prose.host-ram',
  'prose.card-glued-memory',
  'prose.host-ram-chinese',
  'prose.host-ram-chinese-named-first',
  ...EXL2_WIDTH_RULES.map((rule) => rule.id),
  'prose.bpw',
  'prose.exllama',
  'prose.width-bnb-trainer',
  // A width said of a GGUF file ("8bit gguf", "5bit (k quants)") is that width's GGUF type (gguf-widths.ts).
  ...GGUF_WIDTH_RULES.map((rule) => rule.id),
  'prose.width-of-optimizer',
  'prose.width-only',
  // Two cards compared in Chinese ("H100 和 A100 对比") are written as the English comparison (compared-cards-zh.ts).
  'prose.cards-compared-zh',
  'prose.chinese-cards',
  // "但是我有两张呀": cards owned, counted with nothing after the classifier (cards-owned-zh.ts).
  ...CARDS_OWNED_ZH_RULES.map((rule) => rule.id),
  'prose.gpu-word-count',
  'prose.card-name-ka',
  'prose.chinese-words',
  'prose.ten-thousands',
  'prose.gpu-machine-word',
  'prose.number-word-card',
  'prose.card-times-count',
  'prose.either-or',
  'prose.card-memory-times-count',
  'prose.size-underscore',
  'prose.chinese-measure-word',
  'prose.version-as-size',
  'prose.mlx-width',
  'prose.model-suffix',
];

const BY_ID = new Map([...LATIN_WORD_RULES, ...NAME_RULES, ...PATH_MODEL_RULES, ...HARDWARE_RULES, ...COMPARED_CARDS_ZH_RULES, ...SERVING_RULES, ...PHRASING_RULES, ...REDUCED_RULES, ...LINE_NUMBER_RULES, ...LENGTH_RULES, ...LENGTH_UNIT_RULES, ...ARTEFACT_RULES, ...TOOL_NAME_RULES, ...PARALLEL_WORD_RULES, ...GPU_LAYER_RULES, ...ENGINE_REPORT_RULES, ...ENGINE_ALTERNATIVE_RULES, ...TRAINING_ELSEWHERE_RULES, ...FULL_METHOD_RULES, ...METHOD_LIST_RULES, ...INSTANCE_NAME_RULES, ...ENGINE_LINK_RULES, ...ENGINE_TEMPLATE_RULES, ...HUB_SITE_RULES, ...SEQ_EVIDENCE_RULES, ...OFFLOAD_PHRASE_RULES, ...OFFLOAD_ELSEWHERE_RULES, ...PROGRESS_WORD_RULES, ...HOST_AND_CARD_RULES, ...MODEL_SPELLING_RULES, ...DS_SHORT_NAME_RULES, ...ZERO_STAGE_SET_RULES, ...RELEASE_NUMBER_RULES, ...TRAINER_SUMMARY_RULES, ...INT4_RELEASE_RULES, ...RATE_RULES, ...ACCUMULATION_WORD_RULES, ...PROMPT_AND_ANSWER_RULES, ...KV_OFFLOAD_RULES, ...TASK_RUNNER_RULES, ...LORA_TARGET_WORD_RULES, ...TRAINED_BEFORE_RULES, ...CHECKPOINT_TABLE_RULES, ...TOKEN_COUNT_ZH_RULES, ...FAMILY_MISSPELLING_RULES, ...FORMAT_AND_OPTION_WORD_RULES, ...QUANTIZE_CALL_RULES, ...VARIANT_APART_RULES, ...PCIE_LINK_RULES, ...DISK_SIZE_RULES, ...LOADER_GUESS_RULES, ...LAYERS_OUT_OF_RULES, ...FAMILY_LIST_RULES, ...PARAMETER_GROUP_RULES, ...GENERATED_TOKEN_RULES, ...TEMPLATE_QUESTION_RULES].map((rule) => [rule.id, rule]));
// Rule groups added since (later-groups.ts, one a line so branches adding groups merge cleanly).
for (const rule of LATER_GROUPS.flat()) BY_ID.set(rule.id, rule);

/** The prose rules in the order they run (a rule missing from the order is an error at load). */
export const PROSE_RULES: readonly ProseRule[] = PROSE_ORDER.map((id) => {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`prose rule order names ${id}, which no rule has`);
  return rule;
});
if (PROSE_RULES.length !== BY_ID.size) throw new Error('a prose rule is missing from PROSE_ORDER');

/** Every rule of the prose stage, in the order each group runs: reports, training, questions, prose; and the card-dtype rules the config keys run first. */
export const ALL_PROSE_RULES: readonly ProseRule[] = [...CARD_DTYPE_RULES, ...FORMAT_MEMORY_LIST_RULES, ...SEQ_KEY_RULES, ...OOM_REPORT_RULES, ...CITATION_RULES, ...TRAINING_RULES, ...QUESTION_RULES, ...PROSE_RULES];
