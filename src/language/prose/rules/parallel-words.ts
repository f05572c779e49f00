import type { ProseRule } from '../types.js';

/**
 * Parallelism and layer placement said in the words of the papers and tools that first used them.
 */
/** Serving engines that split one model by tensor parallelism. */
const SERVING_ENGINE = /\b(?:vllm|sglang|tgi|text-generation-inference|lmdeploy|tensorrt|trt-llm|aphrodite|mlc)\b/;

export const PARALLEL_WORD_RULES: readonly ProseRule[] = [
  {
    // "with model parallel of 8" (facebookresearch/metaseq#210, c716): "model parallel" with a size is
    // the tensor split of Megatron-LM (Shoeybi et al. 2019, its `--model-parallel-size` before it was
    // renamed `--tensor-model-parallel-size`), fairseq and metaseq (`--model-parallel-size`) and
    // DeepSpeed inference (`mp_size`); the config key `model_parallel_size` already reads as tp. Without
    // a size ("naive model parallel", "use model parallelism") it is left to the vocabulary. "model parallelism
    // degree 8" (EleutherAI/gpt-neox#409, c305) is the same size, said in gpt-neox's own words.
    id: 'prose.model-parallel-size',
    pattern: /(?<![\w-])(?<!naive\s)model[-_ ]parallel(?:ism)?(?:[-_ ](?:size|degree))?(?:\s+(?:of|is|=|:)|\s*[=:])?\s*(\d{1,3})(?![\d.]|\s*(?:gpus?|cards?|nodes?|x\b|[a-z]*\d))/g,
    when: (t) => t.includes('parallel'),
    write: (m) => `tp ${m[1]}`,
    example: 'Tried to train the model on 192 A100 40GB GPU with model parallel of 8, but results in OOM errors',
    source: 'facebookresearch/metaseq#210',
  },
  {
    // "8-way TP", "4-way tensor parallelism", "2 way pipeline parallel", "8路张量并行": a degree written as the
    // number of ways (Megatron-LM's paper: "8-way tensor model parallelism"), read as the parallel item; a card named
    // with no count then has that many (s32, rcount: a degree said as a label, as "TP8/EP8 rows" in c2385).
    id: 'prose.n-way-parallel',
    pattern: /(?<![\w.])(\d{1,3})[-\s]?(?:way|路)\s*(?:(tp|tensor)|(pp|pipeline)|(ep|expert)|(dp|data)|(cp|context))(?:[-_ ]?(?:model[-_ ]?)?(?:parallel(?:ism)?|sharding)|(?<=tp|pp|ep|dp|cp))(?![\w])|(?<![\w.])(\d{1,3})路(张量|流水线|专家|数据)并行/g,
    when: (t) => /\d[-\s]?way|路/.test(t),
    write: (m) => {
      const han: Record<string, string> = { 张量: 'tp', 流水线: 'pp', 专家: 'ep', 数据: 'dp' };
      const dim = m[2] ? 'tp' : m[3] ? 'pp' : m[4] ? 'ep' : m[5] ? 'dp' : m[6] ? 'cp' : han[m[8]!]!;
      return `${dim} ${m[1] ?? m[7]}`.padEnd(m[0].length);
    },
    example: 'serving llama 3 70b with vllm using 8-way TP on H100',
  },
  {
    // A sequence-parallel degree: "…_32k_sp2" (InternLM/xtuner#627, c2930: an XTuner config's name), "sp8tp4",
    // "SP=8", "sequence parallel 4", "sequence parallelism of 4", "Ulysses 4", "ulysses sp 8", "序列并行 4". A size
    // names DeepSpeed-Ulysses' split of each sequence over that many GPUs (XTuner's and LLaMA-Factory's
    // sequence_parallel_size, verl's ulysses_sequence_parallel_size: each GPU holds 1/N of a sequence's
    // activations), what the item language calls context parallelism; Megatron's sequence parallelism has no
    // size of its own (it follows TP), so "tp 4 with sequence parallel" stays `sp`. A degree of 1 splits nothing.
    id: 'prose.sequence-parallel-degree',
    pattern:
      /(?<![a-z0-9])(?:sp|(?:ulysses[-_ ]?)?sequence[-_ ]parallel(?:ism)?(?:[-_ ](?:size|degree))?|ulysses(?:[-_ ]?sp)?(?:[-_ ](?:size|degree))?|序列并行(?:度|大小)?)(?:\s+(?:of|is|=|:)\s*|\s*[=:：]\s*|\s?)([2-9]|[1-9]\d{1,2})(?![\d.]|\s*(?:gpus?|cards?|nodes?|x\b|gb\b|g\b|b\b|k\b|张|卡))/g,
    when: (t) => /sp|sequence|ulysses|序列并行/.test(t),
    write: (m) => `cp ${m[1]}`.padEnd(m[0].length),
    example: '[Configs] Add internlm2_20b_full_custom_pretrain_e1_32k_sp2 cfg',
    source: 'InternLM/xtuner#627',
  },
  {
    // FSDP's degree, the GPUs one fully sharded group spans, in the words each tool writes it: "FSDP=8" (torchtitan's
    // own PR notes, pytorch/torchtitan#1690, c2640: "local batch size=2, FSDP=8, full AC"; it had read as no sharding
    // and the 8 left unread), "FSDP 8", "fsdp size 8", "fsdp degree: 8", "8-way FSDP", torchtitan's `dp_shard=8` and
    // `data_parallel_shard_degree = 8` (torchtitan/config/job_config.py Parallelism), Accelerate's and veScale's
    // `fsdp_size 8`. Written as FSDP over a data-parallel degree of N, so with tp / pp the cards are their product.
    // Only a degree of 3 or more with a bare space: "FSDP 2" and "fsdp2" are FSDP's second version, "fsdp 1" its first.
    id: 'prose.fsdp-degree',
    pattern: /(?<![\w.-])(?:(?:fsdp|dp[-_]shard(?:[-_]degree)?|data[-_]parallel[-_]shard[-_]degree)(?:[-_ ]?(?:size|degree|world[-_ ]size))?(?:\s*[=:]\s*|\s+(?:of|is|=)\s+)(\d{1,4})|fsdp\s+([3-9]|\d{2,4})|(\d{1,4})[-\s]?(?:way|路)\s*fsdp)(?![\d.]|\s*(?:gpus?|cards?|nodes?|x\b|gb\b|g\b))/g,
    when: (t) => t.includes('fsdp') || t.includes('shard'),
    write: (m) => `fsdp dp ${m[1] ?? m[2] ?? m[3]}`.padEnd(m[0].length),
    example: 'recommended training config with might tps and mfu: 1) local batch size=2, FSDP=8, full AC',
    source: 'pytorch/torchtitan#1690',
  },
  {
    // One model split over several cards, its name between the verb and "model": "Is it possible to split LLAMA
    // 7b-chat-hf model on two gpus" (NVIDIA/workbench-example-local-rag#5, corpus c1857: the text-generation-webui
    // named later put the whole model on the first card, though the user asks for the split that web UI gives). The vocabulary's "split the model across"
    // holds only the words with nothing between; here the verb alone is written as the layer split (HF device_map's
    // whole layers on each card in turn, the corpus's `pp N` for inference), the model's words left to be read.
    id: 'prose.split-model-over-cards',
    pattern: /\bsplit(?:ting)?(?=\s+(?:the\s+|a\s+|this\s+|my\s+|our\s+)?(?:[\w.\-]+\s+){0,3}?models?\s+(?:equally\s+|evenly\s+)?(?:on|across|over|between|onto|among)\s+(?:the\s+|my\s+)?(?:\d{1,2}|two|three|four|eight|multiple|several|both|all)\s+(?:[\w-]+\s+)?(?:gpus?|cards?|devices?)\b)/g,
    // Not beside a serving engine, whose split is its tensor parallel (the corpus's `tp N`, README).
    when: (t) => t.includes('split') && !SERVING_ENGINE.test(t),
    write: () => 'device map auto',
    example: 'Is it possible to split LLAMA 7b-chat-hf model on two gpus. Currently I am using 2x RTX 4090.',
    source: 'NVIDIA/workbench-example-local-rag#5',
  },
];

/**
 * Layers on the GPU given as -1: "GPU Layers -1" (LostRuins/koboldcpp#1480, c731: refused as "-ngl must
 * be a whole number from 0"). llama-cpp-python's `n_gpu_layers=-1` offloads every layer; koboldcpp's -1
 * lets it choose how many fit. Read as every layer on the GPU (llama.cpp's own "all"), said as a guess.
 * Only in the words of prose: the item language's "ngl -1" stays an error (issue 26, negative-counts.test.ts).
 */
export const GPU_LAYER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gpu-layers-all',
    pattern: /(?<![\w-])(?:n[-_ ]?)?gpu[-_ ]layers?(?:\s*[:=]\s*|\s+(?:is\s+)?(?:set\s+)?(?:to\s+)?)-1(?![\d.])/g,
    when: (t) => t.includes('-1'),
    write: () => 'ngl 999',
    example: 'When GPU Layers is set to -1, the of nb of layers offloaded is calculated',
    source: 'LostRuins/koboldcpp#1480',
    // -1 is "all" in llama-cpp-python but "choose for me" in koboldcpp: every layer is a guess.
    weak: true,
  },
];
