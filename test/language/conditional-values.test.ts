import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * A setting given one value or another by a condition (config-keys/conditional-values.ts): Nix's
 * `OLLAMA_CONTEXT_LENGTH = if enableCuda then "131072" else "32768";` (ncaq/dotfiles#1506, corpus c2642) had been
 * left unread. The GPU branch (else the first) is read, weak, and both values said. Variations invented; first
 * sight on the code before the fix: 0 of 8 right (three had the value but said it as certain), after: 7 of 8
 * (a shell default inside a flag, `--max-model-len ${MAX_LEN:-16384}`, is still not read).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a value set by a condition is one branch, said weak with both', () => {
  it.each([
    ['qwen3-14b on ollama\n\nOLLAMA_CONTEXT_LENGTH = if enableCuda then "131072" else "32768";', 131072],
    ['environment.OLLAMA_CONTEXT_LENGTH = if config.hardware.nvidia.enable then "65536" else "8192";\nmodel qwen3-8b', 65536],
    ['llama-3-8b with vllm\n```python\nmax_model_len = 32768 if torch.cuda.is_available() else 4096\n```', 32768],
    ['serving qwen2.5-7b with vllm\nconst maxModelLen = useGpu ? 16384 : 2048;', 16384],
    ['llama-3.1-8b vllm\nmaxModelLen: {{ if .Values.gpu.enabled }}32768{{ else }}4096{{ end }}', 32768],
    ['qwen2.5-7b sft\nmax_seq_length = 8192 if args.long_context else 2048', 8192],
    ['llama-3-8b on ollama: num_ctx = 8192 if gpu else 2048', 8192],
  ])('%s', (text, seq) => {
    const { s, said } = readNoticed(text);
    expect(s.seq).toBe(seq);
    expect(said).toMatch(/by a condition/);
  });

  it('c2642: the CUDA host\'s 131072', () => {
    expect(readNoticed(line('c2642').text).s.seq).toBe(131072);
  });
});
