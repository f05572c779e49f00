import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * b19, verl-project/verl#224 (corpus c709): "I tested qwen7b on single node with 8*A800 80g" with a
 * per-process table of verl's Ray workers ("40126 11.20 ray::WorkerDict.actor_rollout_generate_sequences")
 * and "发现vllm会offload参数到cpu memory" (vLLM offloads the parameters to CPU memory). Read as vLLM
 * inference with an optimizer offload: the table's "generate" words were prose, the rollout's vLLM the
 * run, the engine's offload the trainer's. Now the table is a log (log.process-table), verl's worker
 * name says its trainer, weak (log.trainer.verl-worker), and an offload said of the rollout engine is
 * the engine's (reconcile/owners.ts rolloutsInTraining).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

const TABLE = [
  '```',
  'PID     MEM(GB) COMMAND',
  '40126   11.20   ray::WorkerDict.actor_rollout_generate_sequences',
  '40125   11.17   ray::WorkerDict.actor_rollout_generate_sequences',
  '39907   0.54    ray::main_task',
  '```',
].join('\n');

describe("verl's rollout workers", () => {
  it('c709: a PPO training run, no vLLM serving, no optimizer offload, said weak', () => {
    const { s, said } = readNoticed(line('c709').text);
    expect(s.mode).toBe('full');
    expect(s.framework).toBe('ppo');
    expect(s.offload.optimizer).toBe('none');
    expect(said).toMatch(/framework ppo — from "ray::WorkerDict/);
  });

  it('the process table is a log', () => {
    expect(segmentsOf(`qwen2-7b on 8x a800\n${TABLE}`).some((s) => s.kind === 'log' && s.rule === 'log.process-table')).toBe(true);
  });

  it.each([
    `I ran qwen2-7b on 8x A100 80G and got OOM.\n${TABLE}\nhow do I lower host memory?`,
    `${TABLE}\nqwen2-7b, one node of 8 a100 80g: host memory OOM`,
  ])('%s: training with PPO', (text) => {
    const s = read(text).scenario;
    expect(s.mode).not.toBe('inference');
    expect(s.framework).toBe('ppo');
  });

  it('a trainer named outside the table wins over the worker name', () => {
    expect(read(`qwen2-7b grpo on 8x a100 80g\n${TABLE}`).scenario.framework).toBe('grpo');
  });

  it.each([
    'qwen2-7b grpo on 8x a100, vllm offloads its weights to cpu between steps',
    'qwen2-7b ppo on 8x a100：发现vllm会offload参数到cpu',
  ])('%s: the rollout engine’s offload is not the trainer’s', (text) => {
    expect(read(text).scenario.offload.optimizer).toBe('none');
  });

  it('an offload the trainer is given stays: "offload optimizer" in its own clause', () => {
    expect(read('qwen2-7b ppo on 8x a100 with vllm rollout, offload optimizer').scenario.offload.optimizer).toBe('cpu');
  });
});
