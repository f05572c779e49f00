import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A launch script's environment (torchrun / the deepspeed launcher: torch/distributed/run.py sets
 * RANK, LOCAL_RANK, NODE_RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT) is read by what it means:
 * NPROC_PER_NODE is GPUs per node, NNODES nodes; a rank, an address or a port sets nothing. A LoRA
 * rank comes only from a LoRA key. hiyouga/LlamaFactory#6187 (corpus c794) set `RANK=0` above a
 * `finetuning_type: lora` config and was refused as "LoRA rank 0".
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

const script = (vars: string, lora = 'lora_rank: 16') =>
  `Llama-3.1-8B on 2x A100 80GB\n\`\`\`sh\n${vars}\ntorchrun --nproc_per_node $NPROC_PER_NODE --nnodes $NNODES --node_rank $RANK --master_port $MASTER_PORT src/train.py cfg.yaml\n\`\`\`\n\`\`\`yaml\nfinetuning_type: lora\n${lora}\nper_device_train_batch_size: 1\n\`\`\``;

describe('launcher environment variables are not LoRA settings', () => {
  it('c794: RANK=0 of a torchrun script is the process rank; three GPUs from NPROC_PER_NODE=3, LoRA rank the default', () => {
    const { scenario, said } = read(line('c794').text);
    expect(scenario.lora).not.toBeNull();
    expect(scenario.hardware?.count).toBe(3);
    // The config is LLaMA-Factory's (finetuning_type, cutoff_len, lora_target: config-shape.ts): rank 8 is its preset's.
    expect(scenario.lora?.rank).toBe(8);
    expect(said).toMatch(/LLaMA-Factory preset/);
  });

  it('RANK=0 beside lora_rank: 16: the LoRA key decides the rank', () => {
    const s = read(script('NPROC_PER_NODE=2\nNNODES=1\nRANK=0\nMASTER_PORT=29500')).scenario;
    expect(s.lora?.rank).toBe(16);
  });

  it('export RANK=1 / LOCAL_RANK=0 / NODE_RANK=0 set nothing', () => {
    const s = read(script('export NPROC_PER_NODE=2\nexport RANK=1\nexport LOCAL_RANK=0\nNODE_RANK=0\nNNODES=1')).scenario;
    expect(s.lora?.rank).toBe(16);
  });

  it('a lower-case rank beside LoRA is still its rank (mlx-lm lora_parameters)', () => {
    const s = read('llama-2-7b lora on a 4090\n```yaml\nlora_parameters:\n  rank: 32\n  alpha: 64\n```').scenario;
    expect(s.lora?.rank).toBe(32);
  });

  it('property: any process rank in capitals leaves the LoRA rank to its key', () => {
    fc.assert(
      fc.property(fc.constantFrom('RANK', 'LOCAL_RANK', 'NODE_RANK'), fc.integer({ min: 0, max: 64 }), fc.constantFrom(4, 8, 16, 64), (name, rank, lora) => {
        const s = read(script(`NPROC_PER_NODE=2\nNNODES=1\n${name}=${rank}`, `lora_rank: ${lora}`)).scenario;
        expect(s.lora?.rank).toBe(lora);
      }),
      { numRuns: 20 },
    );
  });
});
