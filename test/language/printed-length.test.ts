import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { outputSpans } from '../../src/scenario/output-doubts.js';

/**
 * A length a program printed inside a pasted block is the program's own figure (a default context, an
 * estimated maximum), not the user's setting: weak, said with its words (scenario/output-doubts.ts).
 * Real: c342 (ggml-org/llama.cpp#2641: "n_ctx      = 512" in llama.cpp's load log after the user's
 * `./main … -n 128`, read as seq 512 and not said); c1152 (kaito-project/kaito#2132: vLLM's "the estimated
 * maximum model length is 810208" inside its ValueError, read as seq 810208 and not said).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { seq: r.scenario.seq, said: r.notices.join(' | ') };
};

describe('a length a program printed is said as weak', () => {
  it('c342: n_ctx from llama.cpp\'s load log is said', () => {
    const r = read(lineText('c342'));
    expect(r.seq).toBe(512);
    expect(r.said).toMatch(/seq 512 — from "n_ctx\s+= 512"\?/);
  });

  it('c1152: the maximum vLLM estimated inside its error is never the length read in silence', () => {
    // Set aside as vLLM's estimate of what fits (prose rule of the serving reader), said; were it read, it would be doubted.
    const r = read(lineText('c1152'));
    if (r.seq === 810208) expect(r.said).toContain('seq 810208 — from "maximum model length is 810208"?');
    else expect(r.said).toContain("is vLLM's estimate of what fits, not the length you serve");
  });

  it.each([
    ['llama-2-7b serve on 1x a10\n```\nValueError: the estimated maximum model length is 6144.\n```', 6144],
    // 8,192 printed, not 4,096: llama.cpp's own default length is 4,096 when none is said (scenario/llamacpp-context.ts).
    ['mistral-7b on 1x 4090\n```\n$ ./main -m mistral-7b.Q4_K_M.gguf -n 64\nllama_new_context_with_model: n_ctx      = 8192\n```', 8192],
  ])('%j: never read silently as the length', (text, n) => {
    const r = read(text);
    if (r.seq === n) expect(r.said).toMatch(new RegExp(`seq ${n} — from "`));
  });

  it('a length in the user\'s own command, or in a config pasted alone, stays a setting', () => {
    expect(read('```\n$ vllm serve qwen2-7b --max-model-len 8192 \\\n  --tensor-parallel-size 2\n```\non 2x a10').said).not.toMatch(/seq 8192 — from/);
    expect(read('qwen2-7b lora on 1x 4090\n```yaml\n# my config\ncutoff_len: 1024\n```').said).not.toMatch(/seq 1024 — from/);
  });

  it('output starts after a prompt and at an error; comments and commands are not output', () => {
    const text = '```\n# Copyright\n(venv) root@host:/data# vllm serve x --max-model-len 4096\nINFO loading\n```';
    const lines = outputSpans(text).map((o) => text.slice(o.at, o.end));
    expect(lines).toEqual(['INFO loading']);
  });
});
