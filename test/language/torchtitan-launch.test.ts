import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * torchtitan's launch as people paste it (issue 22: a framework and its settings from the command's own words).
 * "CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml NGPU=4 LOG_RANK=0,1,2,3 ./run_train.sh
 * --model.flavor "8B_flex_attn" --activation_checkpoint.mode "full" --parallelism.context_parallel_degree 2"
 * (pytorch/torchtitan#1884, corpus c3013) had read as a Hugging Face full fine-tune on no GPU count, no
 * recomputation: the config's torchtitan path was set aside with the key, NGPU (run_train.sh's torchrun
 * --nproc_per_node) and the dotted --activation_checkpoint.mode unread.
 * Variations written before the fix: 0/8 read right; after, 8/8. The config's name (llama3_8b.toml) is not read as
 * the model: a command that names none is asked about.
 */

const C3013 = `[llama3-8B] add flex_attention model flavor

**Test**
\`CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml NGPU=4 LOG_RANK=0,1,2,3 ./run_train.sh --model.flavor "8B_flex_attn" --activation_checkpoint.mode "full" --parallelism.context_parallel_degree 2\``;

const gpusOf = (s: ReturnType<typeof read>['scenario']) => s.hardware?.count ?? s.unnamedGpus;

describe("torchtitan's launch: its config path, NGPU and the dotted flags", () => {
  it('reads torchtitan#1884 (c3013): torchtitan pre-training, full recompute, cp 2 on 4 GPUs', () => {
    const { scenario: s } = read(C3013);
    expect(s.framework).toBe('torchtitan');
    expect(s.pretrain).toBe(true);
    expect(s.recompute).toBe('full');
    expect(s.parallel.cp).toBe(2);
    expect(gpusOf(s)).toBe(4);
  });

  it.each([
    ['selective, local batch (invented)', 'llama3 8b OOM with NGPU=8 CONFIG_FILE="./torchtitan/models/llama3/train_configs/llama3_8b.toml" ./run_train.sh --training.local_batch_size 2 --activation_checkpoint.mode selective', 8, 'per-op'],
    ['mode none (invented)', 'Llama-3-8B: NGPU=8 CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml ./run_train.sh --activation_checkpoint.mode none', 8, 'none'],
    ['the older script and folder (invented)', 'llama 3 70b, CONFIG_FILE=./train_configs/llama3_70b.toml NGPU=8 ./run_llama_train.sh --activation_checkpoint.mode full', 8, 'full'],
    ['torchrun -m torchtitan.train, equals sign (invented)', 'qwen3 32b: torchrun --nproc_per_node 8 -m torchtitan.train --job.config_file ./torchtitan/models/llama3/train_configs/llama3_8b.toml --activation_checkpoint.mode=full', 8, 'full'],
  ])('%s', (_name, text, gpus, recompute) => {
    const { scenario: s } = read(text);
    expect(s.framework).toBe('torchtitan');
    expect(gpusOf(s)).toBe(gpus);
    expect(s.recompute).toBe(recompute);
  });

  it.each([
    ['Chinese prose (invented)', '用 torchtitan 在 8 张 H100 上预训练 llama3 8B，--activation_checkpoint.mode full 还是 OOM', 'full'],
    ['quoted value in prose (invented)', "torchtitan llama3 8b on 8x h100 with --activation_checkpoint.mode='none' and --training.seq_len 8192, OOM", 'none'],
  ])('%s: the mode in words beside the name', (_name, text, recompute) => {
    const { scenario: s } = read(text);
    expect(s.framework).toBe('torchtitan');
    expect(s.recompute).toBe(recompute);
  });

  it('asks for the model of a bare command rather than reading it from the config name', () => {
    expect(() => read('NGPU=8 CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml ./run_train.sh')).toThrow(/Which model\?/);
  });

  it("reads NGPU as the launch's GPU count beside its log (invented)", () => {
    const text = `NGPU=4 ./run_train.sh on llama3 8b
[rank0]:[titan] 2025-10-15 10:37:01,391 - root - INFO - step:  1  loss: 12.2465  grad_norm:  4.5253  memory: 33.21GiB(34.95%)  tps: 87`;
    const { scenario: s } = read(text);
    expect(s.framework).toBe('torchtitan');
    expect(gpusOf(s)).toBe(4);
  });
});
