import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { noticesInThread } from './reading-fixtures.js';

/**
 * A fact read from words that report what a document or the model's makers say ("the docs say …",
 * "In the README …", "在文档中，官方给出的…") is that document's setup, not necessarily the user's run:
 * said weak with its words (bench:rules: such facts were wrong in c339, c749, c853 and c983; c983's
 * DeepSpeed silently). Words of use before the source ("使用的是readme中的…", "as the readme says")
 * make it the user's own setting again.
 */

/** Notices that keep a fact from standing as the user's own: said weak with its words, or set aside as another run's. */
const weakSaid = (notices: readonly string[]) => notices.filter((n) => / — from "/.test(n) || /set aside as your setup's .*someone else's run/.test(n));
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;


describe("a document's setup, reported", () => {
  it('c983 (xverse-ai/XVERSE-7B#2): the docs\' "8 * Nvidia A800 80 GB + DeepSpeed" is set aside as another run', () => {
    const c = line('c983');
    const said = weakSaid(noticesInThread(c.text, c.thread));
    // The documentation's run is set aside whole (its cards and its framework), beside the user's own question.
    expect(said.some((n) => n.startsWith('"DeepSpeed" set aside as your setup\'s framework'))).toBe(true);
    expect(said.some((n) => n.startsWith('"8 * Nvidia A800 80 GB" set aside as your setup\'s cards'))).toBe(true);
  });

  it.each([
    ['The docs say fine-tuning needs 8x A100 80GB with DeepSpeed. Can I fine-tune qwen-7b with lora?', /^8× A100 80GB — from /],
    ['According to the README, llama-2-13b lora runs with deepspeed on 4x a100. I want the same.', /^framework deepspeed — from "deepspeed"\?/],
    ['在文档中，官方给出的设备是 8 * A800 80GB + DeepSpeed  我想用lora微调qwen-7b', /^framework deepspeed — from "DeepSpeed"\?|^"DeepSpeed" set aside as your setup's framework/],
    ['论文中用的是 deepspeed zero3 和 8 张 a100，我用 lora 微调 llama-2-7b', /^8× A100 (?:80|40)GB — from |^8 GPUs — from /],
  ])('%j says %s', (text, notice) => {
    expect(weakSaid(noticesInThread(text)).some((n) => notice.test(n))).toBe(true);
  });

  it.each([
    ['使用的是readme中的deepspeed zero2配置，lora微调qwen-7b，4090', /deepspeed|4090/i],
    ['installed as the readme says, then ran llama-2-7b lora with deepspeed on 2x a100 80gb', /deepspeed|A100/],
    ['fine-tune qwen-7b with deepspeed on 8x a100 80gb', /deepspeed|A100/],
    ["In the Readme it says, `mistralai/Mixtral-8x7B-Instruct-v0.1` is supported but Runpod UI doesn't allow more than 1 GPU Worker for 80 GB GPU Cards", /GPU/],
  ])('followed, or the user\'s own words, say nothing: %j', (text, not) => {
    expect(weakSaid(resolveRequest(text, null).ok ? noticesInThread(text) : []).filter((n) => not.test(n))).toEqual([]);
  });
});
