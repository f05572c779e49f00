import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * A setup written in Korean: cards counted with a native numeral and a counter ("A6000 48GB 두
 * 장으로"), batch and length named in Korean ("배치 사이즈 4로", "시퀀스 길이는 4096") and a key with
 * a particle glued on ("max_seq_length는 8192"). Invented, as a stranger would write it.
 */
describe('Korean counts and settings', () => {
  it('the whole message', () => {
    const { scenario } = read('안녕하세요. A6000 48GB 두 장으로 Llama-3.1-8B를 QLoRA로 파인튜닝하려고 합니다. max_seq_length는 8192, 배치 사이즈 4로 하면 메모리가 충분할까요?');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-a6000', count: 2 });
    expect(scenario.seq).toBe(8192);
    expect(scenario.microBatch).toBe(4);
    expect(scenario.mode).toBe('qlora');
  });

  it.each([
    ['RTX 3090 두 장으로 Llama-3.1-8B를 QLoRA로 학습하려고 하는데, max_seq_length 8192, 배치 4면 가능할까요?', 4],
    ['llama-3-8b lora 배치는 2, 시퀀스 길이는 4096', 2],
  ])('배치 right before its number is the batch: %s', (text, batch) => {
    expect(read(text).scenario.microBatch).toBe(batch);
  });

  it('배치 with no number after it is no batch ("placement")', () => {
    expect(read('llama-3-8b lora 모델 배치 문제 on a 4090 seq 4096').scenario.microBatch).toBe(1);
  });

  it.each([
    ['4090 네 장으로 llama-3-8b 학습', 4],
    ['A100 80GB 여덟 개로 qwen2-72b 파인튜닝', 8],
    ['H100 한 대에서 llama-3-8b 학습', 1],
  ])('%s → %i cards', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });

  it('a numeral inside a longer word is no count (세팅, 네트워크)', () => {
    expect(read('llama-3-8b 학습 세팅 on 2x 4090').scenario.hardware?.count).toBe(2);
  });

  it('시퀀스 길이 is the length', () => {
    expect(read('llama-3-8b lora 학습, 시퀀스 길이는 4096, on 1x a100').scenario.seq).toBe(4096);
  });
});

describe('컨텍스트 (context) right before its number is the length', () => {
  it.each([
    ['안녕하세요, RTX 3090 24GB 두 장으로 Llama-3.1-70B를 4bit(AWQ)로 vLLM 서빙하려고 합니다. 컨텍스트는 8192로 하고 싶은데 가능할까요?', 8192],
    ['qwen2.5-7b vllm 서빙, 4090 한 장, 컨텍스트 32768', 32768],
    ['qwen2.5-7b vllm 서빙, 4090 한 장, 컨텍스트를 16384로', 16384],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('컨텍스트 with no number after it sets no length', () => {
    const { scenario } = read('qwen2.5-7b vllm 서빙, 4090 한 장, 컨텍스트 캐시 문제');
    expect(scenario.seq).not.toBe(4090);
  });
});

describe('시퀀스 (sequence) right before its number is the length', () => {
  it.each([
    ['Llama-3.1-70B를 A100 80GB 4장으로 풀 파인튜닝하려고 합니다. deepspeed zero3, 시퀀스 4096이면 될까요?', 4096],
    ['qwen2.5-7b lora, 4090 한 장, 시퀀스는 2048', 2048],
    ['mistral-7b qlora 시퀀스 8192 배치 2, 3090 한 장', 8192],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('시퀀스 with no number after it sets no length', () => {
    expect(read('llama-3-8b lora 4090 한 장, 시퀀스 병렬은 안 씁니다').scenario.seq).not.toBe(4090);
  });
});
