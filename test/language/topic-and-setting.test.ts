import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

describe('a switch named in prose and set by a config key: the key sets it', () => {
  // Cause seen in ollama/ollama#9730 (c148): a title "| Flash Attention |" then "FLASH_ATTENTION false".
  it('"Flash Attention" as a topic and "flash_attention: false" read as no flash, with a note', () => {
    const out = parseRequest('serve mistral-7b | Flash Attention | slow\nflash_attention: false');
    if (!out.ok) throw new Error(out.error.message);
    const attention = out.items.filter((i) => i.kind === 'attention');
    expect(attention.map((i) => [i.text, (i as { value: string }).value])).toEqual([['flash_attention: false', 'eager']]);
    expect(out.notes.join(' ')).toMatch(/"Flash Attention" is the message talking about it/);
  });
  it('two prose mentions that disagree stay a contradiction', () => {
    const out = parseRequest('serve mistral-7b with flash attention and no flash attention');
    if (out.ok) expect(new Set(out.items.filter((i) => i.kind === 'attention').map((i) => JSON.stringify((i as { value: unknown }).value))).size).toBe(2);
  });
});

describe('two short words joined by a slash are prose, not a Hub repo', () => {
  // Cause seen in ollama/ollama#9730 (c148): "28%/72% CPU/GPU" read as the Hub repo cpu/gpu (a second model).
  it('"CPU/GPU" and "fp16/bf16" name no model', () => {
    const out = parseRequest('serve mistral-7b, split 30%/70% CPU/GPU, fp16/bf16 both fail');
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.filter((i) => i.kind === 'hub')).toEqual([]);
  });
  it('a real repo id stays a Hub repo', () => {
    const out = parseRequest('serve mistralai/Mistral-7B-v0.1 on a 4090');
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.some((i) => i.kind === 'hub' || i.kind === 'model')).toBe(true);
  });
});
