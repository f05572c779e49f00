import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { renderJson } from '../../src/render/json.js';
import { renderText } from '../../src/render/text.js';

describe('GPUs counted with no card named, as rendered', () => {
  const reply = respond('I have 8 GPUs, 13b zero3', null).reply;

  it('the terminal says per GPU on 8 GPUs with no card named, and what each can be', () => {
    const out = renderText(reply).replace(/\s+/g, ' ');
    expect(out).toMatch(/per GPU on 8 GPUs \(no card named\)/);
    expect(out).toMatch(/Each of the 8 GPUs can be one of: /);
    expect(out).not.toMatch(/Fits on one card/);
  });

  it('JSON gives the count beside the per-GPU numbers and the cards', () => {
    const json = renderJson(reply) as { result: { gpus?: number; fitsOn?: string[] } };
    expect(json.result.gpus).toBe(8);
    expect(json.result.fitsOn?.length).toBeGreaterThan(0);
  });

  it('one GPU with no card named keeps the one-card wording', () => {
    const out = renderText(respond('13b lora', null).reply).replace(/\s+/g, ' ');
    expect(out).not.toMatch(/no card named\)/);
    expect(out).toMatch(/Fits on one card: |No single catalog card/);
  });
});
