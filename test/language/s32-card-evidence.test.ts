import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * Which card and how much memory, by evidence (s32, rhw11). Each block holds invented variations of one way people
 * write it, scored on the code before the fix (first sight: usage 11 of 20, cards and devices 14 of 27); the real
 * line each cause came from is named. The hardware part of the reading ("on 8x 141gb") is pinned; null where the
 * message names no card of the user's.
 */
const hardwareOf = (text: string): string | null => / (?:on |\d+ nodes of )[^]*?(?= how many|$)/.exec(canonicalText(read(text).scenario))?.[0].trim() ?? null;

describe('memory a run takes is no card, in any language', () => {
  // "baichaun2-13b int4量化后占显存15g" (c2433): a verb of taking with the memory noun before the amount.
  it.each([
    'qwen2-7b 4bit量化后占显存9g，正常吗',
    'chatglm3-6b 推理吃显存13G，为啥这么多',
    '请问 internlm2-7b 推理时 耗显存 18G 是否正常',
    'llama-2-13b int4量化后占了显存 15G',
    'llama-2-7b 4비트 양자화 후 VRAM 점유 9GB 정도입니다',
    'mistral-7b 돌리면 VRAM 사용량이 15GB 입니다',
    'llama-2-7b 추론하면 VRAM을 14GB 점유합니다',
  ])('"%s" reads no card', (text) => {
    expect(hardwareOf(text)).toBeNull();
  });

  it('the card said beside the usage stays', () => {
    expect(hardwareOf('baichuan2-13b 8bit 量化后占显存15g，我的卡是24G的3090')).toBe('on 1x rtx-3090');
    expect(hardwareOf('llama-2-7b 돌리면 VRAM 사용량이 15GB, 그래픽카드는 RTX 4090')).toBe('on 1x rtx-4090');
  });

  // "- Phi2 ~20GB. Why?" (c2360): a name ending in a digit before the tilde is no range.
  it.each([
    ['On a M1 Max 32GB I can load mistral or phi2:\n- Mistral 7B occupies ~14GB\n- Phi2 ~20GB. Why?', 'on 1x 32gb'],
    ['qwen2 ~16GB and llama3 ~ 18GB on my 4090, why the difference?', 'on 1x rtx-4090'],
    ['qwen2.5-7b in fp16: qwen2.5 ~16GB, is that normal?', null],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});

describe("a log's free memory is a measurement", () => {
  // Ollama's "memory.available=\"[2.2 GiB]\"" in a line glued to its fence (c2356) had been read as a 2.2 GB card.
  const ollama = (free: string) =>
    `time=2024-08-12T20:24:12.346-06:00 level=INFO source=memory.go:309 msg="offload to cuda" layers.offload=12 memory.available="[${free}]" memory.required.full="8.1 GiB"`;
  it.each([
    `llama-2-7b on ollama is slow\n\`\`\`${ollama('2.2 GiB')}\`\`\``,
    `llama-2-7b on ollama is slow\n\`\`\`${ollama('3.1 GiB')}\n\`\`\``,
    `running llama-2-7b in ollama, the log says:\n${ollama('3.1 GiB')}`,
    `llama-2-7b ollama, GPU is doing nothing\n~~~${ollama('6.3 GiB')}\n~~~`,
  ])('%s reads no card', (text) => {
    expect(hardwareOf(text)).toBeNull();
  });

  it('an idle card, nearly all of it free, is still read, weak', () => {
    const text = `running llama-2-7b in ollama:\n${ollama('23.2 GiB 23.2 GiB')}`;
    expect(hardwareOf(text)).toBe('on 2x 24gb');
    const r = resolveRequest(text, null);
    expect(r.ok && r.trace?.some((f) => f.fact === 'card' && f.weak)).toBe(true);
  });
});

describe('a suffix names a variant of the card', () => {
  // "8*H20-3e" (c2348): the 141 GB H20, read as eight 96 GB H20s with "3e" unread.
  it.each([
    ['同样的问题，8*H20-3e 跑 llama-2-7b vllm', 'on 8x 141gb'],
    ['serving llama-2-7b on 8x H20 141G with vllm', 'on 8x 141gb'],
    ['llama-2-7b 部署在 H20 141GB 8卡 上', 'on 8x 141gb'],
    ['we have two nodes of 8 H20-3e; can llama-2-7b serve there', 'on 16x 141gb'],
    ['llama-2-7b inference on a single H20 (96G)', 'on 1x h20'],
    ['llama-2-7b inference on 4x RTX 4090D', 'on 4x 24gb'],
    ['llama-2-7b lora on 4090 D 24G', 'on 1x 24gb'],
    ['The graphics card is NVIDIA 4090D with 24G of VRAM, qwen3 30b-a3b q4 fails in ollama', 'on 1x 24gb'],
    ['llama-2-7b on 2x 5090D v2', 'on 2x 24gb'],
    ['llama-2-7b on rtx 5090d', 'on 1x 32gb'],
    // A memory in MiB after the card's name (c2435's "RTX 2080，显存为11264MiB", the 2080 Ti's 11 GB).
    ['llama-2-7b inference on 4 NVIDIA GeForce RTX 2080 with 11264MiB each', 'on 4x 11gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it('says the variant it read', () => {
    expect(read('llama-2-7b on 8*H20-3e').said).toMatch(/H20-3e, 141 GB/);
  });
});

describe('devices the catalog lacks are read as what they are', () => {
  // "Koboldccp 1.64, Hardware: Steamdeck" (c2364) had been read with no device.
  it.each([
    ['running llama-2-7b q4 with koboldcpp on my Steam Deck', 'on 1x 16gb'],
    ['llama-2-7b on steamdeck LCD, it crashes', 'on 1x 16gb'],
    ['llama-3-8b q4 on a ROG Ally X', 'on 1x 24gb'],
    ['llama-2-7b on MI300A', 'on 1x 128gb'],
    ['llama-2-7b on 2x Radeon AI PRO R9700', 'on 2x 32gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});
