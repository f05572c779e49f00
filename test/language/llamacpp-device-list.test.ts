import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * llama.cpp's --device list names the GPUs the model is spread over, which may be fewer than the
 * machine's: "Epyc 7642 + 3x RTX 3090" with `llama-server … --device CUDA2,CUDA1 --tensor-split 0,1,1`
 * (ggml-org/llama.cpp#13085, corpus c862) runs on two of the three, but was read on three. A script
 * found by the search tool writes "### To test on all 4 gpus … --device CUDA0,CUDA1,CUDA2,CUDA3". The
 * list is counted as a launcher's GPUs, and the machine's card kept (reconcile/cards.ts, launcherUsesPart).
 */
describe('--device CUDA2,CUDA1 is two GPUs', () => {
  it('c862: two of the machine\'s three RTX 3090', () => {
    const { scenario, said } = read(
      '### Hardware\n\nEpyc 7642 + 3x RTX 3090\n\n`/models/llama.cpp/llama-server -m /models/Mistral-Small-3.1-24B-Instruct-2503-Q8_0.gguf \\\n-fa -sm row --no-mmap \\\n-ngl 99 --port 9009 -c 65536 \\\n--device CUDA2,CUDA1 --tensor-split 0,1,1`',
    );
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-3090', count: 2 });
    expect(said).toMatch(/2 of the machine's 3 cards/);
  });

  it.each([
    ['llama.cpp on 8x rtx 4090: llama-server -m qwen2.5-72b-instruct-q4_k_m.gguf -ngl 99 --device CUDA0,CUDA1,CUDA2,CUDA3', 4],
    ['llama.cpp on 4x rtx 3090: llama-cli -m llama-3.1-70b-instruct-q4_k_m.gguf -ngl 99 --device CUDA0,CUDA1', 2],
  ])('"%s"', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });
});
