import { describe, expect, it } from 'vitest';
import { KEY_TABLES, readConfig } from '../../src/language/config-keys.js';
import { SHORT_FLAGS } from '../../src/language/config-keys/patterns.js';
import { abbreviatedOption } from '../../src/language/config-keys/flag-abbreviations.js';
import { dropLayout } from '../../src/language/layout.js';
import { MappedText, type RewriteStep } from '../../src/language/mapped-text.js';
import { normalise } from '../../src/language/normalise.js';
import { readSegments } from '../../src/language/segments/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Every config key the reader rewrites leaves a step named after the key (issue 22, item 6), over
 * the user's own spelling of it: the trace of a fact read from a config shows which key said it.
 */

/** What the config reader reads on the request path: the text normalised, segmented, layout dropped. */
const readerInput = (text: string) => dropLayout(readSegments(normalise(text)).text);
const readAsRequest = (text: string) => readConfig(readerInput(text));

/**
 * Rules that set a key aside before the key tables read it, or read it whole (Unsloth's
 * `fp16 = not is_bfloat16_supported()` is the card's own 16-bit autocast, prose/card-dtype.ts).
 */
// Each blanks the key's span before the key tables see it: a commented-out line of a script
// (`# save_strategy: …`, c657) and PyTorch's own OOM advice quoted in a log
// (`PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`, c633) are not the user's settings, nor a dict
// passed inline to a call (Ray's `ray_actor_options={"num_gpus": 0.4}`, c703: a share of a GPU per actor), nor
// Unsloth's start-up banner ("Num GPUs = 1. Max memory: 22.045 GB", read whole by tool.unsloth-banner).
const SET_ASIDE = new Set(['code.inline-dict', 'config.commented-key', 'config.trailing-comment', 'code.branch', 'code.assigned-call', 'training.card-dtype-flag', 'code.script-comment', 'code.shell-flags-after-comment', 'tool.torch-advice', 'code.shell-variable', 'tool.unsloth-banner', 'env.version-line',
  // A bash array's opening line names the array, no setting: verl's `MODEL=(` (c3366) is not a `model:` key.
  'code.shell-array-open']);

/** The key is in the reader's input, mapped to the user's characters [at, end). */
function reachedAt(input: MappedText, key: string, at: number, end: number): boolean {
  const spelled = input.text.replace(/-/g, '_');
  for (let j = spelled.indexOf(key); j >= 0; j = spelled.indexOf(key, j + 1)) {
    const span = input.userSpan(j, j + key.length);
    if (span.at === at && span.end === end) return true;
  }
  return false;
}

/** A key as the user may spell it: `--max-model-len`, `"max_model_len"`, `MAX_MODEL_LEN`. */
/** The key as written: its name in any case and dash, or a short flag patterns.ts names it by ("-b 128" is batch_size_llamacpp). */
// …or a long flag cut short of it, which argparse reads as the key (`--max-num-batched-token=8192`, c2788; flag-abbreviations.ts).
const spelledAs = (written: string, key: string) => {
  const short = /^\s*-([a-z]+)\b/i.exec(written);
  const long = /^\s*["']?--([a-z][\w-]*)/i.exec(written);
  return (
    written.toLowerCase().replace(/-/g, '_').includes(key) ||
    (short !== null && SHORT_FLAGS[short[1]!.toLowerCase()] === key) ||
    (long !== null && abbreviatedOption(long[1]!.toLowerCase().replace(/-/g, '_')) === key)
  );
};

const KEYS = new Set(Object.values(KEY_TABLES).flatMap((t) => Object.keys(t)));

/** Where the user wrote a table key as a pair: `key: value`, `key=value`, `"key": value` or `--key`. */
function keysWritten(text: string): { key: string; at: number; end: number }[] {
  const found: { key: string; at: number; end: number }[] = [];
  for (const m of text.matchAll(/(?<![\w.-])(--)?["']?([A-Za-z_][\w-]*)["']?(?=[ \t]*[:=]|(?<=--[\w-]+)[ \t])/g)) {
    const key = m[2]!.toLowerCase().replace(/-/g, '_');
    if (!KEYS.has(key)) continue;
    const at = m.index + m[0].indexOf(m[2]!);
    found.push({ key, at, end: at + m[2]!.length });
  }
  return found;
}

const covers = (s: RewriteStep, at: number, end: number) => s.at <= at && end <= s.end;

describe('config keys leave named steps', () => {
  const pasted = loadCorpus().filter((l) => l.style === 'pasted config' || l.style === 'CLI + pasted config' || l.style === 'config');

  it('the corpus holds pasted configs to check', () => {
    expect(pasted.length).toBeGreaterThan(40);
  });

  it('every config.key step lies over the key as the user wrote it', () => {
    const wrong: string[] = [];
    for (const line of pasted) {
      const { text } = readAsRequest(line.text);
      for (const s of text.steps.filter((st) => st.rule.startsWith('config.key.'))) {
        const key = s.rule.slice('config.key.'.length);
        if (!spelledAs(line.text.slice(s.at, s.end), key)) wrong.push(`${line.id}: ${s.rule} over "${line.text.slice(s.at, s.end)}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every table key the key reader rewrites has its config.key step over its own span', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const line of pasted) {
      const input = readerInput(line.text);
      const { text } = readConfig(input);
      // The steps the config reader made (MappedText keeps the earlier stages' steps first).
      const ownSteps = text.steps.slice(input.steps.length);
      for (const { key, at, end } of keysWritten(line.text)) {
        // Only a key that reached the config reader where the user wrote it, and that it rewrote.
        if (!reachedAt(input, key, at, end)) continue;
        const stepsThere = ownSteps.filter((s) => covers(s, at, end));
        if (!stepsThere.length) continue;
        // Set aside before the key tables saw it: a package's version line (`deepspeed==0.7.5` in a pip list, c2977), a comment, a shell branch not taken, a Python
        // variable assigned a call (`model = AutoModel.from_pretrained(…)`), a shell variable's expansion
        // (`if [ "$ZERO_STAGE" == "" ]`, c1327: replaced by the value the script gave it).
        if (stepsThere.some((s) => SET_ASIDE.has(s.rule))) continue;
        // Written inside another key's value: docker's `--gpus '"device=4"'` (c1609) is the --gpus flag's
        // value, read by that flag's step from before the inner "key".
        if (stepsThere.some((s) => s.rule.startsWith('config.key.') && s.at < at && s.end >= end)) continue;
        checked++;
        if (!stepsThere.some((s) => s.rule === `config.key.${key}`)) missing.push(`${line.id}: ${key} at ${at} (${stepsThere.map((s) => s.rule).join(', ')})`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
