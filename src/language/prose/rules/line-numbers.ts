import type { ProseRule } from '../types.js';

/**
 * Line numbers and code positions are no setup (b14, wenda-LLM/wenda#418, corpus c571:
 * "修改llms/llm_glm6b.py第70-71行" was read as a length of 70, "context" of the heading
 * "Additional context" being its keyword). A line said as a line — 第70行, 第70-71行, "line 70",
 * "lines 70-71", a link's "#L70-L71", a file's ":70" or ":70:12" — is blanked before any number in it is
 * read. A bare "L70" is left alone: L4, L20 and L40 are cards.
 */

/** "line 70", "lines 70-71", "line no. 70", "line #70"; not "line 4 GPUs" (a count of something else). */
const ENGLISH = String.raw`\blines?\s+(?:no\.?\s*|#\s*)?\d+(?![\d.])(?:\s*(?:-|–|to|and)\s*\d+(?![\d.]))?(?!\s*(?:gpus?|cards?|nodes?|gb|gib|g\b|k\b|tokens?))`;
/** 第70行, 第 70-71 行, 第70到71行. */
const CHINESE = String.raw`第\s*\d+\s*(?:[-–~～到至]\s*\d+\s*)?行`;
/** A link's line anchor: "#L70", "#L70-L71". */
const ANCHOR = String.raw`#l\d+(?:-l?\d+)?\b`;
/** A file's line and column: "llm_glm6b.py:70", "train.py:123:4". */
const FILE_LINE = String.raw`(?<=\.(?:py|pyx|ipynb|js|ts|sh|c|cc|cpp|cu|h|hpp|rs|go|java|rb|lua))(?::\d+){1,2}\b`;

export const LINE_NUMBER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.line-number',
    pattern: new RegExp(`${ENGLISH}|${CHINESE}|${ANCHOR}|${FILE_LINE}`, 'g'),
    when: (t) => t.includes('line') || t.includes('行') || t.includes('#l') || /\.[a-z]{1,5}:\d/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: '修改llms/llm_glm6b.py第70-71行。',
    source: 'wenda-LLM/wenda#418',
  },
];
