import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Issue 22, item 5: `bf16: auto` turns bf16 on where the card supports it and leaves it off
 * elsewhere — the card decides. axolotl reads it as pure bf16 on an Ampere card and fp16 on a V100
 * or T4, so the precision is a weak fact, said on the first screen with how to correct it.
 */

function precision(text: string): { value: string; weak: boolean; notice: string | undefined } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'precision' && t.at !== null);
  if (!f) throw new Error(`no precision read in: ${text}`);
  return { value: f.value, weak: f.weak, notice: r.notices.find((n) => n.startsWith('precision ')) };
}

// c242 (axolotl-ai-cloud/axolotl#1717), as posted.
const AXOLOTL = corpusText('c242');

describe('bf16: auto', () => {
  it.each([
    ['the real config', AXOLOTL],
    ['the value quoted', AXOLOTL.replace('bf16: auto', 'bf16: "auto"')],
    ['another order, fp16 first', AXOLOTL.replace('bf16: auto\nfp16: ', 'fp16:\nbf16: auto')],
    ['written as a flag', 'lora llama-3-8b on a 4090 --bf16 auto --per_device_train_batch_size 2'],
  ])('is weak, said with how to correct it: %s', (_, text) => {
    const read = precision(text);
    expect(read.value).toMatch(/bf16/);
    expect(read.weak).toBe(true);
    expect(read.notice).toMatch(/from ".*auto.*"\? say "fp16" if your card has no bf16/);
  });

  it.each([
    ['bf16: true', AXOLOTL.replace('bf16: auto', 'bf16: true')],
    ['--bf16', 'lora llama-3-8b on a 4090 --bf16 --per_device_train_batch_size 2'],
  ])('a stated %s is not weak', (_, text) => {
    const read = precision(text);
    expect(read.weak).toBe(false);
    expect(read.notice).toBeUndefined();
  });
});
