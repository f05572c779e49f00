import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A setting a program printed at its own default among all its arguments (scenario/printed-defaults.ts): KoboldCpp's
 * `Namespace(… flashattention=False …)` and Ollama's `server config` env map (corpus c1741, c1791, c1940). The value is what
 * ran, and is kept; the reply says on its first screen that it is the program's default, with the switch. The cases are
 * invented variations of the phenomenon (spacing, a fence, Chinese and Korean around it, the key first), and the
 * settings the user chose themselves, which stay theirs.
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const weak = (r.trace ?? []).some((f) => f.fact === 'attention' && f.weak && f.weakWords !== undefined);
  return { attention: r.scenario.attention, weak, said: r.assumptions.join(' | ') };
}

describe('an attention switch printed at its program default', () => {
  it("kobold dump off, prose before \u2014 said as the default, with its switch", () => {
    const r = read("Slow generation on my 3090 with koboldcpp\n\nNamespace(blasbatchsize=512, contextsize=8192, flashattention=False, gpulayers=41, lowvram=False, model_param='D:/models/Mistral-Nemo-Instruct-2407-Q5_K_M.gguf', quantkv=0, threads=8)");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/attention eager — (?:KoboldCpp|Ollama)'s default, printed as "[^"]+": say "flash" if you turn it on/);
  });
  it("kobold dump off, fenced, Chinese \u2014 said as the default, with its switch", () => {
    const r = read("用koboldcpp跑qwen2.5-14b，显存不够，启动参数如下：\n```\nNamespace(contextsize=16384, flashattention=False, gpulayers=49, model_param='/home/me/Qwen2.5-14B-Instruct-Q4_K_M.gguf', usecublas=['normal', '0'])\n```\n4060ti 16G");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/attention eager — (?:KoboldCpp|Ollama)'s default, printed as "[^"]+": say "flash" if you turn it on/);
  });
  it("kobold dump off, Korean, first key \u2014 said as the default, with its switch", () => {
    const r = read("코볼드cpp로 실행하면 VRAM이 부족합니다 (RTX 4070 12GB)\nNamespace(flashattention=False, contextsize=4096, gpulayers=30, model_param='gemma-2-9b-it-Q6_K.gguf')");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/attention eager — (?:KoboldCpp|Ollama)'s default, printed as "[^"]+": say "flash" if you turn it on/);
  });
  it("ollama server config env off \u2014 said as the default, with its switch", () => {
    const r = read("ollama uses too much VRAM with llama3.1:8b on a 4090\ntime=2025-01-03T10:00:00.000Z level=INFO source=routes.go:1259 msg=\"server config\" env=\"map[CUDA_VISIBLE_DEVICES: OLLAMA_CONTEXT_LENGTH:8192 OLLAMA_DEBUG:false OLLAMA_FLASH_ATTENTION:false OLLAMA_KEEP_ALIVE:5m0s OLLAMA_NUM_PARALLEL:1]\"");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/attention eager — (?:KoboldCpp|Ollama)'s default, printed as "[^"]+": say "flash" if you turn it on/);
  });
  it("ollama env map, Chinese heading \u2014 said as the default, with its switch", () => {
    const r = read("qwen2.5:32b 启动日志，24G显存\nmsg=\"server config\" env=\"map[OLLAMA_FLASH_ATTENTION:false OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:4 OLLAMA_MAX_LOADED_MODELS:1]\"");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/attention eager — (?:KoboldCpp|Ollama)'s default, printed as "[^"]+": say "flash" if you turn it on/);
  });
  it("kobold dump ON is a choice \u2014 the user's own, not said as a default", () => {
    const r = read("koboldcpp on a 3060 12GB\nNamespace(contextsize=8192, flashattention=True, gpulayers=33, model_param='Llama-3-8B-Instruct-Q8_0.gguf')");
    expect(r.attention).toBe('flash');
    expect(r.weak).toBe(false);
  });
  it("user's own flag turns it off \u2014 the user's own, not said as a default", () => {
    const r = read("OLLAMA_FLASH_ATTENTION=0 ollama serve, then ollama run qwen2.5:14b on my 3090 — VRAM is full");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(false);
  });
  it("prose says off \u2014 the user's own, not said as a default", () => {
    const r = read("running llama-3-8b Q4_K_M in koboldcpp without flash attention, contextsize 16384, on a 4060 8GB");
    expect(r.attention).toBe('eager');
    expect(r.weak).toBe(false);
  });
});
