import { count, numeric, serving } from './readers.js';
import { IGNORE, numberOf, say, unquote, type Handler, type KeyContext, type KeyTable } from './values.js';

/** The sequence: its length, and the tokens generated after it. */

/** A prompt of `input` tokens and `output` generated after it: the sequence holds both. */
const promptAndGenerated = (input: number, output: number) =>
  say(`seq ${input + output} gen ${output}`, `sequence ${input + output}: input ${input} + output ${output}`);

const inputAndOutput: Handler = (v, ctx) => {
  const input = numberOf(v);
  if (!Number.isFinite(input)) return IGNORE;
  const output = numberOf(ctx.values?.get('max_output_len') ?? '');
  return Number.isFinite(output) ? promptAndGenerated(input, output) : say(`seq ${input}`);
};

/**
 * A source (prompt) length and a target (answer) length, read once at the source key: a training
 * sample holds both, so the sequence is their sum (LLaMA-Efficient-Tuning's and ChatGLM's
 * `--max_source_length 2000 --max_target_length 1200`, hiyouga/LlamaFactory#740: seq 3,200).
 */
const sourceAndTarget: Handler = (v, ctx) => {
  const source = numberOf(v);
  if (!Number.isFinite(source)) return IGNORE;
  const target = numberOf(ctx.values?.get('max_target_length') ?? '');
  if (Number.isFinite(target)) return say(`seq ${source + target}`, `sequence ${source + target}: source ${source} + target ${target}`);
  // "--max_source_length 256" with no target length (hiyouga/LlamaFactory#469, c852, read as seq 256): the
  // prompt part only; the answer adds the program's own max_target_length default, which differs by program
  // and release (128 in HF's seq2seq examples and ChatGLM-6B's ptuning, 256 or 512 in others' data args).
  // The sequence is not read from it: the length used is the default, said as one.
  return { ignore: true, note: `${ctx.pair ?? `max_source_length ${source}`} is the prompt part only: the answer's max_target_length (not given, the program's default) adds to it, so the sequence is not read from it` };
};

/**
 * ChatGLM3's finetune_demo: max_input_length + max_output_length, read once at the input key. GLM-4's
 * finetune_vision.py reads the same keys beside its own `freezeV` (GLM-4V-9B): there they count the text
 * only, and each image adds 1,600 tokens (a 1120x1120 image in 14-pixel patches, merged 2x2) that no key
 * states (zai-org/GLM-4#785, c1097: "max_input_length: 256, max_output_length: 64" on 4 RTX 4090 that run
 * out of memory): the sequence is not read from them, and the note says why.
 */
const inputAndOutputLengths: Handler = (v, ctx) => {
  const input = numberOf(v);
  const output = numberOf(ctx.values?.get('max_output_length') ?? '');
  if (!Number.isFinite(input) || !Number.isFinite(output)) return IGNORE;
  if (ctx.keys.has('freezev')) {
    return { ignore: true, note: `max_input_length ${input} + max_output_length ${output} count text tokens only: GLM-4V adds 1,600 tokens for each image, so the sequence is not read from them (say seq N with the image's tokens)` };
  }
  return say(`seq ${input + output}`, `sequence ${input + output}: max_input_length ${input} + max_output_length ${output}`);
};

const inputOutputPair: Handler = (v) => {
  const pair = /^(\d+)[ \t]*,[ \t]*(\d+)$/.exec(unquote(v));
  return pair ? promptAndGenerated(Number(pair[1]), Number(pair[2])) : IGNORE;
};

/**
 * A server's length cap (vLLM's --max-model-len, lmdeploy's --session-len): a cap of a few tokens
 * holds no prompt, so it is a minimum set to make the server start ("--session-len 1
 * --cache-block-seq-len 1", "every parameter set to its minimum", InternLM/lmdeploy#2049, corpus
 * c421), not a length anyone serves. Set aside, said; the served length is then the engine's own.
 */
const SHORTEST_SERVED = 16;
export const servedCap: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (Number.isFinite(n) && n < SHORTEST_SERVED) return { ignore: true, note: `--${ctx.current ?? 'max-model-len'} ${n} holds no prompt: read as a minimum set to start the server, not your length (say seq N for yours)` };
  return serving(numeric('seq'))(v, ctx);
};

/**
 * llama.cpp's -c/--ctx-size: the context it allocates. A value too short to hold a prompt (under
 * SHORTEST_SERVED) is no length: most often another program's short flag taken for -c, as numactl's
 * CPU list before the command it wraps ("numactl -C 11-15 python ./benchmark_docker_throughput.py …
 * --max-model-len 4096", intel/ipex-llm#12080, c1164, read as a 11-token context over the cap). Set
 * aside, said; a capital -C (numactl's, "-C 0-7") alike. 0 (llama.cpp's "from the model") is left as it was read.
 */
const contextSize: Handler = (v, ctx) => {
  const n = numberOf(v);
  // A capital -C is never llama.cpp's (its -c is lower-case): numactl's --physcpubind, a CPU list ("-C 0-7").
  if (/^-C\b/.test(ctx.pair ?? '')) return { ignore: true, note: `${ctx.pair ?? '-C'} is numactl's CPU list, not a context length` };
  if (Number.isFinite(n) && n > 0 && n < SHORTEST_SERVED) return { ignore: true, note: `${ctx.pair ?? `-c ${n}`} holds no prompt: not read as a context length (say seq N for yours)` };
  return numeric('seq')(v, ctx);
};

/**
 * `block_size` beside a training run's keys is the length its texts are cut into: transformers'
 * run_clm.py `--block_size` ("input sequence length after tokenization"), AutoTrain's `--block-size`
 * (onlybooks/llm#12: "--block-size 1024 … --gradient-accumulation 8 --use-peft"), nanoGPT's
 * `block_size = 1024`, InfiniTransformer's `--block_size=32768` (Beomi/InfiniTransformer#22). A serving
 * engine's block_size is its KV cache page of 16 or 32 tokens (vLLM's, read in its own namespace, and
 * `engine_args.block_size: 16` in its log): no length, set aside.
 */
const TRAINING_CUE = /^(?:train|do_train|num_train_epochs|num_epochs|epochs|max_iters|lr|learning_rate|weight_decay|warmup_ratio|warmup_steps|per_device_train_batch_size|micro_batch_size|gradient_accumulation(?:_steps|_iters)?|use_peft|lora_r)$/;
const SHORTEST_BLOCK = 128;
const trainingBlock: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (!Number.isFinite(n) || n < SHORTEST_BLOCK || ![...ctx.keys].some((k) => TRAINING_CUE.test(k))) return IGNORE;
  return say(`seq ${n}`, `block_size ${n}: the length training texts are cut into, read as the sequence`);
};

/** Each key: what its value says in request words, and the source where one is cited. */
/**
 * `max_tokens` caps what one request or one sampler generates. It is the run's generation length
 * except inside a request body (an OpenAI-style JSON with its `messages` or `prompt`) or a sampler's
 * section (`sampling`, `generation_kwargs`), where it is one request's cap (InternLM/lmdeploy#2416,
 * c704: a curl's body to an lmdeploy server with --session-len 4096; c336, llama-cpp-python's
 * generation_kwargs in a 512-token context). Beside vLLM's max_model_len it stays a generation,
 * which generation-share.ts fits inside the context.
 */
const SAMPLER_SECTION = /^(?:sampling|sampling_params|sampler|generation_kwargs|generate_kwargs|gen_kwargs)$/;
const REQUEST_BODY_KEYS = ['messages', 'prompt'];
/** curl's flags around a body (`curl --request POST --url … --header … --data '{…}'`): the body is a request's. */
const CURL_FLAGS = ['url', 'request', 'header'];
const requestCap: Handler = (v, ctx) => {
  const curl = ctx.keys.has('data') && CURL_FLAGS.some((k) => ctx.keys.has(k));
  // Written as a flag (`--max-tokens 1000`), it is a generating program's own option, and a `--prompt`
  // beside it is that program's prompt, no request body: mlx_lm.generate (ml-explore/mlx-examples#1029,
  // c1858), a script's `--max-tokens 1024 --prompt "…"` (ml-explore/mlx-examples#182, c1766).
  const flag = ctx.spelling?.startsWith('-') === true;
  const body = flag ? undefined : (REQUEST_BODY_KEYS.find((k) => ctx.keys.has(k)) ?? (curl ? "curl's --data" : undefined));
  if (ctx.parent && SAMPLER_SECTION.test(ctx.parent)) return { ignore: true, note: `max_tokens ${unquote(v)} caps what the ${ctx.parent} section generates per request, not a length of the run` };
  if (body === 'prompt' && callArgument(ctx)) {
    // A call's keyword arguments in the user's own script, its prompt passed as a variable: `generate(model, tokenizer,
    // prompt=prompt, max_tokens=30000, temp=0.7)` (mlx_lm, ml-explore/mlx-examples#910, corpus c2452, set aside as a
    // request body's cap). The script generates that many tokens itself: read as gen, weak (a call may be a client's
    // request to a server the message does not show), said with the argument.
    return { say: `gen ${numberOf(v)}`, note: `${ctx.pair ?? `max_tokens=${unquote(v)}`}: the tokens your script's call generates`, weak: true };
  }
  if (body) return { ignore: true, note: `max_tokens ${unquote(v)} is one request's cap (a request body: ${body})` };
  return numeric('gen')(v, ctx);
};

/** `max_tokens=N` written as a call's keyword argument beside `prompt=<a variable>`, not a body's `"prompt": "…"`. */
function callArgument(ctx: KeyContext): boolean {
  const prompt = ctx.values?.get('prompt')?.trim() ?? '';
  return /^max_tokens\s*=\s*\d/.test(ctx.pair ?? '') && /^[a-z_][\w.]*$/i.test(prompt) && !ctx.keys.has('messages');
}

/**
 * vLLM's offline benchmarks (benchmark_throughput.py, benchmark_latency.py, `vllm bench`): these flags beside
 * --input-len say the engine is vLLM's, started as a server is. Without --max-model-len it takes the model's own
 * window, which its KV cache must hold (vllm-project/vllm#1858 added --max-model-len to the throughput benchmark
 * because "default value may get a torch.cuda.OutOfMemoryError"; #5079: benchmark_latency on Llama-3-70B fails
 * with "The model's max seq len (8192) is larger than the maximum number of tokens that can be stored in KV cache").
 */
const VLLM_BENCHMARK = ['num_prompts', 'enforce_eager', 'gpu_memory_utilization', 'tensor_parallel_size', 'num_iters', 'num_iters_warmup'];

/**
 * A benchmark's prompt length (its output length is read as gen at its own key). Next to --max-model-len it
 * is not what the server sizes for: vLLM checks at start-up that its KV cache holds one max_model_len
 * sequence. Next to lmdeploy's session_len it is one request's prompt ("10个input_len 50、output_len 128的并发请求",
 * InternLM/lmdeploy#722, corpus c663). A vLLM benchmark without a cap sizes its engine for the model's window
 * (VLLM_BENCHMARK): "--input-len=1 --output-len=128" on Falcon-40B (vllm-project/vllm#2447, c1160) is no
 * 129-token engine. Alone, with an output length, the sequence holds both, taken on a weak cue (a request's
 * length, where the program may size for more): said.
 */
const benchmarkInputOf = (outputKey: string): Handler => (v, ctx) => {
  const inputKey = ctx.current ?? 'input_len';
  const cap = ['max_model_len', 'session_len'].find((k) => ctx.keys.has(k));
  if (cap) return { ignore: true, note: `${inputKey} ${unquote(v)} is one request's prompt; the server is sized for its ${cap}` };
  const input = numberOf(v);
  if (!Number.isFinite(input)) return IGNORE;
  const output = numberOf(ctx.values?.get(outputKey) ?? '');
  const sum = Number.isFinite(output) ? input + output : input;
  const words = Number.isFinite(output) ? `${inputKey} ${input} + ${outputKey} ${output}` : `${inputKey} ${input}`;
  if (VLLM_BENCHMARK.some((k) => ctx.keys.has(k))) {
    return { ignore: true, note: `${words} is each benchmark request's length; the benchmark starts its engine at the model's own window, as vLLM's does without --max-model-len (say seq N for a shorter one)` };
  }
  return { say: `seq ${sum}`, note: `sequence ${sum}: ${words}, one request's length (say seq N if the program is sized for more)`, weak: true };
};
const benchmarkInput = benchmarkInputOf('output_len');

/** A benchmark's output length: the tokens each request generates (its input length is read at its own key). */
const benchmarkOutput: Handler = (v, ctx) =>
  ctx.keys.has('session_len') ? { ignore: true, note: `${ctx.current ?? 'output_len'} ${unquote(v)} is one request's; the server is sized for its session_len` } : numeric('gen')(v, ctx);

/**
 * The other spellings of a benchmark's request length (the twenty-ninth session, b71): TensorRT-LLM's and the serving
 * reports' ISL / OSL, "(ISL=2000, OSL=2000)" (NVIDIA/TensorRT-LLM#3822, corpus c2471, read as the model's window);
 * vLLM's and SGLang's serving benchmarks, `--random-input-len 1024 --random-output-len 128` (vllm benchmarks/
 * benchmark_serving.py, sglang bench_serving.py) and `--sonnet-input-len` / `--sonnet-output-len`; trtllm-bench's
 * data set, `prepare_dataset.py … token-norm-dist --input-mean 128 --output-mean 128`. Read as --input-len and
 * --output-len are: the prompt and what is generated, one request's length, weak.
 */
const BENCHMARK_LENGTH_PAIRS: readonly [input: string, output: string][] = [
  ['isl', 'osl'],
  ['random_input_len', 'random_output_len'],
  ['sonnet_input_len', 'sonnet_output_len'],
  ['input_mean', 'output_mean'],
];
const BENCHMARK_LENGTH_KEYS: KeyTable = Object.fromEntries(
  BENCHMARK_LENGTH_PAIRS.flatMap(([input, output]) => [
    [input, { reads: benchmarkInputOf(output), source: 'NVIDIA/TensorRT-LLM#3822 (c2471); vllm benchmarks/benchmark_serving.py; trtllm-bench prepare_dataset.py' }],
    [output, { reads: benchmarkOutput }],
  ]),
);

/**
 * SGLang's benchmarks (`python -m sglang.bench_latency`, `bench_one_batch`) take `--input-len` and `--output-len`, and
 * argparse takes a unique prefix of an option, so `--input 128 --output 8` ran with both (sgl-project/sglang, corpus
 * c3104, b92: both went unread and the length fell to the model's 8,192-token window). Bare `--input` and `--output`
 * are a file or a folder in most programs, so they are read only as a pair of numbers, as --input-len and
 * --output-len are (weak, said); one alone, or a path, stays unread.
 */
const bothNumbers = (v: string, ctx: KeyContext, other: string) => Number.isFinite(numberOf(v)) && Number.isFinite(numberOf(ctx.values?.get(other) ?? ''));
/** Written as a command's flag (`--output 8`), not prose's "output: 512 tokens", which the item words read as they did. */
const asFlag = (ctx: KeyContext) => (ctx.spelling ?? ctx.pair ?? '').startsWith('--');
/** One of them alone (or a path) is set aside, said: the item words would read "output 8" as a generation. */
const unpaired: Handler = (v, ctx) => ({ ignore: true, note: `${ctx.pair ?? `--${ctx.current ?? 'input'} ${unquote(v)}`} read as no length: only --input and --output given together as numbers are a benchmark's prompt and output` });
const SHORT_BENCHMARK_PAIR: KeyTable = {
  input: { reads: (v, ctx) => (!asFlag(ctx) ? null : bothNumbers(v, ctx, 'output') ? benchmarkInputOf('output')(v, ctx) : unpaired(v, ctx)), source: 'sgl-project/sglang bench_latency.py --input-len (c3104)' },
  output: { reads: (v, ctx) => (!asFlag(ctx) ? null : bothNumbers(v, ctx, 'input') ? benchmarkOutput(v, ctx) : unpaired(v, ctx)), source: 'sgl-project/sglang bench_latency.py --output-len (c3104)' },
};

export const SEQUENCE_KEYS: KeyTable = {
  max_seq_length: { reads: numeric('seq') },
  // NeMo-RL's policy.max_total_sequence_length (NVIDIA-NeMo/RL#656 "=16384", #903 "=32768"): prompt and response together.
  block_size: { reads: trainingBlock, source: 'transformers examples run_clm.py --block_size; AutoTrain --block-size (onlybooks/llm#12); Beomi/InfiniTransformer#22' },
  max_total_sequence_length: { reads: numeric('seq'), source: 'NVIDIA-NeMo/RL#656, #903' },
  max_seq_len: { reads: numeric('seq') },
  // Spelled out in full in the user's own scripts ("max_sequence_len=4096", 01-ai/Yi#246).
  max_sequence_len: { reads: numeric('seq'), source: '01-ai/Yi#246' },
  max_sequence_length: { reads: numeric('seq') },
  model_max_length: { reads: numeric('seq') },
  cutoff_len: { reads: numeric('seq') },
  sequence_len: { reads: numeric('seq') },
  seq_length: { reads: numeric('seq') },
  seq_len: { reads: numeric('seq') },
  max_length: { reads: numeric('seq') },
  max_len: { reads: numeric('seq') },
  // LOMO's data arguments ("data_max_length: 1024" in config/args_lomo_lora.yaml, OpenLMLab/LOMO, c968: unread,
  // the length fell to the default); the same name in other trainers' TrainingArguments beside model_max_length.
  data_max_length: { reads: numeric('seq'), source: 'OpenLMLab/LOMO (c968)' },
  source_max_len: { reads: numeric('seq') },
  max_model_len: { reads: servedCap },
  max_total_tokens: { reads: servedCap },
  // LLaMA-Factory's API and chat with the vLLM backend: --vllm_maxlen is passed as vLLM's max_model_len
  // (hiyouga/LlamaFactory#4870; src/llamafactory/hparams/model_args.py).
  vllm_maxlen: { reads: servedCap, source: 'hiyouga/LlamaFactory#4870, hparams/model_args.py vllm_maxlen' },
  max_source_length: { reads: sourceAndTarget, source: 'hiyouga/LlamaFactory#740, THUDM/ChatGLM-6B ptuning/train.sh' },
  max_target_length: { reads: (v, ctx) => (ctx.keys.has('max_source_length') ? IGNORE : numeric('seq')(v, ctx)), source: 'hiyouga/LlamaFactory#740' },
  // ChatGLM3's and GLM-4's finetune_demo configs (configs/lora.yaml: max_input_length, max_output_length):
  // a training sample holds both, so the sequence is their sum (THUDM/ChatGLM3 finetune_demo, c622).
  // Alone, TGI's --max-input-length is a server's prompt cap: not read.
  max_input_length: { reads: (v, ctx) => (ctx.keys.has('max_output_length') ? inputAndOutputLengths(v, ctx) : IGNORE), source: 'THUDM/ChatGLM3 finetune_demo/configs/lora.yaml' },
  max_output_length: { reads: () => IGNORE },
  ctx_size: { reads: contextSize, source: 'intel/ipex-llm#12080 (c1164)' },
  // Ollama's Modelfile / API options (num_ctx, num_gpu = layers on the GPU, num_batch): Ollama only runs models.
  num_ctx: { reads: numeric('ollama inference seq') },
  // …but a script's NUM_GPU=8 beside no Ollama option counts the GPUs.
  num_gpu: { reads: (v, ctx) => (ctx.keys.has('num_ctx') ? (numberOf(v) >= 0 ? say(`ngl ${numberOf(v)}`) : IGNORE) : count('gpus')(v, ctx)) },
  n_ctx: { reads: numeric('seq') },
  context_length: { reads: numeric('seq') },
  // SGLang's --context-length abbreviated as argparse allows (`--context-len 32768`,
  // sgl-project/sglang#8362, corpus c552); in prose, a data set's length ("context_len > 50000", c326).
  context_len: { reads: (v, ctx) => (Number.isFinite(numberOf(v)) ? numeric('seq')(v, ctx) : null), source: 'sgl-project/sglang#8362, sglang/srt/server_args.py' },
  max_position_embeddings: { reads: () => IGNORE },
  // A benchmark's prompt length; next to --max-model-len it is not what the server sizes for:
  // vLLM checks at start-up that its KV cache holds one max_model_len sequence. Next to lmdeploy's
  // session_len it is one request's prompt ("10个input_len 50、output_len 128的并发请求",
  // InternLM/lmdeploy#722, corpus c663). Alone, with an output length, the sequence holds both.
  input_len: { reads: benchmarkInput, source: 'vllm-project/vllm#1858, #5079, #2447' },
  // LLaMA2-Accessory (main_finetune.py --max_words): the tokens of one training sample.
  max_words: { reads: numeric('seq'), source: 'Alpha-VLLM/LLaMA2-Accessory#91, accessory/main_finetune.py' },
  // TensorRT-LLM's engine limits (trtllm-build --max_input_len / --max_output_len): the engine is
  // built for a prompt and its generated tokens, so the sequence is their sum, read once at the input key.
  // trtllm-build's --max_seq_len (from 0.9, replacing --max_output_len) is already the sum, "max_seq_len means
  // max_input_len+max_output_len" (NVIDIA/TensorRT-LLM#2057: "--max_input_len 2048 --max_seq_len 4096"); beside it
  // --max_input_len is only the prompt's cap, so the sequence is max_seq_len's (#2139, c777, read as seq 2048).
  max_input_len: { reads: (v, ctx) => (ctx.keys.has('max_seq_len') ? IGNORE : serving(inputAndOutput)(v, ctx)), source: 'NVIDIA/TensorRT-LLM#2043, #2057, trtllm-build --help' },
  max_output_len: { reads: (v, ctx) => (ctx.keys.has('max_input_len') ? IGNORE : serving(numeric('gen'))(v, ctx)), source: 'NVIDIA/TensorRT-LLM#2043' },
  // TensorRT-LLM's benchmark.py --input_output_len 'in,out': one prompt length and its output.
  input_output_len: { reads: serving(inputOutputPair), source: 'NVIDIA/TensorRT-LLM#67, benchmarks/python/benchmark.py' },
  // KTransformers' --cache_lens (local_chat.py, its server): the tokens its static KV cache is allocated for,
  // the longest sequence it runs (kvcache-ai/ktransformers#462, corpus c692: --cache_lens 1536).
  cache_lens: { reads: numeric('seq'), source: 'kvcache-ai/ktransformers#462' },
  // MLX's --max-kv-size (mlx_lm.generate, mlx_lm.server since ml-explore/mlx-lm#884, mlx-engine, vllm-mlx): the
  // tokens its RotatingKVCache holds, the longest context the run keeps (lmstudio-ai/mlx-engine#314, c1670:
  // "--max-kv-size 65536"; ml-explore/mlx-examples#1025; waybarrios/vllm-mlx#795).
  // A report's or a launcher's short label for the served context ("Qwen3.6-35B-A3B AutoRound INT4, FP8 KV, TP=2,
  // max_ctx=262K", noonghunna/club-3090#851, c1901: set aside as an unknown key, and a 240K observation read instead);
  // spelled out, max_context_length / max_context_len (SGLang's and llama.cpp wrappers' reports).
  max_ctx: { reads: numeric('seq'), source: 'noonghunna/club-3090#851' },
  max_context_length: { reads: numeric('seq'), source: 'noonghunna/club-3090#851' },
  max_context_len: { reads: numeric('seq'), source: 'noonghunna/club-3090#851' },
  max_kv_size: { reads: numeric('seq'), source: 'lmstudio-ai/mlx-engine#314; ml-explore/mlx-examples#1025; waybarrios/vllm-mlx#795' },
  max_new_tokens: { reads: numeric('gen') },
  // Meta's llama example scripts (example_chat_completion.py `--max_gen_len`) and the demos that copied them
  // (LongLoRA's demo.py, JIA-Lab-research/LongLoRA#163, c1860): the tokens each answer generates.
  max_gen_len: { reads: numeric('gen'), source: 'meta-llama/llama example_chat_completion.py; JIA-Lab-research/LongLoRA#163' },
  output_len: { reads: (v, ctx) => (ctx.keys.has('session_len') ? { ignore: true, note: `output_len ${unquote(v)} is one request's; the server is sized for its session_len` } : numeric('gen')(v, ctx)) },
  max_tokens: { reads: requestCap, source: 'InternLM/lmdeploy#2416; PrimeIntellect-ai/prime-rl#950' },
  ...BENCHMARK_LENGTH_KEYS,
  ...SHORT_BENCHMARK_PAIR,
};
