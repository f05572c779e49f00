import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The corpus of real requests (requests.jsonl): what people wrote in public GitHub issues when
 * asking about GPU memory, each with the reading it must produce in headroom's item language.
 * See README.md in this folder for how the lines were collected.
 */

export const STYLES = ['prose', 'config', 'CLI', 'pasted config', 'CLI + pasted config'] as const;
export type Style = (typeof STYLES)[number];

/** What is not in the catalog yet: the reading names it in catalog style and waits for it. */
export type Pending = 'model' | 'gpu' | 'model,gpu';

export interface CorpusLine {
  id: string;
  /** The user's own words, trimmed but not rewritten. */
  text: string;
  /** owner/repo#number of the thread. */
  source: string;
  /** The same request in the documented item language, or null for a line that must be refused. */
  reading: string | null;
  /** 'assumed': the user wrote no intent word and no method, so the reply must say what it assumed. */
  intent: 'stated' | 'assumed';
  style: Style;
  pending?: Pending;
  /**
   * For reading null: `refuse`, the reply must be a clear refusal (a question back), never an
   * estimate; `ask`, two readings of one phrase: the reply asks which was meant, or refuses naming both.
   */
  expect?: 'refuse' | 'ask';
  why?: string;
  note?: string;
  /** The thread's opening words (an issue title, the post's first lines), read before the line. */
  thread?: string;
  /** The collection the line came in ("b6"), scored on its own by `bench:language -- --first-sight --batch b6`. */
  batch?: string;
  /**
   * Compared fields of bench:language (COMPARED_FIELDS: `model`, `mode`, `seq` …) whose value in `reading`
   * the words of `text` and `thread` do not carry: the collector took it from the repository, the rest of
   * the thread, a linked file or a product page. The note ends with "Beyond the words: <field> (from …)".
   * A flagged reading that differs only in these fields is "assumed where the words are silent".
   */
  beyond?: string[];
  /** In withdrawn.jsonl only: why the line left requests.jsonl after its first sight. */
  withdrawn?: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Every line of requests.jsonl, parsed; a line that is not JSON throws with its number. */
export function loadCorpus(path = join(here, 'requests.jsonl')): CorpusLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, n) => {
      try {
        return JSON.parse(line) as CorpusLine;
      } catch (err) {
        throw new Error(`requests.jsonl line ${n + 1} is not JSON: ${(err as Error).message}`);
      }
    });
}

/**
 * Catalog cards standing in for cards the catalog does not have yet, so that the rest of a pending
 * reading is still checked: the same memory (and, for A800/H800/H20, the same architecture).
 */
const GPU_STAND_INS: Record<string, string> = {
  'a800-80g': 'a100-80g',
  h800: 'h100',
  h20: 'h200',
  'rtx-4080': '16GB',
  'rtx-3080-ti': '12GB',
  'rtx-3080-laptop': '8GB',
  'rtx-3060-8g': '8GB',
  'rtx-3050': '8GB',
  'rtx-3060-ti': '8GB',
  'rtx-3070': '8GB',
  'rtx-3070-ti': '8GB',
  'rtx-3090-ti': '24GB',
  'rtx-2060': '6GB',
  'rtx-2070': '8GB',
  'rtx-2080-ti': '11GB',
  'gtx-1080-ti': '11GB',
  'rtx-4060-laptop': '8GB',
  'rtx-pro-6000': '96GB',
  // Found by the read-whole check (forty-sixth session): these had checked as no card at all.
  'rx-6800': '16GB',
  mi350x: '288GB',
};

/** Pending models whose names hold no size, checked as a catalog model of the same kind (MoE, MLA). */
const SIZELESS_MODEL_STAND_INS: Record<string, string> = {
  'deepseek-v3': 'deepseek-v2-lite',
  'deepseek-r1': 'deepseek-v2-lite',
  'llama-4-scout': 'mixtral-8x7b',
  'nemotron-3-super': '100b',
};

/**
 * A pending model name read as its size ("qwen-7b" → "7b", "llama-3.3-70b" → "70b"), a mixture of
 * experts with an active size ("qwen3-30b-a3b") as a catalog MoE so ep/tp checks still apply.
 */
function modelStandIn(token: string): string {
  const known = SIZELESS_MODEL_STAND_INS[token];
  if (known) return known;
  if (!/^[a-z][^\s]*-/i.test(token)) return token;
  if (/-a\d+(?:\.\d+)?b$/i.test(token)) return 'mixtral-8x7b';
  const size = token.match(/(?:^|[-_.])(\d+x\d+(?:\.\d+)?b|\d+(?:\.\d+)?[bm])(?=$|[-_.])/i);
  return size ? size[1]! : token;
}

/** The reading with pending models and cards replaced by catalog stand-ins (identity when nothing is pending). */
export function checkableReading(line: CorpusLine): string | null {
  if (line.reading === null) return null;
  const pending = (line.pending ?? '').split(',');
  return line.reading
    .split(' ')
    .map((token) => (pending.includes('model') ? modelStandIn(token) : token))
    .map((token) => (pending.includes('gpu') ? (GPU_STAND_INS[token] ?? token) : token))
    .join(' ');
}

/**
 * Lines withdrawn from requests.jsonl after their first sight because their thread already served
 * another corpus file (each carries its reason in `withdrawn`). Tests that pin a rule to the real
 * words keep reading them here; no bench scores them.
 */
export function loadWithdrawn(): CorpusLine[] {
  return loadCorpus(join(here, 'withdrawn.jsonl'));
}

/** A corpus line's text by its id, withdrawn lines included. */
export function corpusText(id: string): string {
  const line = [...loadCorpus(), ...loadWithdrawn()].find((l) => l.id === id);
  if (!line) throw new Error(`no corpus line ${id}`);
  return line.text;
}
