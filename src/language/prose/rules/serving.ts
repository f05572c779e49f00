import type { ProseRule } from '../types.js';

/**
 * How people say what a served model must hold: the people it answers at once (the serving batch),
 * the longest context asked for, vLLM's settings written as words, the KV cache's format.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/** A word that already says what is done with the model (then the people served add only the batch). */
const SERVING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|serv\w*|deploy\w*|host\w*|vllm|sglang|tgi|ollama|llama\.cpp|inference|infer|run\w*|chat\w*)\b/i;
const servedBatch = (m: RegExpExecArray) => `${SERVING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]}`;

/** A name that carries its window ("Yi-34B-200K", "-128k", "-32k"). */
const WINDOW_IN_NAME = /(?<=[a-z0-9.]-(?:\d+(?:\.\d+)?b|mini|small|medium)(?:-[a-z]+)*)-(\d+)k\b/;

/** Words that make "full" a training method right after it ("full fine-tune", "full-dpo", "full params", "full 8K context"). */
const FULL_TRAINS = String.raw`[\s_-]{0,3}(?:fine|finetun|tun|ft\b|fft|sft|dpo|train|param|weights?\b|shard|recompute|ce\b|cross|context|ctx|bf16|\d)`;
/** A word of serving beside "full" (not "run", said of training runs too: "running full finetune"). */
const SERVE_WORD = String.raw`(?:inference|infer(?:ence|ring)?|serv(?:e|es|ed|ing)|deploy(?:s|ed|ing|ment)?|host(?:s|ed|ing)?|generation)`;
/** "full" said of the model itself: "full version", "full-size", "full model". */
const WHOLE_MODEL_WORD = String.raw`(?:versions?|sized?|scale|models?)\b`;
const WHOLE_MODEL_AFTER = new RegExp(String.raw`^[\s-]{1,3}${WHOLE_MODEL_WORD}`);
/** A 16-bit dtype after "full": the unquantised model only after the/in/at or before a model word. */
const SIXTEEN_BIT = String.raw`(?:fp16|bf16|float16|bfloat16|16[\s-]?bit)`;
const SERVED_BEFORE = new RegExp(String.raw`\b${SERVE_WORD}\s{1,3}(?:(?:at|in|the|a|with|on)\s{1,3})?$`);
/** A training word anywhere in the message: then "the full model" may be the whole model trained (c453). */
const TRAINING_IN_MESSAGE = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|dpo|grpo|ppo|optimi[sz]er\w*|adam\w*)\b|微调|训练|全参/;


/** A quantised KV cache's width as people write it: int8, q8_0, Q4, 8-bit. */
const KV_INT = String.raw`int8|int4|q8_0|q4_0|q4_1|q5_0|q5_1|q8|q4|8[-_ ]?bits?|4[-_ ]?bits?`;
export const SERVING_RULES: readonly ProseRule[] = [
  {
    // "4xA100 40GB for full inference", "serving the full llama 70b", "the DeepSeek-R1 \"full version\""
    // (deepseek-ai/DeepSeek-R1#460, c744), "the full model (unquantized)", "full-size model", "the full fp16 model":
    // "full" said of the whole, unquantised model, not of a full fine-tune (it had read as one, said
    // nowhere). "the full-scale, non-quantized FP8-weight Deepseek-V3" (kvcache-ai/ktransformers#767,
    // c778) is the same whole model, refused as a full fine-tune in FP8 weights.
    // Beside a serving word, or in "full version/size/scale/model" with no training word in the
    // message, the word is set aside; "full fine-tune", "full-dpo", "full params", "full 8K context" keep it.
    id: 'prose.full-not-training',
    pattern: new RegExp(
      String.raw`(?<=\b${SERVE_WORD}\s{1,3}(?:(?:at|in|the|a|with|on)\s{1,3})?)full\b(?!${FULL_TRAINS})` +
        String.raw`|\bfull(?=[\s-]{1,3}${SERVE_WORD})` +
        String.raw`|(?<=\b(?:the|in|at)\s{1,3})full(?=[\s-]{1,3}${SIXTEEN_BIT}\b)` +
        String.raw`|\bfull(?=[\s-]{1,3}${SIXTEEN_BIT}[\s-]{1,3}(?:versions?|models?|weights?|checkpoints?)\b)` +
        String.raw`|\bfull(?=[\s-]{1,3}${WHOLE_MODEL_WORD}(?![\s_-]{0,3}(?:fine|finetun|tun|train|sft|ft\b)))`,
      'g',
    ),
    when: (t) => t.includes('full'),
    write: (m) => (WHOLE_MODEL_AFTER.test(m.input.slice(m.index + m[0].length)) && !SERVED_BEFORE.test(m.input.slice(Math.max(0, m.index - 40), m.index)) && TRAINING_IN_MESSAGE.test(m.input) ? m[0] : ' '.repeat(m[0].length)),
    example: 'We are planning to deploy the DeepSeek-R1 "full version" in a production environment',
    source: 'deepseek-ai/DeepSeek-R1#460',
  },
  {
    // "when I try to train a full epoch, it will just stop and hang" (unslothai/unsloth#163, c566; a
    // launch script's comment, "set to null to train a full epoch"): "full" says how much of the data
    // is trained (an epoch, the dataset, a pass), not the method: it had read as a full fine-tune, said
    // nowhere. Set aside; the method comes from other words or the default, said as such.
    // An amount of memory the same: "this is taking up a full 16GB of VRAM" (huggingface/trl#846, c991, a
    // 4-bit QLoRA run, refused as a full fine-tune in 4 bits).
    id: 'prose.full-of-data',
    pattern: /\bfull(?=[\s-]{1,3}(?:epochs?|dataset|data[\s-]?set|training[\s-]+(?:set|data)|pass(?:es)?)\b|[\s-]{1,3}\d+(?:\.\d+)?\s*(?:gb|gib|g|mb|mib)\b)/g,
    when: (t) => t.includes('full'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'It does work when I only do a few hundred steps, but when I try to train a full epoch, it will just stop',
    source: 'unslothai/unsloth#163',
  },
  {
    // "LLama 70B build engine OOM", "building the TRT engine": an engine is built by TensorRT-LLM, which
    // serves it. Weak: the engine is named only by the word "engine". Where TensorRT is named elsewhere in
    // the message, that name is read and the phrase is blanked; a phrase that names it itself ("torch.OutOfMemoryError
    // when try to build TensorRT engines for Qwen2-72B", NVIDIA/TensorRT-LLM#2123, c1335) is read, not blanked
    // with its own name.
    id: 'prose.engine-build',
    pattern: /\b(?:build(?:ing|s)?|built)\s+(?:the\s+|an?\s+|my\s+)?(?:trt\s+|tensorrt\s+)?engines?\b|\bengine\s+build(?:ing)?\b/g,
    when: (t) => t.includes('engine'),
    write: (m) => (!/tensorrt|trt/.test(m[0]) && /tensorrt|trt/.test(m.input) ? ' '.repeat(m[0].length) : ' tensorrt-llm '),
    example: 'LLama 70B build engine OOM',
    source: 'c400',
    weak: true,
  },
  {
    // "Yi-34B-200K full context", "at full context": the model's whole window. A name that carries its
    // window gives the length; with none, the words are set aside, said; "a full context window of
    // 128k tokens" states its length. Weak: the model's own window is taken as the length the user runs.
    id: 'prose.full-context',
    pattern: /\b(?:(?:at|with|using|on)\s+(?:the\s+|its\s+|a\s+)?)?(?:full|whole|entire)\s+(?:context|ctx)(?:[\s_-]+(?:window|length|len|size))?\b(?!\s+(?:of\s+)?(?:~\s*)?\d)/g,
    when: (t) => /full|whole|entire/.test(t),
    write: (m, notes) => {
      if (/^[\s_-]*(?:window|length|len|size)?\s*(?:of|is|=|:)?\s*~?\d/.test(m.input.slice(m.index + m[0].length))) return m[0].replace(/full|whole|entire/, (w) => ' '.repeat(w.length));
      const window = WINDOW_IN_NAME.exec(m.input);
      if (window) return ` seq ${window[1]}k`.padEnd(m[0].length);
      notes.push(`"${m[0].trim()}": the model's whole context window is not read; say the length (e.g. seq 32k)`);
      return ' '.repeat(m[0].length);
    },
    example: 'yi-34b-200k full context on 4x a100',
    weak: true,
  },
  {
    // "how many users can access it in parallel", "how many concurrent requests can it handle": the
    // largest batch that fits.
    id: 'prose.how-many-served',
    pattern: /\bhow many\s+(?:(?:concurrent|simultaneous|parallel)\s+)?(?:users?|people|requests?|clients?|sessions?|sequences?|chats?)\b(?=[^.?!\n]{0,60}\b(?:can|could|at once|at the same time|simultaneous|simultaneously|concurrent|concurrently|in parallel|parallel)\b)/g,
    when: (t) => t.includes('how many'),
    write: (m) => 'max batch'.padEnd(m[0].length),
    example: "I'm curious to understand how many users can efficiently access the public endpoint",
    source: 'h2oai/h2ogpt#898',
  },
  {
    // The same question in Chinese: "2*A100部署qwen2.5-72B-instruct的并发大概是多少啊" (what is the concurrency,
    // roughly? QwenLM/Qwen3#933, c158), "请问有没有并发上限…预估一下在8*4090的机器上的并发人数？" (the concurrency
    // cap, the number of concurrent users, QwenLM/Qwen, c397), "最大并发多少", "能支持多少人同时使用": the largest
    // serving batch that fits. A count said with it ("并发100") is a batch, read by prose.chinese-words.
    id: 'prose.concurrency-question-zh',
    pattern:
      /(?:最大|最多)?并发(?:人数|数|量|上限|能力)?\s*(?:(?:大概|大约|大致|一般|最多|最大)\s*)?(?:(?:能|可以|能够)\s*)?(?:(?:是|有|到|达到|支持)\s*)?(?:多少|多大|几个|几)|并发上限|并发人数|(?:能|可以|能够)?(?:支持|承受|扛住?)(?:多少|几个)(?:人|用户|请求)(?:同时|并发)?/g,
    when: (t) => /并发|支持多少|支持几个|承受|扛/.test(t),
    write: (m) => 'max batch'.padEnd(m[0].length),
    example: '2*A100部署qwen2.5-72B-instruct的并发大概是多少啊',
    source: 'QwenLM/Qwen3#933',
  },
  {
    // "20 users at the same time", "around 30 requests in parallel", "50 people simultaneously": the
    // serving batch.
    id: 'prose.people-at-once',
    pattern: /(?<![\w.])(?:about\s+|around\s+|roughly\s+|~\s*|up to\s+)?(\d{1,5})\s+(?:users?|people|persons?|customers?|clients?|requests?|sessions?|queries)\s+(?:at\s+(?:the\s+same\s+time|once)|simultaneously|concurrently|in\s+parallel)\b/g,
    when: (t) => /\b(?:at once|at the same time|simultaneously|concurrently|in parallel)\b/.test(t),
    write: (m) => servedBatch(m).padEnd(m[0].length),
    example: 'qwen-14b for 20 users at the same time on an a100',
  },
  {
    // Who a served model answers, counted: "serve Llama-3.3-70b to about 5 people", "for 200 users":
    // each is one sequence in the serving batch (vLLM's running requests), never a GPU count.
    id: 'prose.served-people',
    pattern: /\b(?:for|to|serve|serving|support|supporting|handle|handling|with)\s+(?:about|around|roughly|approximately|up to|~)?\s*(\d{1,5})\s+(?:(?:concurrent|simultaneous|parallel|active)\s+)?(?:users?|people|persons?|customers?|clients?|employees?)\b/g,
    when: (t) => /user|people|person|customer|client|employee/.test(t) && /\d\s+(?:\w+\s+)?(?:users?|people|persons?|customers?|clients?|employees?)\b/.test(t),
    write: (m) => servedBatch(m).padStart(m[0].length),
    example: 'I want to use vLLM to serve Llama-3.3-70b to about 5 people with a full context window of 128k tokens.',
    source: 'vllm-project/vllm#12400',
  },
  {
    // "host" the machine, not the verb of hosting a model: "host ram consumption increases to process * num_gpus. So,
    // if the num of gpu is increase continuously, I met host OOM" (deepspeedai/DeepSpeed#1209, c2980: DeepSpeed-Inference
    // read as vLLM serving from "host"), "the host runs out of memory", "host memory usage goes to 60GB", "host 内存不够".
    // The vocabulary's "host" (a serve word: "I want to host llama-3-8b") stays a verb; the noun's word is blanked.
    id: 'prose.host-machine',
    pattern:
      /(?<![\w-])host(?=\s+(?:oom|out\s+of\s+memory|process(?:es)?|machine|side|os|system|runs|ran|gets|got|crash(?:es|ed)?|killed|dies|died)\b|\s+(?:ram|memory|mem)\s+(?:usage|use|consumption|grows|goes|increases|fills|blows|explodes)\b|\s*内存(?:不够|不足|溢出|爆|占用))|(?<=\b(?:the|my|our|this|each|per)\s)host(?=\s*(?:[,.;:!?)]|$))/g,
    when: (t) => t.includes('host'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'if the num of gpu is increase continuously, I met host OOM',
    source: 'deepspeedai/DeepSpeed#1209',
  },
  {
    // "generate() with 8k prompt", "model.generate(**inputs, max_new_tokens=256)": the call runs the
    // model; its arguments stay. Weak: what is done with the model is guessed from a call in code.
    id: 'prose.generate-call',
    pattern: /(?<![\w.])(?:[a-z_][\w]*\.)?generate\s*\(/g,
    when: (t) => t.includes('generate'),
    write: (m) => 'inference'.padEnd(m[0].length),
    example: 'llama-2-13b model.generate(**inputs, max_new_tokens=256) on a 3090',
    weak: true,
  },
  {
    // The generated tokens said as a noun: "generation of 2k tokens runs out of memory", "a generation
    // length of 512", "generations of up to 1000 tokens". The verb forms ("generating 2000", "generate
    // 2k") are the vocabulary's `gen`; the noun had been read as the sequence. A training run's
    // generation (GRPO's completions) is its completion length, left to its own keys.
    id: 'prose.generation-noun',
    pattern: /\bgenerations?\s+(?:length\s*)?(?:(?:of|is|:|=)\s*)?(?:up\s+to\s+|about\s+|around\s+|~)?(\d[\d,]*(?:\.\d+)?\s*k?)\b(?:\s*(?:new\s+)?tokens?\b)?/gi,
    when: (t) => t.includes('generation'),
    write: (m) => (/tokens?\s*$/i.test(m[0]) || /length/i.test(m[0])) && !/\b(?:grpo|ppo|rlhf|rollouts?)\b/i.test(m.input) ? ` gen ${m[1]!.replace(/[,\s]/g, '')}`.padEnd(m[0].length) : m[0],
    example: 'mixtral 8x7b in 4 bit on 2 x 4090, loads fine but generation of 2k tokens runs out of memory',
  },
  {
    // "how long of a context can I fit": the longest sequence that fits (read as "how long context").
    id: 'prose.how-long-of-a',
    pattern: /\bhow (?:long|big|large)\s+of\s+a\s+(?=context|ctx|sequence|seq)/g,
    when: (t) => t.includes(' of a'),
    write: (m) => `how ${m[0].split(/\s+/)[1]} `.padEnd(m[0].length),
    example: 'how long of a context can i fit with mistral-7b on a 4090',
  },
  {
    // "for 100 concurrent users": the serving batch, never a GPU count.
    id: 'prose.concurrent-users',
    pattern: /(?<![\w.])(\d+)\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|sequences?|chats?|streams?)\b/g,
    write: (m) => `bs ${m[1]}`.padEnd(m[0].length),
    example: 'serve llama-3-70b for 100 concurrent users',
  },
  {
    // "what max-model-len can I use?", "how much context can I give each?": the longest sequence that fits.
    id: 'prose.max-seq-question',
    pattern: /\b(?:what|which|how (?:much|long|big|large))\s+(?:a\s+|the\s+)?(?:max[-_ ]?model[-_ ]?len(?:gth)?|context(?:[-_ ]?(?:length|len|window|size))?|max(?:imum)?[-_ ]?(?:seq(?:uence)?|context|ctx)(?:[-_ ]?(?:length|len))?|sequence[-_ ]length|seq(?:uence)?[-_ ]len)\b(?=[^.?!\n]{0,40}\b(?:can|could|fit|fits|use|get|support|give|handle|reach|go)\b)/g,
    needs: /\b(?:what|which|how)\b/,
    write: (m) => 'max seq'.padEnd(m[0].length),
    example: 'qwen2.5-32b awq on a 4090, what max-model-len can i use?',
  },
  {
    // "95% gpu memory utilization", "gpu_memory_utilization of 90%": vLLM's fraction.
    id: 'prose.memory-utilisation',
    pattern: /(?<![\w.])(\d{1,3}(?:\.\d+)?)\s*%\s*(?:of\s+)?(?:(?:the\s+)?gpu[\s_-]*)?mem(?:ory)?[\s_-]*util(?:i[sz]ation)?\b|\b(?:gpu[\s_-]*)?mem(?:ory)?[\s_-]*util(?:i[sz]ation)?\s*(?:of|at|=|:|to)?\s*(\d{1,3}(?:\.\d+)?)\s*%/g,
    when: (t) => t.includes('%'),
    write: (m) => `util ${Number(m[1] ?? m[2]) / 100}`.padEnd(m[0].length),
    example: 'vllm qwen-14b at 95% gpu memory utilization',
  },
  {
    // Serving-engine settings written as words: the token budget of a batch is not modelled.
    id: 'prose.token-budget',
    pattern: /\bmax[-_ ]batch[-_ ](?:total|prefill)[-_ ]tokens\b|\bmax[-_ ]num[-_ ]batched[-_ ]tokens\b/g,
    write: (m, notes) => {
      notes.push(`${m[0]} (a serving token budget) is not modelled`);
      return 'serve'.padEnd(m[0].length);
    },
    example: 'it has the information: Setting max batch total tokens to 406560',
    source: 'huggingface/text-generation-inference#832',
  },
  {
    id: 'prose.max-model-len',
    pattern: /\b(?:max[-_ ]total[-_ ]tokens|max[-_ ]model[-_ ]len(?:gth)?)\b/g,
    write: (m) => 'serve seq'.padEnd(m[0].length),
    example: 'QQ, what is good choice for max-model-len for 4*H100?',
    source: 'vllm-project/vllm#6689',
  },
  {
    id: 'prose.model-len',
    pattern: /\bmodel[-_ ]len\b/g,
    write: (m) => 'seq'.padEnd(m[0].length),
    example: 'Mixtral 4x 4090 OOM\nHi! TP 4, model len 1000, enforce eager',
    source: 'vllm-project/vllm#3285',
  },
  {
    // "max-num-seqs 32" written without its dashes: vLLM's cap on sequences in flight, the serving batch.
    id: 'prose.max-num-seqs',
    pattern: /\bmax[-_ ]num[-_ ]seqs\b(?=\s*(?:[:=]|of|to|is)?\s*\d)/g,
    when: (t) => t.includes('num'),
    write: (m) => 'serve bs'.padEnd(m[0].length),
    example: 'vllm llama-3-8b max num seqs 32',
  },
  {
    // "fp8 kv-cache", "fp8 KV cache": the dtype before it says the cache's (the `kv fp8` item).
    id: 'prose.kv-cache-dtype',
    pattern: /\b(fp8|bf16|fp16|fp32)[-_ ]+kv[-_ ]?cache\b/g,
    when: (t) => t.includes('kv'),
    write: (m) => `kv ${m[1]}`.padEnd(m[0].length),
    example: 'context can be set to 15K (AWQ-int4 and fp8 kv-cache).',
    source: 'vllm-project/vllm#10102',
  },
  {
    // "kv cache int4", "int8 kv cache", "--quant-policy 4" said as words, "cache-type-k q8_0": a KV cache quantised
    // to 8 or 4 bits. The format is the cache's, never the weights' (issue 22 §7). One 4-bit width (int4, q4_0,
    // q4, 4-bit) is the `kv int4` item, sized as llama.cpp's q4_0 and ExLlamaV2's Q4 (memory/inference.ts
    // KV_DTYPE_BYTES; issue 23: v855, v874 ran at 262K on 24–32 GB only with a 4-bit cache); one 8-bit width is
    // `kv fp8`, sized as the --cache-type-k q8_0 key is (config-keys/serving.ts). q4_1/q5_x and a list of widths
    // keep the 16-bit cache (an upper bound) and say so.
    id: 'prose.kv-cache-int',
    // ExLlama's caches say no "kv": "with Q4 cache, loads nicely into 19GB vram" (turboderp-org/exllamav2#425),
    // "Q8 or unquantized cache" (#575), "(no 4 bit or 8 bit cache)" (#385, c879): a width or a list of widths
    // before "cache" is the cache's, and a negated one ("no …", "without …") leaves the 16-bit cache.
    pattern: new RegExp(
      String.raw`\bkv[-_ ]?cache(?:[-_ ]*(?:dtype|type|quant(?:ization|isation)?))?[-_ :=]*(${KV_INT})\b|\b((?:${KV_INT})(?:\s*(?:or|and|\/|,)\s*(?:${KV_INT}))*)[-_ ]+(?:kv[-_ ]?)?cache\b`,
      'gi',
    ),
    when: (t) => t.includes('cache'),
    write: (m, notes) => {
      const format = (m[1] ?? m[2] ?? '').toLowerCase();
      const negated = /(?:\bno|\bnot|\bwithout|\bw\/o|不用|没有?用?)\s*\(?\s*$/i.test(m.input.slice(Math.max(0, m.index - 12), m.index));
      if (!negated && /^(?:int4|q4_0|q4|4[-_ ]?bits?)$/.test(format)) return 'kv int4'.padEnd(m[0].length);
      if (!negated && /^(?:int8|q8_0|q8|8[-_ ]?bits?)$/.test(format)) {
        notes.push(`"${m[0].trim()}" sized as an 8-bit KV cache (q8_0 and ExLlamaV2's Q8 add a 16-bit scale per 32 values, about 6% more)`);
        return 'kv fp8'.padEnd(m[0].length);
      }
      notes.push(
        negated
          ? `"${m[0].trim()}" said as not used: the KV cache stays 16-bit`
          : `"${m[0].trim()}": a KV cache in ${format} is not modelled; the estimate keeps a 16-bit cache, an upper bound for it`,
      );
      return ' '.repeat(m[0].length);
    },
    example: 'qwen1.5-110b serve lmdeploy tp 8 kv cache int4 on 8x v100-32g',
    source: 'InternLM/lmdeploy#1536',
  },
  {
    // "KV cache" in prose is a thing talked about; "kv" alone would be the kv-heads override.
    id: 'prose.kv-cache',
    pattern: /\bkv[-_ ]?cache\b(?![-_ ]*(?:dtype[-_ ]*)?(?:fp8|bf16|fp16|fp32))/g,
    write: blank,
    example: 'reporting that the available KV cache memory is insufficient',
    source: 'ovg-project/kvcached#210',
  },
];
