import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * The length slot's printed cues (docs/reading.md, "The length slot"): a program's printout is no setting
 * of the user's.
 * - A model's description (`ollama show`'s Model block, a list of the model's architecture, parameters,
 *   context length and embedding length) prints the model's own trained window: a broken cue, never the
 *   run's length; the engine's default is said instead.
 * - Ollama's `ollama ps` (its CONTEXT column) and `/api/ps` (`"context_length"` beside `"size_vram"`) print
 *   the context the engine allocated for the run: a weak cue, read and said with its words.
 * Real: c1852 (ollama/ollama, b50), c2517 (b72), c577 (b14: the show block in a list); c2242 (b63, `ollama ps`),
 * c2971 (b88), c2241 (b63, `/api/ps`). Every message below is invented.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { seq: r.scenario.seq, notices: r.notices.join(' | '), said: r.assumptions.join(' | ') };
};
const saidWeak = (notices: string, n: number) => new RegExp(`seq ${n} — from "`).test(notices);

const SHOW_QWEN = `  Model
    architecture        qwen2
    parameters          7.6B
    context length      32768
    embedding length    3584
    quantization        Q4_K_M`;

describe("a model's description prints its own window, never the run's length", () => {
  it.each([
    ['the show block pasted bare', `ollama run qwen2.5:7b on my RTX 3060 12GB runs out of memory.\n$ ollama show qwen2.5:7b\n${SHOW_QWEN}`],
    ['the show block in a fence', `ollama run qwen2.5:7b on my RTX 3060 12GB runs out of memory.\n\`\`\`\n$ ollama show qwen2.5:7b\n${SHOW_QWEN}\n\`\`\``],
    [
      'a list of the model\'s characteristics',
      'Running gemma3:4b with ollama on a RTX 3050 laptop (4 GB VRAM) is slow.\nModel: gemma3:4b\nArchitecture: gemma3\nParameters: 4.3B\nContext Length: 131072\nEmbedding Length: 2560\nQuantization: Q4_K_M',
    ],
    [
      'bulleted, with colons',
      'ollama qwen2.5:14b on a 4060 8GB offloads to the CPU. Model info:\n- architecture: qwen2\n- parameters: 14.8B\n- context length: 32768\n- embedding length: 5120\n- quantization: Q4_K_M',
    ],
    ['Chinese prose around it', `我用ollama跑qwen2.5:14b，4060 8G显存不够。ollama show 输出：\n  Model\n    architecture        qwen2\n    parameters          14.8B\n    context length      32768\n    embedding length    5120\n    quantization        Q4_K_M`],
    ['Korean prose around it', `ollama로 llama3.1:8b를 RTX 3060에서 돌리면 메모리가 부족합니다. ollama show 결과:\n  Model\n    architecture        llama\n    parameters          8.0B\n    context length      131072\n    embedding length    4096\n    quantization        Q4_K_M`],
    ['the rows in another order, one space apart', 'ollama run mistral-nemo:12b on a 3060 12GB OOMs\nModel\n architecture llama\n context length 1024000\n parameters 12.2B\n embedding length 5120'],
  ])('%s: the model\'s window is not read as the length', (_, text) => {
    const r = read(text);
    expect([32768, 131072, 1024000]).not.toContain(r.seq);
    // Ollama's own default context is said instead (scenario/llamacpp-context.ts).
    expect(r.said).toMatch(/seq 4096 \(default\)/);
  });

  it("the user's own num_ctx beside the show block is the length, said as theirs", () => {
    const r = read(`ollama run qwen2.5:7b on my RTX 3060 12GB with num_ctx 8192 runs out of memory.\n${SHOW_QWEN}`);
    expect(r.seq).toBe(8192);
    expect(r.notices).not.toMatch(/which did you mean/);
  });

  it("a list of the user's own settings keeps its context length (c2118's shape)", () => {
    expect(read('3x RTX 3090, exllamav2\n- model: Mistral-Large-Instruct-2407-123B-exl2_4.25bpw\n- loader: ExLlamav2_HF\n- context length: 32000').seq).toBe(32000);
  });

  it('a context length the user set in prose stays the length', () => {
    expect(read('I set context length 16384 in LM Studio for qwen2.5-7b q4_k_m on a 4060 8GB').seq).toBe(16384);
  });
});

const PS = `NAME            ID              SIZE     PROCESSOR    CONTEXT    UNTIL
qwen2.5vl:7b    5ced39dfa4ba    14 GB    100% GPU     16384      4 minutes from now`;

describe("ollama's ps prints the context it allocated: read, said weak", () => {
  it.each([
    ['the table pasted bare', `ollama uses too much VRAM on my 4090 with qwen2.5vl:7b. My ollama ps:\n${PS}`, 16384],
    ['the table in a fence after its command', `ollama uses too much VRAM on my 4090 with qwen2.5vl:7b.\n\`\`\`\n$ ollama ps\n${PS}\n\`\`\``, 16384],
    [
      'split over CPU and GPU',
      'ollama run llama3.1:70b on 2x 3090 is slow\nNAME            ID              SIZE     PROCESSOR          CONTEXT    UNTIL\nllama3.1:70b    a1b2c3d4e5f6    49 GB    23%/77% CPU/GPU    8192       Forever',
      8192,
    ],
    ['Chinese prose around it', `ollama 跑 qwen2.5vl:7b，4090 显存占满了。ollama ps 显示：\n${PS.replace('16384', '32768')}`, 32768],
    [
      "the API's ps answer",
      'ollama 0.17 eats my 4090 memory with qwen3:8b. curl localhost:11434/api/ps\n{"models":[{"name":"qwen3:8b","model":"qwen3:8b","size":12000000000,"size_vram":12000000000,"context_length":40960,"expires_at":"2026-01-01T00:00:00Z"}]}',
      40960,
    ],
  ])('%s', (_, text, n) => {
    const r = read(text);
    expect(r.seq).toBe(n);
    expect(saidWeak(r.notices, n)).toBe(true);
  });
});

describe('the real lines', () => {
  it('c2242 (ollama/ollama, b63): the ps rows\' 16384 is the context', () => {
    expect(corpusLineRead('c2242').scenario.seq).toBe(16384);
  });
  it('c2517 (b72): the user\'s OLLAMA_CONTEXT_LENGTH, not the show block\'s 32768', () => {
    expect(corpusLineRead('c2517').scenario.seq).toBe(16384);
  });
});
