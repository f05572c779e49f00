import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest } from '../../src/language/parse.js';
import { LINE_RULES, segmentText, segmentsOf, type TracedSegment } from '../../src/language/segments/index.js';
import { classifyLines } from '../../src/language/segments/lines.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Segments first (issue 22, item 1): a message is cut into prose, code, config, command and log
 * segments before anything reads it; numbers inside a log never set the setup.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const kinds = (segments: { kind: string }[]) => segments.map((s) => s.kind);
const itemsOf = (text: string) => {
  const outcome = parseRequest(text);
  return outcome.ok ? outcome.items : [];
};
/** The item kinds and their words, for "was it read". */
const words = (text: string) => itemsOf(text).map((i) => `${i.kind}:${i.text}`);

describe('line rules are named data with their own example', () => {
  it.each(LINE_RULES.map((r) => [r.id, r] as const))('%s names its example line', (id, rule) => {
    const [line] = classifyLines(normalise(rule.example).text, { steps: 0 });
    expect(line!.rule).toBe(id);
  });
});

describe('real lines', () => {
  it('a traceback pasted in a shell fence is a log; the setup written above it is read (oobabooga/textgen#365, c345)', () => {
    const text = lineText('c345');
    const segments = segmentsOf(text);
    const log = segments.find((s) => s.kind === 'log')!;
    expect(log.rule).toBe('log.python-warning');
    expect(text.slice(log.userStart, log.userEnd)).toContain('Traceback (most recent call last)');
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(true);
    // The frames' line numbers (1201, 1009, 946) are no setting.
    expect(words(text).join(' ')).not.toMatch(/1201|1009|946/);
    expect(words(text).join(' ')).toMatch(/hardware:.*4x24gb/);
  });

  it('vLLM startup lines are a log, the command beside them a command (vllm-project/vllm#8879, c316)', () => {
    const segments = segmentsOf(lineText('c316'));
    expect(kinds(segments)).toContain('log');
    expect(segments.find((s) => s.kind === 'log')!.rule).toBe('log.leveled-timestamp');
  });

  it("TGI's own dump of its arguments is the setup, not a log (huggingface/text-generation-inference#1831, c042)", () => {
    const segments = segmentsOf(lineText('c042'));
    expect(segments.find((s) => s.rule === 'config.launcher-args')).toBeDefined();
    expect(kinds(segments)).not.toContain('log');
  });

  it("SGLang's ServerArgs printed with a timestamp is the setup, not a log (sgl-project/sglang#12496)", () => {
    const line = "[2025-11-01 16:50:30] server_args=ServerArgs(model_path='/models/google/gemma-3-12b-it', kv_cache_dtype='fp8_e5m2', mem_fraction_static=0.717)";
    expect(segmentsOf(line).map((s) => s.rule)).toEqual(['config.launcher-args']);
    expect(words(line).join(' ')).toMatch(/gemma-3-12b-it/);
  });

  it('an lscpu dump is a log: its CPU counts are no GPU count (ollama/ollama#9295, c325)', () => {
    const text = lineText('c325');
    const log = segmentsOf(text).find((s) => s.kind === 'log')!;
    expect(log.rule).toBe('log.system-report');
    for (const item of itemsOf(text)) expect(overlaps(item, [log])).toBe(false);
  });

  it('a bullet list of notes is prose, the JSON in it a config (huggingface/text-generation-inference#2585, c216)', () => {
    const segments = segmentsOf(lineText('c216'));
    expect(segments.map((s) => `${s.kind}/${s.rule}`)).toEqual(['prose/prose', 'config/config.json', 'prose/prose']);
  });
});

describe('batch b7: log lines the first sight read as setup (issue 22)', () => {
  it("Aphrodite's padded WARNING line is a log: its 32 GiB of CPU memory is no card (dphnAI/sonar#522, c364)", () => {
    const text = lineText('c364');
    const logs = segmentsOf(text).filter((s) => s.kind === 'log');
    expect(logs.map((s) => s.rule)).toContain('log.padded-level');
    const read = words(text).join(' ');
    expect(read).toMatch(/tensor-parallel-size 4/);
    expect(read).not.toMatch(/32\.00|62\.51/);
  });

  it('uvicorn-style INFO/ERROR lines after a setup are a log, the setup is read (invented)', () => {
    const text = [
      'mistral-7b serve on 1x L4',
      'INFO:     Started server process [2211]',
      'ERROR:    Exception in ASGI application, 48 GiB requested, 23 GiB free',
    ].join('\n');
    expect(kinds(segmentsOf(text))).toEqual(['prose', 'log']);
    const read = words(text).join(' ');
    expect(read).toMatch(/hardware:.*L4/);
    expect(read).not.toMatch(/2211|48 GiB|23 GiB/);
  });

  it('a level written once, as a label, is no log: "Error: 8x A100 is not enough for 70b full" stays prose (invented)', () => {
    expect(kinds(segmentsOf('Error: 8x A100 is not enough for 70b full'))).toEqual(['prose']);
  });
});

describe('invented variations', () => {
  const TRACEBACK = [
    'Traceback (most recent call last):',
    '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1532, in _wrapped_call_impl',
    '    return self._call_impl(*args, **kwargs)',
    'RuntimeError: NCCL error in: 2 ranks, 7.00 GiB buffer, 79.15 ms timeout',
  ].join('\n');

  it('a traceback inside prose, no fence: the prose before and after it is read, the log is not', () => {
    const text = `llama-3-8b full bf16 on 2x A100 80GB\n${TRACEBACK}\nIt fails at step 3, seq 4096.`;
    const segments = segmentsOf(text);
    expect(kinds(segments)).toEqual(['prose', 'log', 'prose']);
    const read = words(text).join(' ');
    expect(read).toMatch(/hardware:.*2x A100 80GB/);
    expect(read).toMatch(/4096/);
    expect(read).not.toMatch(/79\.15|1532|7\.00/);
  });

  it.each([
    ['a fence without a language tag', '```\n', '\n```'],
    ['a fence with a language tag', '```text\n', '\n```'],
    ['a tilde fence', '~~~\n', '\n~~~'],
    ['spaces before the fence', '  ```\n', '\n  ```'],
  ])('%s holding a traceback: the fence is a log', (_name, open, close) => {
    const text = `qwen2.5-7b lora r16 on 1x 4090\n\n${open}${TRACEBACK}${close}\n`;
    const segments = segmentsOf(text);
    expect(kinds(segments)).toEqual(['prose', 'log']);
    expect(segments[1]!.fenced).toBe(true);
    expect(words(text).join(' ')).not.toMatch(/79\.15|1532/);
  });

  it('Chinese prose around a YAML config: the config is parsed and its keys read', () => {
    const text = '我用 4 张 A100 80G 训练，配置如下：\nmodel_name_or_path: Qwen/Qwen2.5-7B\nfinetuning_type: lora\nlora_rank: 16\nper_device_train_batch_size: 2\ncutoff_len: 4096\n请问显存够吗？';
    const segments = segmentsOf(text);
    expect(segments.map((s) => `${s.kind}/${s.rule}`)).toEqual(['prose/prose', 'config/config.yaml', 'prose/prose']);
    const read = words(text).join(' ');
    expect(read).toMatch(/lora/);
    expect(read).toMatch(/seq:/);
  });

  it('nested and flow YAML is read by the parser: a flow mapping under its parent key', () => {
    const block = 'zero_optimization:\n  stage: 3\n  offload_optimizer: {device: cpu, pin_memory: true}\nbf16:\n  enabled: true';
    const flow = 'zero_optimization: {stage: 3, offload_optimizer: {device: cpu, pin_memory: true}}\nbf16: {enabled: true}';
    for (const config of [block, flow]) {
      const text = `llama-2-13b full on 8x a100-80g\n${config}`;
      expect(segmentsOf(text).map((s) => s.rule)).toContain('config.yaml');
      const read = words(text).join(' ');
      expect(read).toMatch(/zero3|sharding/);
      expect(read).toMatch(/offload/);
    }
  });

  it("PyTorch's OOM message after a traceback is a report of its own: the card's capacity is read, the frames are not", () => {
    const oom = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 3.12 GiB is free.';
    const text = `llama-3-8b full bf16\n${TRACEBACK.split('\n').slice(0, 3).join('\n')}\n${oom}`;
    expect(segmentsOf(text).map((s) => `${s.kind}/${s.rule}`)).toEqual(['prose/prose', 'log/log.traceback', 'report/report.cuda-oom']);
    expect(words(text).join(' ')).not.toMatch(/1532/);
  });

  it('a label a system report shares with a bullet list is a log only beside the report', () => {
    const notes = 'Model name: Qwen2.5-72B-Instruct\nOS: Ubuntu 22.04\nI run it on 4x A100 80GB';
    expect(kinds(segmentsOf(notes))).toEqual(['prose']);
    const lscpu = 'deepseek-r1:671b on 4x 16 GB GPUs\nArchitecture:     x86_64\nCPU(s):           44\nModel name:       Intel(R) Xeon(R) Gold 6152 CPU @ 2.10GHz';
    const segments = segmentsOf(lscpu);
    expect(segments.map((s) => `${s.kind}/${s.rule}`)).toEqual(['prose/prose', 'log/log.system-report']);
    expect(lscpu.slice(segments[1]!.userStart)).toMatch(/^Architecture/);
  });

  it("an item read from a parsed config points at the user's own key and value, not past them", () => {
    const text = 'base_model: NousResearch/Llama-2-7b-hf\nlora_target_modules:\n  - q_proj\n  - v_proj\nsequence_len: 4096';
    const lora = itemsOf(text).find((i) => i.kind === 'lora')!;
    expect(lora.text).toBe('lora_target_modules:\n  - q_proj\n  - v_proj');
    expect(itemsOf(text).find((i) => i.kind === 'seq')!.text).toBe('sequence_len: 4096');
  });

  it("a container's log behind docker compose's prefix is a log; the launcher's arguments in it stay the setup", () => {
    const text = [
      'qwen2.5-7b on 1x l4, it OOMs',
      'vllm-1  | INFO 04-15 19:30:49 [__init__.py:239] Automatically detected platform cuda.',
      'vllm-1  | INFO 04-15 19:30:59 [api_server.py:1034] vLLM API server version 0.8.3',
    ].join('\n');
    expect(kinds(segmentsOf(text))).toEqual(['prose', 'log']);
    const ollama = 'time=2025-02-20T10:11:12.345Z level=INFO source=routes.go:1187 msg="server config" env="map[OLLAMA_NUM_PARALLEL:4]"';
    expect(segmentsOf(ollama).map((s) => s.rule)).toEqual(['config.launcher-args']);
  });

  it('a Python dict (single quotes, True) is a config', () => {
    const text = "mistral-7b inference on 1x l4\nparams = {'max_model_len': 8192, 'enforce_eager': True}";
    const segments = segmentsOf(text);
    expect(segments.at(-1)!.rule).toBe('config.python-dict');
  });

  it('a command with continuation lines is one command segment', () => {
    const text = 'this OOMs on 8x H100:\ntorchrun --nproc_per_node 8 train.py \\\n    --model_name_or_path meta-llama/Llama-3.1-8B \\\n    --per_device_train_batch_size 4\nany idea?';
    expect(segmentsOf(text).map((s) => `${s.kind}/${s.rule}`)).toEqual(['prose/prose', 'command/command.shell', 'prose/prose']);
  });
});

/** A line of a message, from a small grammar of what people paste. */
const n = fc.integer({ min: 0, max: 99999 });
const LOG_LINE = fc.oneof(
  // A printed setting ("… [api_server.py:12] max_num_seqs=12") is a config line now (segments/logged-settings.ts,
  // rseq13): the log's other numbers stay unread.
  n.map((x) => `INFO 04-15 19:30:49 [api_server.py:${x}] Avg prompt throughput: ${x} tokens/s, Running: ${x} reqs`),
  fc.tuple(n, n).map(([a, b]) => `  File "/usr/lib/python3.10/site-packages/x.py", line ${a}, in run_${b}`),
  fc.tuple(n, n).map(([a, b]) => `Loading checkpoint shards: ${a % 100}%|#####| ${a}/${b} [00:05<00:00,  1.32s/it]`),
  fc.tuple(n, n).map(([a, b]) => `[2024-05-02 10:11:12,345] [INFO] step ${a} loss ${b / 1000} 8 gpus 70b`),
  n.map((x) => `llm_load_tensors: offloaded ${x % 99}/${x} layers to GPU, 8x a100 ${x}gb`),
);
/** Tool output that describes the machine: read for the cards only (a report, not a log). */
const REPORT_LINE = fc.oneof(
  fc.tuple(n, n).map(([a, b]) => `|  0%   38C    P8    21W / 350W |  ${a}MiB / ${b}MiB |      0%      Default |`),
  n.map((x) => `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${x}.00 MiB. GPU 0 has a total capacity of ${x} GiB`),
);
const PROSE_LINE = fc.constantFrom('llama-3-8b inference on 1x a100-80g', 'any idea why?', '我用 2 张 4090', 'seq 4096 bs 2', '');
const OTHER_LINE = fc.oneof(
  fc.constantFrom('```', '```python', 'lora_r: 16', 'stage: 3', '{"a": 1,', '}', '- q_proj', 'x = {', 'python train.py \\', '  --bf16', '    indented code', '\t'),
  fc.string({ maxLength: 40 }),
);
const MESSAGE = fc.array(fc.oneof(PROSE_LINE, LOG_LINE, REPORT_LINE, OTHER_LINE), { maxLength: 30 }).map((lines) => lines.join('\n'));

function overlaps(item: { at: number; end: number }, segments: { userStart: number; userEnd: number }[]): boolean {
  return segments.some((s) => item.at < s.userEnd && s.userStart < item.end && item.end > item.at);
}

describe('properties', () => {
  it('the segments tile the text: in order, no gap, no overlap, none empty', () => {
    fc.assert(
      fc.property(MESSAGE, (text) => {
        const { segments } = segmentText(text);
        let at = 0;
        for (const s of segments) {
          expect(s.start).toBe(at);
          expect(s.end).toBeGreaterThan(s.start);
          at = s.end;
        }
        expect(at).toBe(text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('segmenting is linear: bounded work per line and per character, whatever the text', () => {
    const perLine = LINE_RULES.length + 2;
    fc.assert(
      fc.property(MESSAGE, fc.integer({ min: 1, max: 20 }), (text, copies) => {
        const long = Array.from({ length: copies }, () => text).join('\n');
        const lines = long.split('\n').length;
        expect(segmentText(long).work).toBeLessThanOrEqual(perLine * lines + 3 * long.length);
      }),
      { numRuns: 100 },
    );
    // Worst cases for a block scan: braces never closed, and YAML that never parses.
    for (const line of ['{', '[x', 'a: [', 'x = {', '- a: b: c']) {
      const long = Array.from({ length: 3000 }, () => line).join('\n');
      expect(segmentText(long).work).toBeLessThanOrEqual(perLine * 3000 + 3 * long.length);
    }
  });

  it('no number inside a log segment ever becomes an item', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(PROSE_LINE, LOG_LINE), { minLength: 1, maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const logs: TracedSegment[] = segmentsOf(text).filter((s) => s.kind === 'log');
        // The one item a log may give is an engine named by its own logger ("llm_load_tensors:"),
        // as weak evidence (segments/log-evidence.ts): a word, never a number.
        const inLogs = itemsOf(text).filter((item) => overlaps(item, logs));
        for (const item of inLogs) expect(item.kind === 'framework' && !/\d/.test(item.text), `${item.kind} "${item.text}" in a log`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
