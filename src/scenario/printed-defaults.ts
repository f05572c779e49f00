import type { FactTrace } from './facts.js';

/**
 * A setting read from a program's printout of every one of its arguments — KoboldCpp's
 * `Namespace(…)` at start-up, Ollama's `msg="server config" env="map[…]"` line — at the value the
 * program has when nobody sets it. The printout says what ran, so the value is kept; but the user chose
 * nothing there, and the switch is one they may not know of: the reply says the value is the program's
 * default, with the switch, on the first screen (the brief of rframe8: an attention a default decides is
 * said, with its switch). A setting the user writes (`OLLAMA_FLASH_ATTENTION=0 ollama serve`, "without
 * flash attention") or a printout's value other than the default (`flashattention=True`) is theirs.
 * Corpus lines c1741, c1791 (KoboldCpp) and c1940 (Ollama) read the printed default as no choice.
 */
interface PrintedDefault {
  fact: string;
  /** The key as the program prints it, lower-case. */
  key: string;
  /** The value it prints when nobody set it. */
  unset: RegExp;
  program: string;
  /** The words that turn it the other way. */
  switchTo: string;
  source: string;
}

const PRINTED_DEFAULTS: readonly PrintedDefault[] = [
  {
    fact: 'attention',
    key: 'flashattention',
    unset: /^false$/i,
    program: 'KoboldCpp',
    switchTo: 'flash',
    // koboldcpp.py: `--flashattention` is a store_true switch (LostRuins/koboldcpp#1527, #1812).
    source: 'LostRuins/koboldcpp koboldcpp.py argparse',
  },
  {
    fact: 'attention',
    key: 'ollama_flash_attention',
    unset: /^(?:false|0)$/i,
    program: 'Ollama',
    switchTo: 'flash',
    // envconfig/config.go: FlashAttention = Bool("OLLAMA_FLASH_ATTENTION"), false when unset (ollama/ollama#14774).
    source: 'ollama/ollama envconfig/config.go',
  },
];

/** Where a printout of every argument opens on a line, and the character that closes it. */
const PRINTOUTS: readonly { open: string; close: string }[] = [
  { open: 'namespace(', close: ')' },
  { open: 'map[', close: ']' },
];

/** Whether the place `at` of the text sits inside a printout opened earlier on its line and not closed before it. */
function insidePrintout(text: string, at: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, at).toLowerCase();
  return PRINTOUTS.some(({ open, close }) => {
    const from = line.lastIndexOf(open);
    if (from < 0) return false;
    let depth = 1;
    for (const c of line.slice(from + open.length)) {
      if (c === open.at(-1)) depth++;
      else if (c === close && --depth === 0) return false;
    }
    return true;
  });
}

/** A fact read from a printout's default value: weak, said with the program's name and the switch. */
export function withPrintedDefault(f: FactTrace, text: string): FactTrace {
  if (f.at === null || f.weak || !text) return f;
  // The pair as printed, from the fact's words on: a reader may have taken the key alone ("flashattention").
  const pair = /^\s*([\w.-]+)\s*[=:]\s*["']?([\w.-]*)/.exec(text.slice(f.at, Math.max(f.end ?? f.at, f.at + 64)));
  if (!pair) return f;
  const row = PRINTED_DEFAULTS.find((r) => r.fact === f.fact && r.key === pair[1]!.toLowerCase() && r.unset.test(pair[2]!));
  if (!row || !insidePrintout(text, f.at)) return f;
  return { ...f, weak: true, weakWords: pair[0].trim(), printedDefault: { program: row.program, switchTo: row.switchTo } };
}
