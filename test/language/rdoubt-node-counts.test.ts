import { describe, expect, it } from 'vitest';
import { judge, type Line } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { corpusLineRead, noticesInThread } from './reading-fixtures.js';

const line = (id: string) => loadCorpus().find((l) => l.id === id)! as Line;

/**
 * Nodes named with no count of cards on each ("DeepSeek V3 on 32-node H200", AI-Hypercomputer/gpu-recipes#195,
 * c2750; "the PPO of qwen25-32b model on 4-node H800", verl-project/verl#388, c651; "16 nodes H100") leave
 * the GPU count a guess: "N-node" had been read as N cards, "N nodes" as N nodes of eight, both in silence
 * (session 36, rdoubt1). The count stands, weak: said with the node words and the other reading.
 */

const judged = (text: string, reading: string) => judge({ id: 'v', text, source: 'invented', reading, intent: 'stated' } as Line).verdict;
/** The hardware facts said weak for their nodes (a card named without its memory stays said for that, card-variants.ts). */
const weakHardware = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return (r.trace ?? []).filter((f) => f.weak && f.rules.includes('doubt.node-count'));
};

describe('a node count with no cards per node is said as weak (node-counts.ts)', () => {
  // Since rtrain5 (hw.node-total), c2750's "256gpus" beside "32-node H200" makes the count firm: 32 nodes of 8,
  // the product of its own words, no doubt to say.
  it('c2750 (AI-Hypercomputer/gpu-recipes#195): "256gpus … on 32-node H200" reads 256 H200 and is not silent', () => {
    expect(judge(line('c2750')).verdict).not.toBe('silent');
    expect(corpusLineRead('c2750').said).not.toMatch(/say "on 32 nodes of 8x h200"/);
  });

  it('c651 (verl-project/verl#388): the thread title\'s "4-node H800" is said in the thread, so the follow-up is not silent', () => {
    expect(noticesInThread(line('c651').thread!).join(' | ')).toMatch(/4 nodes of 8\) — from "[^"]*4-node H800"/);
    expect(judge(line('c651')).verdict).not.toBe('silent');
  });

  // Invented variations, each judged against the other reading of the nodes: whichever the reader keeps, not silent.
  it.each([
    ['DeepSeek V3 pretraining recipe on 32-node H200 using BF16', 'deepseek-v3 pretrain on 32 nodes of 8x h200'],
    ['PPO of qwen2.5-32b on 4-node H800 OOMs', 'qwen2.5-32b full ppo on 4 nodes of 8x h800'],
    ['llama-3-70b full fine-tune on a 2-node A100 80G cluster', 'llama-3-70b full on 2 nodes of 8x a100-80g'],
    ['在4节点H800上训练qwen2.5-72b 全量，OOM', 'qwen2.5-72b full on 4 nodes of 8x h800'],
    ['mixtral-8x7b sft with megatron on 16 nodes H100', 'mixtral-8x7b full megatron on 16 nodes of 4x h100-80g'],
    ['training llama-3-8b full on 2 H100 nodes', 'llama-3-8b full on 2 nodes of 4x h100-80g'],
    ['qwen3-235b-a22b grpo on 4 nodes of H20', 'qwen3-235b-a22b full grpo on 4 nodes of 4x h20'],
    ['Using Megatron backend, OOM occurs when running the PPO of qwen25-32b model on 4-node H800', 'qwen2.5-32b full ppo megatron on 4 nodes of 8x h800'],
  ])('%j: the count per node is not silent', (text, reading) => {
    expect(judged(text, reading)).not.toBe('silent');
  });

  // Nodes with their cards each, or cards with no nodes: nothing guessed, nothing said.
  it.each([
    'llama-3-70b full fine-tune on 2 nodes of 8x A100 80G',
    'qwen2.5-72b sft on 4 nodes with 8 H800 each',
    'deepseek-v3 pretraining on 32 nodes x 8 H200',
    'llama-3-8b lora on 8x H100',
    '2机16卡A800 全量微调 qwen2-72b',
  ])('%j: the hardware stays strong', (text) => {
    expect(weakHardware(text)).toEqual([]);
  });
});
