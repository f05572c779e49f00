import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * FSDP said the way code says it (branch rframe5, issue 22 item 7: keys in each framework's spelling): PyTorch's
 * class, Lightning's strategy, and the arguments only FSDP's constructor takes. From Lightning-AI/lit-llama#389
 * (c2050), where `limit_all_gathers=True` and "sharding across 4x40GB cards" had been read as plain DDP.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('an argument only FSDP takes, or its class, says the run is sharded by FSDP', () => {
  it.each([
    'llama-1-7b pretraining on 4x 40gb, with `limit_all_gathers=True` it no longer OOMs',
    'llama-1-7b full fine-tune on 4x 40gb: strategy = FSDPStrategy(auto_wrap_policy=policy, limit_all_gathers=True)',
    'llama-1-7b full fine-tune on 4x a100-40g with model = FullyShardedDataParallel(model, use_orig_params=True)',
    'llama-1-7b full fine-tune on 4x a100-40g, forward_prefetch=True backward_prefetch=BACKWARD_PRE',
    'llama-1-7b 全量微调 4x a100-40g，用 FullyShardedDataParallel 包装模型',
  ])('%s', (text) => {
    expect(canon(text)).toMatch(/\bfsdp\b/);
  });

  it('a strategy written beside them says which FSDP', () => {
    expect(canon('llama-1-7b full fine-tune on 4x a100-40g, sharding_strategy=SHARD_GRAD_OP, limit_all_gathers=True')).toContain('fsdp shard_grad_op');
  });

  it('the real line c2050 (Lightning-AI/lit-llama#389)', () => {
    expect(canon(lineText('c2050'))).toMatch(/\bfsdp\b/);
  });
});
