import { blank } from '../line-rewrite.js';
import type { MappedText } from '../mapped-text.js';

/**
 * A setting given one value or another by a condition, in the notation of the file it is in: Nix's
 * `OLLAMA_CONTEXT_LENGTH = if enableCuda then "131072" else "32768";` (ncaq/dotfiles#1506, corpus c2642: the
 * key had been left unread and the run read at Ollama's default), Python's `max_model_len = 32768 if
 * torch.cuda.is_available() else 4096`, a C-like `useGpu ? 16384 : 2048`, a Helm template's
 * `{{ if .Values.gpu.enabled }}32768{{ else }}4096{{ end }}`. Both values are numbers the key could take; which
 * one ran the words do not say. The branch a GPU condition selects is the one a GPU memory estimate is about
 * (a CPU branch needs none); with no GPU word in the condition, the first branch. Either way weak: the value is
 * written over the expression, said with both options, and the other set aside.
 */
export const CONDITIONAL_VALUE_RULE = { id: 'config.conditional-value', weak: true } as const;

const VALUE = String.raw`["']?(\d[\d_.]*[km]?)["']?`;
const CONDITION = String.raw`[^\n?{}]{1,80}?`;

/** Groups per notation: [condition, value if true, value if false]. */
const NOTATIONS: readonly { pattern: RegExp; order: (m: RegExpExecArray) => [string, string, string] }[] = [
  // Nix, Haskell, OCaml: if C then A else B.
  { pattern: new RegExp(String.raw`(?<=[=:][ \t]*)\bif[ \t]+(${CONDITION})[ \t]+then[ \t]+${VALUE}[ \t]+else[ \t]+${VALUE}`, 'g'), order: (m) => [m[1]!, m[2]!, m[3]!] },
  // Python: A if C else B.
  { pattern: new RegExp(String.raw`(?<=[=:][ \t]*)${VALUE}[ \t]+if[ \t]+(${CONDITION})[ \t]+else[ \t]+${VALUE}`, 'g'), order: (m) => [m[2]!, m[1]!, m[3]!] },
  // C, JavaScript, Go templates' cousins: C ? A : B.
  { pattern: new RegExp(String.raw`(?<=[=:][ \t]*)(${CONDITION})[ \t]*\?[ \t]*${VALUE}[ \t]*:[ \t]*${VALUE}`, 'g'), order: (m) => [m[1]!, m[2]!, m[3]!] },
  // Helm and Go templates: {{ if C }}A{{ else }}B{{ end }}.
  { pattern: new RegExp(String.raw`\{\{-?[ \t]*if[ \t]+([^}\n]{1,80}?)[ \t]*-?\}\}[ \t]*${VALUE}[ \t]*\{\{-?[ \t]*else[ \t]*-?\}\}[ \t]*${VALUE}[ \t]*\{\{-?[ \t]*end[ \t]*-?\}\}`, 'g'), order: (m) => [m[1]!, m[2]!, m[3]!] },
];

/** A condition that asks for a GPU: its true branch is the GPU's (a negated one, its false branch). */
const GPU_WORD = /cuda|gpu|nvidia|rocm|hip\b|accelerat|vram|metal|mps/;
const NEGATED = /^[ \t]*(?:!|not\b)|==[ \t]*(?:false|0)\b|!=[ \t]*(?:true|1)\b/;

export function conditionalValues(text: MappedText, notes: string[]): MappedText {
  if (!/\bif\b|\?/.test(text.text)) return text;
  let out = text;
  for (const { pattern, order } of NOTATIONS) {
    out = out.replace(pattern, (m) => {
      const [condition, ifTrue, ifFalse] = order(m);
      const gpu = GPU_WORD.test(condition);
      const taken = gpu && NEGATED.test(condition) ? ifFalse : ifTrue;
      const other = taken === ifTrue ? ifFalse : ifTrue;
      notes.push(
        `"${m[0].trim()}" sets ${taken} or ${other} by a condition: read ${taken}, ${gpu ? 'the GPU branch' : 'the first branch'} (say "seq ${other}" or the setting you run if not)`,
      );
      const at = m[0].indexOf(taken);
      return blank(m[0].slice(0, at)) + taken + blank(m[0].slice(at + taken.length));
    }, CONDITIONAL_VALUE_RULE);
  }
  return out;
}
