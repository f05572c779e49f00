import { count, flag, gpuList, gpus, launcherCount, launcherGpus, numeric, serving } from './readers.js';
import { IGNORE, isTrue, numberOf, say, unquote, type Handler, type KeyContext, type KeyReading, type KeyTable } from './values.js';

/** Parallel sizes, GPU counts and devices, and the model shape a Megatron-style script defines. */

/**
 * Megatron-core's `--optimizer-cpu-offload` (megatron/training/arguments.py; core/optimizer/cpu_offloading,
 * with --use-precision-aware-optimizer) keeps the optimizer states and their step on the CPU, the share
 * `--optimizer-offload-fraction` gives (1.0 by default): ms-swift's Megatron backend passes it through
 * ("--optimizer_cpu_offload True --optimizer_offload_fraction 1", modelscope/ms-swift#9403, corpus c1624,
 * where it had been left out). A part offloaded is read as all of it, said as a guess.
 */
const optimizerCpuOffload: Handler = (v, ctx) => {
  if (!isTrue(v)) return IGNORE;
  const fraction = numberOf(ctx.values?.get('optimizer_offload_fraction') ?? '1');
  if (fraction === 0) return IGNORE;
  if (Number.isFinite(fraction) && fraction < 1) return { say: 'offload optimizer', weak: true, note: `optimizer_offload_fraction ${fraction} offloads only part of the optimizer states: read as all of them offloaded, so the estimate is the lower bound` };
  return say('offload optimizer');
};

/**
 * A script's GPUS_PER_NODE is per node: the GPUs in all are that times its node count. With no node
 * count it is one node's (torchrun's --nnodes defaults to 1); with a node count the script never sets
 * (`WORLD_SIZE=$(($GPUS_PER_NODE*$HOST_NUM))`, NVIDIA/Megatron-LM#1571) the total is unknown, said
 * so, and no count is read: memory per GPU does not depend on it.
 */
const gpusPerNode: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (!Number.isInteger(n) || n <= 0) return IGNORE;
  const nodes = ctx.nodes;
  if (nodes && 'unknown' in nodes) {
    const which = /^\w+$/.test(nodes.unknown) ? `a node count the text does not set (${nodes.unknown})` : 'a node count the text does not give as a number';
    return { ignore: true, note: `${n} GPUs per node, on ${which}: the GPU count is unknown, so memory is per GPU (say "2 nodes of ${n}x A100" for the whole job)` };
  }
  if (nodes && nodes.nodes > 1) return say(`${nodes.nodes} nodes of ${n} gpus`);
  return gpus(n);
};

/**
 * A launcher's processes on each node beside the script's node count: "N nodes of M gpus", weak (a command copied for
 * several nodes is often run on one; reconcile/multi-node-launch.ts weighs it against the cards said in prose), or the
 * per-node reading where the node count is a variable never set. Null with no node count or one node: the launcher's own.
 */
function launchedOnEachNode(v: string, ctx: KeyContext): KeyReading {
  if (ctx.nodes && 'unknown' in ctx.nodes) return gpusPerNode(v, ctx);
  const n = numberOf(v);
  if (ctx.nodes && ctx.nodes.nodes > 1 && Number.isInteger(n) && n > 0) return { say: `${ctx.nodes.nodes} nodes of ${n} gpus`, weak: true };
  return null;
}

/** A launcher's node count, read with its GPUs on each node where the launch gives them; else not read (said as such). */
const readWithGpusOnEachNode: Handler = (_v, ctx) => (ctx.keys.has('num_gpus') || ctx.keys.has('nproc_per_node') ? IGNORE : null);

export const PIPELINE_KEYS = ['pp_size', 'pipeline_parallel_size', 'pipeline_model_parallel_size'];

/** Keys only a training run sets: with them, a parallel size is the trainer's, not a server's. */
const TRAINING_KEYS = ['per_device_train_batch_size', 'gradient_accumulation_steps', 'learning_rate', 'num_train_epochs', 'finetuning_type', 'train_type', 'sft_type', 'lora_rank', 'lora_r', 'micro_batch_size', 'train_micro_batch_size_per_gpu', 'zero_stage', 'zero', 'deepspeed'];
const training = (ctx: KeyContext) => TRAINING_KEYS.some((k) => ctx.keys.has(k));
/** A parallel size a server and a trainer both take (vLLM's, HF's): a serving flag unless a training setup is pasted with it. */
const trainerOrServer = (word: string): Handler => (v, ctx) => (training(ctx) ? numeric(word)(v, ctx) : serving(numeric(word))(v, ctx));

/** Each key: what its value says in request words, and the source where one is cited. */
/** A key whose value names a card ("nvidia-l4", "A100-80GB", "H100"): left for the hardware reader; any other value is none. */
const cardKey: Handler = (v) => (/[a-z]{1,4}[\s_-]?\d{1,4}|\d{4}/i.test(unquote(v)) ? null : IGNORE);


/** FSDP's degree, the GPUs one fully sharded group spans: FSDP over that many data-parallel ranks; -1 (all left) is FSDP alone, 1 no sharding. */
const fsdpDegree: Handler = (v) => {
  const n = numberOf(v);
  if (n === -1) return say('fsdp');
  return Number.isInteger(n) && n > 1 ? say(`fsdp dp ${n}`) : IGNORE;
};

export const PARALLELISM_KEYS: KeyTable = {
  // ExLlama's --gpu_split (its README, "Multi-GPU"): whole layers on each GPU in turn, up to the GB
  // given for it, for inference: a layer split over as many GPUs as numbers (pp N); one number is one GPU.
  gpu_split: {
    reads: (v) => {
      const shares = unquote(v).split('+').map(Number);
      if (shares.length < 2 || shares.some((gb) => !Number.isFinite(gb))) return IGNORE;
      return say(`inference pp ${shares.length}`, `--gpu_split ${shares.join(',')}: whole layers on each of ${shares.length} GPUs (a layer split, pp ${shares.length})`);
    },
    source: 'turboderp/exllama#98, exllama README "Multi-GPU"',
  },
  // vLLM's --tensor-parallel-size: a serving flag, unless a training setup is pasted with it.
  tensor_parallel_size: { reads: trainerOrServer('tp') },
  // The same size under the short key recipes and launch configs give it: spark-vllm-docker's recipe `defaults:`
  // ("tensor_parallel: 2", eugr/spark-vllm-docker#200, c2731: unread, one Spark read for a two-Spark run).
  tensor_parallel: { reads: trainerOrServer('tp'), source: 'eugr/spark-vllm-docker#200 (recipes/*.yaml defaults.tensor_parallel)' },
  // vLLM --enable-expert-parallel: the MoE layers split over experts across the TP×DP group instead
  // of tensor-parallel (vLLM docs, "Expert Parallel Deployment": EP size = TP size × DP size), so
  // `-dp=8 --enable-expert-parallel` with no tp is ep 8 (vllm-project/vllm, c814), tp 2 × dp 4 ep 8.
  enable_expert_parallel: {
    reads: (v, ctx) => {
      const size = (...keys: string[]) => {
        const n = numberOf(keys.map((k) => ctx.values?.get(k)).find((x) => x !== undefined) ?? '');
        return Number.isInteger(n) && n > 0 ? n : 1;
      };
      const ep = size('tensor_parallel_size', 'tp') * size('data_parallel_size', 'dp');
      return isTrue(v) && ep > 1 ? say(`ep ${ep}`) : IGNORE;
    },
    source: 'vLLM docs, "Expert Parallel Deployment"',
  },
  // Megatron-style launch scripts (examples/gpt3/train_gpt3_175b_distributed.sh): the shape of a
  // model defined in the script, and its parallel sizes.
  num_layers: { reads: numeric('layers'), source: 'Megatron-LM examples/gpt3/train_gpt3_175b_distributed.sh' },
  hidden_size: { reads: numeric('hidden') },
  h_dim: { reads: numeric('hidden') },
  num_attention_heads: { reads: numeric('heads') },
  num_heads: { reads: numeric('heads') },
  num_head: { reads: numeric('heads') },
  pp_size: { reads: numeric('pp') },
  ffn_hidden_size: { reads: numeric('ffn') },
  num_kv_heads: { reads: numeric('kv') },
  num_key_value_heads: { reads: numeric('kv') },
  num_query_groups: { reads: numeric('kv') },
  // Megatron-LM's own flag names (megatron/training/arguments.py), which NeMo shares.
  // Megatron's distributed optimizer shards the optimizer states and fp32 main params over the
  // data-parallel ranks (docs/source/distrib_optimizer.md): ZeRO-1's sharding.
  use_distributed_optimizer: { reads: flag('megatron zero1'), source: 'Megatron-LM megatron/training/arguments.py, docs/source/distrib_optimizer.md' },
  optimizer_cpu_offload: { reads: optimizerCpuOffload, source: 'Megatron-LM megatron/training/arguments.py --optimizer-cpu-offload; modelscope/ms-swift#9403 (c1624)' },
  // Read with optimizer_cpu_offload, whose share it sets.
  optimizer_offload_fraction: { reads: () => IGNORE, source: 'Megatron-LM megatron/training/arguments.py' },
  sequence_parallel: { reads: flag('sp'), source: 'Megatron-LM megatron/training/arguments.py' },
  // Megatron's --context-parallel-size splits the sequence over GPUs; --expert-model-parallel-size the experts.
  context_parallel_size: { reads: numeric('cp'), source: 'Megatron-LM megatron/training/arguments.py' },
  expert_model_parallel_size: { reads: numeric('ep'), source: 'Megatron-LM megatron/training/arguments.py' },
  // xtuner's sequence_parallel_size splits each sequence over that many GPUs (DeepSpeed Ulysses,
  // xtuner docs "sequence parallel"): what cp does to the activations; 1 splits nothing
  // (InternLM/xtuner#793, corpus c650, had read the key's name as Megatron's sp).
  sequence_parallel_size: { reads: numeric('cp'), source: 'InternLM/xtuner#793' },
  // torchtitan's [parallelism] table and its `--parallelism.*` flags (torchtitan/config/job_config.py Parallelism):
  // data_parallel_shard_degree is FSDP's degree (-1: every GPU left after the other splits), the others Megatron's
  // splits in its own names (pytorch/torchtitan#1690, c2640: "FSDP=8").
  data_parallel_shard_degree: { reads: fsdpDegree, source: 'torchtitan config/job_config.py' },
  dp_shard: { reads: fsdpDegree, source: 'torchtitan config/job_config.py' },
  tensor_parallel_degree: { reads: numeric('tp'), source: 'torchtitan config/job_config.py' },
  pipeline_parallel_degree: { reads: numeric('pp'), source: 'torchtitan config/job_config.py' },
  context_parallel_degree: { reads: numeric('cp'), source: 'torchtitan config/job_config.py' },
  expert_parallel_degree: { reads: numeric('ep'), source: 'torchtitan config/job_config.py' },
  // --recompute-granularity full|selective (with --recompute-method/--recompute-num-layers for full);
  // --recompute-activations is the selective one (megatron/training/arguments.py).
  recompute_granularity: {
    reads: (v) => {
      const value = unquote(v);
      return value === 'full' ? say('full recompute') : value === 'selective' ? say('selective recompute') : IGNORE;
    },
    source: 'Megatron-LM megatron/training/arguments.py',
  },
  recompute_activations: { reads: flag('selective recompute'), source: 'Megatron-LM megatron/training/arguments.py' },
  pipeline_model_parallel_size: { reads: numeric('megatron pp'), source: 'Megatron-LM megatron/training/arguments.py' },
  tensor_model_parallel_size: { reads: numeric('megatron tp'), source: 'Megatron-LM megatron/training/arguments.py' },
  tp: { reads: numeric('tp') },
  // Megatron-LM before 2.0, GPT-NeoX and DeepSpeed inference's mp_size: the tensor model-parallel size.
  model_parallel_size: { reads: numeric('tp') },
  mp_size: { reads: numeric('tp') },
  // tinygrad's examples/llama.py --shard N ("number of devices to load the weights to"): each weight is split
  // along an axis over the N devices, a tensor split (tinygrad/tinygrad#3804, c2910: read as HF's layer split);
  // "shards=4" is TGI's word for its tensor-parallel ranks (--num-shard; huggingface/text-generation-inference#586, c2929).
  shard: { reads: numeric('tp'), source: 'tinygrad examples/llama.py --shard; tinygrad/tinygrad#3804' },
  shards: { reads: numeric('tp'), source: 'huggingface/text-generation-inference#586' },
  tp_size: { reads: numeric('tp') },
  virtual_pipeline_model_parallel_size: { reads: numeric('vpp') },
  // vLLM's --pipeline-parallel-size and --data-parallel-size (SGLang's --dp-size): serving flags
  // as --tensor-parallel-size is, unless a training setup is pasted with them.
  pipeline_parallel_size: { reads: trainerOrServer('pp') },
  data_parallel_size: { reads: trainerOrServer('dp') },
  dp_size: { reads: trainerOrServer('dp') },
  // `--dp 8`: SGLang's --dp-size by argparse's prefix match (its parser allows abbreviations;
  // sglang/srt/server_args.py, sgl-project/sglang corpus c820) and vLLM's `-dp` short form.
  dp: { reads: trainerOrServer('dp') },
  pp: { reads: numeric('pp') },
  cuda_visible_devices: { reads: gpuList },
  // ROCm's and Ascend's device lists, as CUDA's (visible-devices.ts; vllm-project/vllm#13305, c2820).
  hip_visible_devices: { reads: gpuList, source: 'vllm-project/vllm#13305' },
  rocr_visible_devices: { reads: gpuList, source: 'ROCm docs: GPU isolation techniques' },
  ascend_rt_visible_devices: { reads: gpuList, source: 'hiyouga/LlamaFactory README (Ascend NPU)' },
  nvidia_visible_devices: { reads: gpuList, source: 'NVIDIA Container Toolkit: NVIDIA_VISIBLE_DEVICES' },
  // Xinference's `--gpu-idx 4,5,6,7` (xorbitsai/inference, c2147: "8块L20" read, the four given went unread): the
  // devices the model is placed on, as CUDA_VISIBLE_DEVICES's; its `--n-gpu 4` is the run's count as a launcher's.
  gpu_idx: { reads: gpuList, source: 'xorbitsai/inference#3586' },
  // torchrun's processes per node: the GPUs of one node. With a node count the script sets (`--nnodes 3`,
  // `nnodes=2 … NNODES=$nnodes`) the job is that many nodes of them (jianzhnie/LLamaTuner#91, c306: 3 × 8,
  // "total of 24 A100-40G"; modelscope/ms-swift#3285, c1778: 2 × 8), said as weak: a command copied for
  // two nodes is often run on one (deepseek-ai/DeepSeek-V3#855, c107: "我的服务器是8*A6000"), and a machine
  // said in prose with one node's count is read so (reconcile/cards.ts, oneNodeOfTheLaunch).
  // On a node count never set the total is unknown all the same.
  nproc_per_node: {
    reads: (v, ctx) => {
      const onEach = launchedOnEachNode(v, ctx);
      if (onEach) return onEach;
      // `--nproc_per_node $GPUS_PER_NODE`: the script's GPUS_PER_NODE, read once, there.
      if (ctx.values?.has('gpus_per_node') && numberOf(ctx.values.get('gpus_per_node')!) === numberOf(v)) return IGNORE;
      return launcherCount(v, ctx);
    },
    source: 'deepseek-ai/DeepSeek-V3#855',
  },
  num_processes: { reads: launcherCount },
  // The DeepSpeed launcher's `--num_gpus` is per node ("Max number of GPUs to use on each node", deepspeed/launcher/
  // runner.py), and so is NeMo-Skills' beside its `--num_nodes` (NVIDIA-NeMo/Skills#348, c2829: `--num_gpus=8 --num_nodes=2`
  // read as 8): with a node count set it is nodes × it, weak as torchrun's is; with none, one node's.
  num_gpus: { reads: (v, ctx) => launchedOnEachNode(v, ctx) ?? launcherCount(v, ctx), source: 'deepspeed/launcher/runner.py; NVIDIA-NeMo/Skills#348' },
  // The node count is read with the launcher's GPUs on each node (num_gpus above, nproc_per_node; shell-script.ts nodeCountOf).
  num_nodes: { reads: readWithGpusOnEachNode },
  gpus_per_node: { reads: gpusPerNode },
  // A launch script's WORLD_SIZE is every process, one per GPU (torch.distributed); usually
  // `$(($GPUS_PER_NODE*$NNODES))`, read through GPUS_PER_NODE and the node count instead.
  world_size: { reads: count('gpus') },
  ngpus: { reads: count('gpus') },
  // torchtitan's run_train.sh passes NGPU to torchrun as --nproc_per_node ("NGPU=4 LOG_RANK=0,1,2,3 ./run_train.sh",
  // pytorch/torchtitan#1884, corpus c3013: set aside as an unknown key, so no count was read): a launcher's processes.
  ngpu: { reads: (v, ctx) => launchedOnEachNode(v, ctx) ?? launcherCount(v, ctx), source: 'pytorch/torchtitan run_train.sh; pytorch/torchtitan#1884' },
  n_gpu: { reads: (v, ctx) => (numberOf(v) > 0 ? launcherCount(v, ctx) : IGNORE) },
  // docker run --gpus 2 | all | '"device=0,1"' (Docker docs, "GPUs"): all is every GPU of the host, a count not given.
  gpus: {
    reads: (v) => {
      const value = unquote(v);
      // A device list: docker's "device=0,1", a script's GPUS=0,1,2,3 (its commas read as '+'). The devices
      // selected are the run's, one included, as CUDA_VISIBLE_DEVICES's are: `--gpus '"device=4"'` on a
      // machine of "8x A100 40GB GPUs" (huggingface/text-generation-inference#955, c1609) is one A100.
      const devices = /^(?:device=)?(\d+(?:[,+]\d+)+)$|^device=(\d+)$/.exec(value);
      if (devices) return launcherGpus((devices[1] ?? devices[2]!).split(/[,+]/).filter(Boolean).length);
      // "**GPUs**: 4x H20 (96GB each)" (verl-project/verl#2898), "GPUs: 2× NVIDIA A100 (40GB each)" (ZHZisZZ/dllm#9),
      // "GPUs: 2x 4090 (2x24GB)" (vllm-project/vllm#2136), "GPUs: H20 x4": an environment list names its cards
      // after the key in prose. Its first word ("4x", "H20") is no value of the key: the words are left to
      // the hardware reader, which reads the count and the card together (set aside, the card went unread).
      if (/^\d{1,3}[x×*]$|^(?:nvidia|tesla|geforce|rtx|gtx|[a-z]{1,3}\d{2,4}[a-z]*)$/i.test(value)) return null;
      const n = numberOf(value);
      return Number.isInteger(n) && n > 0 ? gpus(n) : IGNORE;
    },
    source: 'Docker docs, "GPUs"',
  },
  // A count ("devices: 4"), or a list of device ids (Lightning's `devices=[0, 1, 2, 3]`, joined by device-id-lists.ts).
  devices: { reads: (v, ctx) => (/\d\+\d/.test(v) ? gpuList(v, ctx) : count('gpus')(v, ctx)) },
  // mmcv's and accelerate's `--gpu-ids 4,5` / `--gpu_ids 0,1` (device-id-lists.ts). torch.nn.DataParallel's `device_ids` is not a
  // table key: Docker Compose writes the same key under `devices:` (c901), read by config.compose-gpus.
  gpu_ids: { reads: gpuList, source: 'accelerate launch --gpu_ids; mmcv tools/train.py --gpu-ids' },
  n_gpus: { reads: count('gpus') },
  // TransformerLens's `HookedTransformer.from_pretrained(..., n_devices=4)` splits the blocks over that many devices
  // (transformer_lens/utilities/devices.py get_device_for_block_index): one process, the model's layers spread, as
  // a device map does (TransformerLensOrg/TransformerLens#698, c3845).
  n_devices: { reads: count('gpus'), source: 'TransformerLensOrg/TransformerLens transformer_lens/HookedTransformer.py from_pretrained(n_devices)' },
  // A deployment recipe's resources name the card and its count in keys of their own: OpenLLM's
  // "resources:\n  gpu: 1\n  gpu_type: nvidia-l4" (bentoml/openllm-models#90, corpus c2560: the key was blanked as
  // unknown beside the model key, so no card was read), "accelerator_type", a JSON job's "gpu_count".
  // The count keys count; a card key's value is left to the hardware reader, which reads its card and memory.
  // (A bare "gpu" key is no count: tinygrad's "set GPU=2" picks a backend (corpus c569), and "GPU: A100 PCIe" /
  // "New GPU: RTX4070Ti Super" are environment lines the hardware reader reads as prose, c259, c1317.)
  gpu_count: { reads: count('gpus') },
  gpu_num: { reads: count('gpus') },
  num_gpus_per_node: { reads: gpusPerNode },
  gpu_type: { reads: cardKey },
  gpu_model: { reads: cardKey },
  gpu_name: { reads: cardKey },
  gpu_kind: { reads: cardKey },
  gpu_sku: { reads: cardKey },
  accelerator_type: { reads: cardKey },
};
