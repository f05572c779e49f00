import { describe, expect, it } from 'vitest';
import { scriptOf } from '../../src/language/config-keys/script-constants.js';
import { noRequestSpans } from '../../src/language/no-request.js';
import { clausesOf } from '../../src/language/owners/clauses.js';

/**
 * The request path's cuts of the speed2 session (issue 22): each reads as it did, with less work
 * for the typical message. scriptOf compiles its assignment patterns once and asks `includes`
 * first; noRequestSpans scans with allMatches (no copy of each pattern per call); a message with no
 * fence skips the search for fenced blocks.
 */

describe('scriptOf with its patterns compiled once', () => {
  it.each([
    'MICRO_BATCH_SIZE = 4\nCUTOFF_LEN = 256\nLORA_R = 8'.toLowerCase(),
    'def train(\n    micro_batch_size: int = 4,\n    cutoff_len: int = 256,\n    lora_r: int = 8,\n):',
    '我的配置：\nlora_r=8\ncutoff_len=512\nmicro_batch_size=2',
  ])('the constants assigned, in any order or notation, name the script: %#', (src) => {
    expect(scriptOf(src)?.says).toBe('int8');
    // Asked again, the same answer: the compiled patterns keep no state between messages.
    expect(scriptOf(src)?.says).toBe('int8');
  });

  it.each([
    // all three named, none assigned at the start of a line
    'i set micro_batch_size, cutoff_len and lora_r like the readme',
    // two of three assigned
    'micro_batch_size = 4\ncutoff_len = 256',
    // a comparison, not an assignment
    'micro_batch_size == 4\ncutoff_len == 256\nlora_r == 8',
    // none of them
    '7b lora on a 4090',
  ])('not the script where a key is missing or not assigned: %#', (src) => {
    expect(scriptOf(src)).toBeNull();
  });
});

describe('noRequestSpans with allMatches', () => {
  const text = '### Reminder\n\n- [X] I have read the README and searched the existing issues.\n\n./main -m llama-2-7b.gguf -p "You are a helpful assistant" -ngl 35 <|eot_id|>';

  it('finds the same spans on every call (no pattern state left between calls)', () => {
    const first = noRequestSpans(text);
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(noRequestSpans(text)).toEqual(first);
    const spans = first.map((s) => text.slice(s.at, s.end));
    expect(spans).toContain('"You are a helpful assistant"');
    expect(spans).toContain('<|eot_id|>');
  });

  it('a message with none of them has no span', () => {
    expect(noRequestSpans('13b bf16 zero3 seq 4096 on 4xA100-80G')).toEqual([]);
  });
});

describe('fenced blocks found only where a fence is', () => {
  it.each(['```', '~~~'])('a clause ending in a colon still lends its owner to the %s block after it', (fence) => {
    const text = `This one works fine:\n${fence}\nllm = LLM(model="x", tensor_parallel_size=4)\n${fence}\nbut this runs out of memory`;
    const block = clausesOf(text).find((c) => text.slice(c.at, c.end).includes('tensor_parallel_size=4'));
    expect(block?.introducedBy).toBeDefined();
    expect(block?.owner?.owner).toBe('past');
  });

  it('a message with no fence has no introduced clause', () => {
    const text = 'This one works fine:\nllm = LLM(model="x", tensor_parallel_size=4)\nbut this runs out of memory';
    expect(clausesOf(text).every((c) => c.introducedBy === undefined)).toBe(true);
  });
});
