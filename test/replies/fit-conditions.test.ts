import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { detailsEmbed } from '../../src/render/discord/estimate.js';
import { renderSlackDetails } from '../../src/render/slack.js';
import { renderText } from '../../src/render/text.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A fit that rests on something the request did not say is said in the verdict, so the terminal,
 * Slack and Discord all carry it (it had been written by the terminal's renderer alone).
 */

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

// axolotl#2531 as vb4's v125 writes it: fits only with the checkpointing axolotl's examples turn on.
const ASSUMED_GC = 'qwen2.5-coder-32b full zero3 offload optimizer offload params bf16 mixed bs 1 seq 4096 axolotl on 8x h100-80g';

describe('a fit that rests on an unstated setting says so on every surface', () => {
  it('the verdict carries the condition, and the details of each surface show it', () => {
    const r = reply(ASSUMED_GC);
    expect(r.verdict.status).not.toBe('no');
    expect(r.estimate.holdsOnlyWithGc).toBeDefined();
    const said = 'Fits only with the gradient checkpointing assumed above';
    expect(r.verdict.detail).toContain(said);
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    expect(flat(renderText(r))).toContain(said);
    expect(flat(JSON.stringify(renderSlackDetails(r)))).toContain(said);
    expect(flat(JSON.stringify(detailsEmbed(r)))).toContain(said);
  });

  it('a request that states gc carries no such condition', () => {
    const r = reply(ASSUMED_GC.replace(' axolotl', ' gc axolotl'));
    expect(r.verdict.detail).not.toMatch(/Fits only with/);
  });
});

// QwenLM/Qwen3#804 as vb3's v093 writes it: ZeRO-3 with both offloads, recompute not said.
const UNSTATED_GC = 'qwen2-72b full zero3 offload optimizer offload params bs 4 seq 2560 on 8x a100-80g';

describe('a ✗ that one unstated setting would turn says so on every surface', () => {
  it('v093: "Fits only with gc" in the verdict\'s detail, the terminal, Slack and Discord (it had been computed and never said)', () => {
    const r = reply(UNSTATED_GC);
    expect(r.verdict.status).toBe('no');
    expect(r.estimate.flipsOn).toEqual(['gc']);
    const said = 'Fits only with gc (not in your request';
    expect(r.verdict.detail).toContain(said);
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    expect(flat(renderText(r))).toContain(said);
    expect(flat(JSON.stringify(renderSlackDetails(r)))).toContain(said);
    expect(flat(JSON.stringify(detailsEmbed(r)))).toContain(said);
  });

  it('stated "no gc" is no unstated setting: the ✗ stands alone', () => {
    expect(reply(UNSTATED_GC.replace(' bs 4', ' no gc bs 4')).verdict.detail).not.toMatch(/Fits only with/);
  });

  it('a full fine-tune on several GPUs with no sharding named (read as DDP) says what ZeRO-3 alone gives', () => {
    const r = reply('llama-2-13b full seq 1024 bs 1 on 8x a100-80g');
    expect(r.verdict.status).toBe('no');
    expect(r.estimate.flipsOn).toContain('zero3');
    expect(r.verdict.detail).toMatch(/Fits only with .*zero3/);
    // Which reading the ✗ rests on is said too (issue 23 §8, vb9 v238 as first written).
    expect(r.verdict.detail).toMatch(/No sharding was named, .*plain DDP.*say zero3 or fsdp/);
    expect(reply('llama-2-13b full on 4x a100-80g').verdict.detail).toMatch(/plain DDP/);
    // The ZeRO-3 reading itself fits: the flip is the estimate's, not a guess.
    expect(reply('llama-2-13b full zero3 seq 1024 bs 1 on 8x a100-80g').verdict.status).not.toBe('no');
  });

  it('"ddp" said is no unstated sharding: no ZeRO-3 flip', () => {
    const ddp = reply('llama-2-13b full ddp seq 1024 bs 1 on 8x a100-80g');
    expect(ddp.estimate.flipsOn ?? []).not.toContain('zero3');
    expect(ddp.verdict.detail).not.toMatch(/No sharding was named/);
    // One GPU: nothing to shard over, nothing said.
    expect(reply('llama-2-13b full seq 1024 bs 1 on 1x a100-80g').verdict.detail).not.toMatch(/No sharding was named/);
  });
});

describe('"Fits only with zero3" agrees with the request that says zero3 (property)', () => {
  it('for any model, card and GPU count where the flip is offered, saying "zero3" fits', () => {
    let offered = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('llama-2-7b', 'llama-2-13b', 'qwen2.5-14b', 'llama-1-33b', 'qwen2-72b'),
        fc.constantFrom('full', 'lora'),
        fc.constantFrom(2, 4, 8),
        fc.constantFrom('a100-40g', 'a100-80g', 'rtx-4090', 'h100'),
        fc.constantFrom(512, 1024, 2048),
        (model, method, gpus, card, seq) => {
          const text = `${model} ${method} seq ${seq} bs 1 on ${gpus}x ${card}`;
          const r = reply(text);
          if (!(r.estimate.flipsOn ?? []).includes('zero3')) return;
          offered++;
          expect(reply(`${model} ${method} zero3 seq ${seq} bs 1 on ${gpus}x ${card}`).verdict.status, text).not.toBe('no');
        },
      ),
      { numRuns: 40, seed: 23 },
    );
    expect(offered).toBeGreaterThan(0);
  });
});
