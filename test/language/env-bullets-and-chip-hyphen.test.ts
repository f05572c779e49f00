import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/** The facts read from the user's words (not defaults) of one kind. */
const factsRead = (text: string, fact: string) => {
  const r = resolveRequest(text, null);
  return r.ok ? (r.trace ?? []).filter((f) => f.fact === fact && f.at !== null) : [];
};

/**
 * `llamafactory-cli env` and `transformers-cli env` print their report as bullets ("- PyTorch version:
 * 2.3.0+cu121 (GPU)", "- PyTorch version (GPU?): 2.1.0+cu121 (True)"): the "(GPU)" tag is the build,
 * never one GPU (environment-report.ts; corpus c699). And an Apple chip hyphenated ("m3-max 64GB",
 * ml-explore/mlx, c1975) is the chip as "M3 Max" is (hardware/apple-devices.ts).
 */
describe('environment report bullets', () => {
  it('the PyTorch line\'s "(GPU)" is no GPU count beside four cards', () => {
    const { scenario } = read('qwen2.5-14b lora llama-factory on 4x rtx 4090\n\n- `llamafactory` version: 0.9.1.dev0\n- Platform: Linux-5.15.0-97-generic-x86_64-with-glibc2.35\n- Python version: 3.12.3\n- PyTorch version: 2.3.0+cu121 (GPU)\n- Transformers version: 4.46.1');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 4 });
  });

  it('with no card named, the "(GPU)" tag reads no GPU count', () => {
    expect(factsRead('qwen2.5-14b lora llama-factory\n\n- `llamafactory` version: 0.9.1.dev0\n- Python version: 3.12.3\n- PyTorch version: 2.3.0+cu121 (GPU)\n- Transformers version: 4.46.1', 'gpus')).toEqual([]);
  });

  it('transformers-cli env: "PyTorch version (GPU?)" sets nothing', () => {
    const { said } = read('- `transformers` version: 4.40.0\n- Platform: Linux\n- Python version: 3.10.12\n- PyTorch version (GPU?): 2.1.0+cu121 (True)\n- Tensorflow version (GPU?): not installed (NA)\n\nmistral-7b lora on 2x a100-80g');
    expect(said).not.toMatch(/"GPU\?"/);
  });
});

describe('an Apple chip written with a hyphen', () => {
  it.each([
    ['llama-3.3-70b q4 on m3-max 64GB', 64],
    ['qwen2.5-72b inference on an M2-Ultra with 192GB', 192],
    ['llama-3.1-8b on my m4-pro 48gb', 48],
  ])('"%s" is one device of %i GB', (text, gb) => {
    const s = read(text).scenario;
    expect(s.hardware?.count).toBe(1);
    expect(Math.round((s.hardware?.capacityBytes ?? 0) / 2 ** 30)).toBe(gb);
  });
});
