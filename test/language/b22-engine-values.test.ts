import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/** sgl-project/sglang (corpus c820), the command line as posted. */
const SGLANG_C820 =
  'root@c670148f30c4:~# python -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path Qwen/Qwen2.5-0.5B-Instruct-AWQ --dp 8 --enable-p2p-check --mem-fraction-static 0.01 --enable-torch-compile';

describe('an engine value the program accepts but the estimate does not model', () => {
  it('sets aside and says SGLang --mem-fraction-static 0.01 (c820), never refuses', () => {
    const r = resolveRequest(`${SGLANG_C820} on 8x a40`, null);
    expect(r.ok).toBe(true);
    if (!r.ok || !r.scenario) return;
    expect([...r.assumptions, ...r.notices].join(' | ')).toMatch(/--mem-fraction-static 0\.01" set aside/);
  });

  it.each([
    ['llama-2-7b vllm serve --gpu-memory-utilization 0.02 on 1x a100-80g'],
    ['llama-2-7b vllm serve on 1x a100-80g\ngpu_memory_utilization: 0.01'],
  ])('sets aside a flag or key value in (0, 0.05): %s', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });

  it('still refuses a value no program accepts, or one said in words', () => {
    expect(resolveRequest('llama-2-7b vllm serve --gpu-memory-utilization 0 on 1x a100-80g', null).ok).toBe(false);
    expect(resolveRequest('llama-2-7b vllm serve util 0.01 on 1x a100-80g', null).ok).toBe(false);
  });
});

const dpOf = (text: string) => {
  const p = parseRequest(text);
  return p.ok ? p.items.find((i) => i.kind === 'parallel' && i.dim === 'dp') : undefined;
};

describe('--dp is the data-parallel size', () => {
  it('reads c820\'s --dp 8', () => {
    expect(dpOf(SGLANG_C820)).toMatchObject({ value: 8 });
  });

  it.each([
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --dp 4 on 4x a100-80g', 4],
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --dp 2 on 2x h100', 2],
  ])('%s', (text, dp) => {
    const p = parseRequest(text);
    expect(p.ok && p.items.find((i) => i.kind === 'parallel' && i.dim === 'dp')).toMatchObject({ value: dp });
  });
});
