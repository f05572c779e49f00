import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from '../../src/language/items.js';
import { parseRequest } from '../../src/language/parse.js';
import { MAX_REQUEST_CHARS } from '../../src/language/input-check.js';

function items(text: string): Item[] {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(`${text}: ${outcome.error.message}`);
  return outcome.items;
}
const only = (text: string) => {
  const list = items(text);
  expect(list, text).toHaveLength(1);
  return list[0]!;
};

describe('item families and their spellings', () => {
  it('reads sizes as parameter counts', () => {
    expect(only('7b')).toMatchObject({ kind: 'size', params: 7e9 });
    expect(only('13B')).toMatchObject({ kind: 'size', params: 13e9 });
    expect(only('1.3b')).toMatchObject({ kind: 'size', params: 1.3e9 });
    expect(only('350m')).toMatchObject({ kind: 'size', params: 350e6 });
    expect(only('6.7e9 params')).toMatchObject({ kind: 'size', params: 6.7e9 });
    expect(only('8x7b')).toMatchObject({ kind: 'size', params: 56e9, experts: 8 });
    expect(only('llama 20b')).toMatchObject({ kind: 'size', params: 20e9, family: 'llama' });
    // LLaMA-1's own Hub names (huggyllama/llama-13b) are that model (issue 11).
    expect(only('llama 13b')).toMatchObject({ kind: 'model', id: 'llama-1-13b' });
  });

  it('reads catalog model names with any separators', () => {
    for (const text of ['Llama 3.1 70B', 'llama-3.1-70b', 'llama3.1 70b', 'LLAMA_3.1_70B']) {
      expect(only(text), text).toMatchObject({ kind: 'model', id: 'llama-3.1-70b' });
    }
    expect(only('mistral-7b')).toMatchObject({ kind: 'model', id: 'mistral-7b' });
    expect(only('mixtral-8x7b')).toMatchObject({ kind: 'model', id: 'mixtral-8x7b' });
  });

  it('reads GPU names, longest first and never a prefix of a longer word', () => {
    expect(only('on 4xA100-80G')).toMatchObject({ kind: 'hardware', gpuId: 'a100-80g', count: 4 });
    expect(only('a10g')).toMatchObject({ kind: 'hardware', gpuId: 'a10g' });
    expect(only('a10')).toMatchObject({ kind: 'hardware', gpuId: 'a10' });
    expect(only('on 8 A100 80GB')).toMatchObject({ gpuId: 'a100-80g', count: 8 });
    expect(only('2 x 3090')).toMatchObject({ gpuId: 'rtx-3090', count: 2 });
    expect(only('on a 4090')).toMatchObject({ gpuId: 'rtx-4090', count: null });
    expect(only('H200')).toMatchObject({ gpuId: 'h200' });
    expect(only('on 24GB')).toMatchObject({ gpuId: null, capacityGiB: 24 });
    expect(only('4 gpus of 48GB')).toMatchObject({ gpuId: null, capacityGiB: 48, count: 4 });
    expect(only('2 nodes of 8xH100')).toMatchObject({ nodes: 2, count: 8 });
    expect(only('on 8 gpus')).toMatchObject({ gpuId: null, capacityGiB: null, count: 8 });
  });

  it('reads architecture overrides', () => {
    const list = items('layers 40 hidden 5120 heads 40 kv 8 ffn 13824 vocab 128,256');
    expect(list.map((i) => (i.kind === 'arch' ? [i.field, i.value] : null))).toEqual([
      ['layers', 40], ['hidden', 5120], ['heads', 40], ['kv', 8], ['ffn', 13824], ['vocab', 128256],
    ]);
  });

  it('reads modes and LoRA options', () => {
    expect(only('lora r16')).toMatchObject({ kind: 'lora', qlora: false, rank: 16 });
    expect(only('lora rank 64 all-linear')).toMatchObject({ rank: 64, allLinear: true });
    expect(only('qlora r64 q,v')).toMatchObject({ qlora: true, rank: 64, targets: ['q', 'v'] });
    expect(only('pretrain')).toMatchObject({ kind: 'mode', value: 'pretrain' });
    expect(only('inference')).toMatchObject({ kind: 'mode', value: 'inference' });
    expect(only('vllm')).toMatchObject({ kind: 'serve' });
  });

  it.each([
    ['fp32', 'precision', 'fp32'], ['bf16', 'precision', 'bf16'], ['amp', 'precision', 'amp'], ['pure bf16', 'precision', 'pure+bf16'],
    ['bf16-true', 'precision', 'pure+bf16'], ['int8', 'weights', 'int8'], ['8bit', 'weights', 'int8'], ['4bit', 'weights', 'nf4'],
    ['nf4 dq', 'weights', 'nf4-dq'], ['gptq', 'weights', 'gptq'], ['awq', 'weights', 'awq'], ['adam8bit', 'optimizer', 'adamw-8bit'],
    ['8bit adam', 'optimizer', 'adamw-8bit'], ['paged adamw', 'optimizer', 'paged-adamw'], ['sgd momentum', 'optimizer', 'sgd-momentum'],
    ['adafactor', 'optimizer', 'adafactor'], ['zero-2', 'sharding', 'zero2'], ['zero stage 3', 'sharding', 'zero3'],
    ['fsdp shard_grad_op', 'sharding', 'fsdp-grad-op'], ['hsdp', 'sharding', 'hsdp'], ['offload', 'offload', 'optimizer-cpu'],
    ['offload params', 'offload', 'params-cpu'], ['nvme offload', 'offload', 'optimizer-nvme'], ['gc', 'recompute', 'full'],
    ['activation checkpointing', 'recompute', 'full'], ['selective recompute', 'recompute', 'selective'], ['no gc', 'recompute', 'none'],
    ['no checkpointing', 'recompute', 'none'], ['fa2', 'attention', 'flash'], ['no flash', 'attention', 'eager'], ['sdpa', 'attention', 'sdpa'],
    ['chunked ce', 'loss', 'chunked'], ['liger', 'loss', 'fused'], ['torchtune', 'framework', 'torchtune'], ['megatron', 'framework', 'megatron'],
    ['oom', 'help', 'oom'], ['loss scale', 'help', 'loss-scale'], ['sweep seq', 'chart', 'sweep-seq'], ['timeline', 'chart', 'timeline'],
    ['kv fp8', 'kvDtype', 'fp8'], ['max batch', 'question', 'maxBatch'], ['which gpu', 'question', 'whichGpu'], ['undo', 'control', 'undo'],
  ])('"%s" is a %s item (%s)', (text, kind, value) => {
    expect(only(text)).toMatchObject({ kind, value });
  });

  it('reads numbers with units and glued keywords', () => {
    expect(only('seqlen 4k')).toMatchObject({ kind: 'seq', value: 4096 });
    expect(only('4k context')).toMatchObject({ kind: 'seq', value: 4096 });
    expect(only('32k')).toMatchObject({ kind: 'seq', value: 32768 });
    expect(only('tp8')).toMatchObject({ kind: 'parallel', dim: 'tp', value: 8 });
    expect(only('grad accum 8')).toMatchObject({ kind: 'batch', field: 'ga', value: 8 });
    expect(only('micro batch 2')).toMatchObject({ kind: 'batch', field: 'mbs', value: 2 });
    expect(only('gen 256')).toMatchObject({ kind: 'gen', value: 256 });
    expect(only('util 0.9')).toMatchObject({ kind: 'util', value: 0.9 });
  });

  it('reads questions with arguments', () => {
    expect(only('how many h100')).toMatchObject({ kind: 'howMany', gpuId: 'h100-80g' });
    expect(only('how many gpus')).toMatchObject({ kind: 'howMany', gpuId: null });
    const c = only('compare zero2 vs zero3');
    expect(c.kind === 'compare' && [c.a.text, c.b.text]).toEqual(['zero2', 'zero3']);
    const v = only('7b vs 13b');
    expect(v.kind === 'compare' && [v.a.text, v.b.text]).toEqual(['7b', '13b']);
  });

  it('ignores filler and reports it as written', () => {
    const outcome = parseRequest('Please can I train the 13b model with LoRA?');
    expect(outcome.ok && outcome.ignored).toEqual(['Please', 'can', 'I', 'the', 'model', 'with']);
    expect(outcome.ok && outcome.items.map((i) => i.kind)).toEqual(['mode', 'size', 'lora']);
  });

  it('keeps the user\'s text and offsets on each item', () => {
    const list = items('13b  ZeRO-3');
    expect(list[1]).toMatchObject({ at: 5, end: 11, text: 'ZeRO-3' });
  });
});

describe('errors', () => {
  const error = (text: string) => {
    const outcome = parseRequest(text);
    if (outcome.ok) throw new Error(`expected an error for ${text}`);
    return outcome.error;
  };

  it('suggests the nearest keyword for a typo, with a caret under it', () => {
    const e = error('13b zer3 on 4x h100');
    expect(e.suggestion).toBe('zero3');
    expect(e.at).toBe(4);
    expect(e.caret).toBe('13b zer3 on 4x h100\n    ^');
    expect(e.expected.length).toBeGreaterThan(0);
    expect(error('bf61').suggestion).toBe('bf16');
    expect(error('13b adafactr').suggestion).toBe('adafactor');
  });

  it('never ignores a word close to a GPU name', () => {
    expect(error('13b on h10').suggestion).toMatch(/H10/);
  });

  it('names unknown words that are near nothing, with an example', () => {
    const e = error('13b foo');
    expect(e.message).toContain('"foo"');
    expect(e.suggestion).toBeNull();
    expect(e.example.length).toBeGreaterThan(0);
  });

  it('lists what was expected, by item name, when an item is cut short', () => {
    const e = error('13b seq');
    expect(e.at).toBe(7);
    expect(e.expected).toContain('a number');
    expect(e.message).not.toMatch(/state|Instead, I was expecting/);
  });

  it('maps the failing token back to its character offset', () => {
    const e = error('13b seq h100');
    expect(e.at).toBe(8);
    expect(e.expected).toEqual(['a number', 'a token count (4k)']);
  });

  it('explains a number with no unit', () => {
    const e = error('13');
    expect(e.message).toContain('no unit');
    expect(e.suggestion).toBe('13b');
    expect(error('7b 13 bf16').at).toBe(3);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(MAX_REQUEST_CHARS + 1), String(MAX_REQUEST_CHARS)],
    ['13b \u0000\u0001 bf16', 'control character'],
    ['13b на H100', 'English'],
  ])('rejects bad input %#: %s', (text, words) => {
    const e = error(text);
    expect(e.message).toContain(words);
    expect(e.kind).toBe('error');
  });

  it('reads past emoji instead of refusing them (issue 11: decoration is not a request word)', () => {
    const outcome = parseRequest('13b 🚀 on a 4090');
    expect(outcome.ok && outcome.items.map((i) => i.kind)).toEqual(['size', 'hardware']);
  });

  it('rejects a request of only filler', () => {
    expect(error('please can I').message).toContain('nothing to estimate');
  });
});

describe('cards that do not exist', () => {
  it('explains that an H100 never had 160 GB instead of guessing a neighbour', () => {
    const out = parseRequest('llama-3-8b on H100-160G');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.message).toMatch(/no H100 with 160 GB/);
      expect(out.error.message).toMatch(/H100 80GB/);
      expect(out.error.message).toMatch(/H200|B200|MI300X/);
      expect(out.error.at).toBe(14);
    }
  });
});

describe('numbers that are also card names (4090, 3090)', () => {
  it('reads them as numbers right after a keyword that takes one', () => {
    expect(items('seq 4090 on a100')).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'seq', value: 4090 })]));
    expect(items('bs 3090 seq 512')).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'batch', field: 'mbs', value: 3090 })]));
  });

  it('a llama.cpp build numbered like a card is the build (fast-check drew "build 2060" in the cuBLAS-pool property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('2060', '2070', '2080', '3060', '3070', '3080', '3090', '4060', '4070', '4080', '4090', '1080'), (n) => {
        expect(items(`llama.cpp build ${n} on a100`)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'llamacppBuild', value: Number(n) })]));
      }),
    );
  });

  it('keeps them as cards everywhere else', () => {
    expect(only('on 4090')).toMatchObject({ kind: 'hardware', gpuId: 'rtx-4090' });
    const list = items('seq 4096 on 2x 4090');
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'hardware', gpuId: 'rtx-4090', count: 2 })]));
  });
});

describe('"ce" on its own', () => {
  it('is the (full) cross-entropy loss, so items run together still read: "recompute full ce"', () => {
    expect(items('recompute full ce')).toEqual([
      expect.objectContaining({ kind: 'recompute', value: 'full' }),
      expect.objectContaining({ kind: 'loss', value: 'full' }),
    ]);
    expect(only('chunked ce')).toMatchObject({ kind: 'loss', value: 'chunked' });
  });
});
