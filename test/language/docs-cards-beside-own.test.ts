import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b28 (test/corpus/first-sight.md), c983 (xverse-ai/XVERSE-7B#2): a document's setup quoted
 * before the user's own question was read as the user's run. Three causes, each wider than the line:
 * - a card's own memory said as RAM right after a GeForce card's number ("nvidia 4090 24GB RAM", "RTX
 *   3080 Ti 12GB RAM" in a lab's server list, "RTX3090 24GB RAM doesn't support it" in a deployment
 *   note) is the card's, not the host's (prose/rules/hardware.ts prose.host-ram); after a comma it is
 *   the machine's ("RTX 2080 Ti, 32GB RAM", c089);
 * - Chinese written without stops uses spaces for them: spaces before 我 or 请问 end a clause
 *   (owners/clauses.ts), so the document's clause no longer runs into the user's 我想问 (c983; "您好
 *   我用二块A100…", c393);
 * - cards counted with a memory and no name ("nvidia*8 80GB") and a card named without one ("4090")
 *   are two machines when the named card's memory is another (reconcile/owners.ts disagree).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const machine = (text: string) => {
  const s = read(text).scenario;
  return { gpu: s.hardware?.gpuId ?? null, count: s.hardware?.count ?? null, host: s.hostMemoryBytes ? s.hostMemoryBytes / 2 ** 30 : null };
};

describe("a GeForce card's memory said as RAM", () => {
  it.each([
    ['llama-2-7b qlora, I used RTX 4090 24GB RAM for fine-tuning', 'rtx-4090'],
    ['qwen3-8b vllm serve; it cannot run as RTX3090 24GB RAM does not support it', 'rtx-3090'],
    ['llama-2-7b lora on Nvidia RTX 3080 Ti 12GB RAM', 'rtx-3080-ti'],
  ])('%j is the card, no host RAM', (text, gpu) => {
    const m = machine(text);
    expect(m.gpu).toBe(gpu);
    expect(m.host).toBeNull();
  });

  it('after a comma it stays the machine\'s RAM (c089\'s shape)', () => {
    expect(machine('llama-2-7b inference on RTX 2080 Ti, 32GB RAM').host).toBe(32);
  });
});

describe("a document's cards quoted before the user's own question", () => {
  it('c983: the 4090 is the run; the eight A800 80GB of the documentation are set aside', () => {
    const m = machine(lineText('c983'));
    expect(m).toEqual({ gpu: 'rtx-4090', count: 1, host: null });
  });

  it.each([
    '文档里官方用 nvidia*8 80GB 的卡进行全量微调 8 * Nvidia A800 80 GB + DeepSpeed 我想问能否用 nvidia 4090 24GB 进行7b lora微调',
    '官方给出的设备是 8*80G 的卡  请问 3090 24G 能不能 lora 微调 7b',
  ])('invented, spaces for stops: %j', (text) => {
    const m = machine(text);
    expect(m.count).toBe(1);
    expect(m.gpu).toMatch(/^rtx-(?:4090|3090)$/);
  });
});
