import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { isForeignFiller } from '../../src/language/foreign-filler.js';
import { noRequestSpans } from '../../src/language/no-request.js';
import { respond } from '../../src/core/assistant.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b12 (test/corpus/first-sight.md), items 2 and 5: an issue template's boilerplate and a
 * command's quoted prompt are no request and are not counted against it; 全参数 is one word and
 * "只能设置 … 这正常吗" is filler.
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const unreadOf = (text: string) => {
  const parsed = parseRequest(text);
  return parsed.ok ? parsed.unread.map((u) => u.word) : null;
};
const refusedAsMostlyUnread = (text: string) => {
  const reply = respond(text, null).reply;
  return reply.kind === 'error' && /words I do not read/.test(reply.message);
};

describe("an issue template's headings and checkboxes are no request", () => {
  it('c505 (THUDM/ChatGLM-6B template, bilingual) is no longer refused as mostly unread', () => {
    expect(refusedAsMostlyUnread(lineText('c505'))).toBe(false);
  });

  const TEMPLATE = (request: string) =>
    [
      '### Is there an existing issue for this?',
      '',
      '- [X] I have searched the existing issues',
      '',
      '### Current Behavior',
      '',
      request,
      '',
      '### Expected Behavior',
      '',
      '**Steps To Reproduce**',
      '- [ ] I checked the documentation and found no answer',
      '### Reminder',
    ].join('\n');

  it('an English template around a short request: the request is read, the boilerplate never listed', () => {
    const unread = unreadOf(TEMPLATE('llama-2-7b lora on 1x rtx 4090 runs out of memory'));
    expect(unread).not.toBeNull();
    for (const word of ['existing', 'searched', 'Current', 'Expected', 'Reproduce', 'Reminder', 'documentation']) expect(unread).not.toContain(word);
  });

  it('a Chinese template (是否已有… / 当前行为 / 期望行为) around a request is answered', () => {
    const text = '### 是否已有关于该错误的issue或讨论？\n\n- [X] 我已经搜索过已有的issues和讨论\n\n### 当前行为\n\nqwen2-7b lora 2张4090 显存不足\n\n### 期望行为\n\n不报错';
    expect(respond(text, null).reply.kind).toBe('estimate');
  });

  it('prose outside the template is still counted: a template around words only is still mostly unread', () => {
    expect(refusedAsMostlyUnread(TEMPLATE('The assistant keeps forgetting earlier turns whenever conversations become lengthy, please advise kindly'))).toBe(true);
  });
});

describe("a command's quoted prompt is no request", () => {
  it('c509 (llama.cpp with -r, --in-prefix, --in-suffix and -p prompts) is answered, not refused', () => {
    expect(refusedAsMostlyUnread(lineText('c509'))).toBe(false);
    expect(respond(lineText('c509'), null).reply.kind).toBe('estimate');
  });

  it.each([
    `./llama-cli -m llama-3-8b.Q4_K_M.gguf -ngl 33 --prompt "Tell me a long story about a brave small dragon and its friends"\n`,
    `./main -m llama-3-8b.Q4_K_M.gguf -ngl 33 -p 'Write a poem about rivers, mountains, clouds and the quiet sea'\n`,
    `llama-server -m mistral-7b.Q5_K_M.gguf --system-prompt="You are a terse helpful assistant who answers politely always"\n`,
  ])('the prompt words are never listed as not read: %s', (text) => {
    const unread = unreadOf(text);
    expect(unread).not.toBeNull();
    for (const word of ['story', 'brave', 'dragon', 'poem', 'rivers', 'mountains', 'terse', 'politely']) expect(unread).not.toContain(word);
  });

  it('any prompt put in quotes after -p spans exactly its quotes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ,.!]{1,60}$/), (prompt) => {
        const text = `./main -m x.gguf -p "${prompt}" -n 64`;
        const open = text.indexOf('"');
        return noRequestSpans(text).some((s) => s.at === open && s.end === text.lastIndexOf('"') + 1);
      }),
    );
  });

  it('a quoted value of another flag is not a prompt', () => {
    expect(noRequestSpans('--model "Qwen/Qwen2-7B" --dtype "bfloat16"')).toEqual([]);
  });
});

describe('全参数 is one word; 只能设置 / 这正常吗 are filler', () => {
  it.each(['全参数微调', '全参数 微调', '全参数训练', '用全参数方式微调'])('"llama-2-7b %s 4张A100" lists no stray 数', (phrase) => {
    const unread = unreadOf(`llama-2-7b ${phrase} 4张A100 40G`) ?? [];
    expect(unread.some((w) => w.includes('数'))).toBe(false);
  });

  it.each(['只能设置', '这正常吗', '正常吗', '这不正常吧'])('%s is filler', (word) => expect(isForeignFiller(word)).toBe(true));

  it('a line with them is read whole: full fine-tune, batch 1, 4 cards, nothing unread', () => {
    const text = 'llama-2-7b 4块40G A100全参数微调，只能设置batch 1，这正常吗';
    expect(unreadOf(text)).toEqual([]);
  });
});
