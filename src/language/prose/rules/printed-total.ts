import { FAMILIES, modelIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * A trainer's printed count of all the model's parameters, where the message names no model: PEFT's
 * print_trainable_parameters "trainable params: 10,811,392 || all params: 8,041,160,224 || trainable%: 0.13"
 * (c1808), mlx lora.py's "Total parameters 7243.436M" (ml-explore/mlx-examples#70, c2020), a summary's
 * "Total params: 6.7B". The count is the model's size, read as a model of that size, as "a 7b model" is.
 * Weak, said with its words: a quantised model prints fewer (PEFT counts a 4-bit bitsandbytes weight as
 * half a parameter; MLX counts packed 8- and 4-bit words: c1072's 8-bit Mistral-7B printed 2132.851M),
 * and a vision model's count holds its tower.
 *
 * Where the message names a model or a size elsewhere, the count says nothing more and is blanked,
 * as before (prose.trainable-count, prose.trainable-share). Runs before them.
 */
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9 };
/** Fewer than this is no model people train (GPT-2's 124M is the smallest in the catalog). */
const FEWEST = 50e6;

const FAMILY_WORD = new RegExp(`(?<![a-z])(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9-]/g, '')).join('|')})(?![a-z])`);

/** A size, a catalog model or a family word anywhere else in the text: then the count adds nothing. */
function modelNamedElsewhere(text: string): boolean {
  if (/(?<![\w.])\d+(?:\.\d+)?\s?b(?![a-z0-9])|(?<![\w.])\d+x\d+(?:\.\d+)?b(?![a-z0-9])/.test(text)) return true;
  // A family as a word of its own, its version glued on ("llama2"): "yi" inside "trying" names no model (c2839).
  if (FAMILY_WORD.test(text)) return true;
  return text.split(/[^a-z0-9._\-/]+/).some((w) => w.length > 2 && modelIdOf(w.replace(/^.*\//, '')) !== undefined);
}

/**
 * A count of parameters as the size a model is named by, which the lexer reads: whole billions from 3B
 * (Mistral-7B prints 7.24B, Llama-2-7B 6.74B, Llama-3-8B 8.03B), tenths below (TinyLlama's 1.1B), millions
 * under 1B ("494m").
 */
function sizeWord(count: number): string {
  if (count >= 3e9) return `${Math.round(count / 1e9)}b`;
  return count >= 1e9 ? `${Number((count / 1e9).toFixed(1))}b` : `${Math.round(count / 1e6)}m`;
}

export const PRINTED_TOTAL_RULES: readonly ProseRule[] = [
  {
    id: 'prose.printed-total-size',
    pattern: new RegExp(String.raw`(?:\ball\s+params\s*:|^[ \t]*total\s+param(?:eter)?s\s*[:=]?)[ \t]*(${NUM})[ \t]*([kmb])?(?![\w.])`, 'gm'),
    when: (t) => t.includes('param'),
    write: (m, notes) => {
      const count = Number(m[1]!.replace(/,/g, '')) * SCALE[m[2] ?? '']!;
      const rest = m.input.slice(0, m.index) + ' '.repeat(m[0].length) + m.input.slice(m.index + m[0].length);
      if (count < FEWEST || modelNamedElsewhere(rest)) return m[0];
      const size = sizeWord(count);
      notes.push(`"${m[0].trim()}" read as the model's size, ${size.toUpperCase()} (no model named); a quantised model prints fewer parameters, so name the model if it is one`);
      const label = m[0].length - m[0].trimStart().length + m[0].trim().search(/\d/);
      return [
        { text: ' '.repeat(label), from: 0, to: label },
        { text: ` ${size} `, from: label, to: m[0].length },
      ];
    },
    example: 'Loading pretrained model\nTotal parameters 7243.436M\nTrainable parameters 1.704M',
    source: 'ml-explore/mlx-examples#70',
    weak: true,
  },
];
