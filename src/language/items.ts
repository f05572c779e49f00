import type { ItemTrace } from './item-trace.js';
import type { OfflineReading } from './prose/index.js';
/**
 * What the parser returns: typed items, exactly as written, with no defaults and no meaning
 * checks (those happen in src/scenario). `at`/`end` are character offsets into the request.
 */

export interface Span {
  at: number;
  end: number;
  /** The item as the user wrote it (filled in by parseRequest from the original text). */
  text: string;
}

/** An item the reconciler dropped that says again what a kept item says (said-again.ts): its span, and the kept item's. */
export interface SaidAgain {
  at: number;
  end: number;
  of: { at: number; end: number; kind: ItemBody['kind'] };
}

export type ArchField = 'layers' | 'hidden' | 'heads' | 'kv' | 'ffn' | 'vocab' | 'headdim';
export type ParallelDim = 'tp' | 'pp' | 'cp' | 'ep' | 'dp' | 'vpp';
export type BatchField = 'mbs' | 'ga' | 'gbs';
export type OffloadValue = 'optimizer-cpu' | 'optimizer-nvme' | 'params-cpu' | 'params-nvme' | 'none';
export type LoraTarget = 'q' | 'k' | 'v' | 'o' | 'gate' | 'up' | 'down';

export type ItemBody =
  | { kind: 'model'; id: string }
  /**
   * A Hugging Face Hub repo id, lower-case ("meta-llama/llama-3.1-8b-instruct"), or "config.json" for a pasted one.
   * `offline`: the catalog model the repo's name is (with the weight format its suffix names),
   * read when the Hub was not asked (src/language/prose.ts offlineReading); null when none.
   */
  | { kind: 'hub'; repo: string; offline: OfflineReading | null }
  | { kind: 'size'; params: number; experts: number | null; family: string | null }
  | { kind: 'arch'; field: ArchField; value: number }
  /** `run` is a weak inference intent ("run", "load", "deploy"): training words or settings win over it. */
  | { kind: 'mode'; value: 'full' | 'pretrain' | 'train' | 'inference' | 'run' }
  | { kind: 'serve' }
  | {
      kind: 'lora';
      qlora: boolean;
      rank: number | null;
      targets: LoraTarget[] | null;
      allLinear: boolean;
      dropout: number | null;
      alpha: number | null;
    }
  | { kind: 'precision'; value: string }
  | { kind: 'weights'; value: 'int8' | 'nf4' | 'nf4-dq' | 'gptq' | 'awq' | 'fp8' | 'mxfp4' | 'q8_0' | 'q6_k' | 'q5_k_m' | 'q4_k_m' | 'q3_k_m' | 'q2_k' }
  | { kind: 'optimizer'; value: string; fused: boolean }
  | { kind: 'impl'; value: 'fused' | 'foreach' }
  | { kind: 'sharding'; value: string }
  | { kind: 'offload'; value: OffloadValue }
  | { kind: 'parallel'; dim: ParallelDim; value: number }
  | { kind: 'sp' }
  | { kind: 'seq'; value: number }
  | { kind: 'batch'; field: BatchField; value: number }
  | { kind: 'recompute'; value: 'none' | 'selective' | 'full' | 'per-op' | 'offloaded' }
  | { kind: 'attention'; value: 'flash' | 'sdpa' | 'eager' }
  | { kind: 'loss'; value: 'full' | 'bf16' | 'chunked' | 'fused' }
  | { kind: 'batches'; value: 'packed' | 'padded' }
  /** `stage`: LLaMA-Factory's reward-model stage, from reward words beside it (reconcile/rl-algorithm.ts). */
  | { kind: 'framework'; value: 'hf' | 'deepspeed' | 'megatron' | 'torchtune' | 'litgpt' | 'peft' | 'llama-factory' | 'axolotl' | 'unsloth' | 'torchtitan' | 'dpo' | 'orpo' | 'grpo' | 'ppo' | 'reward' | 'alpaca-lora' | 'tgi' | 'llamacpp' | 'llama-recipes' | 'longlora'; stage?: 'rm' }
  | {
      kind: 'hardware';
      gpuId: string | null;
      /** Stated memory per card in GiB (`on 24GB`, `4 gpus of 48GB`). */
      capacityGiB: number | null;
      count: number | null;
      nodes: number | null;
    }
  | { kind: 'question'; value: 'maxBatch' | 'maxSeq' | 'whichGpu' }
  | { kind: 'howMany'; gpuId: string | null }
  | { kind: 'compare'; a: Item; b: Item }
  | { kind: 'help'; value: 'help' | 'oom' | 'nan' | 'loss-scale' | 'why' | 'measure' }
  | { kind: 'chart'; value: 'breakdown' | 'sweep-batch' | 'sweep-seq' | 'timeline' }
  | { kind: 'gen'; value: number }
  /** Generated tokens per rollout of an online RL run (TRL max_completion_length). */
  | { kind: 'completion'; value: number }
  | { kind: 'kvDtype'; value: 'bf16' | 'fp16' | 'fp8' | 'fp32' | 'int4' }
  | { kind: 'util'; value: number }
  /** The RL rollout engine: on the training GPUs, on others, asleep while the policy trains, or kept awake. */
  | { kind: 'rollout'; value: 'colocate' | 'server' | 'sleep' | 'awake' }
  /** The co-located rollout engine's gpu_memory_utilization (a fraction of the card). */
  | { kind: 'rolloutUtil'; value: number }
  /** A server's tokens per prefill step: --max-num-batched-tokens, --max-batch-prefill-tokens, --chunked-prefill-size. */
  | { kind: 'batched'; value: number }
  /** vLLM --max-num-seqs / SGLang --max-running-requests (also read as the batch). */
  | { kind: 'maxSeqs'; value: number }
  /** The load the clients send a server ("10 concurrent users"): what the reply holds its capacity against. */
  | { kind: 'clientLoad'; value: number }
  /** vLLM / SGLang --cpu-offload-gb: GiB of weights per GPU kept in CPU memory. */
  | { kind: 'cpuOffloadGb'; value: number }
  /** The host's RAM per node ("1T RAM", "1024GB CPU memory"), checked against what offload keeps there. */
  | { kind: 'hostRam'; gib: number }
  /** vLLM --limit-mm-per-prompt for one modality: items of it a prompt may carry (0: none, so none profiled). */
  | { kind: 'mmLimit'; modality: 'image' | 'video'; value: number }
  /** vLLM --skip-mm-profiling: the profile run leaves the multimodal encoder out. */
  | { kind: 'skipMmProfiling' }
  /** vLLM / SGLang `--quantization fp8` on a 16-bit checkpoint: quantised after loading. */
  | { kind: 'quantisedAtLoad' }
  /** vLLM --enforce-eager: no CUDA graphs captured. */
  | { kind: 'enforceEager' }
  /** vLLM's release ("0.6.4", "0.5") or engine ("v0", "v1"). */
  | { kind: 'vllmVersion'; value: string }
  /** TGI's release ("1.3.0", "2.0"). */
  | { kind: 'tgiVersion'; value: string }
  /** lmdeploy's release ("0.2.1"). */
  | { kind: 'lmdeployVersion'; value: string }
  /** TGI's --sharded true: split over every device the launcher counts. */
  | { kind: 'tgiSharded' }
  /** Unsloth's release, year.month ("2024.5"). */
  | { kind: 'unslothVersion'; value: string }
  | { kind: 'torchtuneVersion'; value: string }
  | { kind: 'llamafactoryVersion'; value: string }
  | { kind: 'transformersVersion'; value: string }
  /** llama.cpp's build number (b1430). */
  | { kind: 'llamacppBuild'; value: number }
  /** EXL2 bits per weight ("2.4bpw"), which also names ExLlamaV2. */
  | { kind: 'exl2Bits'; value: number }
  /** llama.cpp -ngl: decoder layers on the GPU. */
  | { kind: 'ngl'; value: number }
  /** llama.cpp --cpu-moe ('all') / --n-cpu-moe N: the routed experts of every layer, or of the first N, in host RAM. */
  | { kind: 'cpuMoe'; value: number | 'all' }
  /** HF Trainer evaluation: on, at an eval batch, or keeping logits for compute_metrics. */
  | { kind: 'eval'; batch: number | null; keepLogits: boolean }
  /** PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True. */
  | { kind: 'allocator'; value: 'expandable' }
  /** verl's PPO/GRPO trainer (memory/rl.ts: logits of every position). */
  | { kind: 'rlTrainer'; value: 'verl' }
  /**
   * HF device_map="auto" / naive model parallel: whole layers per GPU, run one GPU after another
   * ('sequential'); text-generation-webui's default 16-bit load: the whole model on the first GPU
   * ('first-card', scenario/textgen-placement.ts).
   */
  | { kind: 'layerSplit'; value: 'sequential' | 'first-card' }
  | { kind: 'control'; value: 'undo' | 'reset' };

export type Item = ItemBody & Span;
export type ItemKind = ItemBody['kind'];

/**
 * A topic the user reported in their own words, read by a named rule and no setup fact ("it OOMs
 * around step 300": the run ran out of memory): the rule and the user's span, for the trace, and
 * the topic the reply answers (prose/rules/oom-reports.ts).
 */
export interface ReportedTopic {
  topic: 'oom';
  rule: string;
  at: number;
  end: number;
}

export type ParseOutcome =
  | {
      ok: true;
      items: Item[];
      /** Each item's span and rule chain, in the order of `items` (src/language/item-trace.ts). */
      traces: ItemTrace[];
      /** The user's words a named rule set aside (blanked), each with the rule: the trace's "set aside by <rule>" rows. */
      aside: { rule: string; at: number; end: number }[];
      /** Filler words, as written, and the config keys set aside (`keys`). */
      ignored: string[];
      /** Config keys read and known to change nothing (learning_rate, output_dir): set aside, not filler. */
      keys: string[];
      /** The user's spans of logs and tool reports (segments/): no number there is a fact or listed as not used. */
      logs: { at: number; end: number }[];
      /** Words not read, as written, each with a suggestion only when it keeps the meaning. */
      /** `listed`: said back as not read (every unknown word of a request in items; in prose, only those that could be a setting). */
      unread: { word: string; at: number; suggestion: string | null; listed?: boolean }[];
      /** What reading did that the reply must say: a model read by its size, a config key set aside … */
      notes: string[];
      /** Read as prose or a pasted config: a setting said twice stays the first saying, stated (not a refusal). */
      tolerant?: boolean;
      /** Items set aside as another run's (a past run, a paper's setup: reconcile/owners.ts), listed as not used with the reason. */
      otherRuns?: { at: number; end: number; words: string; reason: string }[];
      /** Items said only of another run and kept as weak facts (the spans of their items). */
      keptFromOtherRuns?: { at: number; end: number }[];
      /** What the user reported happened (an out-of-memory), dropped from the setup as a help word and handed on here. */
      reported?: ReportedTopic[];
      /** Items the reconciler dropped that say again what a kept item says ("Llama 3.1 8B" beside `base_model: …Llama-3.1-8B`): that fact's, never listed as not used (said-again.ts). */
      again?: SaidAgain[];
    }
  | { ok: false; error: import('../reply/types.js').ErrorReply };
