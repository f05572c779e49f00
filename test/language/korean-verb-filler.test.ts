import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { isForeignFiller } from '../../src/language/foreign-filler.js';

/**
 * Issue 22 item 4: filler is never listed. Korean verbs and nouns take endings whatever their stem,
 * so a word is filler by its ending and a stem that names no setting, not by a list of whole words.
 */
describe('Korean words are filler by their ending, unless the stem names a setting', () => {
  it('a stranger\'s vLLM question lists no Korean verb as not read (invented, after vllm-project/vllm Korean reports)', () => {
    const text =
      'vLLM으로 Qwen2.5-32B-Instruct-AWQ 를 RTX 4090 두 장에 올리려고 하는데 max-model-len 32768 로 하면 KV cache 부족 에러가 납니다. --tensor-parallel-size 2 --gpu-memory-utilization 0.95 로 실행했어요.';
    const reply = respond(text, null).reply as { notices?: string[] };
    const notRead = (reply.notices ?? []).find((n) => n.startsWith('not read:')) ?? '';
    expect(notRead).not.toMatch(/[\uac00-\ud7a3]/);
  });

  it('a Chinese question after the cause (是什么原因) is filler', () => expect(isForeignFiller('是什么原因')).toBe(true));

  it.each(['怎么解决', '请问怎么解决', '该如何处理', '有什么解决办法'])('a Chinese "how do I fix it" (%s) is filler', (word) => expect(isForeignFiller(word)).toBe(true));

  it('a Japanese "is the memory enough?" (メモリは足りますか) is filler', () => expect(isForeignFiller('メモリは足りますか')).toBe(true));

  it.each(['で動かしたいです', 'に載せたいのですが', 'で回せますか', 'で走らせたいです', '可能ですか'])('Japanese %s (a wish or a can of running) is filler', (word) =>
    expect(isForeignFiller(word)).toBe(true),
  );

  it.each(['で学習したいです', '推論したい', '量子化して'])('Japanese %s names a setting: listed', (word) => expect(isForeignFiller(word)).toBe(false));

  it.each(['올리려고', '하는데', '납니다', '실행했어요', '돌렸는데', '좋은', '모델을', '에러가', '실행해'])('%s is filler', (word) =>
    expect(isForeignFiller(word)).toBe(true),
  );

  it.each(['학습했어요', '양자화해서', '없이', '않고', '두장에', '여러대의', '배치를', '추론할'])('%s names a setting or a count: listed', (word) =>
    expect(isForeignFiller(word)).toBe(false),
  );

  it.each(['사용', '환경', '면', '질문', '사용,'])('a bare noun or ending with no setting stem (%s) is filler', (word) => expect(isForeignFiller(word)).toBe(true));

  it.each(['옵티마이저', '오프로딩', '가중치', '캐시', '레이어'])('a bare noun naming a setting (%s) is listed', (word) => expect(isForeignFiller(word)).toBe(false));

  it('a stranger\'s Korean LoRA question lists no Korean word as not read (invented)', () => {
    const text = 'Llama 3 70B LoRA 학습, DeepSpeed ZeRO-3 사용, A100 80GB 2장이면 되나요? 배치 사이즈는 2, 시퀀스 길이는 8192 입니다';
    const reply = respond(text, null).reply as { notices?: string[] };
    const notRead = (reply.notices ?? []).find((n) => n.startsWith('not read:')) ?? '';
    expect(notRead).not.toMatch(/[\uac00-\ud7a3]/);
  });

  it('a verb ending never hides a setting stem, whatever the ending', () => {
    const stems = fc.constantFrom('학습', '훈련', '추론', '양자화', '배치', '길이', '오프로드', '없', '않', '두');
    const endings = fc.constantFrom('했어요', '하는데', '하려고', '합니다', '을', '는', '해서', '고');
    fc.assert(fc.property(fc.constantFrom('', '다시', '직접'), stems, endings, (before, stem, ending) => !isForeignFiller(before + stem + ending)));
  });
});
