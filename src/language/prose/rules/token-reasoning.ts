import type { ProseRule } from '../types.js';

/**
 * Counts of tokens that are the user's reasoning, not their run's length (issue 22, item 2: a unit is a cue only for
 * what it counts). "768×768, divided by 28×28, there are only 752 tokens per image, and even with 8 images, that's
 * just 6,018 tokens" (2U1/Qwen-VL-Series-Finetune#51, c2438) had set seq 752: a count for one item (an image, a
 * page, a frame, a tile, a chunk) and a total worked out from such counts ("= 5184 tokens", "that's just 6,018
 * tokens", 一共6000个token, 총 8000 토큰) say how much one input holds, not the length the run is set to, which a
 * length word or key states (the text tokens beside the images, a cutoff, a max length). Blanked and said once, so
 * the reply asks for "seq N" instead of sizing the run on one image. A length word right after ("of context") or
 * a "max" before keeps the number a length.
 */
const NUMBER = String.raw`~?\d{1,3}(?:,\d{3})+|~?\d+(?:\.\d+)?\s*[k千万]?`;
const ABOUT = String.raw`(?:(?:just|only|about|around|roughly|approximately|approx\.?|nearly|almost|over|under|~|大概|大约|约|只有|仅|才|약|대략|겨우)\s*)*`;
/** What one count is for: a piece of an input (not a sample: "~512 tokens per sample" is the data's length, behaviours-strangers A). */
const ITEM = String.raw`(?:images?|pictures?|photos?|frames?|pages?|chunks?|tiles?|patch(?:es)?|crops?|documents?|docs?|files?|videos?|clips?|turns?|messages?|paragraphs?|screenshots?|slides?|passages?)`;
const TOKENS = String.raw`(?:visual\s+|image\s+|text\s+)?tokens?\b`;
// Not a sample (样本, 샘플): a sample's tokens are its length, as in English (rlen2).
const ZH_ITEM = String.raw`(?:张|个|页|帧|条|块)?\s*(?:图片|图像|图|页|帧|切片|块|视频|文档)`;
const KO_ITEM = String.raw`(?:이미지|사진|페이지|프레임|청크|타일|문서|영상)`;
/** Not a length word after the count: "6000 tokens of context", "a prompt that is 441 tokens long" (c2092) are lengths. */
const NOT_LENGTH_AFTER = String.raw`(?!\s*(?:of\s+)?(?:context|ctx|length|window|seq|long)\b)`;

const PER_ITEM = [
  // "752 tokens per image", "256 tokens per tile", "1296 tokens each image", "900 tokens for one page", "1024 tokens/frame"
  String.raw`(?<![\w.,])(?:${NUMBER})\s*${TOKENS}\s*(?:\b(?:per|each|every|for\s+(?:one|each|every|a|an|1))\s+|\/\s*|an?\s+)(?:single\s+)?${ITEM}\b`,
  // "a page is ~900 tokens", "each image comes to 1024 tokens", "one frame = 256 tokens"
  String.raw`\b(?:a|an|one|each|every|per|1)\s+(?:single\s+)?${ITEM}\s*(?:is|has|takes|gives|becomes|costs|comes\s+to|=|≈|:|->|→)\s*${ABOUT}(?:${NUMBER})\s*${TOKENS}`,
  // "每张图片大概1200个token", "一张图约256个token", "每帧256 tokens"
  String.raw`(?:每|一)\s*${ZH_ITEM}[^，。,.;；\n\d]{0,8}?(?:${NUMBER})\s*(?:个)?\s*(?:tokens?|词元)`,
  // "이미지당 약 800 토큰", "이미지 한 장에 1024 토큰", "페이지마다 900토큰"
  String.raw`${KO_ITEM}\s*(?:당|마다|\s*한\s*장(?:에|당)|\s*하나(?:에|당))\s*${ABOUT}(?:${NUMBER})\s*(?:토큰|tokens?)`,
];

const WORKED_TOTAL = [
  // "= 5184 tokens", "≈ 16k tokens total", "that's just 6,018 tokens", "which comes to 9000 tokens in total"
  String.raw`(?:=|≈|~=|->|→|\bthat'?s|\bthat\s+is|\bwhich\s+(?:is|makes|gives|comes\s+to)|\bmaking|\bgiving|\badds?\s+up\s+to|\bcomes?\s+to|\btotal(?:s|ling|ing)?(?:\s+of)?)\s*${ABOUT}(?:${NUMBER})\s*${TOKENS}${NOT_LENGTH_AFTER}(?:\s+(?:in\s+)?total\b)?`,
  // "6 images that's…" is above; "16 frames is about 16k tokens total", "10 pages ≈ 9000 tokens in total"
  String.raw`(?<![\w.])\d+\s*${ITEM}\s*(?:is|are|=|≈|->|→|gives?|makes?|comes?\s+to|would\s+be|will\s+be)\s*${ABOUT}(?:${NUMBER})\s*${TOKENS}${NOT_LENGTH_AFTER}(?:\s+(?:in\s+)?total\b)?`,
  // "就是6000个token", "一共6000个token", "总共约8k token"
  String.raw`(?:就是|一共|总共|总计|合计|加起来)\s*${ABOUT}(?:${NUMBER})\s*(?:个)?\s*(?:tokens?|词元)`,
  // "총 8000 토큰", "합쳐서 8000 토큰"
  String.raw`(?:총|합계|합쳐서|모두)\s*${ABOUT}(?:${NUMBER})\s*(?:토큰|tokens?)`,
];

function setAside(m: RegExpExecArray, notes: string[]): string {
  const note = `"${m[0].trim()}" is a count your arithmetic works out (one image, page or chunk, or their total), not read as the sequence length: say "seq N" for the length you run`;
  if (!notes.includes(note)) notes.push(note);
  return ' '.repeat(m[0].length);
}

export const TOKEN_REASONING_RULES: readonly ProseRule[] = [
  {
    id: 'prose.tokens-per-item',
    pattern: new RegExp(PER_ITEM.join('|'), 'gi'),
    when: (t) => /token|토큰|词元/.test(t),
    write: setAside,
    example: 'At a resolution of 768×768, divided by 28×28, there are only 752 tokens per image',
    source: '2U1/Qwen-VL-Series-Finetune#51',
  },
  {
    id: 'prose.tokens-worked-out',
    pattern: new RegExp(WORKED_TOTAL.join('|'), 'gi'),
    when: (t) => /token|토큰|词元/.test(t),
    write: setAside,
    example: "and even with 8 images, that's just 6,018 tokens. I can't understand why 80GB is not enough",
    source: '2U1/Qwen-VL-Series-Finetune#51',
  },
];
