import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_MARKERS, LOG_WORDS } from '../../src/diagnose/detect/index.js';
import { LIBRARY_PATTERNS } from '../../src/diagnose/detect/libraries.js';
import { NUMERIC_PATTERNS } from '../../src/diagnose/detect/numerics.js';
import { TORCH_PATTERNS } from '../../src/diagnose/detect/pytorch.js';
import { SERVING_PATTERNS } from '../../src/diagnose/detect/serving.js';
import { diagnose, readPaste } from '../../src/diagnose/index.js';
import { FIELD_WINDOW, MAX_ANCHORS, MAX_INPUT_CHARS } from '../../src/diagnose/text.js';
import { respond } from '../../src/core/assistant.js';
import { allFixtures } from './fixtures.js';

const PATTERNS = [...TORCH_PATTERNS, ...SERVING_PATTERNS, ...LIBRARY_PATTERNS, ...NUMERIC_PATTERNS, ERROR_MARKERS];

/**
 * The work bound the detectors keep (src/diagnose/text.ts): a fixed number of whole-text scans
 * (each pattern once, every line once for NaN) plus at most MAX_ANCHORS windows of FIELD_WINDOW
 * characters for each field pattern. The per-character constant counts the whole-text patterns.
 */
const WHOLE_TEXT_SCANS = 40;
const WINDOW_SCANS = 16;
function workBound(length: number): number {
  return WHOLE_TEXT_SCANS * Math.min(length, MAX_INPUT_CHARS) + WINDOW_SCANS * MAX_ANCHORS * FIELD_WINDOW;
}

/** Pieces of the real messages, to build inputs that wake every detector at once. */
const PIECES = [
  'Tried to allocate ', '2.00 GiB', '. GPU 0 has a total capacity of ', ' of which ', ' is free. ', 'Process 12 has ', ' memory in use. ',
  '(GPU 0; ', ' total capacity; ', ' already allocated; ', ' free; ', ' reserved in total by PyTorch)', 'CUDA out of memory. ', 'HIP out of memory. ',
  "The model's max seq len (", ') is larger than the maximum number of tokens that can be stored in KV cache (', 'KV cache is needed, which is larger than the available KV cache memory (',
  'Not enough memory to handle ', ' prefill tokens', 'allocating 1.00 MiB on device 0: cudaMalloc failed: out of memory', 'failed to allocate CUDA0 buffer of size ',
  'CUBLAS_STATUS_ALLOC_FAILED', "NCCL WARN Cuda failure 'out of memory'", '[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: ', ', reducing to ',
  'Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to ', "'loss': nan, ", 'grad_norm: nan', 'lr: ', '1', '0', '.', ' ', '\n', '```', '(', ')', ';', ':', '=',
  'Traceback (most recent call last)', 'RuntimeError: ', 'GiB', 'MiB', 'bytes', 'e-05', '9999999999',
];

const logLike = fc.array(fc.constantFrom(...PIECES), { maxLength: 400 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: 'binary', maxLength: 500 }), logLike);

describe('detectors on any input', () => {
  it('a text that reads as a log holds one of the words diagnose checks for first (property)', () => {
    // Pieces cut anywhere (not only at words) and run through the same flattening as the detectors.
    const cutPieces = fc.array(fc.constantFrom(...PIECES).chain((p) => fc.integer({ min: 0, max: p.length }).map((i) => (i % 2 ? p.slice(i) : p.slice(0, i)))), { maxLength: 60 });
    const texts = fc.oneof(anyText, cutPieces.map((parts) => parts.join('')), cutPieces.map((parts) => parts.join('```py')));
    fc.assert(
      fc.property(texts, (text) => {
        if (readPaste(text).errorLike) expect(LOG_WORDS.test(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    for (const f of allFixtures()) if (readPaste(f.text).errorLike) expect(LOG_WORDS.test(f.text), f.name).toBe(true);
  });

  it('never throw, and stay within the linear work bound (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const reading = readPaste(text);
        expect(reading.work).toBeLessThanOrEqual(workBound(text.length));
        expect(() => diagnose(text, () => null)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('real messages keep their diagnosis with noise around them and repeated, and never throw cut short (property)', () => {
    const fixtures = allFixtures().filter((f) => f.name !== 'unreadable-illegal-access');
    fc.assert(
      fc.property(fc.constantFrom(...fixtures), fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 4 }), (f, noise, times) => {
        const alone = diagnose(f.text, () => null)!.reply;
        // Repeating a single skipped step makes it repeated halving: a different, correct reading.
        const copies = alone.cause === 'loss-scale-ok' ? 1 : times;
        const surrounded = diagnose(`${noise.replace(/[A-Za-z]/g, ' ')}\n${Array(copies).fill(f.text).join('\n')}\n${noise.replace(/[A-Za-z]/g, ' ')}`, () => null);
        expect(surrounded?.reply.cause).toBe(alone.cause);
        const cut = f.text.slice(0, Math.floor(f.text.length / 2));
        expect(() => diagnose(cut, () => null)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('a message a terminal or chat client wrapped at any width reads the same (property)', () => {
    const messages = allFixtures().filter((f) => /^torch|^hip|^vllm|^tgi/.test(f.name));
    fc.assert(
      fc.property(fc.constantFrom(...messages), fc.integer({ min: 20, max: 120 }), (f, width) => {
        const words = f.text.split(' ');
        const lines: string[] = [];
        let line = '';
        for (const word of words) {
          if (line && line.length + word.length + 1 > width) {
            lines.push(line);
            line = word;
          } else line = line ? `${line} ${word}` : word;
        }
        lines.push(line);
        expect(readPaste(lines.join('\n')).findings).toEqual(readPaste(f.text).findings);
      }),
      { numRuns: 100 },
    );
  });

  it('work on a huge paste is that of its first MAX_INPUT_CHARS characters: the rest is never read', () => {
    const block = allFixtures().map((f) => f.text).join('\n');
    const huge = block.repeat(Math.ceil((4 * MAX_INPUT_CHARS) / block.length));
    const capped = readPaste(huge.slice(0, MAX_INPUT_CHARS));
    const full = readPaste(huge);
    expect(full.length).toBe(MAX_INPUT_CHARS);
    expect(full.work).toBe(capped.work);
    expect(full.work).toBeLessThanOrEqual(workBound(huge.length));
  });

  it('adversarial repetition of one anchor reads at most MAX_ANCHORS windows', () => {
    for (const piece of ['Tried to allocate ', 'max seq len (', 'Not enough memory to handle ', 'cudaMalloc failed: out of memory\n', 'loss: nan\n', '(((((((((( ']) {
      const text = piece.repeat(Math.ceil(MAX_INPUT_CHARS / piece.length));
      expect(readPaste(text).work, piece).toBeLessThanOrEqual(workBound(text.length));
    }
  });

  it('respond() never throws on generated pastes, in a thread or not (property)', () => {
    const state = respond('7b lora on a 4090', null).state;
    fc.assert(
      fc.property(logLike, fc.boolean(), (text, inThread) => {
        const turn = respond(text, inThread ? state : null);
        expect(['estimate', 'help', 'error', 'diagnosis']).toContain(turn.reply.kind);
        if (turn.reply.kind === 'diagnosis' && !turn.reply.readable) expect(turn.reply.headline).not.toContain('\n');
      }),
      { numRuns: 100 },
    );
  });
});

describe('patterns cannot backtrack', () => {
  it('no unbounded quantifier applies to a group: every +, * and {n,} follows one character or class', () => {
    for (const p of PATTERNS) expect(p.source, p.source).not.toMatch(/\)(?:[+*]|\{\d+,\})/);
  });

  it('no pattern repeats an unbounded class right after another that overlaps it (\\s*\\s*, .*.*)', () => {
    for (const p of PATTERNS) expect(p.source, p.source).not.toMatch(/(?:\\s|\.|\\w|\\d)[+*]\??(?:\\s|\.|\\w|\\d)[+*]/);
  });
});
