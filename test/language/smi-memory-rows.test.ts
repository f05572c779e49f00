import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * nvidia-smi's memory rows with no GPU row (tool-output.ts tables), and a used / total MiB figure in prose, give the
 * memory of the card the prose names: its other catalog size, never two cards of its default (reconcile/cards.ts).
 */
function hardware(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const h = r.scenario.hardware;
  return { gpu: h?.gpuId ?? null, count: h?.count ?? null };
}
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const rows = (used: number, total: number) =>
  ['```', '| NVIDIA-SMI 575.57.08              Driver Version: 575.57.08      CUDA Version: 12.9     |',
    `| N/A   40C    P0             36W /  250W |   ${used}MiB /  ${total}MiB |      0%      Default |`, '```'].join('\n');

describe('the memory rows of nvidia-smi beside a card named in prose', () => {
  it.each([
    ['c1601 (InternLM/lmdeploy): V100 and 32768MiB rows', text('c1601'), 'v100-32g', 1],
    ['English, table rows', `qwen2.5-7b lora on V100 runs out of memory\n${rows(32004, 32768)}`, 'v100-32g', 1],
    ['Chinese, table rows', `V100 上 qwen2.5-7b lora 显存不够\n${rows(30418, 32768)}`, 'v100-32g', 1],
    ['prose, MiB used / total', 'llama-3-8b lora on V100, nvidia-smi shows 32004MiB / 32768MiB', 'v100-32g', 1],
  ])('%s: the card of that size, one of it', (_label, message, gpu, count) => {
    expect(hardware(message)).toEqual({ gpu, count });
  });

  it.each([
    // A smaller figure far from the card is what is free (corpus c592), not the card's size.
    ['你好，我是使用用A800来微调GLM-10B模型的，batch_size设置为1，当时我的显存还有40G的空间', 'a800-80g'],
    // A memory said with the card stays, whatever size is asked of later.
    ['llama-2-13b full fine-tune on A100 40GB, can it only run on GPU 80GB?', 'a100-40g'],
  ])('%s: the card as said', (message, gpu) => {
    expect(hardware(message).gpu).toBe(gpu);
  });
});
