import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { estimableSetup } from '../../src/language/estimable.js';
import { tokenize } from '../../src/language/lexer.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b14 (test/corpus/first-sight.md): long prose around a model and a card was refused as
 * "mostly words I do not read" (c569, c570, c574, c575). A message whose words read make a setup
 * is answered, its unread words listed once and every fact said as weak; only a message with
 * nothing estimable in it is refused.
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const refusedAsMostlyUnread = (text: string) => {
  const r = parseRequest(text);
  return !r.ok && /words I do not read/.test(r.error.message);
};
const answered = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not answered: ${r.ok ? 'help' : r.error.message}`);
  return r;
};

describe('prose around a model and a card is answered, its facts said as weak', () => {
  it.each([
    ['c569', 'tinygrad/tinygrad#704'],
    ['c570', 'chatchat-space/Langchain-Chatchat#470'],
    ['c575', 'oobabooga/text-generation-webui'],
  ])('%s (%s) is no longer refused as mostly unread', (id) => {
    expect(refusedAsMostlyUnread(lineText(id))).toBe(false);
    const r = answered(lineText(id));
    expect(r.assumptions.join(' | ')).toMatch(/most of this message is words I do not read/);
    // Every fact read from the user's words stands on a few of them: weak, said with its words.
    const read = (r.trace ?? []).filter((f) => f.at !== null);
    expect(read.length).toBeGreaterThan(0);
    for (const f of read) expect(f.weak).toBe(true);
  });

  // c574 names "oobabooga & text-generation-webui", read since 2026-12-03 as the program (its loader's
  // placement, scenario/textgen-placement.ts): with those words read, most of the message is no
  // longer unread, so the "mostly unread" note is not said; it is still answered, not refused.
  it('c574 (oobabooga/text-generation-webui) is answered, not refused as mostly unread', () => {
    expect(refusedAsMostlyUnread(lineText('c574'))).toBe(false);
    expect(answered(lineText('c574')).scenario!.mode).toBe('inference');
  });

  it('c574: its plain words ("not the beefiest setup") are prose, never listed as not read', () => {
    const r = answered(lineText('c574'));
    const said = r.assumptions.join(' | ');
    expect(said).not.toMatch(/"beefiest"/);
    expect(r.scenario!.model.id).toMatch(/13b/i);
  });

  it.each([
    'Hello everyone, I have been wondering for quite some time whether my humble little workstation could possibly handle mistral-7b on an rtx 4090 without crashing terribly',
    'Honestly my colleagues keep insisting that our ancient office desktop cannot manage serving qwen2-7b, although somebody claimed otherwise yesterday afternoon',
    'Sorry for the naive question, newcomer here: whenever grandma borrows my computer she complains that finetuning 13b with lora is sluggish, although apparently everything works',
    '大家好，我最近一直在想，我这台老旧的电脑到底能不能顺利地跑起来 qwen2-7b，显卡是 3090，麻烦大家帮忙看看，多谢各位 everyone honestly appreciated tremendously',
  ])('invented prose with a model and a card or a verb is answered: %s', (text) => {
    expect(refusedAsMostlyUnread(text)).toBe(false);
    expect(answered(text).scenario).toBeDefined();
  });
});

describe('a message with nothing estimable in it is still refused as mostly unread', () => {
  it.each([
    'flibber jabberwock snark 7b vorpal frumious bandersnatch',
    'asdf qwerty zxcvb uiopl hjklm ghjkt 4090 tyuio',
    'blorp snizzle wugget quuxel frobnar 13b glimmerous',
    'The assistant keeps forgetting earlier turns whenever conversations become lengthy, please advise kindly',
  ])('%s', (text) => {
    expect(refusedAsMostlyUnread(text)).toBe(true);
  });

  // Words no rule reads ("zq…"), any number of them, around a setup or around part of one.
  const noise = fc.array(fc.stringMatching(/^zq[a-z]{3,7}$/), { minLength: 6, maxLength: 20 });
  const setups = fc.constantFrom('llama-3-8b on a 4090', 'serve qwen2-7b', 'train 13b on 8x a100', 'mistral-7b lora');
  const parts = fc.constantFrom('llama-3-8b', '13b', 'on a 4090', 'with lora');

  it('property: words not read around a setup never make it refused', () => {
    fc.assert(
      fc.property(noise, setups, fc.nat(), (words, setup, at) => {
        const i = at % (words.length + 1);
        expect(parseRequest([...words.slice(0, i), setup, ...words.slice(i)].join(' ')).ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('property: outnumbered by words not read, a model alone or a card alone is refused', () => {
    fc.assert(
      fc.property(noise, parts, (words, part) => {
        expect(refusedAsMostlyUnread([...words, part].join(' '))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('estimableSetup needs what is estimated and what it runs on or does, or a card and what is done on it', () => {
    const kept = (text: string) => tokenize(text).filter((t) => t.type !== 'ws');
    expect(estimableSetup(kept('llama-3-8b 4090'))).toBe(true);
    expect(estimableSetup(kept('13b lora'))).toBe(true);
    expect(estimableSetup(kept('13b'))).toBe(false);
    expect(estimableSetup(kept('4090'))).toBe(false);
    // The model is the thread's, or asked for (c546: "A100 40G … lmdeploy chat …" under a title naming it).
    expect(estimableSetup(kept('4090 lora'))).toBe(true);
    expect(estimableSetup(kept('a100 40g lmdeploy'))).toBe(true);
  });
});
