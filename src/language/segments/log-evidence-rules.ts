import { VLLM_RELEASE } from '../vllm-versions.js';
import { GQA_70B } from '../prose/rules/loader-guesses.js';

/**
 * The table of what a log still tells (segments/log-evidence.ts reads it), apart from the engine: each entry finds one span by its shape on one line of a log.
 */
export interface LogEvidence {
  id: string;
  /** Tested on one normalised line of a log; group 1 is the span that tells. */
  pattern: RegExp;
  /** The engine's name in request words, written in place of the span; absent: the span stays as written. */
  engine?: string;
  /** The RL trainer's algorithm in request words, written in place of the span (weak, as an engine's). */
  trainer?: string;
  /** The training program (and method) in request words, from the match, written in place of the span (weak, as an engine's), where nothing outside the logs names the program. */
  program?: (m: RegExpExecArray) => string;
  /** The span is kept as written but read on a weak cue (a model named by a path in a log), where nothing outside the logs names a model. */
  keptWeak?: true;
  /** What `writes` gives is read as weak (said on the first screen): a setting the log implies, not one it prints. */
  weak?: true;
  /** The span is the engine's echo of the settings it runs with: kept only where nothing outside the logs sets any (a command's flags, a config's keys). */
  settings?: true;
  /** Request words written in place of the span, made from the match (a length the program prints as its own setting). */
  writes?: (m: RegExpExecArray) => string;
  /** The span is not read where the text outside the logs matches this (the user's own words win over a log's). */
  unless?: RegExp;
  /** Only the first span of the rules sharing this name is read (one machine's card, however many lines print it). */
  once?: string;
  example: string;
  source?: string;
}

/**
 * A card's nominal memory from what a program reports of it: the smallest size cards are sold with that holds
 * the figure ("23.2 GiB" available on a 24 GB card, "8.0 GiB" total, "15.78 GiB" of a 16 GB card).
 */
const NOMINAL_GB = [2, 3, 4, 6, 8, 10, 11, 12, 16, 20, 22, 24, 32, 40, 48, 64, 80, 96, 128, 141, 192];
/** The share of its memory an idle card reports free (23.2 GiB of a 24 GB card; the driver and context take the rest). */
const IDLE_SHARE = 0.85;

export function nominalGB(reported: number): number {
  return NOMINAL_GB.find((size) => size >= Math.round(reported * 10) / 10 - 0.05) ?? Math.round(reported);
}

/** A vLLM release in the user's own words ("vllm 0.7.2", "vllm version is 0.6"): it wins over one a log prints. */
export const VLLM_RELEASE_SAID = /\bvllm[\s_=:*`-]*(?:version[\s:=]*(?:is\s+)?)?v?0\.\d/i;

/**
 * A card or its memory named outside the logs (the user's card wins over what a log prints). "VRAM" or
 * 显存 counts only with an amount beside it ("24GB VRAM", "显存 48G"): the bare word ("vram oom, reverts
 * to cpu only", an Ollama report, c1797) names no card, and the log's device lines are the cards given.
 */
export const CARD_SAID = /\b(?:rtx|gtx|quadro|tesla|radeon|geforce|rx\s?\d{3,4}|[ahlv]\d{2,3}|t4|mi\d{3}|\d{4}\s?(?:ti|super|xtx?))\b|\d+(?:\.\d+)?\s*(?:gb|gib|g)\b[^\n\d]{0,16}?(?:vram|显存)|(?:vram|显存)[^\n\d]{0,16}?\d+(?:\.\d+)?\s*(?:gb|gib|g)\b/i;
/**
 * A card named outside the logs, by its name only. A memory the user states ("I have 24GB of VRAM available") is no
 * other card: ggml's device line names the card that memory is (oobabooga/textgen#3312, corpus c1827: read as a
 * 24 GB card of no name beside "Device 0: NVIDIA GeForce RTX 3090"); the log's card is read there, weak
 * (log.ggml-device-beside-memory), and the two meet in reconcile/cards.ts.
 */
const CARD_NAMED = /\b(?:rtx|gtx|quadro|tesla|radeon|geforce|rx\s?\d{3,4}|[ahlv]\d{2,3}|t4|mi\d{3}|\d{4}\s?(?:ti|super|xtx?))\b/i;
/** Host memory named outside the logs. */
const HOST_RAM_SAID = /\b(?:d?ram|ddr\d|system memory)\b|内存/i;

export const LOG_EVIDENCE: readonly LogEvidence[] = [
  {
    // An engine's startup log that prints the arguments it runs with, one per line after the logger's
    // prefix: "2023-08-01 00:41:32 | INFO | __main__ | engine_args.tensor_parallel_size: 4" (a FastChat
    // vLLM worker, lm-sys/FastChat, corpus c865). The run's own settings, echoed: each `engine_args.<key>:
    // <value>` is kept as written for the key tables, which read `tensor_parallel_size` by its last part.
    id: 'log.engine-args',
    settings: true,
    pattern: /(?:^|[|\]:-]\s*)(engine_args\.[a-z_]+:[ \t]*[^\s|]+)\s*$/,
    example: '2023-08-01 00:41:32 | INFO | __main__ | engine_args.tensor_parallel_size: 4',
    source: 'lm-sys/FastChat vLLM worker log (corpus c865)',
  },
  {
    // lmdeploy's serve log echoes the engine config it built: "2024-08-01 03:24:58,259 - lmdeploy - INFO -
    // input backend=turbomind, backend_config=TurbomindEngineConfig(model_name='qwen2-72b-instruct', tp=8,
    // session_len=24000, max_batch_size=1, …)" (InternLM/lmdeploy, corpus c378): the config call is kept as
    // written, as a pasted `TurbomindEngineConfig(…)` is read (config-keys/lmdeploy.ts).
    id: 'log.engine-config',
    settings: true,
    pattern: /\bbackend_config=((?:turbomind|pytorch)engineconfig\([^\n]*\))/,
    example: "2024-08-01 03:24:58,259 - lmdeploy - INFO - input backend=turbomind, backend_config=TurbomindEngineConfig(model_name='qwen2-72b-instruct', model_format='hf', tp=8, session_len=24000, max_batch_size=1)",
    source: 'InternLM/lmdeploy serve log (corpus c378)',
  },
  {
    // mlx_lm's LoRA trainer warns, as it batches, with its own max_seq_length: "[WARNING] Some sequences are longer
    // than 8192 tokens. The longest sentence 19487 will be truncated to 8192. Consider pre-splitting your data to
    // save memory." (mlx_lm/tuner/trainer.py iterate_batches; corpus c1073, ml-explore/mlx-lm#369 with 12,
    // zycyc/LAMBDA#2 with 2048). The length it cuts to is the run's length, printed by the program: read as seq;
    // the longest sentence is the data's, not read.
    id: 'log.truncated-to-length',
    // Its first sentence is the span written (one sentence, so the length's keyword and number are one clause).
    pattern: /\bsome sequences are longer than (\d+) tokens(?=\.?\s*the longest sentence \d+ will be truncated to \d+)/,
    writes: (m) => `seq ${m[1]}`,
    example: '[WARNING] Some sequences are longer than 8192 tokens. The longest sentence 19487 will be truncated to 8192. Consider pre-splitting your data to save memory.',
    source: 'ml-explore/mlx-lm#369; zycyc/LAMBDA#2 (corpus c1073)',
  },
  {
    // SGLang's failure to fit its KV pool prints the fraction that took effect: "RuntimeError: Not enough memory.
    // Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.2"
    // (sglang/srt/model_executor/model_runner.py; gpustack/gpustack#3831, c1604, where GPUStack's default
    // did not reach the engine and the prose's "should be 0.9" is what the user expected, not what ran). The
    // value is the engine's own, on its own line or after the message: read as the run's util.
    id: 'log.sglang-current-fraction',
    pattern: /\bcurrent value: self\.server_args\.mem_fraction_static=(0?\.\d+|1(?:\.0+)?)(?![\d.])/,
    writes: (m) => `util ${m[1]}`,
    example: 'RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.2',
    source: 'gpustack/gpustack#3831 (corpus c1604); sglang/srt/model_executor/model_runner.py',
  },
  {
    // Ollama's server log prints the host's memory ("source=server.go:135 msg=\"system memory\" total=\"251.6 GiB\"
    // free=\"247.1 GiB\"", ollama/ollama, c1674): host RAM, never a card. Read where the user says none.
    id: 'log.ollama-system-memory',
    // Its debug line says it again: `msg="updating system memory data" before.total="31.9 GiB"` (c867).
    pattern: /\bmsg="(?:system memory|updating system memory data)" (?:before\.)?total="(\d+(?:\.\d+)?) gib"/,
    writes: (m) => `hostram ${Math.round(Number(m[1]))}gb`,
    unless: HOST_RAM_SAID,
    example: 'time=2025-05-22T07:36:20.047Z level=INFO source=server.go:135 msg="system memory" total="251.6 GiB" free="247.1 GiB" free_swap="2.8 GiB"',
    source: 'ollama/ollama (corpus c1674)',
  },
  {
    // Ollama's offload line lists each card's free memory: `memory.available="[23.2 GiB 23.2 GiB 23.2 GiB 23.2 GiB
    // 23.2 GiB]"` (ollama/ollama, c1674) is five cards of 24 GB (their nominal size), never one of 23.2 GB.
    id: 'log.ollama-available-list',
    pattern: /\bmemory\.available="\[((?:\d+(?:\.\d+)? [gm]ib ?)+)\]"/,
    // Free memory is a measurement: it names the card only where it is nearly all of a size cards are sold in (an idle
    // card). "memory.available=\"[2.2 GiB]\"" beside "GPU is doing nothing" (ollama/ollama#6348, corpus c2356) is what
    // another program left free, not a 3 GB card: nothing is written, and the log stays blanked.
    writes: (m) => {
      const each = [...m[1]!.matchAll(/(\d+(?:\.\d+)?) ([gm])ib/g)].map((x) => Number(x[1]) / (x[2] === 'm' ? 1024 : 1));
      const most = Math.max(...each);
      return most >= IDLE_SHARE * nominalGB(most) ? `${each.length}x ${nominalGB(most)}gb` : '';
    },
    // Even then it is a guess from what is free (said on the first screen with the log's words).
    weak: true,
    unless: CARD_SAID,
    once: 'ollama-card',
    example: 'msg=offload library=cuda layers.requested=-1 layers.model=95 layers.offload=65 memory.available="[23.2 GiB 23.2 GiB 23.2 GiB 23.2 GiB 23.2 GiB]"',
    source: 'ollama/ollama (corpus c1674)',
  },
  {
    // Ollama's scheduler and its "inference compute" line name the card's total memory: `gpu=GPU-b64a… library=CUDA
    // total="8.0 GiB" available="7.1 GiB"` (ollama/ollama, c1681, whose error is host RAM); `library=ROCm … total="96.0 GiB"`
    // (ollama/ollama#16462, a Strix Halo's carve-out). One card, the first the log names, where the user names none.
    id: 'log.ollama-card-total',
    // The card's name where the line gives one a catalog knows by its words (`name="NVIDIA GeForce RTX 3080 Ti"
    // total="12.0 GiB"`, c867); an APU's ("Radeon 8060S Graphics") by its memory.
    pattern: /\blibrary=(?:cuda|rocm|vulkan|metal)\b[^\n]*?(?:\bname="((?:nvidia\s+)?(?:geforce\s+)?(?:rtx|gtx|tesla|quadro)[\w ]*|(?:nvidia\s+)?[ahlv]\d{2,3}[\w -]*)"[^\n]*?)?\btotal="(\d+(?:\.\d+)?) gib"/,
    writes: (m) => (m[1] ? `1x ${m[1].trim()}` : `1x ${nominalGB(Number(m[2]))}gb`),
    unless: CARD_SAID,
    once: 'ollama-card',
    example: 'time=2025-10-30T20:31:49.143+01:00 level=INFO source=sched.go:559 msg="updated VRAM based on existing loaded models" gpu=GPU-b64a3c75 library=CUDA total="8.0 GiB" available="7.1 GiB"',
    source: 'ollama/ollama (corpus c1681); ollama/ollama#16462',
  },
  {
    // ggml's CUDA (and ROCm, Vulkan, SYCL) backend lists the devices it found: "ggml_init_cublas: found 1 CUDA devices:"
    // then "  Device 0: NVIDIA H800, compute capability 9.0, VMM: yes" (ggml-org/llama.cpp, corpus c509; privateGPT's
    // "NVIDIA GeForce GTX 970", c1006; Open Interpreter's "NVIDIA GeForce RTX 3050 Laptop GPU", c1146). The machine the
    // log ran on: its count and its first card, read where the user names no card outside the logs.
    id: 'log.ggml-device-count',
    pattern: /\bfound (\d+) (?:cuda|rocm|vulkan|sycl) devices?:/,
    writes: (m) => `${m[1]} gpus`,
    unless: CARD_SAID,
    once: 'ggml-device-count',
    example: 'ggml_init_cublas: found 1 CUDA devices:',
    source: 'ggml-org/llama.cpp ggml-cuda.cu (corpus c509, c1006)',
  },
  {
    // …and where the user says a memory or "vram" but names no card ("vram oom", ollama/ollama, corpus c1797: its two
    // RTX 3060 were read as one), read weak as the card beside it is (log.ggml-device-beside-memory).
    id: 'log.ggml-device-count-beside-memory',
    pattern: /\bfound (\d+) (?:cuda|rocm|vulkan|sycl) devices?:/,
    writes: (m) => `${m[1]} gpus`,
    unless: CARD_NAMED,
    weak: true,
    once: 'ggml-device-count',
    example: 'ggml_init_cublas: found 2 CUDA devices:',
    source: 'ollama/ollama (corpus c1797)',
  },
  {
    id: 'log.ggml-device',
    pattern: /^\s*device 0: ((?:nvidia|amd|intel)\b[^,\n]*?),\s*(?:compute capability|gfx\d)/,
    unless: CARD_SAID,
    once: 'ggml-device',
    example: '  Device 0: NVIDIA H800, compute capability 9.0, VMM: yes',
    source: 'ggml-org/llama.cpp ggml-cuda.cu (corpus c509)',
  },
  {
    // The same line where the user states a memory but names no card ("I have 24GB of VRAM available", oobabooga/textgen#3312,
    // corpus c1827: read as a 24 GB card of no name): the log names the card, read weak, so the reply says where it came
    // from; a memory that is not that card's is said beside it (reconcile/cards.ts), never lost silently.
    id: 'log.ggml-device-beside-memory',
    pattern: /^\s*device 0: ((?:nvidia|amd|intel)\b[^,\n]*?),\s*(?:compute capability|gfx\d)/,
    unless: CARD_NAMED,
    // Written (not kept as written), so it is never taken for a model kept weak (log-evidence.ts oneModelOrNone).
    writes: (m) => m[1]!,
    weak: true,
    once: 'ggml-device',
    example: '  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6',
    source: 'oobabooga/textgen#3312 (corpus c1827)',
  },
  {
    id: 'log.entry-point',
    pattern: /^\s*([\w./-]+\.py) failed\s*$/,
    example: 'pretrain_llama.py FAILED',
    source: 'MoFHeka/LLaMA-Megatron#1',
  },
  {
    // A traceback's outermost frame, `File "…/train_ppo_ray.py", line 289, in <module>`, is the script
    // the failing run started: kept when its name carries an RL trainer's word, for the scripts rule
    // (commands.ts command.rl-trainer-script) to read. The trainer so read is a framework inside a
    // path, said as weak with the path (scenario/fact-cues.ts frameworkMention); OpenRLHF's
    // examples/train_ppo_ray.py, OpenRLHF/OpenRLHF, corpus c591.
    id: 'log.traceback-rl-script',
    pattern: /^\s*file "(?:[^"\n]*\/)?((?:[a-z0-9]+[_-])*(?:ppo|dpo|kto|orpo|grpo)(?:[_-][a-z0-9]+)*\.py)", line \d+, in <module>\s*$/,
    example: '  File "/tmp/ray/session_2024-06-26_02-32-03_991172_281/runtime_resources/working_dir_files/_ray_pkg_c9e529e2adb6802f/examples/train_ppo_ray.py", line 289, in <module>',
    source: 'OpenRLHF/OpenRLHF (corpus c591)',
  },
  {
    // verl's fused Ray worker (verl/single_controller/ray/base.py create_colocated_worker_cls: "WorkerDict")
    // runs each role's methods under its prefix ("actor_rollout_generate_sequences", "actor_rollout_update_actor"):
    // the run is verl's trainer, main_ppo, whose default algorithm (adv_estimator gae) is PPO. Its
    // rollout's vLLM is then the trainer's, not a serving request (reconcile/owners.ts rolloutsInTraining).
    id: 'log.trainer.verl-worker',
    pattern: /\b(ray::workerdict\.(?:actor_rollout|critic|ref|rm)_\w+)/,
    trainer: 'ppo',
    example: '40126   11.20   ray::WorkerDict.actor_rollout_generate_sequences',
    source: 'verl-project/verl#224 (corpus c709)',
  },
  {
    // torchtitan's logger tags its lines "[titan]" (torchtitan/tools/logging.py), behind torchrun's "[rank7]:": the run is torchtitan's trainer.
    id: 'log.program.torchtitan-logger',
    pattern: /(?:^|\]:?)\s*(\[titan\])\s/,
    example: '[rank7]:[titan] 2025-09-11 15:23:55,616 - root - INFO - step: 50  loss:  7.1291  grad_norm:  8.3760  memory: 81.85GiB(86.17%)',
    program: () => 'torchtitan', source: 'pytorch/torchtitan#1690 (c2640, whose prose names no program)',
  },
  {
    // torchtune's logger names the recipe's class before it prints the resolved config ("INFO:torchtune.utils.
    // _logging:Running LoRAFinetuneRecipeDistributed with resolved config:", recipes/lora_finetune_distributed.py
    // and the other recipes' setup): the run is that torchtune recipe, and its method (meta-pytorch/torchtune#2620,
    // corpus c1870, whose config the recipe printed after it). The class names are prose.artefact-torchtune-
    // recipe-class's, read there where they stand outside a log.
    id: 'log.program.torchtune-recipe',
    pattern: /\b((lora|full)finetunerecipe(?:singledevice|distributed))\b/,
    program: (m) => `torchtune ${m[2]}`,
    example: 'INFO:torchtune.utils._logging:Running LoRAFinetuneRecipeDistributed with resolved config:',
    source: 'meta-pytorch/torchtune#2620',
  },
  {
    // A traceback quotes the user's own code line: `cm = ChatModule(model="./dist/Llama-2-7b-chat-hf-q4f16_1/params/", …)`
    // (mlc-ai/mlc-llm#931, corpus c539) names the model the failing script loads, where the prose
    // names none ("But NV 3060 6GB Error out of memory."). The path's first folder that is a name with
    // a size ("llama-2-7b-chat-hf-q4f16_1") is kept as written, as a weak step: the model it names is a
    // guess said on the first screen with those words, and only where no model is named outside the
    // logs (a log may be another run's).
    id: 'log.model-path',
    // A launcher's echo of the argv it ran writes the flag and its value as items of a Python list
    // ("'--model_name_or_path', '/notebooks/Data/hf-models/llava/llava-v1.5-7b'": DeepSpeed's launch.py
    // sigkill_handler, haotian-liu/LLaVA#827 c1111 and #1085, deepspeedai/DeepSpeed#3232).
    pattern: /\b(?:model(?:_id|_path|_name|_name_or_path|_dir)?|pretrained_model_name_or_path|base_model|from_pretrained\()(?:\s*=?\s*|["']\s*,\s*)["'](?:\.{0,2}\/)?(?:[\w.-]+\/)*?([a-z][a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]\d+(?:\.\d+)?b(?:[-_][a-z0-9.]+)*)(?:\/[\w.-]*)*["']/,
    keptWeak: true,
    example: '    cm = ChatModule(model="./dist/Llama-2-7b-chat-hf-q4f16_1/params/", lib_path="./dist/Llama-2-7b-chat-hf-q4f16_1/Llama-2-7b-chat-hf-q4f16_1-cuda.so")',
    source: 'mlc-ai/mlc-llm#931',
  },
  {
    // A loader's line naming the model file it opens, where the prose names none: llama.cpp's
    // "llama_model_loader: loaded meta data with 24 key-value pairs and 291 tensors from
    // code/privateGPT/models/mistral-7b-instruct-v0.2.Q4_K_M.gguf" (zylon-ai/private-gpt via corpus c1006),
    // llama-cpp-python's "Failed to load model from file: C:\Content\Gemma4\gemma-4-26B-A4B-it-UD-Q4_K_M.gguf"
    // (KLL535/ComfyUI_Simple_Qwen3-VL-gguf#25, c1233), the older "llama.cpp: loading model from
    // models/koala-7B.ggmlv3.q8_0.bin" (c1007, c1214) and Tabby's "Unable to load model:
    // /data/models/TabbyML/DeepseekCoder-6.7B/ggml/q8_0.v2.gguf" (TabbyML/tabby, c1200). The path's first
    // part that is a name with a size is kept as written, weak, as log.model-path keeps a quoted path.
    id: 'log.model-file',
    pattern: /\b(?:loaded meta data with \d+ key-value pairs and \d+ tensors from|loading model from|failed to load model from file:|unable to load model:)\s*['"]?(?:[a-z]:)?[\\/]?(?:\.{1,2}[\\/])?(?:[^\s\\/'"]+[\\/])*?([a-z][\w.-]*?(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])[\w.-]*)/,
    keptWeak: true,
    example: 'llama_model_loader: loaded meta data with 24 key-value pairs and 291 tensors from code/privateGPT/models/mistral-7b-instruct-v0.2.Q4_K_M.gguf (version GGUF V3 (latest))',
    source: 'KLL535/ComfyUI_Simple_Qwen3-VL-gguf#25',
  },
  {
    // A traceback quotes the source line of each frame: the program's own call, with the bitsandbytes switch it
    // passed ("gradio_launch(model_path=args.path, load_in_4bit=True)" under "python chatbot.py --path
    // V:\codellama-7b-instruct-pad", Llama2-Code-Interpreter, c1307): the run loads its weights in 4 (8) bits.
    // Before, the whole traceback was blanked and the model ran in 16 bits. A format the user names wins.
    id: 'log.traceback-kbit-call',
    pattern: /^\s*[\w.]+(?:\[[^\]]*\])?\s*(?:=\s*[\w.]+\s*)?\(.*\bload_in_([48])bit\s*=\s*true\b/,
    writes: (m) => (m[1] === '4' ? ' load in 4bit ' : ' load in 8bit '),
    unless: /\b(?:nf4|fp4|int[48]|gptq|awq|gguf|[48][-_ ]?bits?|load[-_ ]in[-_ ][48]bit)\b/i,
    example: '    gradio_launch(model_path=args.path, load_in_4bit=True)',
    source: 'Llama2-Code-Interpreter (corpus c1307)',
  },
  {
    // The same loader lines where the prose names the model (so log.model-file reads no name): the GGUF type in
    // the file's name is still the run's own weights. "Unable to load model: /data/models/TabbyML/DeepseekCoder-6.7B/
    // ggml/q8_0.v2.gguf" (TabbyML/tabby, c1200) beside a prose naming TabbyML/DeepseekCoder-6.7B had run as the
    // bare default Q4_K_M. Only the type is written; a type the user names outside the logs wins.
    id: 'log.model-file-type',
    pattern: /\b(?:loaded meta data with \d+ key-value pairs and \d+ tensors from|loading model from|failed to load model from file:|unable to load model:)\s*['"]?[^\s'"]*?(?<![a-z0-9])(i?q[2-8]_(?:k(?:_(?:s|m|l|xs|xl))?|[01]|xxs|xs|s|m|nl))(?![a-z0-9])[^\s'"]*?\.(?:gguf|bin)\b/,
    writes: (m) => ` ${m[1]} `,
    unless: /(?<![a-z0-9])i?q[2-8]_(?:k|0|1)|\b(?:q[2-8]|gguf\s+q\d)\b/i,
    example: 'ERROR llama_cpp_bindings: crates/llama-cpp-bindings/src/lib.rs:65: Unable to load model: /data/models/TabbyML/DeepseekCoder-6.7B/ggml/q8_0.v2.gguf',
    source: 'TabbyML/tabby (corpus c1200)',
  },
  {
    // A loader's line naming the model file or folder it loads, whose name may open with its size and whose
    // folders may hold sizes too: text-generation-webui's "INFO:llama.cpp weights detected:
    // G:\model\textgen\30B-Lazarus-GGML\30b-Lazarus.ggmlv3.q5_K_M.bin" (modules/models.py; oobabooga/textgen via
    // corpus c1827) and TabbyAPI's "INFO:     Loading model: /app/models/bartowski_Qwen2.5-Coder-32B-Instruct-exl2"
    // (c1850) had refused as "Which model?". The last part with a size is kept (the file, whose quant suffix gives
    // the weight format), weak, as log.model-file keeps a loader's file.
    id: 'log.model-file-last',
    pattern: /\b(?:weights detected:|loading model:)\s*['"]?(?:[a-z]:)?[\\/]?(?:\.{1,2}[\\/])?(?:[^\s\\/'"]+[\\/])*((?:[a-z][\w.-]*?[-_.])?\d+(?:\.\d+)?b(?![a-z0-9])[\w.-]*)/,
    keptWeak: true,
    example: '2023-07-25 22:03:13 INFO:llama.cpp weights detected: G:\\model\\textgen\\30B-Lazarus-GGML\\30b-Lazarus.ggmlv3.q5_K_M.bin',
    source: 'oobabooga/text-generation-webui modules/models.py (corpus c1827)',
  },
  {
    // vLLM's model runner names the model it loads ("Starting to load model %s...", vllm/worker/model_runner.py):
    // "(VllmWorkerProcess pid=108519) INFO 03-07 11:56:19 model_runner.py:1110] Starting to load model
    // /opt/DeepSeek-R1-Distill-Qwen-32B..." (a four-T4 server whose prose names no model, c1251). The path's
    // last part that is a name with a size is kept as written, weak, as log.model-file keeps a loader's file.
    id: 'log.model-vllm-load',
    pattern: /\bstarting to load model\s+[\\/]?(?:[^\s\\/]+[\\/])*?([a-z][\w.-]*?(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])(?:[\w-]|\.(?=[\w-]))*)(?:\.{3})?\s*$/,
    keptWeak: true,
    example: '(VllmWorkerProcess pid=108519) INFO 03-07 11:56:19 model_runner.py:1110] Starting to load model /opt/DeepSeek-R1-Distill-Qwen-32B...',
    source: 'vllm-project/vllm model_runner.py (corpus c1251)',
  },
  {
    // text-generation-webui's loader names the model folder it loads: "2023-07-24 16:31:05 INFO:Loading
    // llama-70B-bin..." (oobabooga/text-generation-webui, corpus c685; "INFO:Loading
    // TheBloke_zephyr-7B-alpha-GPTQ...", c576; "INFO:Loading 30b-Lazarus.ggmlv3.q4_1.bin...", c038): kept
    // as written, weak, where the prose names no model with a size.
    id: 'log.model-loading',
    pattern: /\binfo:\s*loading ((?:[a-z][\w.-]*?[-_.])?\d+(?:\.\d+)?b(?![a-z0-9])[\w.-]*?)\.{3}\s*$/,
    keptWeak: true,
    example: '2023-07-24 16:31:05 INFO:Loading llama-70B-bin...',
    source: 'oobabooga/text-generation-webui (corpus c685)',
  },
  {
    // A script's own logger saying which model it loads: "2025-06-22 11:25:46,469 - INFO - Loading Qwen3-14B model..."
    // (a Python logging line before Unsloth's banner, whose "Fast Qwen3 patching" names the family alone; corpus
    // c1868). The name with its size before "model" is kept as written, weak, as log.model-loading keeps a folder.
    id: 'log.model-loading-named',
    pattern: /\binfo\b[\s:|\]-]*loading (?:the )?((?:[a-z][\w.-]*?[-_.])?\d+(?:\.\d+)?b(?![a-z0-9])[\w.-]*?)\s+model\b/,
    keptWeak: true,
    example: '2025-06-22 11:25:46,469 - INFO - Loading Qwen3-14B model...',
    source: 'hongbo-miao/hongbomiao.com#28949',
  },
  {
    // A program's loader saying which model it loads, in the words most loaders use: "Loading <name> with following
    // model config: {…}" (Xinference's vLLM core, xinference/model/llm/vllm/core.py; xorbitsai/inference#2256, c2026),
    // FastChat's "Loading the model ['vicuna-13b-v1.5'] on worker …" (fastchat/serve/model_worker.py), a script's
    // "INFO - Loading model /data/models/Baichuan2-13B-Chat ...". The path's last part that is a name with a size,
    // quoted or bracketed or not, before "with" / "on" / "from" / "..." or the line's end, is kept as written, weak,
    // as log.model-loading keeps a folder, and only where the prose names no model.
    id: 'log.model-loading-said',
    pattern: /\bloading (?:the )?(?:model )?[['"]*(?:[a-z]:)?[\\/]?(?:[^\s\\/'"\]]+[\\/])*?([a-z][\w.-]*?(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])[\w.-]*?)['"\]]*(?=\s+(?:with|on|from|to|in)\b|\s*\.{3}|\s*$)/,
    keptWeak: true,
    example: '2024-09-09 02:11:16,101 xinference.model.llm.vllm.core 3592 INFO     Loading Qwen2-57B-A14B-Instruct with following model config: {\'tokenizer_mode\': \'auto\'}',
    source: 'xorbitsai/inference#2256',
  },
  {
    // A GGUF's own metadata, printed by llama.cpp's loader (and Ollama's, which runs it): "llama_model_loader:
    // - kv   2:  general.name str = Meta Llama 3.1 8B Instruct" (ggml-org/llama.cpp, corpus c554): the model
    // the file holds, kept as written, weak, where the prose names none with a size. Only a name with its
    // size: a "general.basename" ("Qwen3", ollama/ollama c717) and its "general.size_label" ("32B") lie on
    // two lines, and read together they would quote the log between them as the model's words.
    id: 'log.model-gguf-name',
    pattern: /\bgeneral\.name\s+str\s*=\s*([a-z][\w .-]*?(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])[\w .-]*?)\s*$/,
    keptWeak: true,
    example: 'llama_model_loader: - kv   2:                               general.name str              = Meta Llama 3.1 8B Instruct',
    source: 'ggml-org/llama.cpp (corpus c554)',
  },
  {
    // llama.cpp's GGML loader guessing Llama-2-70B from its grouped KV heads (prose/rules/loader-guesses.ts, c1797):
    // written as the model, weak, where the prose names none with a size.
    id: 'log.model-gqa-70b',
    pattern: GQA_70B,
    keptWeak: true,
    writes: () => 'llama-2-70b',
    example: 'llama_model_load_internal: warning: assuming 70B model based on GQA == 8',
    source: 'ollama/ollama#618',
  },
  {
    // vLLM's worker prints the share it was given before it sizes the KV cache: "Free memory on device (30.27/31.4
    // GiB) on startup. Desired GPU memory utilization is (0.92, 28.88 GiB)." (vllm/v1/worker/gpu_worker.py;
    // noonghunna/club-3090#1087, c1666), and in its failure "… is less than desired GPU memory utilization (0.9,
    // 71.26 GiB)" (c1603): the run's gpu_memory_utilization, printed by the program. Before the process-name rule,
    // whose prefix opens the same line (one rule a line). An echo, as the engine-args lines: where the message
    // gives its own command (`vllm serve … --omni`, vllm-project/vllm-omni#276, c1156, whose 0.6 is a stage's own
    // share), the share printed is not one the user set.
    id: 'log.vllm-desired-util',
    settings: true,
    pattern: /\bdesired gpu memory utilization (?:is )?\((0?\.\d+|1(?:\.0+)?),/,
    writes: (m) => `util ${m[1]}`,
    example: '(Worker_TP0 pid=223) INFO 08-22 04:42:13 [gpu_worker.py:789] Free memory on device (30.27/31.4 GiB) on startup. Desired GPU memory utilization is (0.92, 28.88 GiB).',
    source: 'noonghunna/club-3090#1087',
  },
  {
    // vLLM prints its release: "api_server.py:840] vLLM API server version 0.7.2" (vllm/entrypoints/openai/api_server.py;
    // vllm-project/vllm#13124, c1847; #13677, c1789), and V1's engine core "Initializing a V1 LLM engine (v0.27.1)"
    // (vllm/v1/engine/core.py EngineCore.__init__; noonghunna/club-3090#1095, c2261): the release that ran, which
    // changes what vLLM holds at start-up (memory/vllm-release.ts). Written as the release word ("vllm 0.7.2"), where
    // the user's own words name no vLLM release; a release the item language lacks (a dev build, 0.30 on) is left out.
    id: 'log.vllm-server-version',
    pattern: new RegExp(String.raw`\b(?:vllm api server version |initializing a v1 llm engine \()(?:v)?(${VLLM_RELEASE}(?:\.\d)?)(?![\d])(?:[.+-]?(?:post\d*|rc\d*))?(?![\w.+-])`),
    writes: (m) => `vllm ${m[1]}`,
    unless: VLLM_RELEASE_SAID,
    example: 'INFO 02-12 13:31:04 api_server.py:840] vLLM API server version 0.7.2',
    source: 'vllm-project/vllm#13124; #13677',
  },
  {
    // DeepSpeed's ZeRO-3 optimizer named in a traceback: "optimizer = DeepSpeedZeroOptimizer_Stage3(" under
    // engine.py's _configure_zero_optimizer, or a frame in deepspeed/runtime/zero/stage3.py (baichuan-inc/Baichuan2#113,
    // c1955: "deepspeed.initialize OOM" with no stage said). Only stage 3 has a class and a file of its own
    // (stages 1 and 2 share DeepSpeedZeroOptimizer in stage_1_and_2.py), so only it is read: weak, where the
    // user's words name no stage and no FSDP.
    id: 'log.sharding.deepspeed-stage3',
    pattern: /\b(deepspeedzerooptimizer_stage3|deepspeed\/runtime\/zero\/stage3\.py)\b/,
    writes: () => 'zero3',
    weak: true,
    unless: /zero[\s_-]*(?:stage[\s_-]*)?[0-3]\b|\bstage[\s"':=_]*[0-3]\b|\bds_z[0-3]|\bfsdp\b/i,
    once: 'deepspeed-stage',
    example: '2023-09-14 21:27:58.000 [INFO] [Driver] optimizer = DeepSpeedZeroOptimizer_Stage3(',
    source: 'baichuan-inc/Baichuan2#113',
  },
  {
    // vLLM's own process names, printed before each of its log lines: "(Worker_TP0 pid=223) INFO 08-22 04:42:13
    // [gpu_worker.py:789] …" (a two-5090 vLLM benchmark, noonghunna/club-3090#1087, c1666), "(VllmWorkerProcess
    // pid=108519) INFO …" (vllm-project/vllm, c1251), "(VllmWorker rank=1 pid=4731)" (c1126), "(APIServer pid=1)"
    // (c1637), "(EngineCore_DP0 pid=…)": weak evidence of vLLM, as every logger's name.
    id: 'log.engine.vllm',
    pattern: /^\s*\((vllmworkerprocess|vllmworker|worker_(?:tp|pp|dp)\d+(?:_[a-z]+\d*)*|enginecore(?:_dp\d+|_\d+)?|apiserver)\s+(?:rank=\d+\s+)?pid=\d+\)/,
    engine: 'vllm',
    example: '(Worker_TP0 pid=223) INFO 08-22 04:42:13 [gpu_worker.py:789] Free memory on device (30.27/31.4 GiB) on startup.',
    source: 'noonghunna/club-3090#1087',
  },
  {
    id: 'log.engine.tgi',
    pattern: /\b(text_generation_launcher|text_generation_router|text_generation_server)(?:[:.]|::)/,
    engine: 'tgi',
    example: '2025-03-13T08:36:37.262517Z  INFO text_generation_launcher: Runtime environment:',
    source: 'huggingface/text-generation-inference#3105',
  },
  {
    // Ollama's own server lines: its access log for its API ("[GIN] 2024/05/05 - 23:38:16 | 200 | … | POST
    // "/api/chat"", ollama/ollama#4212, c588, where only a link to another Ollama issue named it) and its
    // slog lines with their Go source ("time=… level=INFO source=server.go:105 msg=…"): weak, as every logger's name.
    id: 'log.engine.ollama',
    pattern: /^\s*(\[gin\])\s+\d{4}\/\d\d\/\d\d\s+-\s+[\d:]+\s+\|.*"\/api\/(?:chat|generate|embed|embeddings|show|ps|tags|pull|create)"/,
    engine: 'ollama',
    example: '[GIN] 2024/05/05 - 23:38:16 | 200 |  24.89660366s |      172.17.0.1 | POST     "/api/chat"',
    source: 'ollama/ollama#4212',
  },
  {
    id: 'log.engine.ollama-slog',
    pattern: /^\s*time=\S+ level=[a-z]+ (source=[a-z_]+\.go:\d+)/,
    engine: 'ollama',
    example: 'time=2024-11-27T10:11:12.345Z level=INFO source=sched.go:714 msg="new model will fit in available VRAM in single GPU, loading"',
  },
  {
    id: 'log.engine.lmdeploy',
    pattern: /^\s*(\[tm\]\[[a-z]+\])/,
    engine: 'lmdeploy',
    example: '[TM][INFO] [LlamaCacheManager] max_entry_count = 4',
    source: 'InternLM/lmdeploy#519',
  },
  {
    // ggml's CUDA backend announcing its devices, "ggml_init_cublas: found 4 CUDA devices:" (ggml-cuda.cu before
    // mid-2024) and "ggml_cuda_init: GGML_CUDA_FORCE_MMQ: no" (after), is llama.cpp's too: Tabby's bundled
    // llama.cpp behind `tabbyml/tabby serve` (TabbyML/tabby#1498, c1200), privateGPT's (c1006), llama-cpp-python's (c1007).
    // Its timings after an answer, "llama_print_timings: prompt eval time = …" (llama.cpp before September 2024;
    // getumbrel/llama-gpt#30, c1973) and "llama_perf_context_print: …" (after), are its own logger too.
    id: 'log.engine.llamacpp',
    // A timestamped line of its logger (common/log.cpp: "0.00.051.608 I llama_perf_context_print: …") is the same.
    pattern: /^\s*(?:\d+\.\d\d\.\d{3}\.\d{3} [a-z] )?(llama_model_loader|llama_print_timings|llama_perf_context_print|llama_perf_sampler_print|llm_load_tensors|llama_new_context_with_model|llama_init_from_model|ggml_init_cublas|ggml_cuda_init)\s*:/,
    engine: 'llamacpp',
    example: 'llama_model_loader: - kv   0:                       general.architecture str              = llama',
    source: 'ggml-org/llama.cpp#9517',
  },
  {
    id: 'log.engine.tensorrt-llm',
    // TensorRT's own logger ("[12/29/2023-05:24:11] [TRT] [I] Total Activation Memory", an engine build
    // by TensorRT-LLM, NVIDIA/TensorRT-LLM#772, corpus c1218) counts too: weak, as every logger's name.
    // A quote marker before it is the log quoted (segments/rules.ts log.tensorrt; c1218's first log line).
    pattern: /^\s*(?:>\s*)?(?:\[[\d/:-]+\]\s*)?(\[(?:tensorrt-llm|trt-llm|trt)\])/,
    engine: 'tensorrt-llm',
    example: '[TensorRT-LLM][INFO] Loaded engine size: 12853 MiB',
  },
  {
    // Triton CLI's progress line while it builds the engine (`triton import --backend tensorrtllm`, corpus c1135).
    id: 'log.engine.tensorrt-llm-build',
    pattern: /(building trt-llm engine)\b/,
    engine: 'tensorrt-llm',
    example: '⠹ Building TRT-LLM engine for meta-llama/Meta-Llama-3-8B...',
    source: 'triton-inference-server/triton_cli, corpus c1135',
  },
];
