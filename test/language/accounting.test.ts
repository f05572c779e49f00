import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { numbersIn } from '../../src/language/accounting.js';
import { isFiller } from '../../src/language/filler.js';
import { isForeignFiller } from '../../src/language/foreign-filler.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { corpusEstimates } from '../corpus/estimates.js';
import { freshParse } from '../corpus/fresh.js';

/**
 * Issue 22, item 4: every number of the user's text outside logs is used by a fact or listed once
 * as not used, never both, and filler is never listed.
 */

type Span = { at: number; end: number };
const overlaps = (a: Span, b: Span) => a.at < b.end && b.at < a.end;

const estimates = corpusEstimates();

/** The spans the reply's stated facts read, and those it lists as not used. */
function spansOf(reply: EstimateReply) {
  // A fact's own span and the places the message says it again (a card's memory said twice).
  const facts = (reply.trace ?? []).filter((f) => f.at !== null).flatMap((f) => [{ at: f.at!, end: f.end! }, ...(f.also ?? [])]);
  return { facts, notUsed: reply.notUsed ?? [] };
}

/**
 * The numbers of a line outside its logs, found once per line: a long line is parsed afresh each
 * time (the parser remembers only short texts), and both the per-line cases and their count need them.
 */
const numbersOf = new Map<string, Span[]>();
function numbersOutsideLogs(text: string): Span[] {
  let found = numbersOf.get(text);
  if (!found) {
    // Parsed once per worker: fact-trace parses the same lines.
    const parsed = freshParse(text);
    numbersOf.set(text, (found = numbersIn(text, parsed.ok ? parsed.logs : [])));
  }
  return found;
}

describe('every number is accounted for (corpus)', () => {
  // One case per line, each with its own budget: ~430 long lines parsed afresh were one test of
  // ~8 s of CPU, past the 20 s a test gets on a loaded 2-core machine.
  it.each(estimates.map(({ line, reply }) => [line.id, line.text, reply] as const))('%s: each number outside logs is inside a fact span or a not-used span', (id, text, reply) => {
    const { facts, notUsed } = spansOf(reply);
    for (const n of numbersOutsideLogs(text)) {
      const covered = facts.some((f) => overlaps(f, n)) || notUsed.some((u) => overlaps(u, n));
      expect(covered, `${id}: ${JSON.stringify(text.slice(n.at, n.end))} at ${n.at}`).toBe(true);
    }
  });

  it('the lines above hold more than 1000 numbers outside logs (their cases are not vacuous)', () => {
    const numbers = estimates.reduce((sum, { line }) => sum + numbersOutsideLogs(line.text).length, 0);
    expect(numbers).toBeGreaterThan(1000);
  });

  it('no not-used span overlaps a fact span or another not-used span', () => {
    for (const { line, reply } of estimates) {
      const { facts, notUsed } = spansOf(reply);
      notUsed.forEach((u, i) => {
        expect(facts.some((f) => overlaps(f, u)), `${line.id}: ${u.words}`).toBe(false);
        expect(notUsed.some((v, j) => j !== i && overlaps(u, v)), `${line.id}: ${u.words}`).toBe(false);
      });
    }
  });

  it('each not-used entry is the user text at its span', () => {
    for (const { line, reply } of estimates) {
      for (const u of reply.notUsed ?? []) if (u.at >= 0) expect(line.text.slice(u.at, u.end), line.id).toBe(u.words);
    }
  });

  it('no filler is listed: not in "Not used", not in "not read" (a config key is a key, even "dataset")', () => {
    for (const { line, reply } of estimates) {
      const notRead = reply.notices.find((n) => n.startsWith('not read:')) ?? '';
      // A key is a key, and an item the resolver set aside was read as an item ("gguf" beside a
      // file name in c364): neither is filler, whatever the word.
      const words = (reply.notUsed ?? []).filter((u) => u.kind !== 'key' && u.kind !== 'set-aside').map((u) => u.words);
      const listed = [...words, ...[...notRead.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)];
      for (const word of listed) {
        expect(isFiller(word.toLowerCase()), `${line.id}: ${word}`).toBe(false);
        expect(isForeignFiller(word), `${line.id}: ${word}`).toBe(false);
      }
    }
  });
});

describe('contractions that point at what follows are filler', () => {
  it("\"Here's the error:\", \"there's\", \"that's\" before a pasted log are never listed as not read", () => {
    // A stranger's post at the ninth session's review listed "Here's" under "not read".
    for (const lead of ["Here's the error:", "There's the traceback:", "That's the config:"]) {
      const reply = respond(`Getting OOM fine-tuning mistral 7b with qlora on a T4, batch size 4. ${lead}\n\ntorch.cuda.OutOfMemoryError: CUDA out of memory.`, null).reply as EstimateReply;
      const notRead = reply.notices.find((n) => n.startsWith('not read:')) ?? '';
      expect(notRead, lead).not.toMatch(/here's|there's|that's/i);
    }
  });
});

describe('a number no fact uses is listed, once', () => {
  it('a rate, a version or a step count beside a setup is listed as not used, and nothing the setup used is', () => {
    const said = fc.constantFrom('about {n} it/s', 'every {n} steps', 'torch {n}.1', 'port {n}');
    fc.assert(
      fc.property(said, fc.integer({ min: 11, max: 999 }), (phrase, n) => {
        const text = `llama-3-8b lora on 2x 4090, seq 2048 — ${phrase.replace('{n}', String(n))}`;
        const reply = respond(text, null).reply as EstimateReply;
        const listed = (reply.notUsed ?? []).filter((u) => u.words.includes(String(n)));
        expect(listed.length).toBe(1);
        for (const used of ['2048', '2x', '4090']) expect(reply.ignored.some((w) => w.includes(used))).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it('a config key set aside is listed with its value, once', () => {
    const text = 'qwen2.5-7b lora\n--learning_rate 2e-5 \\\n--num_train_epochs 3 \\\n--per_device_train_batch_size 4';
    const reply = respond(text, null).reply as EstimateReply;
    expect(reply.ignored).toContain('--learning_rate 2e-5');
    expect(reply.ignored).toContain('--num_train_epochs 3');
    expect(reply.ignored.filter((w) => w.includes('2e-5'))).toHaveLength(1);
    expect(reply.ignored.some((w) => w.includes('batch_size'))).toBe(false);
  });
});

describe('numbers as people write them', () => {
  const numbers = (text: string) => numbersIn(text).map((s) => text.slice(s.at, s.end));

  it('digits inside a name belong to the name', () => {
    expect(numbers('Qwen2.5-7B on an H100, OpenR1-Math-220k')).toEqual([]);
  });

  it('digits with units, ranges, exponents and counter words are numbers', () => {
    expect(numbers('8 GPUs, 96G each, every 2-3 steps, lr 1.0e-5, 4k tokens')).toEqual(['8', '96G', '2-3', '1.0e-5', '4k']);
    expect(numbers('dual 3090, two nodes')).toEqual(['dual', '3090', 'two']);
    expect(numbers('两张卡，八卡')).toEqual(['两', '八']);
  });
});

describe('filler is never listed (real lines)', () => {
  // Lines written like corpus lines that carry 我用 / 的 / 请问 / 吗 / "now" / "please" around a setup.
  const lines = [
    '请问我用 4090 跑 qwen2.5-7b 的 lora 可以吗',
    '我用的是 2 张 A100 80G，请问 llama-3-70b 推理需要多少显存吗',
    'now please run llama-3-8b on 2 4090s thanks',
    '4090 24G로 llama 3 8b를 돌릴 수 있나요?',
    '我们用4张A800 80G全参微调Qwen2.5-14B，序列长度8192，deepspeed zero3，会不会爆显存？',
    '请问用两张3090（每张24G）做Qwen2.5-7B的LoRA微调，cutoff_len 4096，开了deepspeed zero2，会不会爆显存？之前用单卡A100跑过是没问题的。',
  ];
  const FILLER_WORDS = ['请问', '我用', '的', '吗', '可以吗', '会不会', 'now', 'please', 'thanks', '로', '를', '돌릴', '수', '있나요', '做', '开了', '之前用', '过是没问题的'];

  for (const text of lines) {
    it(`lists no filler: ${text}`, () => {
      const reply = respond(text, null).reply as EstimateReply;
      expect(reply.kind).toBe('estimate');
      const notRead = reply.notices.find((n) => n.startsWith('not read:')) ?? '';
      const listed = [...reply.ignored, ...[...notRead.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)];
      for (const word of FILLER_WORDS) expect(listed).not.toContain(word);
    });
  }

  it('a word inside a span a fact used is never listed', () => {
    const text = 'I use 8 * H100 80GB to finetune llama-3-70b with lora, seq 4096 please';
    const reply = respond(text, null).reply as EstimateReply;
    const facts = reply.trace!.filter((f) => f.at !== null);
    for (const u of reply.notUsed ?? []) expect(facts.some((f) => overlaps({ at: f.at!, end: f.end! }, u)), u.words).toBe(false);
    expect(reply.ignored).toEqual([]);
  });
});
