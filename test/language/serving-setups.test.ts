import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Serving setups (issue 22): which engine runs the model, how it is spread over GPUs, which length it
 * serves, and which of the engine's defaults the user actually set. Each case quotes the real line it
 * came from (cited) and pins the rule with other phrasings of it.
 */

describe('a GGUF repository named by its Hub id runs in llama.cpp, as a GGUF type written does', () => {
  // QwenLM/Qwen3-VL#1583 (c1143): "部署yairpatch/Qwen3-VL-30B-A3B-Instruct-GGUF需要多大的显存？ … 一张4090够吗？"
  it('"deploy" with a -GGUF Hub id names no engine: llama.cpp runs it, stated', () => {
    for (const text of [
      corpusText('c1143'),
      'deploy TheBloke/Llama-2-13B-chat-GGUF on a 3060',
      'how much VRAM to host bartowski/Qwen2.5-7B-Instruct-GGUF on one 4090',
      '部署 Qwen/Qwen2.5-7B-Instruct-GGUF 需要多少显存 一张3090',
    ]) {
      const { scenario, said } = read(text);
      expect(scenario.framework, text).toBe('llamacpp');
      expect(scenario.inference.engine, text).toBe('hf');
      expect(said, text).toMatch(/llama\.cpp \(GGUF Q4_K_M is its format/);
    }
  });

  it('an engine named with it keeps that engine; another format in the id keeps the server', () => {
    expect(read('vllm serve TheBloke/Llama-2-13B-chat-GGUF on a 4090').scenario.inference.engine).toBe('vllm');
    expect(read('deploy TheBloke/Llama-2-13B-chat-AWQ on a 4090').scenario.inference.engine).toBe('vllm');
  });
});

describe("EXL2's bits per weight before a card", () => {
  // turboderp/exllamav2 (c1116): "Command-R plus 6.5 bpw works very well … in my setup 112GB VRAM."
  // The canonical "bpw 6.5 on 112GB" must read back as itself: a fraction after bpw is its value, not a card's.
  it('"bpw 6.5 on 112GB" keeps 6.5 bits per weight', () => {
    for (const text of ['command-r-plus exllamav2 bpw 6.5 on 112GB', 'command-r-plus exllamav2 bpw 6.5 on 1x 112GB', '70b exllamav2 bpw 4.0 on 2x 3090', 'llama-3-70b exllamav2 bpw 2.4 on a 3090']) {
      expect(read(text).scenario.inference.bpw, text).toBe(Number(/bpw (\d+(?:\.\d+)?)/.exec(text)![1]));
    }
    expect(read(corpusText('c1116')).scenario.inference.bpw).toBe(6.5);
  });
});
