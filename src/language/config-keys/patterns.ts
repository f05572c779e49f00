import { EN_IS_WORDS, EN_SET_WORDS, PARTICLE_WORDS, SET_AFTER, VALUE_HEDGE, ZH_IS_WORDS, ZH_SET_WORDS } from './connectives.js';
import { VISIBLE_DEVICE_VARIABLES, VISIBLE_DEVICES_WORDS } from './visible-devices.js';
/**
 * The patterns a config is found with in any text: pairs in every spelling (`key=value`,
 * `key: value`, `--key value`, `--key=value`, `"key": value`), bare lists, comments, and the
 * prose forms of a key given a value.
 */

/** Short flags that take a value: llama.cpp `-c 4096 -ngl 99`, vLLM `-tp 4`. */
export const SHORT_FLAGS: Record<string, string> = {
  c: 'ctx_size',
  tp: 'tensor_parallel_size',
  pp: 'pipeline_parallel_size',
  // vLLM's -dp (--data-parallel-size), written -dp=8 too (vllm-project/vllm, c814).
  dp: 'data_parallel_size',
  ngl: 'ngl',
  b: 'batch_size_llamacpp',
  ctk: 'cache_type_k',
  ctv: 'cache_type_v',
  // llama.cpp's other short flags (common/arg.cpp; engines/llamacpp.ts reads them): -ub 512, -np 4,
  // -fa [on|off|auto], -nkvo, -sm row, -ts 3,1.
  ub: 'ubatch_size',
  np: 'parallel',
  fa: 'flash_attn',
  nkvo: 'no_kv_offload',
  sm: 'split_mode',
  ts: 'tensor_split',
  // …and those that keep weights off the GPU or add a draft model: -ot "exps=CPU", -cmoe, -ncmoe 20,
  // -md draft.gguf, -ngld 99, -cd 4096.
  ot: 'override_tensor',
  cmoe: 'cpu_moe',
  ncmoe: 'n_cpu_moe',
  md: 'model_draft',
  ngld: 'gpu_layers_draft',
  cd: 'ctx_size_draft',
  // ExecuTorch's export_llama `-qmode 8da4w` (--quantization_mode; adapters.ts reads it).
  qmode: 'quantization_mode',
};

/**
 * Keys whose value is a mapping written inline (`limit_mm_per_prompt={"image": 20}`, vllm-project/vllm#17891;
 * `--limit-mm-per-prompt {"video":0}`): the object, up to one level of nesting on its line, is the
 * value, read whole by the key's handler, not a block whose keys are read one by one.
 */
export const INLINE_OBJECT_KEYS = ['limit[-_]mm[-_]per[-_]prompt'];
// Also vLLM's legacy `image=2,video=0` (commas are no value's end there).
const INLINE_OBJECT = `(?<=(?:${INLINE_OBJECT_KEYS.join('|')})["']?[ \\t]*[=:]?[ \\t]*)(?:\\{[^{}\\n]*(?:\\{[^{}\\n]*\\}[^{}\\n]*)*\\}|[a-z]+=\\d+(?:,[a-z]+=\\d+)+)`;
const VALUE = `("[^"\\n]*"|'[^'\\n]*'|\\[(?![ \\t]*["']?--[a-z])(?![^\\]\\n]*,[ \\t]*["']?--[a-z])[^\\]\\n]*\\]|${INLINE_OBJECT}|\\{|some\\([^)\\s]*\\)|\\([ \\t]*[^\\s()]+[ \\t]*\\)|[^\\s,;{}()\\]\\[\\u3000-\\u9fff\\uff00-\\uffef]+)`;
/**
 * A list of flags (`extraArgs: ["--kv-cache-dtype=fp8", …]`, a Helm chart's vLLM args; c633) is no
 * value of its key: the flags in it are read one by one. So is one whose first item is a positional word
 * (`args: [Qwen/Qwen2.5-32B-Instruct, --max-num-seqs, "64"]`, a block list the YAML reader wrote as a flow
 * list; rserve12): a flag anywhere in it makes it a command line.
 *
 * One pass finds, in order: a ``` fence, `--key[ =]value`, `-c 4096`, `key=value`,
 * `key: value`, `"key": value`, and a YAML/JSON key that opens a block (`zero_optimization: {`,
 * or `offload_optimizer:` at the end of a line). Groups: 1-2 long flag, 3-4 short flag, 5-7 pair,
 * 8-9 a known key and its value with no sign between (9 a boolean, 10 a line's value).
 */
export const PAIR = new RegExp(
  [
    // A fence and its language tag; a key glued to the fence ("```CUDA_VISIBLE_DEVICES=0,1 llamafactory-cli", c476) is no tag.
    '```(?:[a-z]+(?![\\w=]))?',
    // In prose a flag's value may follow "to": "I also set the --use_gradient_checkpointing to unsloth"
    // (unslothai/unsloth, corpus c328: read as the flag alone, plain checkpointing).
    // A flag's name ends in a letter, a digit or "_": a sentence's full stop or a dash after it is not its
    // ("… --recompute-activations. We get ~420 TFLOPS": the flag, then the sentence's end).
    `(?<![\\w-])--([a-z](?:[a-z0-9_.\\-]*[a-z0-9_])?)(?:(?:[ \\t]*=[ \\t]*|[ \\t]+(?:to[ \\t]+(?=["']?[a-z0-9]))?)(?!-)${VALUE})?`,
    // A number with letters after it is no short flag's value: ColossalAI's benchmark `-c 70b` names
    // its model config (examples/language/llama/benchmark.py), not llama.cpp's context of 70.
    // -fa and -nkvo may stand alone (a switch): no value then.
    `(?<![\\w-])-(c|tp|pp|dp|ngl|b|ctk|ctv|ub|np|fa|nkvo|sm|ts|ot|cmoe|ncmoe|md|ngld|cd|qmode)(?:(?:[ \\t]+|(?<=-[tdp]p)=)((?<=-ts[ \\t]+)\\d+(?:[.,+]\\d+)+|(?<=-(?:ot|md)[ \\t]+)(?:"[^"\\n]*"|'[^'\\n]*'|[^\\s"']+)|-?\\d+(?![\\w.])|(?<=ct[kv][ \\t]+)[a-z0-9_]+|(?<=-fa[ \\t]+)(?:on|off|auto)(?![\\w-])|(?<=-sm[ \\t]+)(?:none|layer|row)(?![\\w-])|(?<=-qmode[ \\t]+)[a-z0-9_]+(?:-[a-z0-9_]+)?(?![\\w-]))|(?<=-(?:fa|nkvo|cmoe))(?![\\w-]))`,
    // A value that is itself `key=value` ("my config: batch_size=4") is that pair, not this one's value;
    // so is a snake_case `key:value` with no space after a key's colon, as Ollama's server log prints
    // its settings (`OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:1`, ollama/ollama#9730): the first key
    // is empty. After "=" it is the value (`PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`). A snake_case
    // `key: value` right after a prose word's colon ("here's my config: per_device_train_batch_size: 2, …")
    // is that pair too: a value never ends in a colon followed by another value. So is a quoted one after a colon ("these
    // settings: `per_device_train_batch_size=2`", rtrain11: the key lost its value to "settings"); after "=" a quoted
    // string of pairs is a shell variable's value (`RES="trainer.n_gpus_per_node=4 …"`, c3057), not pairs of the run.
    `(?<![\\w.\\-/])["']?([a-z_][a-z0-9_.\\-]*)["']?[ \\t]*(=|:)[ \\t]*(?:(?!--?[a-z])(?![a-z_][\\w.\\-]*[ \\t]*=(?!=))(?!(?<=:[ \\t]*)[\`'"][a-z_][\\w.\\-]*[ \\t]*=(?!=))(?!(?<=:[ \\t]*)[a-z][a-z0-9]*(?:_[a-z0-9]+)+:(?:[^\\s/:]|[ \\t]+\\S))${VALUE}|(?=\\n|$|[ \\t]*--?[a-z]|(?<=:[ \\t]*)[a-z][a-z0-9]*(?:_[a-z0-9]+)+:(?:[^\\s/:]|[ \\t]+\\S)))`,
    // HF prose "bf16 True", "gradient_checkpointing False": a key of ours, a space, a boolean. And a
    // snake_case key alone on its line with its value, its colon left out ("layer_num 28",
    // ssbuild/chatglm_finetuning#70; "micro_batch_size 1" of an alpaca-lora dump retyped): a pair
    // like any other, read by its table or set aside as a key we do not read (config.key-without-colon).
    `(?<![\\w.\\-/])([a-z_][a-z0-9_]*)[ \\t]+(?:(true|false)(?![\\w])|(?<=(?:^|\\n)[ \\t]*[a-z][a-z0-9]*(?:_[a-z0-9]+)+[ \\t]+)${VALUE}(?=[ \\t]*(?:\\n|$)))`,
  ].join('|'),
  'g',
);

const LIST_KEYS = `lora_target|lora_target_modules|target_modules|lora_attn_modules|${VISIBLE_DEVICE_VARIABLES.join('|')}|gpu_idx|gpu-idx|fsdp|fsdp_sharding_strategy|device`;
export const LIST_PAIR = new RegExp(
  `((?<![\\w.\\-/])(?:--(?:${LIST_KEYS})[ \\t=]+|["']?(?:${LIST_KEYS})["']?[ \\t]*[:=][ \\t]*))((?![\\["'])[a-z0-9_]+(?:(?:[ \\t]*,[ \\t]*|[ \\t]+)(?!--)[a-z0-9_]+)+)(?=[ \\t]*(?:\\n|$|;|--|\\\\|\\)|\`))`,
  'g',
);

/** A YAML block list under a list key ("lora_target_modules:\n  - q_proj\n  - v_proj", axolotl's style): one value. */
export const YAML_LIST = new RegExp(`^[ \\t]*(${LIST_KEYS})[ \\t]*:[ \\t]*\\n((?:[ \\t]*-[ \\t]*["']?[\\w.]+["']?[ \\t]*(?:\\n|$))+)`, 'gm');

/**
 * A device list set inline before a command ("CUDA_VISIBLE_DEVICES=0,1,2,3 python -m vllm…",
 * QwenLM/Qwen3#67), or in a script's own variable (GPUS=0,1,2,3): digits and commas are the whole
 * value, whatever follows: a clause's comma after it too ("cuda_visible_devices=1,3，hf客户端中device_map=auto",
 * zai-org/GLM-4#359, corpus c2589: the full-width comma, a comma once normalised, left only "=1" read).
 */
// HIP's, ROCr's and Ascend's lists as CUDA's (visible-devices.ts). The variable may lose its "=" to a space
// ("CUDA_VISIBLE_DEVICES 0,1,2,3 \⏎swift sft …", OpenBMB/MiniCPM-V#338, c3926: only "0" was read, one card of eight).
export const DEVICE_LIST = new RegExp(
  String.raw`((?<![\w.\-/])["']?(?:(?:${VISIBLE_DEVICES_WORDS})["']?(?:[ \t]*[:=][ \t]*|[ \t]+)|gpus["']?[ \t]*[:=][ \t]*))(\d+(?:[ \t]*,[ \t]*\d+)+)(?!\d|[ \t]*,[ \t]*\d)`,
  'g',
);

/**
 * ExLlama's `--gpu_split 23,23,23,23` (turboderp/exllama#98): the memory, in GB, each GPU gives the
 * model's layers, one number per GPU; the numbers become one value as a device list's do.
 */
export const MEMORY_SPLIT = /((?<![\w.\-/])(?:--)?["']?gpu_split["']?(?:[ \t]*[:=][ \t]*|[ \t]+))(\d+(?:\.\d+)?(?:[ \t]*,[ \t]*\d+(?:\.\d+)?)+)(?![\d.,])/g;

/**
 * llama.cpp's `--tensor-split 3,1` / `-ts 3,1` / `tensor_split=[0.5, 0.5]` (llama-cpp-python), and KoboldCpp's
 * space-separated `-ts 1 1` (koboldcpp.py `nargs='+'`, ending its line or followed by another flag): one
 * proportion per GPU, the numbers joined into one value as a device list's are (engines/tensor-split.ts).
 */
export const TENSOR_SPLIT = /((?<![\w.\-/])(?:--tensor[-_]?split|-ts|["']?(?:llama_arg_)?tensor_split["']?)(?:[ \t]*[:=][ \t]*\[?|[ \t]+))(\d+(?:\.\d+)?(?:[ \t]*,[ \t]*\d+(?:\.\d+)?)+|\d+(?:\.\d+)?(?:[ \t]+\d+(?:\.\d+)?)+(?=[ \t]*(?:\n|$|-)))(?![\d.,])/g;

/**
 * The DeepSpeed launcher's `--include localhost:0,1,2,3` (`host1:0,1@host2:0,1`): the devices it
 * runs on, one process each (deepspeed/launcher/runner.py, "--include").
 */
export const DEEPSPEED_INCLUDE = /(?<![\w-])--include(?:[ \t]*=[ \t]*|[ \t]+)["']?((?:[\w.-]+:\d+(?:,\d+)*@?)+)["']?(?![\w,@:])/g;

/**
 * YAML comments in a pasted config are not settings: a commented-out key
 * ("# disable_gradient_checkpointing: true") and the comment after a value
 * ("deepspeed: ds_z3_offload_config.json  # choices: [ds_z0_config.json, …]",
 * hiyouga/LlamaFactory#8482; `model_name = "unsloth/Qwen3-30B-A3B", #  "unsloth/Mistral-Nemo…"`,
 * unslothai/unsloth#2504). A "#" before a digit is an issue number, not a comment. Markdown headings ("### Running on 1 x H100") are prose and stay.
 */
export const COMMENTED_KEY = /^[ \t]*#+[ \t]*[a-z_][a-z0-9_.]*[ \t]*[:=].*$/gm;
export const TRAILING_COMMENT = /^([^\n#]*?[:=(,][^\n#]*?)[ \t]+#(?!\d)[^\n]*$/gm;

/**
 * "what per_device_train_batch_size should be?", "what batch size can I use", "what's the max
 * context length": a value asked for, not stated, is the question of its largest value
 * (lm-sys/FastChat#346). Read before the keys, which would take the key alone as a flag. A length
 * is named by what it measures too ("what is the maximum token length per sample", c1659;
 * "what's the longest input length", "what prompt length can I use"): the same question.
 */
export const ASKED_VALUE =
  /\bwhat(?:'s| is| are)?(?: the| a| my)?(?: (?:max(?:imum)?|largest|biggest|longest|best|optimal))? (?:(batch[ _-]?size|bs|per_device_train_batch_size|micro_batch_size|train_micro_batch_size_per_gpu)|(context(?:[ _-]?(?:length|len|size|window))?|seq(?:uence)?[ _-]?(?:length|len)|(?:token|input|prompt|sample|training)[ _-]?(?:length|len)|max_seq_length|cutoff_len|max_model_len))\b/g;

/** The authors' run after a value asked ("… you used to fine-tune", "… did they use"): theirs, not the user's. */
const AUTHORS_RUN = String.raw`[ \t]+(?:(?:did|do|does)[ \t]+)?(?:you|they|the[ \t]+authors?)[ \t]+(?:use|used|using|set|chose|train\w*)\b`;
/** No first person in the rest of the sentence ("… I can fit", "… on my 4090" keep the value the user's). */
const NO_FIRST_PERSON = String.raw`(?![^.?!\n]*\b(?:i|we|my|our|me|us)\b)`;

/**
 * What follows a length asked for ("what is the maximum context length …") when the length asked is
 * another's limit, not the user's run's: a model's ("… of llama-3-8b", "… of the model", "… the model supports"), one in
 * general ("… possible", "… supported"), or any card's ("… that a single GPU can support",
 * deepseek-ai/DeepSeek-R1#460, c744) — and no first person in the rest of the sentence ("… I can fit",
 * "… on my 4090" keep it the user's), or the value of the authors' run ("what batch size you used to fine-tune …",
 * microsoft/GUI-Actor#12, c1748). Tested on the text after the asked words (question rules too).
 */
export const LIMIT_OF_ANOTHER = new RegExp(
  String.raw`^(?=[ \t]+of[ \t]+(?:the[ \t]+|this[ \t]+|that[ \t]+)?(?:models?\b|[\w./:-]*\d+(?:\.\d+)?b\b)|[ \t]+(?:is[ \t]+)?(?:possible|supported|allowed)\b|[ \t]+(?:(?:that|which)[ \t]+)?(?:the|this|that|its)[ \t]+(?:model|llm|checkpoint|architecture)s?[ \t]+(?:supports?|allows?|handles?|accepts?)\b|[^.?!\n]{0,80}?\b(?:that|which)[ \t]+(?:a|an|one|each|any)[ \t]+(?:single[ \t]+)?(?:gpu|card|node|machine|server)[ \t]+(?:can|could)\b|${AUTHORS_RUN})${NO_FIRST_PERSON}`,
);

/**
 * What follows a batch asked for when it is the authors' run's ("what batch size you used to fine-tune …",
 * microsoft/GUI-Actor#12, c1748; "what batch size did you use?"): theirs, not the largest the user's card holds.
 */
export const VALUE_OF_AUTHORS = new RegExp(String.raw`^${AUTHORS_RUN}${NO_FIRST_PERSON}`);

/** Keys whose meaning is their parent block's: set once per block, never replacing each other. */
export const IN_BLOCK_KEYS = new Set(['_component_', 'device', 'enabled', 'stage', 'pin_memory', 'mixed_precision', 'use_fp16', 'type', 'dtype']);

/**
 * A snake_case key in prose, then the number it was set to ("num_ctx limited to 8192", "`max_model_len` is set at 4096",
 * "`max_tokens` being set to 10000", vllm-project/vllm#1543; "has been set to").
 */
/** Groups: 1 the key; 2 an example's or a guess's words (VALUE_HEDGE); 3 the number. */
export const KEY_SET_TO = new RegExp(String.raw`(?<![\w.-])\`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\`?[ \t]+${EN_SET_WORDS}(?:(${VALUE_HEDGE})|[ \t]+)(\d[\w.]*)(?![\w.])`, 'g');

/**
 * A snake_case key in prose with the number it is, or a number it is given as an example (issue 22, rserve15):
 * "gpu_memory_utilization is 0.7", "If I set a high value for `gpu_memory_utilization`, for example, 0.99, it would
 * throw OOM" (vllm-project/vllm#9995, corpus c3070, b91: the share went unread and vLLM's default 0.9 stood), "`max_model_len`
 * (e.g. 8192)", "output_len like 1500" (google/gemma_pytorch#87, c3078, b91). Not "of": "num_ctx of 40000 in that
 * instance" (c1824) is another run's. Chinese, Korean and Japanese join a key to its value the same ways, by a verb of
 * setting or a copula (connectives.ts: "cutoff_len设的2048", "max_model_len은 16384", "cutoff_len을 4096으로 설정").
 * Groups: 1 the key; 2 a Chinese verb of setting; 3 an English copula; 4 a Chinese copula or a particle; 5 an example's
 * words; 6 the number; 7 a verb of setting after it (Korean, Japanese). prepare.ts reads it only for a key some table
 * reads; a copula's or an example's value weak, a verb's not (as "set to" is not: KEY_SET_TO).
 */
export const KEY_IS_VALUE = new RegExp(
  String.raw`(?<![\w.-])\`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\`?` +
    String.raw`(?:[ \t]*(${ZH_SET_WORDS})${VALUE_HEDGE}?[ \t]*|[ \t]+(${EN_IS_WORDS})[ \t]+|[ \t]*(${ZH_IS_WORDS}|${PARTICLE_WORDS})${VALUE_HEDGE}?[ \t]*|[ \t]*(?:,[ \t]*|\()?(for example|for instance|e\.g\.|say|like)[ \t]*,?[ \t]+)` +
    String.raw`(\d+(?:\.\d+)?(?:[km](?![a-z]))?)(?![\w.%])(${SET_AFTER})?`,
  'g',
);

/**
 * The verb first: "I set max_num_seqs to 64", "lowering gpu_memory_utilization to 0.8". The key may be named
 * with its kind between it and the value, in either pattern: "I've set the `OLLAMA_NUM_PARALLEL` parameter
 * to 3" (ollama/ollama#9054, c1790), "the num_ctx option was set to 8192".
 */
/** Groups: 1 the key; 2 an example's or a guess's words (VALUE_HEDGE: "increase max_length to, for example, 40960"); 3 the number. */
export const SET_KEY_TO = new RegExp(
  String.raw`\b(?:set|setting|changed?|changing|increased?|increasing|reduced?|reducing|lowered|lowering|raised?|raising|bump(?:ed|ing)?|limited|capped)[ \t]+(?:the[ \t]+)?\`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\`?[ \t]+(?:(?:parameter|param|variable|env(?:ironment)?[ \t]+var(?:iable)?|option|flag|setting|value)[ \t]+)?(?:to|at)(?:(${VALUE_HEDGE})|[ \t]+)(\d[\w.]*)(?![\w.])`,
  'g',
);

/**
 * A batch key written after its number in prose, "one 3090 can set only 2 batch_size"
 * (nttcslab-nlp/RSTParser_EACL24#2, corpus c813): the key given that number, as "batch_size 2" is.
 * Not a number that is another key's or flag's value ("--max_len 512 batch_size: 4"), nor a key
 * followed by its own value.
 */
export const NUMBER_THEN_BATCH_KEY = /(?<!(?:--?|_)[\w.-]*[ \t]*[:=]?[ \t]*)(?<![\w.:=-])(\d{1,4})[ \t]+((?:[a-z][a-z0-9]*_)*batch_size)(?![\w.])(?![ \t]*(?:[:=]|\d|true\b|false\b))/g;

/**
 * Any key written after its number so ("I'm currently at 0.32 gpu_memory_utilization with 4096
 * max_completion_length", unslothai/unsloth, corpus c524): the same shape as NUMBER_THEN_BATCH_KEY for
 * every snake_case key, where the key ends its phrase (a value, a set-verb or a Chinese word after it —
 * "4090 max_seq_length调成2048", "一个1500 input_len的请求" — is another reading's); prepare.ts reads it
 * only for a key some table reads.
 */
export const NUMBER_THEN_KEY = /(?<!(?:--?|_)[\w.-]*[ \t]*[:=]?[ \t]*)(?<![\w.:=-])(\d+(?:\.\d+)?)[ \t]+([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w.])(?=[ \t]*(?:$|[\n,.;:)!?，。；：）]|(?:and|with|on|in|at|for|but|while|when)\b))/g;

/** A key named in prose, with its value where one follows (read.ts: its comment there); Chinese and Korean connectives from connectives.ts. */
export const BARE_KEY_VALUE = new RegExp(String.raw`(?<![\w.\-/])([a-z]+(?:_[a-z0-9]+)+)(?![\w.\-/])(?:\`?(?:(?:${PARTICLE_WORDS}|,(?=[ \t]+(?:which|that)[ \t]))?[ \t]+(?:(?:to|of)[ \t]+|(?:which|that)[ \t]+(?:i|we)[ \t]+(?:(?:have|'ve|had)[ \t]+)?(?:set|changed|lowered|reduced|increased|raised)[ \t]+(?:it[ \t]+)?to[ \t]+)?|[ \t]*(?:默认(?:是|为|值为|值是)?[ \t]*\d[\d.]*[ \t]*[，,][ \t]*(?:我)?(?:可以|能|能否|能不能|想)?[ \t]*(?=设|改|调))?(?:${ZH_SET_WORDS}|${ZH_IS_WORDS})[ \t]*)\`?(\d[\d.]*(?:e[+-]?\d+)?[km]?)(?![\w.]))?`, 'g');
