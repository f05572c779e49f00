import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * torchtitan's recipe in its own words (pytorch/torchtitan#1690, c2640: "local batch size=2, FSDP=8, full AC" over a
 * `[titan]` log line, read as a full fine-tune with hf and no sharding): its logger's tag names the program
 * (segments/log-evidence-rules.ts), FSDP's degree in every spelling is FSDP over that many ranks
 * (prose.fsdp-degree, config-keys dp_shard / data_parallel_shard_degree), "full AC" / "selective AC" its
 * checkpointing, and its trainer pre-trains unless a checkpoint is loaded (scenario/pretraining-program.ts).
 * First sight of these variations: 0 of 9 right; after: 6 of 9 (a torchrun `-m torchtitan.train` command and
 * "on 64 H100s: FSDP=64" still read wrong, flagged).
 */
function read(text: string): Scenario {
  const { reply } = respond(text, null as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${reply.kind}`);
  return reply.scenario;
}

/** The cards the reading runs on, as the item language writes them ("on 8 gpus", "on 8x h100-80g"). */
const gpus = (s: Scenario) => Number(/\bon (\d+)(?:x | gpus)/.exec(canonicalText(s))?.[1]);

const LOG = '[rank0]:[titan] 2025-09-11 15:23:55,616 - root - INFO - step: 10  loss:  9.1  memory: 70.00GiB(80.17%)';

describe("torchtitan's recipe as it writes it", () => {
  it('a [titan] log line names torchtitan, FSDP=8 shards over 8 GPUs, full AC checkpoints every layer', () => {
    const s = read(`[Qwen3] 32b training config\n\nrecommended: local batch size=2, FSDP=8, full AC\n\`\`\`\n${LOG}\n\`\`\``);
    expect(s.framework).toBe('torchtitan');
    expect(s.mode).toBe('full');
    expect(s.pretrain).toBe(true);
    expect(s.sharding.kind).toBe('fsdp');
    expect(gpus(s)).toBe(8);
    expect(s.recompute).toBe('full');
    expect(s.microBatch).toBe(2);
  });

  it.each([
    ['torchtitan llama3 8b on 8x H100, FSDP 8, selective AC, local_batch_size 4, seq_len 8192 OOMs', 'selective', 8],
    ['用torchtitan训练qwen3-8b，8卡H100，FSDP=8，full AC，local batch size 4 还是OOM', 'full', 8],
    ['torchtitan 으로 llama3 8b 사전학습, H100 8장, FSDP=8, full AC 인데 OOM 납니다', 'full', 8],
    [`qwen3 8b, local batch size 4, FSDP=8, selective AC\n${LOG}`, 'selective', 8],
    ['llama3 8b torchtitan pre-training OOM with this config\n```toml\n[parallelism]\ndata_parallel_shard_degree = 8\ntensor_parallel_degree = 1\n\n[activation_checkpoint]\nmode = "selective"\n\n[training]\nlocal_batch_size = 1\nseq_len = 4096\n```', 'selective', 8],
  ])('%s', (text, recompute, count) => {
    const s = read(text);
    expect(s.framework).toBe('torchtitan');
    expect(s.pretrain).toBe(true);
    expect(s.sharding.kind).toBe('fsdp');
    expect(s.recompute).toBe(recompute);
    expect(gpus(s)).toBe(count);
  });

  it('torchtitan said with a fine-tune word stays a fine-tune', () => {
    expect(read('finetune llama3 8b with torchtitan on 8x H100, FSDP=8').pretrain).toBe(false);
  });
});
