import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * "Hugging Face" as the site a file comes from (prose/rules/hub-site.ts) is no program: a GGUF file downloaded from it is
 * llama.cpp's to run (Osmantic/ODS#53, corpus c2209: "to match HuggingFace (`Qwen3-30B-A3B-Q4_K_M.gguf`)" had read as
 * Hugging Face's layout, in silence). Invented variations: from / the page / the repo / to match, Chinese and Korean;
 * and the library named with its own words, which stays Hugging Face.
 */
const framework = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario.framework;
};

describe('Hugging Face named as the site a model comes from', () => {
  it("downloaded gguf from HuggingFace \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("Downloaded Qwen2.5-14B-Instruct-Q4_K_M.gguf from HuggingFace and loaded it on my 3060 12GB, it runs out of memory at 16k context")).toBe('llamacpp');
  });
  it("gguf from Hugging Face (repo) \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("I got the GGUF from Hugging Face (bartowski/Meta-Llama-3.1-8B-Instruct-GGUF, Q6_K) and it crashes at 32k context on a 4090")).toBe('llamacpp');
  });
  it("\u4eceHuggingFace\u4e0b\u8f7d \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("从HuggingFace下载的qwen2.5-7b-instruct-q8_0.gguf，4060ti 16G跑不起来")).toBe('llamacpp');
  });
  it("file names match HuggingFace \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("Renamed the files to match HuggingFace (Llama-3.1-8B-Instruct-Q6_K.gguf) and loaded it on a 3080 10GB with 8192 context")).toBe('llamacpp');
  });
  it("Korean HuggingFace\uc5d0\uc11c \ubc1b\uc740 \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("HuggingFace에서 받은 gemma-2-9b-it-Q5_K_M.gguf 파일을 RTX 3070 8GB에서 실행하면 메모리가 부족해요")).toBe('llamacpp');
  });
  it("from the HF repo \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("Mistral-7B-Instruct-v0.3-Q4_K_M.gguf (from the HF repo) with 32k context on a 16GB card")).toBe('llamacpp');
  });
  it("huggingface hub listing \u2014 the site: the GGUF runs on llama.cpp", () => {
    expect(framework("The HuggingFace page says Qwen3-8B-Q4_K_M.gguf is 5.03 GB; will it fit my 6GB 2060 with 4k context?")).toBe('llamacpp');
  });
  it("counter: HF transformers generate \u2014 the library, Hugging Face", () => {
    expect(framework("I run it with HuggingFace transformers: model.generate with llama-3-8b in fp16 on a 3090")).toBe('hf');
  });
  it("counter: HF Trainer lora \u2014 the library, Hugging Face", () => {
    expect(framework("using the HuggingFace Trainer to finetune llama-3-8b with lora on a 4090")).toBe('hf');
  });
});
