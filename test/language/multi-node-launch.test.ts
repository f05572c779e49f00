import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A launch for several nodes: torchrun's `--nnodes N --nproc_per_node M`, or a script's `nnodes=2` taken by
 * `NNODES=$nnodes` (modelscope/ms-swift#3285, c1778: read as 8 GPUs, the node count lost to the lower-cased
 * variable set to itself). Read as N nodes of M, weak; the cards said in prose decide: their total is the
 * same job ("3 groups with 8*A100 … (total of 24 A100-40G)", jianzhnie/LLamaTuner#91, c306), one node's count
 * is the one machine the user has ("我的服务器是8*A6000(48G)", deepseek-ai/DeepSeek-V3#855, c107).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
function inThread(id: string) {
  const l = line(id);
  const opened = l.thread ? readInThread(l.thread, null).outcome : null;
  const state = opened?.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const r = readInThread(l.text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`${id} not read`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}
const gpus = (text: string) => {
  const { scenario, said } = read(text);
  return { count: scenario.hardware?.count ?? scenario.unnamedGpus ?? null, gpuId: scenario.hardware?.gpuId ?? null, said };
};

/** A launch for `nodes` nodes of `perNode` processes, in the notations scripts use. */
const launch = (nodes: number, perNode: number) =>
  fc.constantFrom(
    `torchrun --nnodes ${nodes} --nproc_per_node ${perNode} --node_rank 0 train.py --model_name_or_path Qwen/Qwen2.5-7B --deepspeed ds_zero3.json`,
    `torchrun --nnodes=${nodes} --nproc_per_node=${perNode} train.py \\\n    --model_name_or_path Qwen/Qwen2.5-7B \\\n    --deepspeed ds_zero3.json`,
    `python -m torch.distributed.launch \\\n    --nproc_per_node=${perNode} \\\n    --nnodes=${nodes} \\\n    train.py --model_name_or_path Qwen/Qwen2.5-7B --deepspeed ds_zero3.json`,
    `nnodes=${nodes}\nnproc_per_node=${perNode}\n\nNNODES=$nnodes \\\nNODE_RANK=0 \\\nNPROC_PER_NODE=$nproc_per_node \\\nswift sft --model Qwen/Qwen2.5-7B --deepspeed zero3`,
  );

describe('a launch for several nodes', () => {
  it('c1778: nnodes=2 and nproc_per_node=8 taken by NNODES=$nnodes are 16 GPUs, said with the one-node reading', () => {
    const { s, said } = inThread('c1778');
    expect(s.hardware?.count ?? s.unnamedGpus).toBe(16);
    expect(said).toMatch(/2 nodes of 8 GPUs, 16 in all .*say "on 8 gpus" if it runs on one node/);
  });

  it('c306: "3 groups with 8*A100 … (total of 24 A100-40G)" under --nnodes=3 --nproc_per_node=8 is 3 nodes of 8 A100 40GB', () => {
    const { s } = inThread('c306');
    expect([s.hardware?.gpuId, s.hardware?.count]).toEqual(['a100-40g', 24]);
  });

  it('c107: a command for 2 nodes beside "我的服务器是8*A6000(48G)" is the one server of 8, said', () => {
    const { s, said } = inThread('c107');
    expect([s.hardware?.gpuId, s.hardware?.count]).toEqual(['rtx-a6000', 8]);
    expect(said).toMatch(/is one node: the launch .* is written for 2 nodes/);
  });

  it('no cards in prose: nodes × processes per node, and the reply says the one-node reading', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 2, max: 8 }), fc.constantFrom(2, 4, 8)).chain(([n, m]) => fc.tuple(fc.constant(n), fc.constant(m), launch(n, m))),
        ([nodes, perNode, text]) => {
          const { count, said } = gpus(text);
          expect(count).toBe(nodes * perNode);
          expect(said).toContain(`say "on ${perNode} gpus" if it runs on one node`);
        },
      ),
      { numRuns: 24 },
    );
  });

  it('the machine said in prose with one node of cards wins; with the total, the same job', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 2, max: 4 }), fc.constantFrom(4, 8)).chain(([n, m]) =>
          fc.tuple(fc.constant(n), fc.constant(m), launch(n, m), fc.constantFrom('My server is %N*A100 80GB.', '我的服务器是%N*A100(80G)，', 'I have one machine with %N A100 80GB GPUs.')),
        ),
        ([nodes, perNode, text, machine]) => {
          const one = gpus(`${machine.replace('%N', String(perNode))}\n${text}`);
          expect([one.gpuId, one.count]).toEqual(['a100-80g', perNode]);
          const all = gpus(`We train on ${nodes * perNode} A100 80GB GPUs in total.\n${text}`);
          expect([all.gpuId, all.count]).toEqual(['a100-80g', nodes * perNode]);
        },
      ),
      { numRuns: 16 },
    );
  });

  it('one node (--nnodes 1) stays the processes of that node', () => {
    expect(gpus('torchrun --nnodes 1 --nproc_per_node 4 train.py --model_name_or_path Qwen/Qwen2.5-7B --deepspeed ds_zero3.json').count).toBe(4);
  });
});
