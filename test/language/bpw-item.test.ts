import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * EXL2's bits per weight written as the item ("bpw 3") after another setting's number: the canonical text of an
 * ExLlamaV2 answer ends "… util 0.9 bpw 3", and prose.bpw read "0.9 bpw" as the width, so the answer's own text did
 * not read back (found by vserve4 on v581, QwQ-32B EXL2 on a T4). The width written before "bpw" still reads.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe('bpw as an item after another number', () => {
  it('reads the item and leaves the number before it to its setting', () => {
    const s = read('qwq-32b inference exllamav2 util 0.9 bpw 3 on 1x t4');
    expect(s.inference.bpw).toBe(3);
    expect(s.inference.gpuMemoryUtilization).toBe(0.9);
  });

  it.each([
    ['llama-2-70b 4.65bpw exl2 on 2x rtx-3090', 4.65],
    ['llama-2-70b exl2 at 4.0 bpw 70b on 2x rtx-3090', 4],
    ['miqu 70b exllamav2 2.4 bpw on 1x rtx-4090', 2.4],
  ])('the width before "bpw" still reads: %s', (text, bpw) => {
    expect(read(text).inference.bpw).toBe(bpw);
  });

  it("an ExLlamaV2 answer's canonical text reads back to the same width and share", () => {
    const s = read('qwq-32b exllamav2 3bpw cache int4 on 1x t4');
    const again = read(canonicalText(s));
    expect(again.inference.bpw).toBe(s.inference.bpw);
    expect(again.inference.gpuMemoryUtilization).toBe(s.inference.gpuMemoryUtilization);
  });
});
