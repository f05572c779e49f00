import type { Token } from '../lexer.js';

/**
 * Whether a model's name and a size are said together, as one noun phrase, so that the size is that name's
 * (rmodel13, b76–b78): only punctuation, a model noun, a size or version word or a possessive particle between them
 * ("Qwen2.5-VL，32B", "Qwen2.5-VL (7B)", "Qwen2.5-VL 모델 7B", "Baichuan2 的 13B 版本", "the 7B Qwen2.5-VL", a table's
 * "| Qwen2.5-VL | 7B |"), or a key naming the size on the next line ("model: Qwen2.5-VL\nsize: 7B"). Said in another
 * sentence ("I'm trying Qwen2.5-VL for OCR. The 7B version OOMs"), the two are joined only by being in one message: a
 * weak reading, said with both words (c2676's "7B" beside a Qwen2.5-VL link, c2680's "13B-chat" in Baichuan2's thread).
 */
const JOINERS =
  /^(?:[\s,，、;；:：()（）[\]【】|/\\=~-]|的|의|(?:the|a|an|of|model|models|size|version|variant|params|parameters|模型|版本|参数量?|规模|大小|尺寸|모델|버전|크기)(?![a-z]))*$/i;
/** A line break parts them unless the next line is a key naming the size. */
const SIZE_KEY_LINE = /\n[ \t]*(?:[-*][ \t]*)?(?:model[ _]?)?(?:size|params|parameters|参数量?|规模|大小|尺寸|크기)[ \t]*[:：=]/i;

/** The words between two token spans [from, to) of one token list, in order. */
const gapText = (tokens: readonly Token[], from: number, to: number) => tokens.slice(from, to).map((t) => t.text).join('');

/** `nameAt..nameEnd` (token indices, inclusive) and the size token `size` are said as one phrase. */
export function saidBeside(tokens: readonly Token[], nameAt: number, nameEnd: number, size: Token): boolean {
  const at = tokens.indexOf(size);
  if (at < 0) return false;
  const gap = at > nameEnd ? gapText(tokens, nameEnd + 1, at) : at < nameAt ? gapText(tokens, at + 1, nameAt) : '';
  if (/\n/.test(gap) && !(at > nameEnd && SIZE_KEY_LINE.test(gap))) return false;
  return JOINERS.test(gap.replace(SIZE_KEY_LINE, ' '));
}
