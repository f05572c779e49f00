import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A number out of range in a pasted message is something else the message says (a ratio, a log's
 * carve-out, an amount of host memory), not a reason to refuse the whole message: the slot is set
 * aside and said, and the rest is answered (scenario/ranges.ts setAsideOutOfRangeInProse). Invented
 * variations of the phenomenon (a ratio key whose name starts like a setting's, a driver log's small
 * VRAM carve-out, a fractional count in a config), in English and Chinese; before the change 0 of 6
 * were answered — each was refused with a range.
 */
const cases: [string, RegExp, string][] = [
  ['我24G卡跑qwen-7b，kv_cache_ratio开了0.2，session_len 8192', /set aside/, 'a ratio key read as kv heads'],
  ['running qwen2.5-7b on my 24GB card with kv_cache_ratio 0.3 and batch 4, why does memory grow?', /set aside/, 'the same in English'],
  ['ollama with llama3.1 70b on a Ryzen AI box\n```\n[drm] amdgpu: 512M of VRAM memory ready\n[drm] amdgpu: 131072M of GTT memory ready.\n```\nit says model requires more system memory', /set aside/, "a dmesg carve-out read as the card"],
  ['我用 qwen2.5-14b 推理，dmesg 显示 amdgpu: 256M of VRAM memory ready，系统内存 96G，跑不起来', /set aside/, 'a smaller carve-out, Chinese prose'],
  ['fine-tuning llama-3-8b lora, config:\nper_device_train_batch_size: 0.5\ngradient_accumulation_steps: 8\non 1x a100', /set aside/, 'a fractional micro-batch in a config'],
  ['lora fine-tuning mistral-7b on 2 A100 80GB, lora_dropout: 1.5 (typo?), seq 2048 and it OOMs', /set aside/, 'a dropout above 1 in prose'],
];

describe('a value out of range in a pasted message is set aside and said, the rest answered', () => {
  it.each(cases)('%s', (text, said) => {
    const r = resolveRequest(text, null);
    expect(r.ok, JSON.stringify(r.ok ? null : r.error.message)).toBe(true);
    if (r.ok) expect(r.notices.join(' ')).toMatch(said);
  });
});
