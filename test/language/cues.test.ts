import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A value fills a slot only with a cue (issue 22, item 2): a GPU count needs its card word or
 * its place in a hardware phrase, a length its unit or key and the user's own words, and a run the
 * message says works is not the run it asks about. Each cause with its real line (batches b6–b8)
 * and phrasings of our own.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

/** A line read as the bench reads it: its thread's opening words first, then the line as a follow-up. */
function inThread(text: string, thread?: string): { scenario: Scenario; said: string } {
  const opened = thread ? readInThread(thread, null) : null;
  const state = opened?.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : (opened?.waiting ?? null);
  const outcome = readInThread(text, state).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`not read: ${text.slice(0, 80)}`);
  return { scenario: outcome.scenario, said: outcome.assumptions.join(' | ') };
}
const gpus = (s: Scenario) => s.hardware?.count ?? s.unnamedGpus ?? 1;

describe('a GPU count needs its card word next to it, not words away', () => {
  it('the year of a TensorRT log line is no count of A100s (NVIDIA/TensorRT-LLM#346, c382)', () => {
    const { scenario, said } = inThread(line('c382').text, line('c382').thread);
    expect(scenario.hardware?.gpuId).toMatch(/^a100/);
    expect(gpus(scenario)).toBe(1);
    // The TensorRT line is a log (segments' log.tensorrt): its year is never read at all, so no note.
    expect(said).not.toMatch(/2023 ×|2023x|2023 GPUs/);
  });

  it.each([
    'llama-2-13b on an A100. [11/10/2023-06:30:40] [TRT] [W] Requested amount of GPU memory could not be allocated',
    'llama-2-13b on an A100\nSince 2023 our team has been asked by management for more GPU budget',
    'serve llama-2-13b on A100, we opened 2024 tickets about the GPU',
  ])('a number that only sits near "GPU" counts no cards: %s', (text) => {
    expect(gpus(read(text).scenario)).toBe(1);
  });

  it('a count written with its card, in any notation, is still the count (property)', () => {
    const notations = [(n: number) => `${n}x A100`, (n: number) => `${n} A100 GPUs`, (n: number) => `A100 x ${n}`, (n: number) => `${n} NVIDIA A100 GPUs`, (n: number) => `${n}张A100`];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.constantFrom(...notations), (n, write) => {
        expect(read(`full finetune llama-2-7b on ${write(n)} with zero3`).scenario.hardware?.count).toBe(n);
      }),
      { numRuns: 30 },
    );
  });

  it('a count with two strange words between it and "GPUs" is not read as the count (property)', () => {
    const strangers = ['requested', 'tickets', 'about', 'budget', 'experiments', 'people', 'asked'];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4096 }), fc.constantFrom(...strangers), fc.constantFrom(...strangers), (n, a, b) => {
        expect(gpus(read(`serve llama-2-13b on an A100. We had ${n} ${a} ${b} GPUs`).scenario)).not.toBe(n);
      }),
      { numRuns: 30 },
    );
  });
});

describe('tokens counted in a sentence with a rate are traffic, not a length', () => {
  it('"5000 requests per second passing 3000k tokens" sets no length (meta-llama/llama3#243, c373)', () => {
    const { scenario } = inThread(line('c373').text, line('c373').thread);
    expect(scenario.seq).toBeLessThan(1_000_000);
  });

  it.each([
    ['serve llama-3-8b on 2x A100, 200 requests per minute processing 500k tokens', 512_000],
    ['serve llama-3-8b on 2x A100 with a throughput of 90k tokens', 92_160],
    ['serve llama-3-8b on 2x A100，每秒 300 个请求，共 600k tokens', 614_400],
  ])('%s', (text, volume) => {
    expect(read(text).scenario.seq).not.toBe(volume);
  });

  it('a length with its own noun stays the length beside a rate: "30 tokens per second with prompts of 2000 tokens"', () => {
    expect(read('llama-3-8b on a 4090 gets 30 tokens per second with prompts of 2000 tokens').scenario.seq).toBe(2000);
  });
});

describe('a length given by its key is never set aside by the words around it', () => {
  it('--max-model-len N stays the length beside a rate and a model window (property)', () => {
    const around = ['we expect 300 requests per second', 'the model supports 128000 context', 'it does 40 tokens/s, even 8 H100 should be sufficient'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }).map((k) => k * 512), fc.constantFrom(...around), (length, words) => {
        const text = `${words}.\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len ${length} --tensor-parallel-size 2`;
        expect(inThread(text).scenario.seq).toBe(length);
      }),
      { numRuns: 20 },
    );
  });
});

describe("a model's maximum context is never the user's length", () => {
  it('"最高支持10000token左右" is the length, the title\'s "支持32768上下文长度" is not (QwenLM/Qwen3#120, c333)', () => {
    expect(inThread(line('c333').text, line('c333').thread).scenario.seq).toBe(10_000);
  });

  it('the window a model supports is not the length, in any length and language (property)', () => {
    const windows = [(l: string) => `qwen2.5-7b supports ${l} context, I run it on a 4090`, (l: string) => `Qwen2.5-7B 支持${l}上下文长度，我在4090上跑`, (l: string) => `qwen2.5-7b supports up to ${l} tokens; running it on a 4090`];
    fc.assert(
      fc.property(fc.constantFrom(32768, 65536, 131072, 128000), fc.constantFrom(...windows), (length, write) => {
        expect(read(write(String(length))).scenario.seq).not.toBe(length);
      }),
      { numRuns: 20 },
    );
  });

  it("the user's own length words set it, next to the model's window (property)", () => {
    const own = [(l: number) => `prompts of about ${l} tokens`, (l: number) => `I need around ${l} tokens of context`, (l: number) => `最高支持${l}token左右`];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }).map((k) => k * 1000), fc.constantFrom(...own), (length, write) => {
        expect(read(`qwen2.5-7b supports 128000 context. On my 4090, ${write(length)}`).scenario.seq).toBe(length);
      }),
      { numRuns: 20 },
    );
  });

  it('"fully supporting Gemma-2-9b with an 8K token context" is the length wanted (c224)', () => {
    expect(read('serve gemma-2-9b on a GH200, fully supporting Gemma-2-9b with an 8K token context').scenario.seq).toBe(8192);
  });
});

describe("a launcher's process count is the run's GPUs, the prose's cards the machine", () => {
  it('"I used 8 GPUs, 24G*8" above `torchrun --nproc_per_node=4` trains on four 24 GB cards (hpcaitech/ColossalAI#3509, c384)', () => {
    const { scenario, said } = inThread(line('c384').text);
    expect(gpus(scenario)).toBe(4);
    expect(scenario.hardware?.capacityBytes).toBe(24 * 2 ** 30);
    expect(said).toMatch(/starts on 4 of the machine's 8 cards/);
  });

  it.each([
    ['We have 8x A100 80GB.\ntorchrun --nproc_per_node 2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --bf16', 2],
    ['our box: A100-80G * 8\naccelerate launch --num_processes 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 4],
    ['服务器有8张A100 80G\nCUDA_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node=2 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 2],
  ])('the card from the prose, the count from the launcher: %s', (text, count) => {
    const { scenario } = inThread(text);
    expect(scenario.hardware?.gpuId).toMatch(/^a100/);
    expect(gpus(scenario)).toBe(count);
  });
});

describe('a GPU count derived from the split says so, and a split the message never said yields', () => {
  it("the thread's layer split does not multiply the follow-up's tp into 16 GPUs (vllm-project/vllm#16570, c381)", () => {
    const { scenario, said } = inThread(line('c381').text, line('c381').thread);
    expect(gpus(scenario)).toBe(4);
    expect(scenario.parallel.tp * scenario.parallel.pp).toBe(4);
    expect(said).toMatch(/pp 1: the earlier pp 4/);
  });

  it('the same in a thread of our own, for any count the follow-up states (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), (n) => {
        const devices = Array.from({ length: n }, (_, k) => k).join(',');
        const { scenario } = inThread(`CUDA_VISIBLE_DEVICES=${devices} vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size ${n}`, `qwen2.5-72b oom on ${n} A100`);
        expect(gpus(scenario)).toBe(n);
        expect(scenario.parallel.pp).toBe(1);
      }),
      { numRuns: 3 },
    );
  });

  it('a count taken from tp × pp is said as derived', () => {
    const { scenario, said } = read('serve llama-2-70b tp 2 pp 2 on h100s');
    expect(gpus(scenario)).toBe(4);
    expect(said).toMatch(/4 GPUs in all — from the tp 2 × pp 2 split/);
  });
});

describe('a run the message says works, or ought to, is not the run it asks about', () => {
  it('"I tried … deepspeed zero-1 … and it worked well previously" leaves the nanotron run unsharded (c360)', () => {
    expect(inThread(line('c360').text).scenario.sharding.kind).not.toBe('zero');
  });

  it('"--finetuning_type是lora可以跑起来，…full 全参数微调会显存溢出" is the full run (c365)', () => {
    expect(inThread(line('c365').text).scenario.mode).toBe('full');
  });

  it('"since even 8 H100 should be sufficient" keeps the thread\'s 16 H100 (simplescaling/s1#13, c344)', () => {
    expect(gpus(inThread(line('c344').text, line('c344').thread).scenario)).toBe(16);
  });

  it.each([
    ['full finetune llama-2-13b on 4x A100 with zero3 and I get OOM. With zero2 it worked fine before.', 3],
    ['llama-2-13b 全参微调，4卡A100，zero3 显存溢出，zero2 之前可以跑', 3],
  ])('the failing run\'s setting stays: %s', (text, stage) => {
    expect(read(text).scenario.sharding).toEqual({ kind: 'zero', stage });
  });

  it.each([
    ['qwen2.5-32b full finetune with fsdp on 16 H100 gets OOM, even 8 H100 should be sufficient', 16],
    ['qwen2.5-32b full finetune with fsdp on 16x H100 OOMs; even just 4 H100 would be enough, I thought', 16],
  ])('cards said as what ought to be enough are not the cards: %s', (text, count) => {
    expect(gpus(read(text).scenario)).toBe(count);
  });
});
