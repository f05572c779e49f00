import { inProse } from './prose-lines.js';
import type { Transform } from './transforms.js';

/**
 * Settings as people type them (issue 22, bench:variations' second family): a length as "4k",
 * "4096" or "4,096", named "seq len", "max_seq_length" or "context of", and settings stated in prose
 * moved into the config of the framework the message names. Only prose lines are rewritten; a length
 * is one only beside a length word or "tokens", so a batch or a step count keeps its digits.
 */

const changed = (before: string, after: string): string | null => (after === before ? null : after);

/** The words people name a sequence length by in prose, longest first. */
const LENGTH_WORD = String.raw`(?:max(?:imum)?[ _]seq(?:uence)?[ _]len(?:gth)?|seq(?:uence)?[ _]len(?:gth)?|max(?:imum)? length|context(?: length| len| window)?|ctx(?: len)?|cutoff[ _]len)`;
/** What joins a length word to its number: "of", "is", "=", ":", "to", "a", spaces. */
const LENGTH_JOIN = String.raw`(?:\s*(?:of|is|=|:|to|at)?\s*(?:a |an |the )?)`;
/** A number of tokens: "4096", "4k", "4,096", "128K". */
const LENGTH_NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?[kK]|\d+)`;

/** A length phrase: a length word, its join and its number; or a number followed by "tokens" / "context". */
export const LENGTH_BEFORE = new RegExp(String.raw`(?<![\w-])(${LENGTH_WORD})(${LENGTH_JOIN})${LENGTH_NUMBER}(?![\w.,]\d|[\w])`, 'gi');
const LENGTH_AFTER = new RegExp(String.raw`(?<![\w.,-])${LENGTH_NUMBER}( ?(?:tokens?|context|ctx)\b)`, 'gi');

/** The number a typed length stands for: "4k" is 4096, "4,096" is 4096. */
export function tokens(typed: string): number | null {
  const k = typed.match(/^(\d+(?:\.\d+)?)[kK]$/);
  if (k) return Math.round(Number(k[1]) * 1024);
  const n = Number(typed.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Every length number of the prose lines rewritten by `write` (null: as typed). */
function rewriteLengths(text: string, write: (typed: string) => string | null): string {
  return inProse(text, (line) =>
    line
      .replace(LENGTH_BEFORE, (m, word: string, join: string, typed: string) => `${word}${join}${write(typed) ?? typed}`)
      .replace(LENGTH_AFTER, (m, typed: string, after: string) => `${write(typed) ?? typed}${after}`),
  );
}

/** Lengths with every typed form read as its number of tokens: what a change of notation keeps. */
const lengthsAsTokens = (t: string): string =>
  t.replace(/(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?[kK])(?!\w|,\d)/g, (m) => String(tokens(m) ?? m));

/** A power-of-two length at least 1024 ("4096"): the lengths people shorten to "4k". */
const roundK = (n: number): boolean => n >= 1024 && n % 1024 === 0 && (n & (n - 1)) === 0;

/** The length words of prose read as one word: what a change of naming keeps. */
const LENGTH_PHRASE = new RegExp(String.raw`(?<![\w-])(?:${LENGTH_WORD}|context of)${LENGTH_JOIN}(?=\d)`, 'gi');
export const lengthWordsAsOne = (t: string): string => t.replace(LENGTH_PHRASE, '⟨length⟩ ');

/** The length word of each prose length phrase written another way ("seq len 4096" → "max_seq_length 4096"). */
export function renameLengthWord(text: string, name: string): string {
  return inProse(text, (line) =>
    line.replace(LENGTH_BEFORE, (m, word: string, _join: string, typed: string) => (word.toLowerCase() === name.trimEnd() ? m : `${name}${typed}`)),
  );
}

// ---- prose settings moved into the framework's config ----

/**
 * A micro-batch stated in prose ("batch size of 2", "batch size 4"); a global or total batch is not one,
 * nor a key typed in prose ("batch_size 32" is alpaca-lora's global batch, c155).
 */
export const PROSE_BATCH = /(?<![\w-])(?<!(?:global|total|effective|train) )(?:micro[ -]?)?batch[ -]?size(?:\s*(?:of|is|=|:)\s*|\s+)(\d+)(?![\w.,])/gi;
/** A length stated in prose, as LENGTH_BEFORE finds it. */
const PROSE_LENGTH = LENGTH_BEFORE;

/** Where a framework keeps these settings, and how its config is written. */
interface ConfigShape {
  names: RegExp;
  batch: string | null;
  length: string | null;
  write(settings: [string, number][]): string;
}
const yamlBlock = (settings: [string, number][]) => ['```yaml', ...settings.map(([k, v]) => `${k}: ${v}`), '```'].join('\n');
const jsonBlock = (settings: [string, number][]) => ['```json', '{', settings.map(([k, v]) => `  "${k}": ${v}`).join(',\n'), '}', '```'].join('\n');

/** The framework a message names, first match wins; the last row is the Hugging Face trainer's keys for a training line. */
const CONFIG_SHAPES: readonly ConfigShape[] = [
  { names: /\bvllm\b/i, batch: null, length: 'max-model-len', write: yamlBlock },
  { names: /llama[-_ ]?factory/i, batch: 'per_device_train_batch_size', length: 'cutoff_len', write: yamlBlock },
  { names: /\baxolotl\b/i, batch: 'micro_batch_size', length: 'sequence_len', write: yamlBlock },
  { names: /\bdeepspeed\b|\bzero[- ]?[23]\b/i, batch: 'train_micro_batch_size_per_gpu', length: null, write: jsonBlock },
  { names: /\b(?:fine-?tun|train|sft|lora|qlora)/i, batch: 'per_device_train_batch_size', length: 'max_seq_length', write: yamlBlock },
];

const BATCH_BELOW = 'the batch size below';
const LENGTH_BELOW = 'the length below';

/** Settings stated in prose moved into a config block of the framework the text names, the prose pointing to it. */
function proseToConfig(text: string): string | null {
  if (/```/.test(text)) return null;
  const shape = CONFIG_SHAPES.find((s) => s.names.test(text));
  if (!shape) return null;
  const settings: [string, number][] = [];
  const moved = inProse(text, (line) => {
    let out = line;
    if (shape.batch) {
      out = out.replace(PROSE_BATCH, (m, n: string) => (settings.push([shape.batch!, Number(n)]), BATCH_BELOW));
    }
    if (shape.length) {
      out = out.replace(PROSE_LENGTH, (m, _w, _j, typed: string) => {
        const n = tokens(typed);
        return n === null ? m : (settings.push([shape.length!, n]), LENGTH_BELOW);
      });
    }
    return out;
  });
  // Two batch sizes in one message are a micro and a global batch: which is which is no shape to move.
  if (!settings.length || settings.filter(([k]) => k === shape.batch).length > 1) return null;
  return `${moved.trimEnd()}\n\n${shape.write(settings)}`;
}

/** Which setting each config key and prose phrase states. */
const BATCH_KEYS = /^(?:per_device_train_batch_size|micro_batch_size|train_micro_batch_size_per_gpu)$/;
const LENGTH_KEYS = /^(?:max-model-len|cutoff_len|sequence_len|max_seq_length)$/;

/**
 * A text's settings as a list ("batch 2", "length 4096") with the prose around them: a prose phrase
 * and the config key it moved to read the same. What prose-to-config keeps.
 */
function settingsView(t: string): string {
  const found: string[] = [];
  const block = t.match(/\n\n```(?:yaml|json)\n([\s\S]*?)\n```$/);
  let prose = block ? t.slice(0, block.index) : t;
  if (block) {
    for (const m of block[1]!.matchAll(/"?([\w-]+)"?: (\d+)/g)) {
      if (BATCH_KEYS.test(m[1]!)) found.push(`batch ${m[2]}`);
      else if (LENGTH_KEYS.test(m[1]!)) found.push(`length ${m[2]}`);
      else found.push(`${m[1]} ${m[2]}`);
    }
  }
  prose = inProse(prose, (line) =>
    line
      .replace(PROSE_BATCH, (m, n: string) => (found.push(`batch ${n}`), BATCH_BELOW))
      .replace(PROSE_LENGTH, (m, _w, _j, typed: string) => (found.push(`length ${tokens(typed) ?? typed}`), LENGTH_BELOW)),
  );
  return `${prose.trimEnd()}\n${found.sort().join('\n')}`;
}

export const SETTING_SHAPES: readonly Transform[] = [
  {
    id: 'length-as-k',
    description: 'a length in thousands: "4096 tokens" / "seq len 8192" → "4k tokens" / "seq len 8k"',
    seen: 'c030 meta-pytorch/torchtune#979 "full 8K context", c062 hiyouga/LlamaFactory#3880 "context len=2k"',
    apply: (t) => changed(t, rewriteLengths(t, (typed) => (/^\d+$/.test(typed) && roundK(Number(typed)) ? `${Number(typed) / 1024}k` : null))),
    keeps: lengthsAsTokens,
  },
  {
    id: 'length-k-spelled',
    description: 'a length in thousands spelled out: "8K context" → "8192 context"',
    seen: 'c097 simplescaling/s1#106 "max_seq_length=32768" beside c030 meta-pytorch/torchtune#979 "8K context"',
    apply: (t) => changed(t, rewriteLengths(t, (typed) => (/[kK]$/.test(typed) ? String(tokens(typed)) : null))),
    keeps: lengthsAsTokens,
  },
  {
    id: 'length-thousands-comma',
    description: 'a length with a thousands separator: "16384 tokens" → "16,384 tokens"',
    seen: 'c287 meta-llama/codellama#198 "the context length of CodeLlama-7B is 16,384 tokens"',
    apply: (t) => changed(t, rewriteLengths(t, (typed) => (/^\d{4,}$/.test(typed) ? Number(typed).toLocaleString('en-US') : null))),
    keeps: lengthsAsTokens,
  },
  {
    id: 'length-word-as-key',
    description: 'a length named by its trainer key in prose: "seq len 4096" → "max_seq_length 4096"',
    seen: 'c097 simplescaling/s1#106 "can not fine tuning on 80GB A100 in max_seq_length=32768"',
    apply: (t) => changed(t, renameLengthWord(t, 'max_seq_length ')),
    keeps: lengthWordsAsOne,
  },
  {
    id: 'length-word-as-context',
    description: 'a length named as a context: "seq len 4096" → "context of 4096"',
    seen: 'c208 vllm-project/vllm#12400 "with a full context window of 128k tokens"',
    apply: (t) => changed(t, renameLengthWord(t, 'context of ')),
    keeps: lengthWordsAsOne,
  },
  {
    id: 'prose-to-config',
    description: 'a batch size or length stated in prose moved into the named framework\'s config ("per_device_train_batch_size: 2", "max-model-len: 8192")',
    seen: 'c066 hiyouga/LlamaFactory#8482 "per_device_train_batch_size: 4", c390 hiyouga/LlamaFactory#740 "\\"train_micro_batch_size_per_gpu\\": 1", c004 vllm-project/vllm#6689 "--max-model-len 4096"',
    apply: proseToConfig,
    keeps: settingsView,
  },
];
