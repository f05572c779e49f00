import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b18 (test/corpus/first-sight.md), c692 (kvcache-ai/ktransformers#462): KTransformers'
 * local_chat run with DeepSeek-R1 Q4_K_M, then its printout in a ```log fence. The printout's
 * "prompt eval count: 7 token(s)" was seq 7 (log.eval-stats: Ollama's --verbose and local_chat's
 * timings are a log), the environment block's "RTX 4090 x 4" 4 GPUs and "ktransformers" Hugging
 * Face transformers (a fence the user marks as output is a log: segment.ts LOG_FENCE), and
 * --cache_lens 1536, the KV cache's length, unread (config-keys/sequence.ts cache_lens).
 */
const line = loadCorpus().find((l) => l.id === 'c692')!;
const kinds = (text: string) => segmentsOf(text).map((s) => s.kind);

describe("a program's printout sets nothing", () => {
  it('c692: DeepSeek-R1 Q4_K_M at seq 1536 on the one RTX 4090 of its title, with 512 GB of host memory', () => {
    const opened = readInThread(line.thread!, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error(`the title is not read: ${line.thread}`);
    const r = readInThread(line.text, { scenario: opened.scenario, history: [] }).outcome;
    if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
    const s = r.scenario;
    expect(s.seq).toBe(1536);
    expect(s.hardware?.count).toBe(1);
    expect(s.hardware?.gpuId).toMatch(/4090/);
    expect(s.framework).not.toBe('hf');
    expect(s.hostMemoryBytes).toBe(512 * 2 ** 30);
  });

  const verbose = (promptTokens: number, evalTokens: number) =>
    [
      `total duration:       ${(promptTokens / 7).toFixed(6)}s`,
      'load duration:        1.234ms',
      `prompt eval count:    ${promptTokens} token(s)`,
      'prompt eval duration: 229.23s',
      'prompt eval rate:     0.03 tokens/s',
      `eval count:           ${evalTokens} token(s)`,
      'eval duration:        1402.67s',
      'eval rate:            0.05 tokens/s',
    ].join('\n');

  it("Ollama's --verbose timings, fenced or not, are a log whose counts set no length", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('```\n', '```text\n', ''), (prompt, evaluated, fence) => {
        const text = `ollama run llama3 8b on a 3090, very slow:\n${fence}${verbose(prompt, evaluated)}${fence ? '\n```' : ''}`;
        expect(read(text).scenario.seq).toBe(read('ollama run llama3 8b on a 3090').scenario.seq);
      }),
      { numRuns: 25 },
    );
  });

  it('a fence marked log, logs or output holds a log, whatever its lines look like', () => {
    for (const tag of ['log', 'logs', 'output', 'stdout']) {
      const text = `llama-2-7b lora on a 4090, it fails:\n\`\`\`${tag}\nbatch_size: 64\nChat: hello\nsome words the model answered\n\`\`\`\nwhy?`;
      expect(kinds(text)).toEqual(['prose', 'log', 'prose']);
      expect(canonicalText(read(text).scenario)).toBe(canonicalText(read('llama-2-7b lora on a 4090').scenario));
    }
  });

  it('an nvidia-smi table and a command in a log fence keep their kinds', () => {
    const text = 'llama-2-7b inference, this is what I see:\n```log\npython run.py --model llama-2-7b\n|  0%   38C    P8    21W / 350W |  22457MiB / 24564MiB |      0%      Default |\n```';
    expect(kinds(text)).toContain('report');
    expect(kinds(text)).toContain('command');
  });

  it('an unmarked or yaml fence is not a log', () => {
    expect(kinds('llama-2-7b lora on a 4090:\n```yaml\nmicro_batch_size: 4\nsequence_len: 2048\n```')).not.toContain('log');
    expect(read('llama-2-7b lora on a 4090:\n```\nmicro_batch_size: 4\nsequence_len: 2048\n```').scenario.seq).toBe(2048);
  });
});
