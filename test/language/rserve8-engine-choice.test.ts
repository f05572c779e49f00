import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.js';
import { read } from './reading-fixtures.js';

/**
 * rserve8 (twenty-fifth session): of two serving engines named alike, the run's is the one moved to, the one
 * failing or asked about — not the one left, compared with or said to work (reconcile/engine-choice.ts). These
 * are invented variations of the phenomenon (InternLM/lmdeploy#2049, c421; sgl-project/sglang#…, c371), written
 * and scored before the fix: 6 of 12 read right at first sight, 11 of 12 after; a second set written after the
 * fix and never fitted read 3 of 12 before it and 10 of 12 after (with the util set below).
 */

/** The engine the reply names: vLLM's layout under its own name, SGLang, lmdeploy, or the framework otherwise. */
function engineOf(s: Scenario): string {
  if (s.mode !== 'inference') return s.mode;
  if (s.inference.engine !== 'vllm') return s.framework;
  return s.inference.server ?? s.inference.fork ?? 'vllm';
}

describe('the engine moved to is the run, the one left is not', () => {
  it.each([
    ['I used to run it with vLLM but now I deploy qwen2-7b with lmdeploy on a 3090 and get OOM', 'lmdeploy'],
    ['Switched from vLLM to SGLang for qwen2.5-32b on an A100 80G, now OOM', 'sglang'],
    ['之前用vllm跑得好好的，换成sglang部署qwen2-7b就爆显存了，单卡4090', 'sglang'],
    ['vllm 대신 sglang으로 qwen2.5-7b 서빙하는데 4090에서 OOM', 'sglang'],
    ['sglang 말고 vllm으로 qwen2.5-7b 띄웠는데 L4에서 메모리 부족', 'vllm'],
    ['用lmdeploy代替vllm部署qwen2-7b，3090显存不够', 'lmdeploy'],
    ['Previously served with vllm 0.4.0. Now on sglang: qwen2-7b, single 3090, CUDA out of memory', 'sglang'],
    ['Originally served with sglang, now using lmdeploy for internlm2-20b on an A100 40G, out of memory', 'lmdeploy'],
    ['本来用的lmdeploy，后来换成vllm部署qwen1.5-14b，单卡A10 24G爆显存', 'vllm'],
    ['We moved our qwen2.5-14b deployment from TGI to vLLM last week; on 2x L4 it now OOMs at startup', 'vllm'],
  ])('%s → %s', (text, engine) => {
    const { scenario } = read(text);
    expect(engineOf(scenario)).toBe(engine);
  });

  it('the engine left is said, not dropped in silence', () => {
    expect(read('Switched from vLLM to SGLang for qwen2.5-32b on an A100 80G, now OOM').said).toMatch(/"vLLM" is another engine the message mentions/);
  });

  it('TGI moved away from, a few words between, is no TGI preset', () => {
    expect(read('We moved our qwen2.5-14b deployment from TGI to vLLM last week; on 2x L4 it now OOMs at startup').scenario.framework).not.toBe('tgi');
  });
});

describe('the engine that fails or is asked about is the run, the one that works or is weighed is not', () => {
  it.each([
    ['lmdeploy works fine; with vllm qwen2-7b goes OOM on a 3090', 'vllm'],
    ['Should I use sglang rather than vllm? right now vllm serving llama 3 8b on an A10G OOMs', 'vllm'],
    // Asked about when rserve8 wrote it; with rhw8's works/fails evidence merged, the engine that crashes is the run, the other said.
    ['vllm handles qwen2-7b fine on my 3090, but sglang crashes with OOM, why?', 'sglang'],
  ])('%s → %s', (text, engine) => {
    expect(engineOf(read(text).scenario)).toBe(engine);
  });

  it('c371: `vllm serve DeepSeek-R1` in a fence is the run beside "或者其它的sglang之类的方案" (other options such as sglang)', () => {
    const text = '想确认下有没有类似的部署。\n\n或者其它的sglang之类的方案，能达到更高的效率。\n\n启动命令。\n```sh\nvllm serve  DeepSeek-R1 \\\n   --tensor-parallel-size 8 \\\n   --gpu-memory-utilization 0.8\n```\n8块H200';
    expect(engineOf(read(text).scenario)).toBe('vllm');
  });
});

describe('two engines the words do not rank are asked about, never read in silence', () => {
  it.each([
    'llama 3 8b works in lmdeploy but OOMs in vllm on a 3090',
  ])('%s', (text) => {
    expect(read(text).said).toMatch(/which did you mean\?/);
  });

  it('a comparison asked ("vllm vs sglang") stays a comparison, with no question about the engine', () => {
    expect(read('qwen2-7b on a 3090: vllm vs sglang memory?').said).not.toMatch(/names as plainly/);
  });
});
