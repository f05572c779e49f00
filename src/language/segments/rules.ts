import { LAUNCHER_RULES } from './launcher-rules.js';
import { LOGGED_SETTING, loggedSetting } from './logged-settings.js';
import type { LineRule } from './types.js';

/**
 * What one line of a message is, when it is not prose. Tested in order, on normalised
 * (lower-case) text; the first rule that matches names the line. A launcher's own dump of its
 * arguments comes before the log rules: it is the setup the user ran with, printed by the log
 * (TGI's `Args { … }`, vLLM's `non-default args: { … }`), and is read as a config.
 */
export const LINE_RULES: readonly LineRule[] = [
  {
    id: 'config.launcher-args',
    kind: 'config',
    pattern: /\b(?:text_generation_launcher: args \{|non-default args: \{|args: namespace\(|args=namespace\(|with config: model=|server_args=serverargs\(|msg="server config" env=)/,
    example: '2024-04-30T10:25:51.994120Z  INFO text_generation_launcher: Args { model_id: "/model_data/mistral7b-free", num_shard: None, max_total_tokens: Some(8512) }',
    source: 'huggingface/text-generation-inference#1831',
  },
  {
    // A tool's printout of one of its settings after its logger's stamp (logged-settings.ts): the user's setup,
    // written by the tool, read as a config line; the rest of the log stays unread.
    id: 'config.logged-setting',
    kind: 'config',
    pattern: LOGGED_SETTING,
    accepts: (line) => loggedSetting(line) !== null,
    example: '[2025-10-19 23:25:16] INFO model_manager.py:155:   max_model_len: 24000',
    source: 'vllm-project/vllm#27174 (corpus c2525)',
  },
  {
    // DeepSpeed's launcher echoes the argv of a rank it killed as a Python list (launch.py
    // sigkill_handler: "['/usr/bin/python3', '-u', 'train.py', '--model_name_or_path', '…/llava-v1.5-7b',
    // '--bf16', 'True', …] exits with return code = -9"): the command the user ran, printed by the log
    // (haotian-liu/LLaVA#827 c1111 and #1085, deepspeedai/DeepSpeed#3232 and #5302). Read as that
    // command (segments/read.ts blanks the log's prefix and the list's quotes and commas).
    id: 'command.launcher-argv',
    kind: 'command',
    pattern: /\[launch\.py:\d+:sigkill_handler\] \['/,
    example: "[2023-04-14 13:11:27,885] [ERROR] [launch.py:434:sigkill_handler] ['/usr/bin/python3', '-u', 'main.py', '--local_rank=0', '--model_name_or_path', 'facebook/opt-125m', '--per_device_train_batch_size', '2'] exits with return code = -9",
    source: 'deepspeedai/DeepSpeed#3232',
  },
  {
    id: 'log.traceback',
    kind: 'log',
    pattern: /^\s*traceback \(most recent call last\):/,
    example: 'Traceback (most recent call last):',
    source: 'oobabooga/textgen#365',
  },
  {
    // GPUStack's scheduler refusing a vLLM model: "No workers meet the resource requirements. Consider adjusting
    // parameters such as --gpu-memory-utilization (default: 0.9), --max-model-len, or --enforce-eager to lower the
    // resource demands." Its advice names settings to change, none the user set (gpustack/gpustack, c1120, where
    // --enforce-eager had been read as the run's): the program's output, a log line.
    id: 'log.gpustack-no-workers',
    kind: 'log',
    pattern: /\bno workers meet the resource requirements\b|\bconsider adjusting parameters such as\b.{0,300}?\bto lower the resource demands\b/,
    example: '- No workers meet the resource requirements. Consider adjusting parameters such as --gpu-memory-utilization (default: 0.9), --max-model-len, or --enforce-eager to lower the resource demands.',
    source: 'gpustack/gpustack (corpus c1120)',
  },
  {
    id: 'log.traceback-frame',
    kind: 'log',
    pattern: /^\s*file "[^"]+", line \d+/,
    example: '  File "/easybuild/2020/software/Python/3.10.4-GCCcore-11.3.0/lib/python3.10/threading.py", line 1009, in _bootstrap_inner',
    source: 'oobabooga/textgen#365',
  },
  {
    id: 'log.python-warning',
    kind: 'log',
    pattern: /^\s*\S*\.py:\d+: [a-z]*(?:warning|error)\b|^\s*warnings\.warn\(/,
    example: '/p/haicluster/llama/venv/lib/python3.10/site-packages/transformers/generation/utils.py:1201: UserWarning: You have modified the pretrained model configuration to control generation.',
    source: 'oobabooga/textgen#365',
  },
  {
    id: 'log.exception-thread',
    kind: 'log',
    pattern: /^exception in thread \S+/,
    example: 'Exception in thread Thread-4 (gentask):',
    source: 'oobabooga/textgen#365',
  },
  {
    id: 'report.cuda-oom',
    kind: 'report',
    // Any cut of the message: a line that starts inside it ("(GPU 0; 31.74 GiB total capacity; …"). Intel's XPU and
    // Ascend's NPU builds of torch print the same message with their device's name ("RuntimeError: XPU out of memory.
    // Tried to allocate 130.00 MiB (GPU 0; 15.11 GiB total capacity; …", intel-analytics/ipex-llm, corpus c1164: taken
    // as any exception's log, so the card's total went unread).
    pattern: /\b(?:cuda|xpu|npu|hip|mps) out of memory\. tried to allocate \d|\boutofmemoryerror: .*tried to allocate|^\s*\(?gpu \d+(?:; [\d.]+ ?[kmgt]i?b total capacity|\s+has a total capac?i?ty of)/,
    example: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.02 GiB is free.',
  },
  {
    id: 'log.exception',
    kind: 'log',
    // An exception whose message is on the lines after it ("…errors.ChildFailedError: " over
    // torchelastic's summary, MoFHeka/LLaMA-Megatron#1) is one too; so is one quoted as inline
    // code ("`ValueError: The model's max seq len (32768) is larger…`", QwenLM/Qwen3#16), whose
    // words are the engine's, not a question the user asks.
    pattern: /^(?:\s*`)?(?:[a-z_][\w]*\.)*[a-z_]\w*(?:error|exception|exit):(?: \S|\s*$)/,
    example: 'RuntimeError: CUDA error: an illegal memory access was encountered',
  },
  {
    // Unsloth's own messages (unsloth/models/_utils.py, vllm_utils.py print "Unsloth: …", the first with
    // a sloth): "Unsloth: Your GPU can only handle approximately the maximum sequence length of 256",
    // "Unsloth: vLLM loading … with actual GPU utilization = 23.59%" are what the library worked out,
    // not the user's settings; they had become the length and vLLM's utilization (unslothai/unsloth#1964,
    // c686). A label with a version or a flag after it ("unsloth: 2025.2.4") is no message.
    id: 'log.unsloth-message',
    kind: 'log',
    // Not the banner's first line in its 2024 form ("Unsloth: Fast Mistral patching release 2024.7",
    // corpus c596): the banner's GPU line under it is the card (unsloth-banner.ts), and a log would take it.
    pattern: /^\s*(?:🦥\s*)?unsloth(?:[_ ]zoo)?: (?!fast \S+ patching)[a-z'"][^\s]*(?:\s+\S+){2,}/,
    asWritten: /^\s*(?:🦥\s*)?Unsloth(?:[_ ]zoo)?: /,
    example: 'Unsloth: Your GPU can only handle approximately the maximum sequence length of 256.',
    source: 'unslothai/unsloth#1964',
  },
  {
    id: 'log.leveled-timestamp',
    kind: 'log',
    // After the process's tag, which vLLM's v1 engine writes with its rank and pid:
    // "(VllmWorker rank=0 pid=3301) INFO 04-15 19:31:00 …" — a rank that is no LoRA's.
    pattern: /^\s*\(?[\w-]*(?:\s+[\w-]+=[\w.-]+)*\)?\s*(?:info|warning|warn|error|debug|critical)\s+\d\d-\d\d \d\d:\d\d:\d\d\b/,
    example: 'INFO 04-15 19:30:49 [__init__.py:239] Automatically detected platform cuda.',
    source: 'vllm-project/vllm#8879',
  },
  {
    // Ray's prefix on every line a worker prints ("(WorkerDict pid=1113316) Before vllm offload in sharding
    // manager: 66.48 GB / 79.10 GB.", hiyouga/EasyR1#260, c2872; "(TaskRunner pid=77, ip=10.0.0.2) …"): the
    // RL trainer's own output, whose engine (the rollout's vLLM) and memory figures are part of the training,
    // never the setup asked about; read as vLLM serving, it had turned the training into inference. Not a
    // dict or list the worker prints after the prefix (verl's TaskRunner pretty-prints its config).
    id: 'log.ray-worker-prefix',
    kind: 'log',
    pattern: /^\s*\((?:[a-z_][\w.:-]*\s+)?pid=\d+(?:,\s*ip=[\d.]+)?\)\s+(?![{['"\s])/,
    example: '(WorkerDict pid=1113316) Before vllm offload in sharding manager: 66.48 GB / 79.10 GB.',
    source: 'hiyouga/EasyR1#260',
  },
  {
    // TensorRT's logger ("[MM/DD/YYYY-HH:MM:SS] [TRT] [I] …") and TensorRT-LLM's ("[TRT-LLM] [W] …",
    // "[TensorRT-LLM][INFO] …"): an engine's sizes and memory in them are its log, not the setup. A quote
    // marker before it ("> [12/29/2023-05:24:11] [TRT] [I] Total Activation Memory", NVIDIA/TensorRT-LLM#772,
    // c1218) quotes the log: left in prose, its "[TRT]" counted as the engine named outside the logs.
    id: 'log.tensorrt',
    kind: 'log',
    pattern: /^\s*(?:>\s*)?(?:\[\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\]\s*)?\[(?:trt|trt-llm|tensorrt-llm)\]\s*\[(?:[ewivf]|info|warning|error|verbose|debug)\]/,
    example: '[03/14/2024-09:12:45] [TRT] [I] [MemUsageChange] Init CUDA: CPU +14, GPU +0, now: CPU 1127, GPU 263 (MiB)',
    source: 'NVIDIA/TensorRT-LLM#2043 (its build log), tensorrt_llm/logger.py',
  },
  {
    // TensorRT-LLM's runtime messages pasted without the logger's prefix (the user copied the text after
    // "[TensorRT-LLM][INFO] "): "Loaded engine size: 875 MiB", "Allocated 773.51 MiB for execution context memory.",
    // "Allocated 2.66 GB GPU memory for runtime buffers.", "Allocated 4.53 GiB for max tokens in paged KV cache (395776).",
    // and TensorRT's MemUsageChange line "… now: CPU 0, GPU 869 (MiB)" (NVIDIA/TensorRT-LLM, the reply of corpus c1819:
    // its "CPU 0, GPU" was read as a GPU count of 0 and refused). Each is a line of the engine's log, never the setup.
    id: 'log.tensorrt-llm-message',
    kind: 'log',
    pattern: /^\s*(?:loaded engine size: [\d.]+ mib|allocated [\d.]+ (?:mib|gib|gb|mb) (?:gpu memory )?for |tensorrt-managed allocation in |.*\bnow: cpu \d+, gpu \d+ \(mib\))/,
    example: 'TensorRT-managed allocation in IExecutionContext creation: CPU +0, GPU +0, now: CPU 0, GPU 869 (MiB)',
    source: 'NVIDIA/TensorRT-LLM#1188',
  },
  {
    id: 'log.timestamp',
    kind: 'log',
    pattern: /^\s*\[?\d{4}-\d\d-\d\d[ t]\d\d:\d\d(?::\d\d)?/,
    example: '[2024-05-02 10:11:12,345] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)',
  },
  {
    id: 'log.ollama',
    kind: 'log',
    // Also as journald shows it, after the host and the unit ("May 22 07:36:20 ubuntuserver ollama[1413041]: time=…",
    // ollama/ollama, c1674: left as prose, its offload line's 23.2 GiB read as one card).
    pattern: /^\s*(?:[a-z]{3}\s+\d{1,2}\s+\d\d:\d\d:\d\d\s+\S+\s+ollama\[\d+\]:\s*)?time=\S+ level=[a-z]+ source=\S+/,
    example: 'time=2025-02-20T10:11:12.345Z level=INFO source=server.go:105 msg="system memory" total="62.5 GiB" free="58.1 GiB"',
  },
  {
    // Ollama's HTTP server (gin-gonic's access log, one line a request): "[GIN] 2024/05/05 - 23:38:16 | 200 |
    // 24.89660366s | 172.17.0.1 | POST "/api/chat"" (ollama/ollama#4212, c588: left as prose).
    id: 'log.gin',
    kind: 'log',
    pattern: /^\s*\[gin\]\s+\d{4}\/\d\d\/\d\d\s+-\s+\d\d:\d\d:\d\d\s+\|/,
    example: '[GIN] 2024/05/05 - 23:38:16 | 200 |  24.89660366s |      172.17.0.1 | POST     "/api/chat"',
    source: 'ollama/ollama#4212',
  },
  {
    id: 'log.bracketed-level',
    kind: 'log',
    // After any tags of its logger: lmdeploy's TurboMind writes "[TM][INFO] …" (InternLM/lmdeploy#519).
    pattern: /^\s*(?:\[[\w .:/-]{1,40}\]\s*)*\[(?:info|warning|warn|error|debug|critical|fatal)\]|^\s*(?:info|warning|error|debug):[\w.]+:/,
    example: 'INFO:root:Loading model weights took 13.5 GB',
  },
  {
    // Uvicorn's and Aphrodite's level prefix, padded to one column: "WARNING:  Possibly too large
    // swap space. 32.00 GiB out of the 62.51 GiB total CPU memory…" (the host's RAM, no card).
    id: 'log.padded-level',
    kind: 'log',
    pattern: /^\s*(?:info|warning|warn|error|debug|critical):\s{2,}\S/,
    example: 'WARNING:  Possibly too large swap space. 32.00 GiB out of the 62.51 GiB total CPU memory is allocated',
    source: 'dphnAI/sonar#522',
  },
  ...LAUNCHER_RULES,
  {
    id: 'log.llama-cpp',
    kind: 'log',
    pattern: /^\s*(?:\d+\.\d\d\.\d{3}\.\d{3} [a-z] )?(?:llama_model_loader|llama_print_timings|llama_perf_\w+|llm_load_\w+|llama_new_context_with_model|llama_context|llama_kv_cache\w*|ggml_\w+|load_tensors|print_info|llama_init_from_model|main|system_info|srv|slot)\s*:|^\s*build\s*:\s*\d+ \([0-9a-f]+\) with |^\s*vulkan\d{1,2}:[^\n|]*\|\s*uma:|^\s*found \d+ vulkan devices:/,
    // ggml's Vulkan device list in later releases: "Found 1 Vulkan devices:", "Vulkan0: AMD Radeon 780M (RADV GFX1103_R1) | uma: 1 | fp16: 1" (s46 rdev).
    example: 'llm_load_tensors: offloaded 33/33 layers to GPU',
  },
  {
    // The timings Ollama's --verbose and KTransformers' local_chat print after an answer: a prompt's token
    // count there is the test prompt's, never the run's length ("prompt eval count: 7 token(s)" was seq 7).
    id: 'log.eval-stats',
    kind: 'log',
    pattern: /^\s*(?:total duration|load duration|prompt eval (?:count|duration|rate)|eval (?:count|duration|rate))\s*:\s*[\d.]/,
    example: 'prompt eval count:    7 token(s)',
    source: 'kvcache-ai/ktransformers#462',
  },
  {
    // llama-recipes' finetuning.py prints its progress after an arrow: "--> Model …", "--> … has 6738.415616
    // Million params", "--> Training Set Length = 14732", "--> applying fsdp activation checkpointing…".
    // The dataset's size is no length (meta-llama/llama-cookbook#413, c711: read as seq 14732).
    id: 'log.llama-recipes-print',
    kind: 'log',
    pattern: /^\s*--> (?:model\b|training set length|validation set length|num of (?:training|validation)|applying\b|.{1,200}? has [\d.]+ million params)/,
    example: '--> Training Set Length = 14732',
    source: 'meta-llama/llama-cookbook#413 (corpus c711)',
  },
  {
    // A process listing (ps, top, a memory tool's per-process table): its header names PID … COMMAND,
    // and its rows' numbers are processes' ids and use, no setting (verl-project/verl#224, c709: a
    // worker's name "ray::WorkerDict.actor_rollout_generate_sequences" had read as inference).
    id: 'log.process-table',
    kind: 'log',
    pattern: /^\s*pid\s+(?:[\w%()+.\/-]+\s+){0,14}(?:command|cmd|process name|name)\s*$/,
    example: 'PID     MEM(GB) COMMAND',
    source: 'verl-project/verl#224 (corpus c709)',
  },
  {
    // …and its rows: a process id, its numeric columns, then the command.
    id: 'log.process-row',
    kind: 'log',
    pattern: /^\s*\d{1,7}\s+(?:[\w-]+\s+){0,2}(?:[\d.:]+[kmgt%]?\s+){1,12}\S/,
    example: '40126   11.20   ray::WorkerDict.actor_rollout_generate_sequences',
    source: 'verl-project/verl#224 (corpus c709)',
    continues: true,
  },
  {
    // A line of only a date and time: nvidia-smi's first line, `date`'s output. Its day and hour are no setting
    // ("Tue Mar 12 10:21:07 2024" had read as 12 GPUs, a micro-batch of 12 or 12 layers; bench:variations).
    id: 'log.date-line',
    kind: 'log',
    pattern: /^\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s+[a-z]{3,4})?(?:\s+\d{4})?\s*$/,
    example: 'Sun Sep  3 13:32:02 2023',
    source: 'meta-llama/codellama#82 (corpus c429)',
  },
  {
    id: 'report.nvidia-smi',
    kind: 'report',
    pattern: /^\s*\|.*\d+\s*mib\s*\/\s*\d+\s*mib|^\s*[+|][-=+ ]*[-=]{6,}[-=+| ]*$|^\s*\|\s*nvidia-smi \d|^\s*\|\s*(?:gpu\s+name|fan\s+temp|processes:|gpu\s+gi\s+ci)|^\s*\|\s*\d{1,2}\s+[^|\n]+?\s(?:on|off)\s*\|\s*[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]/,
    // A GPU row pasted alone ("|   0  NVIDIA GeForce RTX 3060    Off |   00000000:00:03.0 Off |", s46 rdev: its index had read as
    // a count of 0 GPUs, refused) is the table's too: its card read by tool-output.ts.
    example: '|  0%   38C    P8    21W / 350W |  22457MiB / 24564MiB |      0%      Default |',
  },
  {
    id: 'report.gpu-environment',
    kind: 'report',
    // mmengine's collect_env groups the devices of one name: "GPU 0,1,2,3: Tesla V100-PCIE-32GB".
    pattern: /^\s*(?:gpu models and configuration:|gpu \d+(?:,\d+)*: \S|nvidia driver version:)/,
    example: 'GPU models and configuration: GPU 0: NVIDIA GeForce RTX 3090 Ti',
    source: 'vllm-project/vllm#13813',
  },
  {
    id: 'log.progress',
    kind: 'log',
    pattern: /\d+%\s*\|[^|\n]*\|\s*\d+\/\d+|\[\d+:\d+(?::\d+)?<[\d:?]+|\d+(?:\.\d+)?\s*(?:it|s)\/(?:s|it)\]/,
    example: 'Loading checkpoint shards: 100%|██████████| 4/4 [00:05<00:00,  1.32s/it]',
  },
  {
    id: 'log.pip',
    kind: 'log',
    pattern: /^\s*(?:collecting [\w.\-\[\]]+(?:[<>=~!]=|\s*$|\s+\()|downloading \S+\.(?:whl|tar\.gz)|requirement already satisfied: |installing collected packages: |successfully installed |successfully built |building wheels? for |using cached \S|attempting uninstall: |found existing installation: )/,
    example: 'Successfully installed flash-attn-2.5.8 torch-2.3.0',
  },
  {
    id: 'log.build',
    kind: 'log',
    pattern: /^\s*(?:-- (?:the|found|detecting|configuring|generating|build files)\b|\[\s*\d+%\] (?:building|linking|built)\b|ninja: |\[\d+\/\d+\] (?:\/usr|c\+\+|nvcc|building))/,
    example: '[ 45%] Building CUDA object ggml/src/CMakeFiles/ggml.dir/ggml-cuda.cu.o',
  },
  {
    id: 'log.metrics',
    kind: 'log',
    pattern: /^\s*\{\s*'(?:loss|train_loss|eval_loss|train_runtime)':\s*[\d.]|^\s*(?:step|iter(?:ation)?|epoch)\s*[:=]?\s*\d+\b.*\bloss\s*[:=]?\s*[\d.]|^\s*\|?\s*(?:training loss|step\s+\|?\s*training loss)\b/,
    example: "{'loss': 1.2345, 'grad_norm': 0.85, 'learning_rate': 1.9e-05, 'epoch': 0.12}",
  },
  {
    // DeepSpeed's memory estimator (runtime/zero/stage_1_and_2.py and stage3.py estimate_zero{2,3}_model_states_mem_needs)
    // prints a row per option it weighs ("216.99GB |  18.08GB | offload_optimizer=cpu", then "=none"): what each
    // option would cost, not the run, so its keys name both at once (Yuliang-Liu/Monkey#24, c506; c1099).
    id: 'log.ds-estimator',
    kind: 'log',
    pattern: /^\s*(?:per cpu\s*\|\s*per gpu\s*\|\s*options\b|\d+(?:\.\d+)?\s*[gmt]i?b\s*\|\s*\d+(?:\.\d+)?\s*[gmt]i?b\s*\|)/,
    example: '  216.99GB |  18.08GB | offload_optimizer=cpu ',
    source: 'Yuliang-Liu/Monkey#24',
  },
  {
    id: 'log.system-report',
    kind: 'log',
    pattern: /^\s*(?:distributor id|codename|cpu op-mode\(s\)|address sizes|byte order|cpu\(s\)|on-line cpu\(s\) list|vendor id|cpu family|thread\(s\) per core|core\(s\) per socket|socket\(s\)|numa node\d*(?: cpu\(s\))?|cpu max mhz|cpu min mhz|bogomips|l[123][di]? cache|python version|cuda used to build pytorch|is cuda available|cudnn version|hip runtime version|clang version|gcc version|cmake version|libc version|python platform|is debug build|pytorch version|rocm used to build pytorch)\s*:|^\s*collecting environment information\.\.\./,
    example: 'CPU op-mode(s):         32-bit, 64-bit',
    source: 'ollama/ollama#9295',
  },
  {
    // Labels a config or a bullet list could use too ("Model name: Qwen2.5-72B"): part of a
    // system report only beside one of its unambiguous lines.
    id: 'log.system-report-label',
    kind: 'log',
    pattern: /^\s*(?:description|release|architecture|model name|model|stepping|flags|virtualization|kernel|os)\s*:/,
    example: 'Model name:             Intel(R) Xeon(R) Gold 6152 CPU @ 2.10GHz',
    source: 'ollama/ollama#9295',
    continues: true,
  },
  {
    id: 'command.shell',
    kind: 'command',
    pattern: /^\s*(?:\$\s+)?(?:sudo\s+)?(?:(?:[a-z_][a-z0-9_]*=\S*\s+)+)?(?:python3?(?:\s+-m)?|torchrun|deepspeed|accelerate(?:\s+launch)?|vllm\s+serve|llamafactory-cli|swift\s+\w+|tune\s+run|litgpt|text-generation-launcher|docker\s+run|srun|sbatch|ollama\s+(?:run|serve|pull)|llama-server|llama-cli|\.\/(?:main|server|llama-\w+)|huggingface-cli|nohup|bash\s+\S+\.sh|sh\s+\S+\.sh)(?:\s|$)/,
    example: 'vllm serve  unsloth/Llama-3.2-11B-Vision-Instruct  --tensor-parallel-size 4   --enforce-eager --max-num-seqs 16',
    source: 'vllm-project/vllm#8879',
  },
  {
    id: 'command.continuation',
    kind: 'command',
    // A line may open with the value of the flag that ended the line before: a command folded in a YAML list of args
    // ("--gpu-memory-utilization⏎  0.95 --max-model-len 262144", vllm-project/vllm-ascend, corpus c3884: the 0.95 read as
    // prose, the default 0.9 used), a flag always following it.
    pattern: /^\s*(?:[^\s-][^\s]*\s+(?=--?[a-z]))?--?[a-z][\w.-]*(?:[ =](?!-)\S+)?(?:\s+--?[a-z][\w.-]*(?:[ =](?!-)\S+)?)*\s*\\?\s*$/,
    example: '    --gradient_checkpointing \\',
    source: 'huggingface/open-r1#506',
    continues: true,
  },
  {
    id: 'code.python',
    kind: 'code',
    pattern: /^\s*(?:import [a-z_][\w.]*|from [a-z_][\w.]* import |def [a-z_]\w*\(|class [a-z_]\w*[(:]|[a-z_][\w.]*\s*=\s*[a-z_][\w.]*\((?:[^)]*\)?)\s*$|print\(|with [\w.]+\(|return\b|for \w+ in .*:$|if .*:\s*$)/,
    example: 'from llama_cpp import Llama',
    source: 'MLP-Lab/Bllossom#3',
  },
];

/** A line of a YAML / key: value block: `key: value`, `key:` opening a block, or `- item` under one. */
export const YAML_LINE = /^\s*(?:-\s+)?["']?[a-z_][\w.\-/]*["']?\s*:(?:\s+\S.*|\s*)$|^\s*-\s+\S/;
/** A line of `key=value` pairs (kwargs, an env file): one or more snake_case keys set with "=". */
export const KV_LINE = /^\s*(?:export\s+)?[a-z_][\w.]*\s*=\s*[^=\s].*$/;
