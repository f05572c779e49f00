import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../src/language/segments/index.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * A line of only a date and time (nvidia-smi's first line, `date`'s output) is a log: its day and
 * hour never set the setup. Found by bench:variations' nvidia-smi-header-after shape, where
 * "Tue Mar 12 10:21:07 2024" had read as 12 GPUs, a micro-batch of 12 or 12 layers; the real line is
 * meta-llama/codellama#82 (corpus c429): "# nvidia-smi\nSun Sep  3 13:32:02 2023".
 */

const reading = (text: string): string => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'no scenario' : `refused: ${r.error.message}`;
};

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Wednesday'];
const MONTHS = ['Jan', 'Mar', 'Sep', 'Dec', 'December'];
const dateLine = fc
  .tuple(fc.constantFrom(...DAYS), fc.constantFrom(...MONTHS), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 2019, max: 2026 }), fc.boolean())
  .map(([d, m, day, h, min, y, pad]) => `${d} ${m} ${pad && day < 10 ? ' ' : ''}${day} ${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:07 ${y}`);

describe('a date line is a log', () => {
  it('the real line: nvidia-smi\'s first line in meta-llama/codellama#82', () => {
    const text = '```\n# nvidia-smi\nSun Sep  3 13:32:02 2023\n+-----------------------------------------------------------------------------+\n```';
    const date = segmentsOf(text).find((s) => text.slice(s.userStart, s.userEnd).includes('Sun Sep'));
    expect(date?.rule).toBe('log.date-line');
  });

  it('a setup reads the same with any date line after it, alone or before an nvidia-smi header', () => {
    const setup = fc.constantFrom('llama-2-7b lora on a 3090', 'fine-tune qwen2.5-7b with deepspeed zero3 on 8x A100 80GB', 'gemma-3-27b inference on a 24GB card, seq 8192');
    const header = '+---------------------------------------------------------------------------------------+\n| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |';
    fc.assert(
      fc.property(setup, dateLine, fc.boolean(), (s, date, withHeader) => {
        // Beside a line of thanks, not alone: a message of several lines is read tolerantly either way.
        expect(reading(`${s}\n\n${date}${withHeader ? `\n${header}` : ''}`)).toBe(reading(`${s}\nthanks`));
      }),
      { numRuns: 40 },
    );
  });

  it('a sentence that starts with a date is still prose', () => {
    const text = 'Tue Mar 12 I fine-tuned llama-2-7b on 2 GPUs';
    expect(segmentsOf(text).map((s) => s.kind)).toEqual(['prose']);
  });
});
