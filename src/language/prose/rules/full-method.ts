import type { ProseRule } from '../types.js';

/**
 * "full" names the training method only with a cue that says so. In prose the word is mostly said
 * of something else: "Full description of my GPUs" above an nvidia-smi table on a TGI server
 * (huggingface/text-generation-inference#460, c1161: read as a full fine-tune of Falcon-40B, said
 * nowhere), "The full command line used" (c866), "Here is the full log" (c1153), "get a full run
 * going" (c679), "initialize full context" (c876). The rules before this one name a few such
 * phrasings (prose.full-not-training, prose.full-of-data, prose.memory-full); this one reads the
 * method the other way round: "full" is kept where a cue says it is the method, and set aside
 * (listed as not read) everywhere else.
 */

/** After "full": a training word or a setting that spells an item with it ("full shard", "full ce", "full recompute"). */
const METHOD_AFTER = new RegExp(
  String.raw`^[\s_-]{0,3}(?:fine|finetun|tun|turn|ft\b|fft|sft|dpo|ppo|grpo|orpo|kto|rlhf|train|pre-?train|param|weights?\b|model[\s-]+(?:fine|train|tun)|volume|全|`
    + String.raw`shard|recompute|recomputation|ac\b|activation|ce\b|cross|precision|context|ctx|bf16|fp16|fp32|16[\s-]?bit|\d|`
    + String.raw`\/\s*(?:q?lora|freeze)|(?:or|vs\.?|versus|and)\s+(?:q?lora|freeze|peft|adapters?)\b|["'\`]?\s*mode\b|`
    // "tried full, lora, the last 2 layers" (zai-org/GLM-4#483, c1688): a method listed beside LoRA
    + String.raw`(?:[,，、]|和|与|或|还是)\s*(?:q?lora|freeze|peft|adapters?)\b)`,
  'i',
);

/** Before "full": a key it is the value of, a setting it completes, a training word, a method it is weighed against, or a model's size. */
const METHOD_BEFORE = new RegExp(
  [
    // finetuning_type: full, --train_type full, sft_type=full, in "full" mode
    String.raw`(?:type|mode|method|strategy|stage)["'\`]?[ \t]*[:=]?[ \t]*["'\`]?$`,
    String.raw`[:=][ \t]*["'\`]?$`,
    // the value of a key the key reader has already read and blanked ("--sft_type full": ms-swift#860, c853)
    String.raw`(?:^|\n)[ \t]{2,}$|[ \t]{5,}$`,
    // recompute full, recompute_granularity full, fsdp full shard
    String.raw`\b(?:recompute|recomputation|granularity|checkpointing|fsdp|sharding)[\s_-]*$`,
    // "fine-tune the full model", "training in full"
    String.raw`\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|tuning)\s+(?:(?:a|the|in|with|it|this|model|using|on|do)\s+){0,2}$`,
    // "lora or full", "LoRA vs full", "lora/full"
    String.raw`\b(?:q?lora|freeze|peft|adapters?)\s*(?:or|vs\.?|versus|and|\/|,|，|、|和|与|或|还是)\s*$`,
    // a terse setup: "13b full", "llama-2-7b full", "mixtral-8x7b, full", "llama-factory full zero3"
    // (a mixture's size too: "mixtral-8x7b full llama-factory", hiyouga/LlamaFactory#2518, c2719)
    String.raw`(?:\b|-)(?:\d+x)?\d+(?:\.\d+)?[bm](?:[-\w.]*)?[\s,]+$`,
    String.raw`\b(?:llama-?factory|torchtune|hf|unsloth|axolotl|litgpt|deepspeed|megatron|swift|trl|pretrain)[\s,]+$`,
  ].join('|'),
  'i',
);

/**
 * After "full" in a terse setup: the next item ("full zero3", "full bf16", "full on 8x a100", "full how many gpus"),
 * a framework's name among them ("full llama-factory zero2": c2719's own reading had lost its "full" to
 * LLaMA-Factory's default LoRA), but not its log, output or config ("the full llama-factory log").
 */
const ITEM_AFTER = new RegExp(
  String.raw`^[\s,]+(?:zero|ddp|fsdp|deepspeed|pure|mixed|amp|adam|paged|sgd|lion|adafactor|torchtune|hf\b|megatron|pretrain|bs\b|mbs\b|seq\b|ga\b|gc\b|how many|which\b|max\b|offload|tp\b|pp\b|on\s+(?:\d|an?\s|[a-z]+\d)|`
    + String.raw`(?:llama-?factory|axolotl|litgpt|unsloth|ms-swift|swift|trl|peft)\b(?![\s-]*(?:logs?|outputs?|traceback|command|config|code|source|repo|docs?|errors?|stack)\b))`,
  'i',
);

/**
 * "full offload" said of a GGUF runner's layer offload, never a method: "with full offload slider all
 * the way" in LM Studio (lmstudio-ai/lmstudio-bug-tracker#943, c1264: read as a full fine-tune of
 * Llama-3.1-8B on a 6 GB laptop card), "not enough for full GPU offload" (lmstudio-bug-tracker#297),
 * "full offload to the GPU" with -ngl. Kept as the method only with no runner word in the message
 * and nothing after it that names the GPU layers ("full offload optimizer" under ZeRO stays an item).
 */
const RUNNER_OFFLOAD_AFTER = /^[\s_-]{0,3}(?:gpu[\s_-]+)?offload\w*\s+(?:slider|to\s+(?:the\s+)?(?:gpu|vram|card)|of\s+(?:all\s+)?(?:the\s+)?layers|layers)/i;
const RUNNER_WORDS = /gguf|llama[\s.-]?cpp|lm[\s-]?studio|ollama|koboldcpp|(?<![\w-])-ngl\b|n_gpu_layers|gpu[\s_-]layers|\bq[2-8]_k/i;
const OFFLOAD_AFTER = /^[\s_-]{0,3}(?:gpu[\s_-]+)?offload/i;

/**
 * A model named by its size right after "full", in a terse setup: "full mixtral-8x22b hf on 8x a100-80g", "bs 4 full
 * llama-2-7b"; not after a determiner ("the full llama-2-7b", the whole model's files).
 */
const SIZED_MODEL_AFTER = /^[\s,]+[a-z][\w.-]*[ -]?\d+(?:\.\d+)?[bm]\b/i;

const DETERMINER_BEFORE = /\b(?:the|a|an|my|our|your|this|that|its|their|whole|entire)\s+$/i;

/**
 * "full" before a dtype in a message about running the model: the precision of unquantised weights, not the method.
 * "Is there possible run Vicuna-13B without GPTQ (full fp16) on 2 RTX4090?" (lm-sys/FastChat#1938, c3409: read as a
 * full fine-tune of Vicuna-13B, said nowhere), "serve it in full bf16", "全精度 fp16 推理". A running word says the
 * request runs the model and no training word or training-only setting says otherwise; a terse setup with neither
 * ("13b full bf16 on 8x a100") keeps its method (issue 22 item 7: training notation).
 */
const DTYPE_AFTER = /^[\s_-]{0,3}(?:bf16|fp16|fp32|float16|bfloat16|float32|half|16[\s-]?bit|32[\s-]?bit|precision|weights?\b)/i;
const RUNNING_WORDS = /\b(?:run|runs|running|ran|infer|inferring|inference|serv(?:e|es|ed|ing)|deploy(?:s|ed|ing)?|load(?:s|ed|ing)?|generat(?:e|es|ing|ion)|chat(?:ting)?|vllm|ollama|sglang|tgi|llama\.cpp)\b|推理|部署|运行|跑|加载|추론|서빙|배포/i;
const TRAINING_WORDS = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|peft|pre-?train\w*|zero[-_ ]?[0-3]|fsdp|deepspeed|optimi[sz]er|adamw?|backward|gradients?|epochs?)\b|训练|微调|全参|学习|파인|학습/i;

/** A follow-up this short is written in the item language ("full", "now full", "full instead"). */
const TERSE_WORDS = 3;

/** 全量 beside a method it is listed with: "试了全量,lora" (tried full, LoRA), "lora和全量" (LoRA and full). */
const JOIN_ZH = String.raw`\s*(?:[,，、/]|和|与|跟|或者?|还是|以及)\s*`;
const FULL_ZH = new RegExp(String.raw`全量(?=${JOIN_ZH}(?:q?lora|冻结|freeze))|全量(?<=q?lora${JOIN_ZH}全量)`, 'gi');

export const FULL_METHOD_RULES: readonly ProseRule[] = [
  {
    // 全量 alone is the whole of anything (全量数据, the whole dataset); listed beside LoRA it is the full
    // fine-tune, one of the methods tried or weighed: "试了全量,lora,训最后2层，均会爆显存" (tried full, LoRA,
    // the last 2 layers, all OOM; zai-org/GLM-4#483, c1688). Read as "full"; reconcile.tried-methods
    // then reads neither as the run's method.
    id: 'prose.full-beside-lora-zh',
    pattern: FULL_ZH,
    when: (t) => t.includes('全量'),
    write: () => ' full ',
    example: '我用了5台8卡80G的机器，按200k长度训练，试了全量,lora,训最后2层，均会爆显存',
    source: 'zai-org/GLM-4#483',
  },
  {
    id: 'prose.full-needs-cue',
    // A full stop after the word ends its sentence ("both ram and vram … are almost full.", ollama/ollama#8655,
    // c2065: read as a full fine-tune of a model the user runs); a dot before a letter is a name's ("full.yaml").
    pattern: /(?<![\w./-])full(?![\w/-]|\.\w)/gi,
    when: (t) => t.includes('full'),
    write: (m) => {
      const before = m.input.slice(Math.max(0, m.index - 40), m.index);
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 40);
      const terse = m.input.trim().split(/\s+/).length <= TERSE_WORDS;
      if (OFFLOAD_AFTER.test(after) && (RUNNER_OFFLOAD_AFTER.test(after) || RUNNER_WORDS.test(m.input))) return ' '.repeat(m[0].length);
      if (DTYPE_AFTER.test(after) && !terse && RUNNING_WORDS.test(m.input) && !TRAINING_WORDS.test(m.input)) return ' '.repeat(m[0].length);
      const opens = SIZED_MODEL_AFTER.test(after) && !DETERMINER_BEFORE.test(before);
      return terse || opens || METHOD_AFTER.test(after) || ITEM_AFTER.test(after) || METHOD_BEFORE.test(before) ? m[0] : ' '.repeat(m[0].length);
    },
    example: 'Full description of my GPUs :  \npaperspace@pse55xf0v:~/text-generation-inference$ nvidia-smi',
    source: 'huggingface/text-generation-inference#460',
  },
];
