import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderText, WIDTH, wrap } from '../../src/render/text.js';
import type { EstimateReply } from '../../src/reply/types.js';

/** Issue 24, item 9: the terminal's first line is the verdict, the same sentence chat answers with. */
const REQUESTS = [
  '13b bf16 zero3 seq 4096 on 4xA100-80G',
  '7b lora on a 4090',
  '70b qlora: A6000 vs 4090?',
  'llama3-8b serve vllm ctx 29000 on a 3090',
  '7b lora max batch on a100',
  'mistral 7b',
  '8b full how many h100',
];

describe('the terminal answers first, as chat does', () => {
  it('the first lines are the verdict the chat title shows; "Read as" comes after', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS), (request) => {
        const reply = respond(request, null).reply as EstimateReply;
        expect(reply.kind).toBe('estimate');
        const text = renderText(reply);
        const [first = '', rest] = text.split('\n\nRead as: ');
        expect(rest, request).toBeDefined();
        // The chat sentence, wrapped to the terminal (with its full stop where the sentence has one).
        expect([reply.summary.verdict, `${reply.summary.verdict}.`].map((v) => wrap(v, WIDTH, 2)), request).toContain(first);
        expect(renderDiscord(reply).embeds[0]!.title, request).toBe(reply.summary.verdict);
      }),
      { numRuns: REQUESTS.length * 2 },
    );
  });
});

describe('a card known only by its memory is named with its article once', () => {
  it('"on a 32 GiB card", never "on the a 32 GiB card", whether it fits or not', () => {
    fc.assert(
      fc.property(fc.constantFrom('7b lora seq 2048 bs 1', '70b full seq 2048 bs 1', '13b lora seq 4096 bs 2', '8b qlora seq 1024 bs 1'), fc.constantFrom(16, 24, 32, 48, 80), (request, gb) => {
        const reply = respond(`${request} on ${gb}GB`, null).reply as EstimateReply;
        expect(reply.kind).toBe('estimate');
        expect(reply.summary.verdict).not.toMatch(/\bthe an? \d/);
        expect(reply.summary.verdict).toMatch(/^(✓ Fits|⚠ Tight fit|✗ Does not fit): .*\ban? \d+ GiB card\b/);
      }),
      { numRuns: 20 },
    );
  });
});
