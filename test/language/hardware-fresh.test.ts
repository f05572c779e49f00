import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Card counts and card memory written the ways fresh lines (batch b40) write them.
 * - The count after the card, in the next clause: "显卡4090，两张，显存24G单张" (QwenLM/Qwen3-VL#130, c1344: two
 *   4090s, read as one), the counter of hw.count-chinese-numeral-after ("p40 显卡三张", zai-org/GLM-4#173, c1118)
 *   and hw.count-counter ("4090 2张") read across the comma.
 * - ms-swift's `--device_max_memory 15GB 15GB 15GB 15GB` (modelscope/ms-swift#3056, c1337): one cap per device,
 *   the user's, never the card's size; the entries are the GPUs, as accelerate's max_memory (max-memory.test.ts).
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { hardware: outcome.items.filter((i): i is Hardware => i.kind === 'hardware'), notes: outcome.notes };
};
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a count in the clause after the card', () => {
  it('c1344: two 4090s of 24G', () => {
    const { hardware } = read(line('c1344'));
    expect(hardware.map((h) => [h.count, h.gpuId])).toEqual([[2, 'rtx-4090']]);
  });

  it.each([
    ['qwen2-vl-2b 推理 显卡4090，两张，显存24G单张', 2, 'rtx-4090'],
    ['qwen2-vl-2b 推理 显卡4090, 两张, 显存24G', 2, 'rtx-4090'],
    ['qwen2-vl-2b 推理 显卡4090，2张，显存24G', 2, 'rtx-4090'],
    ['lora qwen-7b 3090 两块 显存不足', 2, 'rtx-3090'],
    ['lora qwen-7b 3090，三块', 3, 'rtx-3090'],
    ['lora qwen-7b 4090两张24G', 2, 'rtx-4090'],
    ['lora qwen-7b A100，共8张', 8, 'a100-80g'],
  ])('%j reads %i × %s', (text, n, gpuId) => {
    const { hardware } = read(text);
    expect(hardware.map((h) => h.count)).toEqual([n]);
    expect(hardware[0]!.gpuId).toBe(gpuId);
  });

  it('a count in the next clause that names pictures counts no card', () => {
    const { hardware } = read('qwen2-vl-7b 推理 4090，两张图片 就显存不足');
    expect(hardware.map((h) => h.count ?? 1)).toEqual([1]);
  });
});

describe("ms-swift's --device_max_memory", () => {
  it('c1337: four caps are four GPUs with no card', () => {
    const { hardware, notes } = read(line('c1337'));
    expect(hardware.some((h) => h.count === 4)).toBe(true);
    expect(hardware.every((h) => h.gpuId === null && h.capacityGiB === null)).toBe(true);
    expect(notes.join(' ')).toMatch(/read as 4 GPUs, one cap per device/);
  });

  it.each([
    ['swift deploy --model Qwen2.5-VL-3B-Instruct --device_map auto --device_max_memory 15GB 15GB', 2],
    ['swift infer --model qwen2-vl-7b --device_max_memory 20GiB 20GiB 20GiB', 3],
    ["swift sft --model qwen2.5-7b --device_max_memory '15GB' '15GB' '15GB' '15GB' --train_type lora", 4],
  ])('%j reads %i GPUs and no card memory', (text, n) => {
    const { hardware } = read(text);
    expect(hardware.map((h) => h.count)).toEqual([n]);
    expect(hardware[0]!.capacityGiB).toBeNull();
  });

  it('the card named beside the flag stays the card', () => {
    const { hardware } = read('swift deploy --model qwen2.5-7b on 2x 3090 --device_max_memory 20GB 20GB');
    expect(hardware.some((h) => h.gpuId === 'rtx-3090')).toBe(true);
    expect(hardware.every((h) => h.capacityGiB !== 20)).toBe(true);
  });
});

describe('a laptop part with its memory beside it', () => {
  // c1343 (noahc1510/trt-llm-rag-linux#5): "RTX4060 Laptop 8GB … 16gb ram": the 8GB is the card's, the 16 the host's.
  it.each([
    ['mistral-7b inference on RTX4060 Laptop 8GB with 16gb ram', /RTX4060 Laptop" is a laptop part/, /1x 16gb" if yours has 16/],
    ['mistral-7b inference on RTX 4060 laptop, 8 GB, 32GB RAM', /laptop" is a laptop part/, /1x 32gb" if yours has 32/],
    ['llama-2-7b qlora on rtx 3080 ti laptop 16GB with 64GB of ram', /the message says 16 GB/, /64/],
  ])('%j', (text, said, notSaid) => {
    const { notes } = read(text);
    const all = notes.join(' ');
    expect(all).toMatch(said);
    expect(all).not.toMatch(notSaid);
  });
});
