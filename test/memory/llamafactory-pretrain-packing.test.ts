import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { DEFAULT_WORDS } from '../../src/scenario/defaults.js';
import { LLAMAFACTORY_PT_PACKED_WORDS, batchShape } from '../../src/memory/overhead.js';

/**
 * LLaMA-Factory's pre-training stage packs by default: `data_args.packing = … if not None else
 * finetuning_args.stage == "pt"` (src/llamafactory/hparams/parser.py) and the pre-training processor cuts
 * the concatenated texts into cutoff_len blocks (data/processor/pretrain.py). Every step has the same
 * shapes, so the allocator's variable-length slack (memory/overhead.ts, +5.2% of what a step churns)
 * does not apply; its SFT pads each batch to its longest sample and keeps it.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

const PT = 'qwen2.5-7b pretrain llamafactory bs 2 seq 4096 zero3 on 8x a100-80g';

describe("LLaMA-Factory's pre-training packs its batches", () => {
  it('a pre-training run through LLaMA-Factory is read as packed, said with its source, and estimates as "packed" said', () => {
    const r = reply(PT);
    expect(batchShape(r.scenario)).toBe('packed');
    expect(r.assumptions).toContain(LLAMAFACTORY_PT_PACKED_WORDS);
    expect(r.estimate.deviceBytes).toBe(reply(`${PT} packed`).estimate.deviceBytes);
  });

  it('its SFT (a full fine-tune, no pretrain word) pads each batch to its longest sample', () => {
    const r = reply(PT.replace('pretrain', 'full'));
    expect(batchShape(r.scenario)).toBe('padded');
    expect(r.assumptions).toContain(DEFAULT_WORDS.batchesPadded);
  });

  it('"dynamic padding" said (packing: false) is kept, and pre-training without packing never estimates lower (property: packing only removes slack)', () => {
    const padded = reply(`${PT} dynamic padding`);
    expect(batchShape(padded.scenario)).toBe('padded');
    for (const text of [PT, PT.replace('bs 2', 'bs 1'), PT.replace('zero3 on 8x a100-80g', 'on 1x h100'), PT.replace('qwen2.5-7b', 'llama-3-8b')]) {
      expect(reply(text).estimate.deviceBytes, text).toBeLessThanOrEqual(reply(`${text} dynamic padding`).estimate.deviceBytes);
    }
  });
});
