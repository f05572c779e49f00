import { FAMILIES } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * Family words that name no run's model. Three or more model families listed with no size ("Fix INT8-quantization for BLOOM, OPT, and Neo-X",
 * deepspeedai/DeepSpeed#2662, corpus c2834; "supports Llama, Mistral and Qwen"; "LLaMA、Baichuan、Qwen 系列")
 * name the architectures a change or a tool supports, not the model of the run: the first of them had been read
 * as the model (BLOOM's smallest) and the command's "facebook/opt-30b" set aside as another run's. Blanked, so
 * the model the message runs is read, or asked for when it names none.
 */

/** The family words people list: the catalog's families and the spellings of them the catalog's ids lack. */
const LISTED = [...FAMILIES, 'opt', 'neo-x', 'neox', 'gpt-neo-x', 'gptj', 'gpt-2', 'mixtral', 'mistral', 'chatglm', 'glm', 't5', 'vicuna', 'alpaca']
  .map((f) => f.toLowerCase())
  .filter((f, k, all) => /^[a-z][a-z0-9-]*$/.test(f) && all.indexOf(f) === k)
  .sort((a, b) => b.length - a.length);

/** One family word, with a version glued or spaced ("qwen2", "llama 2") but no size: "qwen2.5-7b" is a model. */
const FAMILY = `(?:${LISTED.join('|')})(?:[ -]?v?\\d{1,2}(?:\\.\\d{1,2})?)?(?![\\w\\-/]|\\.\\w)`;
/** A list's separator: a comma (Latin or Chinese), 、 or a slash, with "and"/"or" after it, or "and"/"or" alone. */
const SEPARATOR = `\\s*(?:,|，|、|/)\\s*(?:(?:and|or)\\s+|&\\s*)?|\\s+(?:and|or|&)\\s+`;

export const FAMILY_LIST_RULES: readonly ProseRule[] = [
  {
    id: 'prose.family-list',
    pattern: new RegExp(`(?<![\\w.\\-/])${FAMILY}(?:(?:${SEPARATOR})${FAMILY}){2,8}`, 'g'),
    when: (t) => t.includes(',') || t.includes('、') || t.includes('，') || t.includes(' and ') || t.includes(' or ') || t.includes('/'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Fix INT8-quantization for BLOOM, OPT, and Neo-X',
    source: 'deepspeedai/DeepSpeed#2662',
  },
  {
    // "trying 4M token batch size re: llama2 paper" (nwyin/modded-llama2#9, c2839): a paper or a report cited by its
    // model's name is the source of a choice, not the model run (a from-scratch 6.7B there); it had been read as
    // Llama-2 and joined to the size after it.
    id: 'prose.family-paper',
    pattern: new RegExp(`(?<![\\w.\\-/])${FAMILY}(?:'s)?\\s+(?:paper|tech(?:nical)?\\s+report)\\b|(?<![\\w.\\-/])${FAMILY}\\s*论文`, 'g'),
    when: (t) => t.includes('paper') || t.includes('report') || t.includes('论文'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'trying 4M token batch size re: llama2 paper',
    source: 'nwyin/modded-llama2#9',
  },
];
