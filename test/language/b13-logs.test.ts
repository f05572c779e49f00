import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { saidWeak } from '../../src/scenario/facts.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, sameShape } from './reading-fixtures.js';

/**
 * Batch b13 (issue 22): logs and reports set nothing. A launcher's failure summary, an engine's
 * log lines and a cut PyTorch OOM message are recognised by their shape, in any engine; the words
 * in them are no unread words and their numbers no settings.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const unreadOf = (text: string) => {
  const outcome = parseRequest(text);
  return outcome.ok ? outcome.unread.map((u) => u.word) : [];
};
const canonical = (text: string) => canonicalText(read(text).scenario);

/** torchelastic's summary as it prints it (torch/distributed/elastic/multiprocessing/errors), with its figures given. */
function failureSummary(script: string, rank: number, exitcode: number, pid: number): string {
  return [
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
    '============================================================',
    `${script} FAILED`,
    '------------------------------------------------------------',
    'Failures:',
    '  <NO_OTHER_FAILURES>',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2024-02-11_09:15:02',
    '  host      : node7.cluster',
    `  rank      : ${rank} (local_rank: ${rank})`,
    `  exitcode  : ${exitcode} (pid: ${pid})`,
    `  error_file: /tmp/torchelastic_abc/none_x/attempt_0/${rank}/error.json`,
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '============================================================',
  ].join('\n');
}

describe("a launcher's failure summary is a log (MoFHeka/LLaMA-Megatron#1, c530)", () => {
  it('the real line: one log from ChildFailedError on; its "rank : 1" is no LoRA, its script still names Megatron', () => {
    const text = lineText('c530');
    const logs = segmentsOf(text).filter((s) => s.kind === 'log');
    expect(logs).toHaveLength(1);
    expect(text.slice(logs[0]!.userStart, logs[0]!.userEnd)).toContain('rank      : 1 (local_rank: 1)');
    const { scenario } = read(text);
    expect(scenario.lora ?? null).toBeNull();
    expect(scenario.framework).toBe('megatron');
    expect(unreadOf(text)).not.toContain('exitcode');
  });

  it.each([
    ['full finetune llama-2-7b on 8x a100-80g, it crashed:', 'train.py'],
    ['训练 qwen2-7b 全参 8卡 H100 报错：', 'finetune.py'],
    ['Pretraining a 1.3b model with torchrun on 2x 4090 fails like this', 'run_clm.py'],
  ])('after %j, with any rank, exit code and pid, the summary changes nothing', (prose, script) => {
    const alone = canonical(prose);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 511 }), fc.integer({ min: 1, max: 255 }), fc.integer({ min: 2, max: 4_000_000 }), (rank, exitcode, pid) => {
        expect(canonical(`${prose}\n\`\`\`\n${failureSummary(script, rank, exitcode, pid)}\n\`\`\``)).toBe(alone);
      }),
      { numRuns: 8 },
    );
  });

  it('unfenced, after a blank line, the summary is still one log', () => {
    const text = `llama-2-13b lora r16 on 4x a100-40g\n\n${failureSummary('finetune.py', 3, 1, 777)}`;
    expect(segmentsOf(text).filter((s) => s.kind === 'log')).toHaveLength(1);
    expect(read(text).scenario.lora?.rank).toBe(16);
  });

  it('torch 2.4 rank prefixes, NCCL lines and c10d glog lines are logs too', () => {
    const lines = [
      '[rank1]:   File "/workspace/train.py", line 88, in <module>',
      'gpu5:23252:23252 [1] NCCL INFO Bootstrap : Using eth0:10.0.0.5<0>',
      '[E ProcessGroupNCCL.cpp:475] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=1800000)',
      'E1010 12:00:00.123456 4242 socket.cpp:663] [c10d] The client socket has timed out after 900s',
    ];
    for (const line of lines) expect(segmentsOf(line).map((s) => s.kind)).toEqual(['log']);
    expect(canonical(`llama-2-7b full on 2x a100-80g\n${lines.join('\n')}`)).toBe(canonical('llama-2-7b full on 2x a100-80g'));
  });
});

describe('a bare `rank` key is LoRA\'s only beside LoRA', () => {
  it.each([
    // mlx-lm's adapter block (ml-explore/mlx#1406, c472).
    ['lora llama-3.1-8b on 1x 128GB\n```yaml\nlora_parameters:\n  keys: ["self_attn.q_proj"]\n  rank: 16\n```', 16],
    // unslothai/unsloth#2937 (c328): the LoRA is named in prose.
    ['finetuning a lora adapter of llama-3-8b on an a100, rank=16', 16],
    // Invented: a PEFT key beside it.
    ['llama-2-7b on a 4090\n```yaml\nrank: 32\nlora_alpha: 64\n```', 32],
  ])('%j reads LoRA r%i', (text, rank) => {
    expect(read(text).scenario.lora?.rank).toBe(rank);
  });

  it.each([
    ['full finetune llama-2-7b on 2x a100-80g\n```yaml\nrank: 1\nworld_size: 2\n```'],
    ['full finetune llama-2-7b on 2x a100-80g, shard rank=0 started'],
  ])('%j sets no LoRA', (text) => {
    expect(read(text).scenario.lora ?? null).toBeNull();
  });
});

describe('server and engine logs by their shape', () => {
  it('lmdeploy: the shell prompt is no words, the command after it is a command, TurboMind\'s lines a log (InternLM/lmdeploy#519, c542)', () => {
    const text = lineText('c542');
    const segments = segmentsOf(text);
    expect(segments.find((s) => s.kind === 'command')).toBeDefined();
    const unread = unreadOf(text);
    for (const word of ['root', 'dell', 'TM', 'Barrier', 'NCCL', 'LlamaCacheManager', 'malloc', 'take', 'long']) expect(unread).not.toContain(word);
  });

  it('a level in capitals goes on with a log; a sentence that opens with "Error:" before a traceback is still read', () => {
    const log = 'WARNING: Can not find tokenizer.json.\n[TM][INFO] Barrier(1)';
    expect(segmentsOf(`serve internlm-20b on an a40\n${log}`).map((s) => s.kind)).toEqual(['prose', 'log']);
    const said = 'Error: I run llama-2-7b full with bs 4 on a 4090 and get\nTraceback (most recent call last):\n  File "train.py", line 3, in <module>';
    expect(segmentsOf(said).map((s) => s.kind)).toEqual(['prose', 'log']);
    expect(read(said).scenario.microBatch).toBe(4);
  });

  it.each([
    ['root@dell:/workdir/build# CUDA_VISIBLE_DEVICES=0 python3 -m vllm.entrypoints.api_server --model x'],
    ['[gohary@MainPC llama.cpp]$ ./llama-cli -m models/m.gguf -ngl 99'],
    ['(venv) ana@box:~/work$ torchrun --nproc_per_node 8 train.py'],
    ['user@host:~% accelerate launch train.py'],
  ])('a prompt before a command: %j is a command', (line) => {
    expect(segmentsOf(line).map((s) => s.kind)).toEqual(['command']);
  });

  it('llama.cpp: the build line and the metadata dump after ./llama-cli are its log (ggml-org/llama.cpp#9517, c554)', () => {
    const text = lineText('c554');
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(true);
    const unread = unreadOf(text);
    for (const word of ['gohary', 'MainPC', '23e0d70b', 'GCC', 'x86_64-pc-linux-gnu']) expect(unread).not.toContain(word);
    // "build: 3772" is no GPU.
    expect(read(`${text}\non a 12GB card`).scenario.hardware?.count).toBe(1);
  });

  it("TGI: the launcher's runtime-environment dump is its log (huggingface/text-generation-inference#3105, c550)", () => {
    const text = lineText('c550');
    const unread = unreadOf(text);
    for (const word of ['Target', 'Cargo', 'Commit', 'sha', 'label']) expect(unread).not.toContain(word);
  });

  it.each([
    ['[TM][INFO] [LlamaCacheManager] max_entry_count = 4'],
    ['[Engine][WARNING] kv cache blocks: 2048'],
    ['[2024-05-01 10:00:00][sglang][ERROR] out of memory'],
    ['[Rank 0][ERROR] cuda malloc of 4096 MiB failed'],
  ])('a level after its logger\'s tags: %j is a log line', (line) => {
    expect(segmentsOf(`serve llama-2-7b on an a100\n${line}`).at(-1)!.kind).toBe('log');
  });

  it.each([
    ['(VllmWorker rank=1 pid=3301) INFO 04-15 19:31:00 [gpu_model_runner.py:1329] Model loading took 14.99 GiB'],
    ['(APIServer pid=1234) WARNING 08-20 10:00:00 [api_server.py:101] max_num_seqs 256'],
    ['(EngineCore_0 pid=77) ERROR 08-20 10:00:01 [core.py:588] CUDA out of memory'],
  ])("vLLM's process tag before its level: %j is a log line, its rank no LoRA", (line) => {
    const text = `serve qwen2-7b with vllm on 2x l40s tp 2\n${line}`;
    expect(segmentsOf(text).at(-1)!.kind).toBe('log');
    expect(canonical(text)).toBe(canonical('serve qwen2-7b with vllm on 2x l40s tp 2'));
  });

  it('numbers inside tagged or timestamped log lines set nothing, whatever they are', () => {
    const prose = 'serve llama-2-13b with vllm on 2x a100-80g tp 2';
    const alone = canonical(prose);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 3, maxLength: 3 }), ([a, b, c]) => {
        const log = [
          `[TM][INFO] [LlamaCacheManager] max_entry_count = ${a}`,
          `WARNING: max batch size ${b}, tp ${c}`,
          `2025-03-13T08:36:37.262517Z  INFO text_generation_launcher: Sharding model on ${c} processes`,
        ].join('\n');
        expect(canonical(`${prose}\n\`\`\`\n${log}\n\`\`\``)).toBe(alone);
      }),
      { numRuns: 12 },
    );
  });

  it("an engine's logger is weak evidence of the engine where nothing else names one", () => {
    const text = lineText('c550');
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.framework).toBe('tgi');
    expect(saidWeak(r.trace ?? []).map((f) => f.fact)).toContain('framework');
    // Named in prose, the engine the user names stands; the logger adds nothing.
    const named = `serve gemma-3-27b with vllm on 4x h100\n2025-03-13T08:36:37.262517Z  INFO text_generation_launcher: Runtime environment:`;
    expect(read(named).scenario.framework).not.toBe('tgi');
  });

  it('each evidence rule finds its own example', () => {
    for (const rule of LOG_EVIDENCE) expect(rule.pattern.test(rule.example.toLowerCase()), rule.id).toBe(true);
  });
});

describe('the PyTorch OOM message in all its cuts (InternLM/InternLM-XComposer#205, c545)', () => {
  const message =
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 MiB (GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated; 9.06 MiB free; 31.40 GiB reserved in total by PyTorch)';
  const message21 =
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB memory in use.';

  it('the real line reads: no GPU count of 0', () => {
    expect(read(lineText('c545')).scenario.hardware?.count).toBe(1);
  });

  it.each([
    ['inference llama-2-7b fp16 on 1x v100-32g', message],
    ['inference llama-2-7b fp16 on 1x v100-32g', message21],
    ['推理 qwen2-7b 1卡 A100 80G 报错', message21],
  ])('after %j, every cut of the message reads as the setup alone', (prose, full) => {
    const alone = canonical(prose);
    const start = full.indexOf('Tried');
    fc.assert(
      fc.property(fc.integer({ min: start, max: full.length }), (cut) => {
        expect(canonical(`${prose}\n\`\`\`\n${full.slice(0, cut)}\n\`\`\``)).toBe(alone);
      }),
      { numRuns: 25 },
    );
  });

  it('wrapped onto its own line, the capacity part is still the report, not a count of GPU 0', () => {
    const text = 'inference llama-2-7b on 1x v100-32g\nCUDA out of memory. Tried to allocate 16.00 MiB\n(GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated;';
    expect(read(text).scenario.hardware?.count).toBe(1);
  });
});

describe('a training message is not read as inference for its "output" (NVIDIA/Megatron-LM#525, c531)', () => {
  it.each([
    ["I'm trying to train a gpt2 large(774M) model on V100-32GB GPU. It will always show this error, [attache with my terminal output](https://github.com/x/y).", 'gpt2-large full on 1x v100-32g'],
    ['finetune llama-2-7b on a 4090, here is the output:', 'llama-2-7b full on 1x 4090'],
    ['training qwen2-7b on 2x a100-80g, see the console output below', 'qwen2-7b full on 2x a100-80g'],
  ])('%j', (text, reading) => {
    sameShape(text, reading);
  });

  it('with a number, output is still the generated length', () => {
    expect(canonical('llama-2-7b inference output 256 on a 4090')).toBe(canonical('llama-2-7b inference gen 256 on a 4090'));
    expect(read('llama-2-7b generate on a 4090').scenario.mode).toBe(read('llama-2-7b inference on a 4090').scenario.mode);
  });
});
