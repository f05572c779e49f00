import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, sameShape } from './reading-fixtures.js';

/**
 * Shell scripts, launchers and tool output people paste (issue 11 §2, brief "shell"): Megatron-LM
 * launch variables, Slurm allocations, nvidia-smi's memory column and table. Real lines are cited
 * by their thread.
 */

/** NVIDIA/Megatron-LM#606, as posted. */
const MEGATRON_606 = `[QUESTION] CUDA OOM error when finetuning LLAMA2-7b with A100 40G and seq_length 64.
\`\`\`
TP=1
PP=1
 
GPUS_PER_NODE=8
# 7 B
HIDDEN_SIZE=4096 # e.g. llama-13b: 5120
FFN_HIDDEN_SIZE=11008 # e.g. llama-13b: 13824
NUM_LAYERS=32 # e.g. llama-13b: 40
NUM_HEADS=32 # e.g. llama-13b: 40
SEQ_LENGTH=64
NUM_KV_HEADS=32 # llama2 70B uses GQA
 
MICRO_BATCH_SIZE=1
GLOBAL_BATCH_SIZE=8 
\`\`\``;

/** NVIDIA/Megatron-LM#1571, as posted. */
const MEGATRON_1571 = `I can not reproduce the performance here only according to the readme，for example，I test 70b gpt model，it even raise oom by the table param
\`\`\`
GPUS_PER_NODE=8
WORLD_SIZE=$(($GPUS_PER_NODE*$HOST_NUM))

if   [[ \${MODEL_SIZE} == "1.7b" ]];   then HIDDEN_SIZE=2048;  NUM_HEAD=16; NUM_LAYERS=24; TP_SIZE=1; PP_SIZE=1; BATCH_SIZE=3840;
elif [[ \${MODEL_SIZE} == "70b" ]];  then HIDDEN_SIZE=8192;  NUM_HEAD=64; NUM_LAYERS=84; TP_SIZE=8; PP_SIZE=2; BATCH_SIZE=384;
elif [[ \${MODEL_SIZE} == "16b" ]];  then HIDDEN_SIZE=6144;  NUM_HEAD=48; NUM_LAYERS=32; TP_SIZE=4; PP_SIZE=1; BATCH_SIZE=960;
else echo "invalid MODEL_SIZE: \${MODEL_SIZE}"; exit 1
fi
\`\`\``;

/** haotian-liu/LLaVA#655, as posted. */
const LLAVA_655 = `[Usage] OOM for 7B LLAVA v1.5 finetuning 8xA100(40G)
I tried to use 2 nodes with 8xA100(40G)s to finetune the 7B models. But it still reports OOM error.
srun --gres=gpu:4 --ntasks-per-node=1 --nodes=2 --cpus-per-task=128 --mem=160G deepspeed llava/train/train_mem.py \\
    --deepspeed ./scripts/zero2.json \\
    --model_name_or_path lmsys/vicuna-7b-v1.5 \\
    --bf16 True \\
    --per_device_train_batch_size 1 \\
    --gradient_accumulation_steps 16 \\
    --model_max_length 2048 \\
    --gradient_checkpointing`;

/** vllm-project/vllm#22177, as posted. */
const VLLM_22177 = `I served \`Qwen/Qwen3-Coder-30B-A3B-Instruct\` use below command
\`\`\`bash
vllm serve \\
  /models/Qwen3-Coder-30B-A3B-Instruct \\
  --enable-expert-parallel \\
  --tensor-parallel-size 8 \\
  --gpu-memory-utilization 0.85
\`\`\`
and the initial gpu memory usage is about \`22457MiB / 24564MiB\`
when I test \`Qwen/Qwen3-Coder-30B-A3B-Instruct-FP8\` use the same command, i encounterd cuda out of memory error`;

describe('Megatron-LM launch scripts', () => {
  it('a variable dump that restates Llama-2-7B’s shape is plain llama-2-7b under Megatron, its comments unread (NVIDIA/Megatron-LM#606)', () => {
    sameShape(MEGATRON_606, 'llama-2-7b full megatron tp 1 pp 1 seq 64 bs 1 gbs 8 on 8x a100-40g');
    expect(read(MEGATRON_606).scenario.model.overrides).toEqual([]);
  });

  it('the 70b branch the prose names, pre-training, and no GPU count when the node count is a variable never set (NVIDIA/Megatron-LM#1571)', () => {
    const { scenario, said } = read(MEGATRON_1571);
    sameShape(MEGATRON_1571, '70b pretrain megatron layers 84 hidden 8192 heads 64 tp 8 pp 2 gbs 384');
    expect(scenario.hardware).toBeNull();
    expect(said).toMatch(/8 GPUs per node.*HOST_NUM.*GPU count is unknown/);
  });

  it('a bash case table over sizes reads only the branch the prose names, as an if/elif table does', () => {
    const script = (size: string) =>
      `OOM pretraining the ${size} with this script on 8x A100 80G\n\`\`\`bash\ncase \${MODEL_SIZE} in\n  7B)\n    HIDDEN_SIZE=4096\n    NUM_LAYERS=32\n    NUM_HEADS=32\n    ;;\n  13B) HIDDEN_SIZE=5120; NUM_LAYERS=40; NUM_HEADS=40;;\n  *) echo "unknown size"; exit 1;;\nesac\nTP=2\nPP=1\n\`\`\``;
    expect(read(script('13B')).scenario.model.arch).toMatchObject({ hidden: 5120, layers: 40, heads: 40 });
    expect(read(script('7B')).scenario.model.arch).toMatchObject({ hidden: 4096, layers: 32, heads: 32 });
  });

  it("a script's short variable names are its settings, and its variables expand where it uses them", () => {
    const { scenario } = read('full finetune llama-2-7b on a100\n```\nMBS=2\nGA=8\nSEQ=4096\nGPUS=0,1,2,3\nCUDA_VISIBLE_DEVICES=$GPUS torchrun --nproc_per_node 4 train.py\n```');
    expect([scenario.microBatch, scenario.gradAccum, scenario.seq, scenario.hardware?.count]).toEqual([2, 8, 4096, 4]);
    const tp = read('llama-2-13b megatron on 8x a100\n```\nTENSOR_PAR=4\ntorchrun pretrain_gpt.py --tensor-model-parallel-size $TENSOR_PAR\n```').scenario.parallel.tp;
    expect(tp).toBe(4);
  });

  it('GPUS_PER_NODE times a node count the script sets is every GPU', () => {
    const script = 'llama-2-13b megatron\n```\nGPUS_PER_NODE=8\nNNODES=2\nWORLD_SIZE=$(($GPUS_PER_NODE*$NNODES))\nTP=2\n```\non A100 80G';
    expect(read(script).scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 16 });
  });

  it("Megatron-LM's entry point names the run and, with no fine-tuning word, pre-training (examples/gpt3/train_gpt3_175b_distributed.sh)", () => {
    const command = 'llama-2-7b\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 2048 --micro-batch-size 1 --global-batch-size 64 --bf16 --tensor-model-parallel-size 2 on 8x H100';
    const { scenario } = read(command);
    expect([scenario.framework, scenario.mode, scenario.pretrain]).toEqual(['megatron', 'full', true]);
    const finetune = read(`finetune ${command}`).scenario;
    expect([finetune.framework, finetune.pretrain]).toEqual(['megatron', false]);
  });

  it("Megatron's recompute, context-parallel and flash flags are read (megatron/training/arguments.py)", () => {
    const { scenario } = read(
      'llama-3-70b on H100\ntorchrun --nproc_per_node 8 --nnodes 4 pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 2 --context-parallel-size 2 --sequence-parallel --use-distributed-optimizer --recompute-granularity full --recompute-method uniform --recompute-num-layers 1 --use-flash-attn --seq-length 8192 --micro-batch-size 1 --global-batch-size 512 --bf16',
    );
    expect([scenario.parallel.cp, scenario.recompute, scenario.attention, scenario.framework]).toEqual([2, 'full', 'flash', 'megatron']);
    expect(read('llama-3-70b on H100\npretrain_gpt.py --tensor-model-parallel-size 8 --recompute-activations').scenario.recompute).toBe('selective');
  });

  it('an override that differs from the named model stays one; one that restates it does not', () => {
    expect(read('llama-2-7b layers 40 on a100').scenario.model.overrides).toEqual(['layers']);
    expect(read('llama-2-7b layers 32 hidden 4096 heads 32 kv 32 on a100').scenario.model.overrides).toEqual([]);
    expect(read('llama-2-7b layers 32 hidden 5120 on a100').scenario.model.overrides).toEqual(['hidden']);
  });

  it("a comment's words never change a reading, whatever they name", () => {
    const words = fc.constantFrom('70b', '8x H100', 'tp 4', 'lora', 'llama-13b: 5120', 'NUM_LAYERS=80', 'qlora 4bit', 'inference', 'e.g.', '2 nodes', 'zero3');
    const comment = fc.array(words, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const lines = MEGATRON_606.split('\n');
    const fenceOpen = lines.indexOf('```');
    fc.assert(
      fc.property(comment, fc.integer({ min: fenceOpen + 1, max: lines.length - 1 }), fc.boolean(), (text, at, trailing) => {
        const edited = [...lines];
        // A whole-line comment inside the fence, or one after the value of an assignment line.
        if (trailing && /=\S/.test(edited[at]!)) edited[at] = `${edited[at]} # ${text}`;
        else edited.splice(at, 0, `# ${text}`);
        expect(itemsOf(edited.join('\n'))).toEqual(itemsOf(MEGATRON_606));
      }),
      { numRuns: 60 },
    );
  });
});

/** The items a text reads as, without where they were written. */
function itemsOf(text: string): unknown {
  const out = parseRequest(text);
  if (!out.ok) return out.error.message;
  return out.items.map(({ at: _a, end: _e, text: _t, ...meaning }) => meaning);
}

describe('Slurm allocations', () => {
  it("srun's --nodes and --gres are the GPUs, over the message's '2 nodes with 8xA100(40G)s', and the reply says so (haotian-liu/LLaVA#655)", () => {
    const { scenario, said } = read(LLAVA_655);
    // Its `--mem=160G` is each node's host RAM (slurm.ts, said as hostram since fresh5).
    sameShape(LLAVA_655, 'llama-2-7b full zero2 bf16 bs 1 ga 16 seq 2048 gc with 160GB RAM on 2 nodes of 4x a100-40g');
    expect(scenario.hardware).toMatchObject({ gpuId: 'a100-40g', count: 8 });
    expect(said).toMatch(/Slurm allocation's, 2 nodes of 4 \(8 GPUs in all\)/);
  });

  it("torchrun's --nnodes $SLURM_NNODES under #SBATCH --nodes is the allocation's node count", () => {
    const script = 'full finetune llama-2-13b zero3 on A100 80GB\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:4\nsrun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 train.py';
    expect(read(script).scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 8 });
  });

  it('#SBATCH directives with a typed --gres give nodes of that card', () => {
    const script = 'full finetune llama-2-13b, my job:\n```\n#!/bin/bash\n#SBATCH --job-name=llama\n#SBATCH --nodes=4\n#SBATCH --gres=gpu:a100:8\n#SBATCH --time=48:00:00\nsrun python train.py\n```';
    expect(read(script).scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 32 });
  });

  it('any node and per-node GPU count, in any spelling and order, is nodes × GPUs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('--nodes=%n', '-N %n', '--nodes %n'),
        fc.constantFrom('--gres=gpu:%g', '--gres=gpu:h100:%g', '--gpus-per-node=%g'),
        fc.boolean(),
        (nodes, gpus, nodeFlag, gpuFlag, swap) => {
          const flags = [nodeFlag.replace('%n', String(nodes)), gpuFlag.replace('%g', String(gpus))];
          if (swap) flags.reverse();
          const text = `llama-2-7b zero3 on h100\nsrun ${flags.join(' ')} --cpus-per-task=16 python train.py`;
          const hw = read(text).scenario.hardware!;
          expect(hw.gpuId).toBe('h100-80g');
          expect(hw.count).toBe(nodes * gpus);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('launchers that hold GPUs', () => {
  it("the DeepSpeed launcher's --include localhost:0,1,2,3 is four GPUs (deepspeed/launcher/runner.py)", () => {
    expect(read('full finetune llama-2-7b zero3 on a100\ndeepspeed --include localhost:0,1,2,3 train.py').scenario.hardware).toMatchObject({ count: 4 });
  });

  it('the DeepSpeed launcher with a GPU count right after it is that many GPUs, never a ZeRO stage', () => {
    for (const launch of ['deepspeed --num_gpus 2 train.py', 'deepspeed --include localhost:0,1 train.py']) {
      const { scenario } = read(`lora llama-2-7b on v100-32g\n${launch} --deepspeed ds_z3.json`);
      expect([scenario.hardware?.count, scenario.sharding]).toEqual([2, { kind: 'zero', stage: 3 }]);
    }
    // One device is the single GPU an estimate assumes anyway (deepspeed --include localhost:3, lm-sys/FastChat's train_lora.sh in corpus c121).
    expect(read('lora llama-2-7b on v100-32g\ndeepspeed --include localhost:3 train.py --deepspeed ds_z2.json').scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
  });

  it("docker run's --gpus is a count, a device list or all (a count not given)", () => {
    const tgi = (gpus: string) => read(`serve llama-3-8b on a10g\ndocker run --gpus ${gpus} ghcr.io/huggingface/text-generation-inference:1.4 --model-id meta-llama/Meta-Llama-3-8B`).scenario.hardware;
    expect(tgi('2')).toMatchObject({ count: 2 });
    expect(tgi(`'"device=0,1,2"'`)).toMatchObject({ count: 3 });
    expect(tgi('all')).toMatchObject({ count: 1 });
  });
});

describe('nvidia-smi output', () => {
  it("'used / total MiB' is a card of the total's memory, and tp 8 is 8 of them (vllm-project/vllm#22177)", () => {
    // 24564 MiB is 23.99 GiB: the card's total as nvidia-smi prints it (a 24 GB card's, src/catalog/gpus.ts).
    sameShape(VLLM_22177, 'qwen3-30b-a3b serve fp8 tp 8 ep 8 util 0.85 on 8x 23.99GB');
  });

  it('the memory in use never changes the reading, the total is the card', () => {
    fc.assert(
      fc.property(fc.constantFrom(15360, 24564, 40960, 49140, 81559), fc.double({ min: 0, max: 1, noNaN: true }), (total, share) => {
        const used = Math.floor(total * share);
        const hw = read(`llama-3-8b inference\nnvidia-smi: ${used}MiB / ${total}MiB`).scenario.hardware!;
        expect(hw.capacityBytes / 2 ** 20).toBeCloseTo(total, -1);
      }),
      { numRuns: 40 },
    );
  });

  it('a MiB figure is never a GPU count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.constantFrom('memory used %m MiB on my 3090', 'on my 3090 it peaks at %mMiB', 'on my 3090, nvidia-smi: %m MiB'), (mib, phrase) => {
        const hw = read(`lora llama-3-8b, ${phrase.replace('%m', String(mib))}`).scenario.hardware!;
        expect([hw.gpuId, hw.count]).toEqual(['rtx-3090', 1]);
      }),
      { numRuns: 60 },
    );
  });

  it('nvidia-smi --query-gpu CSV rows are the GPUs, of their name and total', () => {
    const text = 'serve llama-3-70b with vllm tp 2\n$ nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv\nname, memory.total [MiB], memory.used [MiB]\nNVIDIA A100-SXM4-80GB, 81920 MiB, 70000 MiB\nNVIDIA A100-SXM4-80GB, 81920 MiB, 69000 MiB';
    const out = parseRequest(text);
    expect(out.ok && out.unread.map((u) => u.word)).toEqual([]);
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 2 });
  });

  it("the total beside a named card is that card's memory said again (vllm-project/vllm#7553)", () => {
    const text =
      'I run the model on the server with 4 x NVIDIA GeForce RTX 4090 cards： \nCUDA_VISIBLE_DEVICES=4,5,6,7 python -m vllm.entrypoints.openai.api_server --served-model-name Yi-1.5-34B-Chat --model /workspace/sdb/models/Yi/Yi-1.5-34B-Chat/ --port 8001 --gpu-memory-utilization 0.9 --swap-space 0  --tensor-parallel-size 4\n\nMemory-Usage showed by nvidia-smi is  23859MiB / 24564MiB on each card;  when I disable the cuda grapy by --enforce-eager， the memory-usage is changed to 21395MiB / 24564MiB';
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 4 });
  });

  it("a pasted nvidia-smi table is one GPU per row, of the row's card (nvidia-smi 535 layout)", () => {
    const table = `qwen2.5 32b awq with vllm --tensor-parallel-size 2 goes OOM
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.54.03              Driver Version: 535.54.03    CUDA Version: 12.2     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |
|=========================================+======================+======================|
|   0  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |
| N/A   34C    P0             61W / 400W  |  70123MiB / 81920MiB |      0%      Default |
+-----------------------------------------+----------------------+----------------------+
|   1  NVIDIA A100-SXM4-80GB          On  | 00000000:0F:00.0 Off |                    0 |
| N/A   35C    P0             63W / 400W  |  70123MiB / 81920MiB |      0%      Default |
+-----------------------------------------+----------------------+----------------------+
| Processes:                                                                            |
|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |
|    0   N/A  N/A     12345      C   python                                   70110MiB |
+---------------------------------------------------------------------------------------+`;
    const out = parseRequest(table);
    expect(out.ok && out.unread.map((u) => u.word)).toEqual([]);
    expect(read(table).scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 2 });
  });
});

describe('not tool output', () => {
  it("a Markdown table with a 'GPU memory' column is the user's words, not an nvidia-smi table", () => {
    const text = 'which of these fits on a 4090?\n| model | GPU memory | note |\n|---|---|---|\n| llama-3-8b lora | 24GB | bs 2 |';
    expect(read(text).scenario).toMatchObject({ mode: 'lora', microBatch: 2 });
  });
});

describe("PyTorch's out-of-memory message", () => {
  // The messages of c10/cuda/CUDACachingAllocator.cpp before and from PyTorch 2.1, with their figures as printed on a 24 GB and an 80 GB card.
  const BEFORE_2_1 =
    'lora finetune llama-2-7b, getting\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 172.00 MiB (GPU 0; 23.69 GiB total capacity; 22.56 GiB already allocated; 11.06 MiB free; 22.87 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF';
  const FROM_2_1 =
    'lora finetune llama-2-7b, getting\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB memory in use. Of the allocated memory 77.89 GiB is allocated by PyTorch, and 289.54 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)';

  it("the total capacity is the card's memory; the amount it tried to allocate is never a GPU count", () => {
    const before = read(BEFORE_2_1).scenario.hardware!;
    expect([before.count, Math.round(before.capacityBytes / 2 ** 30)]).toEqual([1, 24]);
    const after = read(FROM_2_1).scenario.hardware!;
    expect([after.count, Math.round(after.capacityBytes / 2 ** 30)]).toEqual([1, 80]);
  });

  it("its advice to set expandable_segments is not the user's allocator setting", () => {
    expect(read(FROM_2_1).scenario.expandableSegments ?? false).toBe(false);
    expect(read('lora finetune llama-2-7b on a 4090\nPYTORCH_CUDA_ALLOC_CONF=expandable_segments:True').scenario.expandableSegments).toBe(true);
  });
});

describe('environment reports', () => {
  // The GPU lines of PyTorch's collect_env.py as vLLM's issue template asks for them (vllm-project/vllm#13813, one RTX 3090 Ti).
  it('"GPU 0: NVIDIA GeForce RTX 3090 Ti" is one such card, never a count of 0 (vllm-project/vllm#13813)', () => {
    const text = 'llama-3-8b lora OOM\nGPU models and configuration: GPU 0: NVIDIA GeForce RTX 3090 Ti\nNvidia driver version: 560.94\ncuDNN version: Could not collect';
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'rtx-3090-ti', count: 1 });
  });

  it('one GPU line per device is the count; library versions, CPU details and the topology legend are not read', () => {
    const text = [
      'vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 OOM',
      '```text',
      'Collecting environment information...',
      'PyTorch version: 2.5.1+cu124',
      'CUDA used to build PyTorch: 12.4',
      'GPU models and configuration:',
      ...[0, 1, 2, 3].map((n) => `GPU ${n}: NVIDIA H100 80GB HBM3`),
      'Nvidia driver version: 550.54.15',
      'CPU:',
      'Architecture:                         x86_64',
      'CPU(s):                               16',
      'Model name:                           AMD Ryzen 7 3800X 8-Core Processor',
      'Model:                                113',
      'L3 cache:                             32 MiB (2 instances)',
      'Versions of relevant libraries:',
      '[pip3] nvidia-cublas-cu12==12.4.5.8',
      '[pip3] torch==2.5.1',
      'GPU Topology:',
      'GPU0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID',
      'GPU0\t X \t\t\t\tN/A',
      'Legend:',
      '  X    = Self',
      '  NV#  = Connection traversing a bonded set of # NVLinks',
      '```',
    ].join('\n');
    const out = parseRequest(text);
    expect(out.ok && out.unread.map((u) => u.word)).toEqual([]);
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'h100-80g', count: 4 });
  });

  it('a YAML config\'s model: key stays a setting beside a report', () => {
    const text = 'model: meta-llama/Llama-2-7b-hf\nfinetuning_type: lora\n\nPyTorch version: 2.1.0\nGPU models and configuration: GPU 0: NVIDIA A100-SXM4-40GB';
    expect(read(text).scenario.model.arch.layers).toBe(32);
  });
});

describe('never a crash', () => {
  it('any mix of script, launcher and tool-output fragments is read or refused with a reason, never "could not read"', () => {
    const fragment = fc.constantFrom(
      'llama-2-7b', '\n', '```', '# 7 B', 'TP=2', 'GPUS_PER_NODE=8', 'WORLD_SIZE=$(($GPUS_PER_NODE*$NNODES))', '--nnodes $NNODES', 'case $MODEL_SIZE in', '7b)', ';;', 'esac',
      'if [[ ${MODEL_SIZE} == "7b" ]]; then', 'fi', 'srun', '--gres=gpu:a100:4', '-N 2', '#SBATCH --nodes=2', '22457MiB / 24564MiB', '|   0  NVIDIA A100-SXM4-80GB  On  | 00000000:07:00.0 Off |  0 |',
      'Tried to allocate 20.00 MiB (GPU 0; 23.69 GiB total capacity; 1 GiB already allocated)', 'GPU 0: NVIDIA H100 80GB HBM3', 'name, memory.total [MiB]', 'pretrain_gpt.py', '--include localhost:0,1', '$', '${', '(', ')', '|', 'NUM_LAYERS=32',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 14 }), (parts) => {
        const out = parseRequest(parts.join(' '));
        expect(out.ok || !/could not read this request/.test(out.error.message)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('what is left unknown is said, not refused', () => {
  it('a per-node count on an unknown node count never makes a split impossible', () => {
    const r = resolveRequest('70b megatron tp 8 pp 2\n```\nGPUS_PER_NODE=8\ntorchrun --nnodes $NNODES pretrain_gpt.py\n```', null);
    expect(r.ok).toBe(true);
  });
});
