import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { renderJson } from '../../src/render/json.js';
import { errorEmbed, shortErrorText } from '../../src/render/discord/error.js';
import { errorBlocks, errorFallback } from '../../src/render/slack/error.js';
import { renderText } from '../../src/render/text.js';
import { whichModelQuestion } from '../../src/scenario/model-question.js';
import type { ErrorReply, EstimateReply } from '../../src/reply/types.js';

/**
 * Issue 22, b12 item 1: a setup that names no model (the thread lives in the model's own
 * repository) is asked "Which model?" with what was read, on every surface, with no caret; the
 * thread keeps that setup for the answer.
 */
// BiLLa (c500): "4*A800(80g)显卡上，batchsize=1 … 微调".
const C500 = '我在4*A800(80g)显卡上，batchsize=1的情况下微调，还是会显存不足';

function asked(text: string): ErrorReply {
  const reply = respond(text, null).reply;
  expect(reply.kind).toBe('error');
  return reply as ErrorReply;
}

describe('"Which model?" says the setup it read', () => {
  it('c500: the card, the batch and the method, in the reply\'s words, and no caret', () => {
    const reply = asked(C500);
    expect(reply.question).toBe(true);
    expect(reply.message).toMatch(/^Which model\? I read: /);
    for (const fact of ['4× A800 80GB', 'batch 1', 'full fine-tune']) expect(reply.message).toContain(fact);
  });

  it('in other notations and languages, each fact said is listed', () => {
    const lines: [string, string[]][] = [
      ['full-parameter fine-tuning on two A100 40GB, batch size 2', ['2× A100 40GB', 'full fine-tune', 'batch 2']],
      ['全参数微调 8张A100 batch 4', ['8× A100', 'full fine-tune', 'batch 4']],
      ['lora, 2x 4090, seq 4096', ['lora', '2× RTX 4090', '4096']],
      ['A100 80GB 한 장으로 파인튜닝', ['A100 80GB']],
    ];
    for (const [text, facts] of lines) {
      const reply = asked(text);
      expect(reply.message, text).toMatch(/^Which model\? I read: /);
      for (const fact of facts) expect(reply.message, text).toContain(fact);
    }
  });

  it('with nothing read, it asks as before', () => {
    expect(whichModelQuestion([])).toBe('Which model? Start with a model name or a size, e.g. "llama-3-8b" or "13b", then the rest.');
    expect(whichModelQuestion(['lora'])).toMatch(/^Which model\? I read: lora — /);
  });

  it('a model the catalog lacks is still an error with its caret, not the question', () => {
    const reply = asked('SFT the nemotron-3-super model on 8x h100');
    expect(reply.question).toBeUndefined();
    expect(renderText(reply)).toContain('^');
  });

  it('every surface asks it with what was read and no caret; the JSON contract keeps its four fields', () => {
    const reply = asked(C500);
    const surfaces = [
      renderText(reply),
      JSON.stringify(errorBlocks(reply)),
      errorFallback(reply),
      JSON.stringify(errorEmbed(reply)),
      shortErrorText(reply),
    ];
    for (const said of surfaces) {
      expect(said).toContain('Which model?');
      expect(said).toContain('batch 1');
      expect(said).not.toMatch(/could not read/i);
      expect(said).not.toMatch(/\n\s*\^/);
    }
    const json = renderJson(reply) as { ok: boolean; error: Record<string, unknown> };
    expect(json.ok).toBe(false);
    expect(Object.keys(json.error).sort()).toEqual(['at', 'expected', 'message', 'suggestion']);
  });

  it('the thread keeps the setup it listed: the model named next is estimated on it', () => {
    const first = respond(C500, null);
    const turn = respond('llama-2-7b', first.state!);
    expect(turn.reply.kind).toBe('estimate');
    const s = (turn.reply as EstimateReply).scenario;
    expect(s.hardware?.gpuId).toBe('a800-80g');
    expect(s.mode).toBe('full');
  });

  it('whatever card count and batch are said, the question lists exactly those', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 64 }), (cards, batch) => {
        const message = asked(`full fine-tune on ${cards}x A100 80GB, batch ${batch}`).message;
        return message.includes(`${cards}× A100 80GB`) && message.includes(`batch ${batch}`);
      }),
      { numRuns: 25 },
    );
  });
});
