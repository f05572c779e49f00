import { allMatches } from './all-matches.js';
/**
 * Words that are no request (issue 22, b12 item 2): an issue template's boilerplate and a command's
 * quoted prompt. They are not read, and not counted against the message either ("most of this
 * message is words I do not read"): c505's "Is there an existing issue / discussion for this?",
 * c509's `-p "You are a helpful, smart, kind … assistant"`. Only words the reader could not read
 * anyway are set aside by these spans; a setting inside them is still read.
 */
export interface Span {
  at: number;
  end: number;
}

/** A named pattern of words that are no request, with the thread it was seen in. */
interface NoRequestRule {
  id: string;
  pattern: RegExp;
  example: string;
  source: string;
}

export const NO_REQUEST_RULES: readonly NoRequestRule[] = [
  {
    // A Markdown heading line is a template's section title ("### Reminder", "### 当前行为 | Current Behavior").
    id: 'template-heading',
    pattern: /^[ \t]*#{1,6}[ \t]+[^\n]*$/gm,
    example: '### 是否已有关于该错误的issue或讨论？ | Is there an existing issue / discussion for this?',
    source: 'THUDM/ChatGLM-6B (corpus c505)',
  },
  {
    // A checkbox line is a template's checklist ("- [X] I have searched the existing issues").
    id: 'template-checkbox',
    pattern: /^[ \t]*[-*+][ \t]*\[[ xX✓]\][^\n]*$/gm,
    example: '- [X] 我已经搜索过已有的issues和讨论 | I have searched the existing issues / discussions',
    source: 'THUDM/ChatGLM-6B (corpus c505)',
  },
  {
    // The same titles written bold or bare, on a line of their own.
    id: 'template-title',
    pattern:
      /^[ \t]*(?:\*\*|__)?(?:is there an existing (?:issue|answer)[^\n]*|i have searched[^\n]*|current behaviou?r|expected behaviou?r|steps to reproduce|reminder|system info|environment|anything else\??|reproduction|当前行为|期望行为|复现方法|运行环境|是否已有[^\n]*)(?:\*\*|__)?:?[ \t]*$/gim,
    example: '**Expected Behavior**',
    source: 'invented from the c505 template, written bold',
  },
  {
    // A prompt, a reverse prompt or a chat template given to a command, in quotes: the model's input, not the request.
    id: 'quoted-prompt',
    pattern:
      /(?<=(?:^|\s)(?:-p|-r|-sys|--prompt|--system-prompt|--system_prompt|--in-prefix|--in-suffix|--reverse-prompt|--chat-template|--chat_template|--prompt-template)(?:=|[ \t]+))(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*')/g,
    example: `-p "You are a helpful, smart, kind, and efficient AI assistant."`,
    source: 'ggerganov/llama.cpp (corpus c509)',
  },
  {
    // A chat template's special token ("<|eot_id|>", "<|im_start|>") anywhere.
    id: 'chat-template-token',
    pattern: /<\|[A-Za-z0-9_]+\|>/g,
    example: '<|start_header_id|>user<|end_header_id|>',
    source: 'ggerganov/llama.cpp (corpus c509)',
  },
];

/** Every span of the text that a rule says is no request. */
export function noRequestSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const rule of NO_REQUEST_RULES) {
    // allMatches, not matchAll: the same matches without copying the pattern each call (issue 22).
    for (const m of allMatches(rule.pattern, text)) spans.push({ at: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/** Whether a word at `at` (user offsets) lies inside one of the spans. */
export const insideNoRequest = (spans: readonly Span[], at: number, length: number): boolean =>
  spans.some((s) => s.at <= at && at + length <= s.end);
