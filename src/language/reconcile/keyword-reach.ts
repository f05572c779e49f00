import type { Item } from '../items.js';

/**
 * A batch or a length read from a keyword and a number the grammar joined across a sentence end
 * (issue 22, item 2: a number fills a slot only with a cue). The grammar sees the kept tokens
 * only, so a keyword whose own number was set aside ("10个…的并发请求": ten concurrent requests,
 * 并发 written "concurrency") lands beside the next sentence's number ("但一个1500 input_len的请求":
 * one request of 1,500 prompt tokens), which InternLM/lmdeploy#722 (corpus c663) read as a batch
 * of 1,500. The keyword is no cue for a number in another sentence: the reading is set aside, with a
 * note, and the number is left on the "not used" line.
 */

/** A sentence end between the keyword and its number: a full stop, "!" or "?" before a space, a CJK one, a blank line. */
const SENTENCE_END = /[.!?](?=\s)|[。！？]|\n[ \t]*\n/;
/** Keys and flags keep their value across a line ("--max-num-seqs \\\n 256", "batch_size:\n  8"): never touched. */
const KEYED = /--|[_:]|=(?!>)/;

/**
 * A model's shape is said with its number beside its word: "80 layers", "layers 40", "80 transformer layers",
 * "hidden size of 8192". A number several words away belongs to another phrase: "2 layers caching VRAM + pinned
 * RAM and got up to 85% cache hit rate" (QwenLM/Qwen3-Coder-Next's PR, corpus c1349) had read 85 layers, a
 * percentage, into the model's shape. The span between holds the shape's own words ("num attention heads"): more
 * than four words there, the number is no value of it.
 */
const farFromShapeWord = (between: string) => (between.match(/[^\s]+/g) ?? []).filter((w) => /\p{L}|\d/u.test(w)).length > 4;

/**
 * A runner's setting said by its keyword (-ngl, util, max seqs, batched tokens) reaches no further: "decrease GPU
 * layers in model config file -- and it worked! (…):\n\n5:52PM DBG … sizeCache:0" (mudler/LocalAI#1981, c972) read
 * as -ngl 5, then -ngl 0. Another key's colon inside the reach is no key of its own, so KEYED does not keep these.
 */
const SETTING_SLOTS: Record<string, string> = {
  ngl: 'GPU layers (-ngl)',
  util: 'memory utilization',
  maxSeqs: 'max seqs',
  batched: 'batched tokens',
  // The clients' load (rserve17: 并发 is concurrency, no longer a batch word) is bound to its sentence as the batch was (c663).
  clientLoad: 'concurrency',
};

/** A length's own words, and the joining words between it and its value ("max seq len of", "context = "). */
const LENGTH_OWN_WORDS = /\b(?:max(?:imum)?|seq(?:uence)?s?|seqlen|length|len|context|ctx|window|size|tokens?|prompts?|inputs?|of|is|at|to|the|a|one|two|three|four|five|six|seven|eight|nine|ten)\b|\d/gi;

/**
 * A length keyword whose number the grammar reached over a verb of getting there ("as soon as the context passes 6 - 7K,
 * it gives me an OOM error", turboderp-org/exllamav2#662, c3045, beside "64K context": read as seq 6) names the point
 * a run got to, not the length it is set to: set aside, said, where another length is read (alone it stays, and the
 * limit rules weigh it).
 */
const REACHED_OVER = /\b(?:pass(?:es|ed|ing)?|exceed(?:s|ed|ing)?|reach(?:es|ed|ing)?|hit(?:s|ting)?|grow(?:s|n|ing)?|go(?:es|ing)?\s+(?:over|past|beyond|above)|gets?\s+(?:to|past|over|above|beyond)|got\s+(?:to|past|over|above|beyond))\b/i;

export function keywordsAcrossSentences(items: Item[], notes: string[]): Item[] {
  const reachedOver = (i: Item) => i.kind === 'seq' && !!i.text && !KEYED.test(i.text) && REACHED_OVER.test(i.text);
  const setLength = items.some((i) => i.kind === 'seq' && !reachedOver(i));
  return items.filter((i) => {
    if (setLength && reachedOver(i)) {
      notes.push(`"${i.text.trim().replace(/\s+/g, ' ')}" not read as the sequence length: it is where the run got to, not the length it is set to`);
      return false;
    }
    // The range's other end ("passes 6 - 7K": the "7K" a few characters after the reached "6") is the same point.
    const rangeOf = setLength ? items.find((r) => reachedOver(r) && i.kind === 'seq' && i !== r && i.at >= r.end && i.at - r.end <= 4) : undefined;
    if (rangeOf) {
      notes.push(`"${i.text.trim()}" not read as the sequence length: with "${rangeOf.text.trim()}", where the run got to`);
      return false;
    }
    const setting = SETTING_SLOTS[i.kind];
    // A model's shape word too: "Quant KV F16 =>" then, after a blank line, "auto 43 / 43 layers" (LostRuins/koboldcpp#1480, c731) was 43 KV heads.
    if (setting && i.text) return keptWithin(i, setting, notes);
    if ((i.kind !== 'batch' && i.kind !== 'seq' && i.kind !== 'arch') || !i.text || KEYED.test(i.text)) return true;
    // A card classifier the span ends on is the count's ("batchsize已经尽可能设置的很小了，GPU分配是4张卡", Trinity-RFT#318, c3905,
    // where prose.chinese-cards read the same 4 as the cards): the number before it is where the reach is measured to.
    const words = i.text.trim().replace(/\s*(?:(?:张|块|台)\s*(?:显卡|卡)?|显卡|卡)$/, '');
    // "a book-length sequence per step on one 8xH100 node" (huggingface/trl#6846, c2641): "one" read as a card
    // count, then joined to "sequence" over "per step on", was seq 1. A length of a few tokens is no run's length,
    // and one reached over words that are not the length's own is the count of something else: set aside, said.
    // (Two such words at least: "prompt长度只有8", InternLM/lmdeploy c662, is a prompt of 8 tokens, read as such; and
    // words apart, not one token: "ctx4096-test50" in a file name is the model's tag, said by its own rule.)
    if (i.kind === 'seq' && i.value < 64 && /\s/.test(words) && (words.replace(LENGTH_OWN_WORDS, '').match(/[a-z]{2,}/gi) ?? []).length >= 2) {
      notes.push(`"${words.replace(/\s+/g, ' ')}" not read as the sequence length: ${i.value} token${i.value === 1 ? '' : 's'} is no length, and other words stand between the number and its keyword`);
      return false;
    }
    // The number at one end of the span, the keyword at the other: what lies between is the reach.
    // Thousands grouped by a space ("context length 40 000", c1669) are one number.
    const number = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|^\d[\d.,]*\s*[km万千]?|(?<!\d[ \u00a0\u202f]?)\d{1,3}(?:[ \u00a0\u202f]\d{3})+$|\d[\d.,]*\s*[km万千]?$/i.exec(words);
    if (!number) return true;
    const between = number.index === 0 ? words.slice(number[0].length) : words.slice(0, number.index);
    if (i.kind === 'arch' && farFromShapeWord(between)) {
      notes.push(`"${number[0].trim()}" not read as the model's ${i.field}: too far from its word to be its value ("${words.replace(/\s+/g, ' ')}")`);
      return false;
    }
    const slot = i.kind === 'batch' ? 'batch' : i.kind === 'seq' ? 'sequence length' : `model's ${i.field}`;
    if (i.kind === 'batch' && number.index > 0 && /^\p{L}/u.test(words) && anotherNumberBetween(between)) {
      notes.push(`"${number[0].trim()}" not read as the ${slot}: another number stands between it and its keyword ("${words.replace(/\s+/g, ' ')}")`);
      return false;
    }
    if (i.kind === 'batch' && number.index > 0 && /^\p{L}/u.test(words) && anotherPhraseBetween(between)) {
      notes.push(`"${number[0].trim()}" not read as the ${slot}: it counts something else, said after "${words.slice(0, words.search(/[,;，；、]|\s/) > 0 ? words.search(/[,;，；、]|\s/) : words.length)}" in another phrase ("${words.replace(/\s+/g, ' ')}")`);
      return false;
    }
    if (!SENTENCE_END.test(between)) return true;
    notes.push(`"${number[0].trim()}" not read as the ${slot}: its keyword is in another sentence ("${words.replace(/\s+/g, ' ')}")`);
    return false;
  });
}

/**
 * A batch keyword's value is the first number after it. When another number stands between the keyword as the user
 * wrote it and the one the grammar joined to it, that nearer number was set aside (a rate, a version) and the far
 * one belongs to another phrase. "int4量化,1 batch 的速度是8 tokens / s, 只有4090的1/20?" (ztxz16/fastllm#151, c2070:
 * the speed at batch 1 is 8 tokens/s, a twentieth of a 4090's) had read a micro-batch of 4,090 across the
 * blanked rate. Only a span that opens with the user's keyword: a rewrite's span ("3000 tokens in, 1000 out",
 * "beyond 4k, we need 8k") holds its own numbers. A range's lower end ("bs 4-8") is the same value's.
 */
const RANGE_END = /\d[\d.,]*\s*[km]?\s*(?:-|–|~|～|to|到|至)\s*$/i;
function anotherNumberBetween(between: string): boolean {
  return /\d/.test(between.replace(RANGE_END, ''));
}

/**
 * The batch's own joining words between its keyword and its number ("batch size of 8", "bs = 8", "batch size is set
 * to 2", "batch I can use is 4"). Any other word is a cue broken (the batch slot's evidence model, docs/
 * reading.md "The batch slot"): after a comma, one other word ("in a batch, and each prompt samples 8", unslothai/unsloth#1796,
 * c2192: eight completions a prompt, read as micro-batch 8; "per batch, roughly 12 seconds"), without one, three.
 */
const BATCH_OWN_WORDS = /^(?:batch(?:es)?|batchsize|sizes?|bs|bsz|mbs|micro|mini|per|device|gpu|cards?|train(?:ing)?|of|is|was|were|are|be|been|set|setting|to|at|the|a|an|my|our|from|as|with|about|around|approx|approximately|only|just|still|even|now|i|we|can|could|use|used|using|keep|kept|fits?|max(?:imum)?|e\.?g|like|say|than|then|and|or|was|equal|equals|value|be|go|goes|up|down|reduce[ds]?|increase[ds]?|lower(?:ed)?|raised?|changed?|tried|try|also)$/i;
const PHRASE_BREAK = /[,;，；、]/;
function anotherPhraseBetween(between: string): boolean {
  const others = (span: string, word: RegExp) => (span.match(word) ?? []).filter((w) => !BATCH_OWN_WORDS.test(w)).length;
  // After the last comma: any other word, in any script ("批大小，每个样本8"); "배치 사이즈, 8" keeps its batch.
  const afterComma = between.split(PHRASE_BREAK);
  if (afterComma.length > 1) return others(afterComma[afterComma.length - 1]!, /\p{L}[\p{L}.'’-]*/gu) >= 1;
  // Without one, words of Latin script only: CJK and Hangul runs are not split into words ("배치 사이즈는 약 8").
  return others(between, /[a-z][a-z.'’-]*/gi) >= 3;
}

/** A setting's keyword and its number in one sentence: the item stays; across a sentence end it goes, said. */
function keptWithin(i: Item, slot: string, notes: string[]): boolean {
  const words = i.text.trim();
  // The number at one end of the span ("ngl 20", "20 layers on the GPU"), the keyword at the other.
  // A full stop after the number is the sentence's, not a decimal ("40 000. All layers on gpu", c1669: -ngl 0).
  const number = /^\d+(?:[.,/]\d+)*|\d+(?:[.,]\d+)*$/.exec(words);
  if (!number) return true;
  const between = number.index === 0 ? words.slice(number[0].length) : words.slice(0, number.index);
  if (!SENTENCE_END.test(between)) return true;
  notes.push(`"${number[0]}" not read as the ${slot}: its keyword is in another sentence ("${words.replace(/\s+/g, ' ')}")`);
  return false;
}
