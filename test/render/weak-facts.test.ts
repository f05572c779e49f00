import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { estimateEmbed } from '../../src/render/discord/estimate.js';
import { estimateBlocks } from '../../src/render/slack/estimate.js';
import { renderText } from '../../src/render/text.js';
import { buildEstimateReply } from '../../src/reply/build.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { weakFactNotices, type FactTrace } from '../../src/scenario/facts.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a fact read on a weak cue is said on the first screen — Slack, Discord and the
 * terminal alike — with the words it came from and how to correct it.
 */

/** What each surface shows before any click, as plain text. */
function firstScreens(reply: EstimateReply): Record<'slack' | 'discord' | 'terminal', string> {
  const slack = JSON.stringify(estimateBlocks(reply));
  const discord = estimateEmbed(reply).description ?? '';
  // The terminal's first screen: everything before the breakdown table (its header starts a line;
  // the verdict line above it says "per GPU" too).
  const text = renderText(reply);
  return { slack, discord, terminal: text.slice(0, text.search(/^per GPU/m)) };
}

/** Text as a surface escapes it: the quotes JSON escapes, the wrapping the terminal adds. */
const loose = (s: string) => s.replace(/\\"/g, '"').replace(/\s+/g, ' ');

const weakGpus: FactTrace = { fact: 'gpus', value: '2', rules: ['prose.every-n-steps', 'item.hardware'], at: 30, end: 45, words: 'every 2-3 steps', weak: true, weakWords: 'every 2-3 steps' };

describe('weak facts on the first screen', () => {
  it('are said with their words and a correction', () => {
    expect(weakFactNotices([weakGpus])).toEqual(['2 GPUs — from "every 2-3 steps"? say "on 1 GPU" if not']);
  });

  it('say one fact taken weakly from several spans once, with every span (c2092 said "inference" three times)', () => {
    const method = (words: string, at: number): FactTrace => ({ fact: 'method', value: 'inference (hf)', rules: ['item.mode'], at, end: at + words.length, words, weak: true, weakWords: words, alternative: 'qlora' });
    const notices = weakFactNotices([method('inference', 0), weakGpus, method('finetune', 20), method('run', 40), method('finetune', 60)]);
    expect(notices).toEqual(['method inference (hf) — from "inference", "finetune", "run"? say "qlora" if it trains', '2 GPUs — from "every 2-3 steps"? say "on 1 GPU" if not']);
    // Another value, or another correction, is its own notice.
    expect(weakFactNotices([method('run', 0), { ...method('train', 9), value: 'full' }])).toHaveLength(2);
  });

  it('are not said for facts read on a strong cue', () => {
    expect(weakFactNotices([{ ...weakGpus, weak: false, weakWords: undefined }])).toEqual([]);
  });

  it('are shown on Slack, Discord and the terminal, ahead of the other notices', () => {
    const read = resolveRequest('llama-3-8b lora on 2x 4090', null);
    if (!read.ok || !read.scenario) throw new Error('setup did not resolve');
    const notices = [...weakFactNotices([weakGpus]), ...read.notices];
    const reply = buildEstimateReply(read.scenario, estimate(read.scenario), [...notices, ...read.assumptions], [], notices, { trace: [weakGpus] });
    for (const [surface, screen] of Object.entries(firstScreens(reply))) {
      expect(loose(screen), surface).toContain('2 GPUs — from "every 2-3 steps"? say "on 1 GPU" if not');
    }
  });

  it("a hardware count whose meaning was guessed is weak in the trace and asked on every first screen, with the user's words", () => {
    const reply = respond('2台服务器4张4090 跑 qwen2.5-7b lora', null).reply as EstimateReply;
    const gpus = reply.trace!.find((f) => f.fact === 'gpus')!;
    expect(gpus.weak).toBe(true);
    for (const [surface, screen] of Object.entries(firstScreens(reply))) {
      expect(loose(screen), surface).toMatch(/"2台服务器4张4090" read as 4 GPUs in all .*say "2 nodes of 4x" if each node has 4/);
    }
  });

  it('a card written with a memory it never had is asked with both options on the first screen, not refused', () => {
    const reply = respond('I get out of memory when I run llama 13b with lora, the gpu is an RTX 2080 11G', null).reply;
    expect(reply.kind).toBe('estimate');
    for (const [surface, screen] of Object.entries(firstScreens(reply as EstimateReply))) {
      expect(loose(screen), surface).toMatch(/RTX 2080 8GB, RTX 2080 Ti 11GB.*Which did you mean\?/);
    }
  });
});
