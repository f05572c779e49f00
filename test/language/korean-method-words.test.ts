import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/** Korean method words: 로라 / 큐로라 (training.korean-lora-words), 풀 / 전체 파라미터 before a training word (training.korean-japanese-words). */
describe('Korean method words', () => {
  it.each([
    ['Llama-3-8B 로라 학습 A100 80G 1장', 'lora'],
    ['Llama-3-8B를 로라로 파인튜닝하려고 합니다, A100 80G 한 장', 'lora'],
    ['Llama-3-8B를 큐로라로 파인튜닝하려고 합니다, RTX 4090 한 장', 'qlora'],
    ['RTX 4090 1장, 큐로라를 써도 Llama-3-8B가 OOM이에요', 'qlora'],
    ['A100 40GB 2장으로 Llama-3-8B 풀 파인튜닝 하려는데 deepspeed zero2 쓰면 OOM 나나요?', 'full'],
    ['Llama-3-8B 전체 파라미터 학습, A100 80G 4장', 'full'],
    ['Llama-3-8B 풀파인튜닝 A100 80G 8장', 'full'],
  ])('%s', (text, mode) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe(mode);
    expect(said).not.toMatch(/not read: [^;]*"(?:풀|로라|큐로라)/);
  });

  it('a word that only ends in 로라 is not LoRA', () => {
    expect(read('Llama-3-8B 추론, 오로라 서버 A100 80G 1장').scenario.mode).toBe('inference');
  });
});
