import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * The method by its strongest evidence (s47, rmeth; docs/reading.md "The method slot: its evidence"). "QLoRA" is two
 * claims: an adapter, and a 4-bit base. A method word inside a name — an output folder (`--output_dir out/13b-qlora`),
 * a run's name (`run_name: gemma-7b-qlora-v3`), a config or script file (`qlora.yml`, `train_qlora.sh`) — says how a
 * file was named, perhaps for another run, and is weak beside a key (`--finetuning_type lora`, `adapter: lora`,
 * `--lora_r 16`, `--train_type lora`) or the words ("lora on …"). Where the name says QLoRA and the stronger evidence
 * says only LoRA, the 4-bit half rests on the name alone: with no 4-bit key or word in the message (`load_in_4bit`,
 * "4-bit", nf4 …) the base is read as 16-bit, and the name is said on the first screen with its switch ("say qlora if
 * the base was 4-bit"). Before, one QLoRA saying anywhere made every adapter QLoRA (reconcile/settings.ts `loras`),
 * silently. A name that agrees with a 4-bit saying stays QLoRA; a name that is the only adapter evidence stays too
 * (said weak by its own rule).
 */
export const METHOD_EVIDENCE_RULE = {
  id: 'reconcile.method-in-name',
  example: 'llamafactory-cli train --finetuning_type lora --output_dir out/13b-qlora',
} as const;

/** The rules that read a name (a path, a file, a folder, a name's parts): evidence of how a file is named. */
const NAME_RULES = /^(?:prose\.(?:path|file-name|model-folder|model-config-file|script-model-size|name-parts?)|name\.)/;

/** The characters a name (a path, a file, a run's name) is made of. */
const NAME_CHAR = /[\w./-]/;

/**
 * Whether the item's words sit inside a name: joined to a name's characters by `/`, `_` or `.` on a side, or by `-` on
 * both ("gemma-7b-qlora-v3"); "QLoRA-style" or "lora," are words.
 */
function insideName(text: string, i: Item): boolean {
  const words = i.text.trim();
  const at = i.at + (i.text.length - i.text.trimStart().length);
  const end = at + words.length;
  if (/[\s:=]/.test(words)) return false;
  const before = text.slice(Math.max(0, at - 1), at);
  const after = text.slice(end, end + 1);
  const joins = (c: string) => c === '/' || c === '_' || c === '.';
  if (joins(before) && NAME_CHAR.test(text[at - 2] ?? '')) return true;
  if (joins(after) && NAME_CHAR.test(text[end + 1] ?? '')) return true;
  return before === '-' && after === '-';
}

/**
 * A name the command runs — its config or recipe (`--config gemma/7B_qlora_single_device`, `tune run …`, `llamafactory-cli
 * train examples/train_qlora/…`, `xtuner train …_qlora_…`, `bash train_qlora.sh`) — is the run's, as strong as a key:
 * torchtune runs QLoRA by the LoRA recipe with a QLoRA config (c3096). Only a name that is no such argument is weak.
 */
const RUN_ARGUMENT = /(?:--?(?:config(?:[_-]file)?|cfg|c|recipe)[ \t]*[= \t][ \t]*|\btune[ \t]+run[ \t]+(?:--[\w-]+[ \t]+\d+[ \t]+)*|\b(?:train|launch|python3?|bash|sh|exec)[ \t]+(?:-m[ \t]+[\w.]+[ \t]+)?)["'`]?$/;

function runArgument(text: string, i: Item): boolean {
  let from = i.at;
  while (from > 0 && NAME_CHAR.test(text[from - 1]!)) from--;
  const line = text.lastIndexOf('\n', from - 1) + 1;
  return RUN_ARGUMENT.test(text.slice(Math.max(line, from - 120), from));
}

type LoraItem = Extract<Item, { kind: 'lora' }>;

/**
 * `stepsOf(at, end)`: the rules that rewrote the user's words over a span (MappedText.stepsOver), so a name rule's
 * reading is known for what it is.
 */
export function methodInName(items: Item[], text: string, notes: string[], owned: OwnedRuns | undefined, stepsOf: (at: number, end: number) => string[]): Item[] {
  const adapters = items.filter((i): i is LoraItem => i.kind === 'lora');
  const named = (i: Item) => stepsOf(i.at, i.end).some((r) => NAME_RULES.test(r)) || insideName(text, i);
  const fromNames = adapters.filter((i) => i.qlora && named(i) && !runArgument(text, i));
  const stronger = adapters.filter((i) => !i.qlora && !named(i));
  if (fromNames.length === 0 || stronger.length === 0) return items;
  // A QLoRA said outside a name, or a 4-bit base said anywhere: the name agrees with the run.
  if (adapters.some((i) => i.qlora && !named(i)) || items.some((i) => i.kind === 'weights')) return items;
  const name = fromNames[0]!;
  const key = stronger[0]!;
  for (const n of fromNames) recordAside(owned, n, `a method word inside a name ("${n.text.trim()}"), weaker than "${key.text.trim()}"`);
  const note = `"${name.text.trim()}" is in a name, but "${key.text.trim()}" and no 4-bit key or word: read as LoRA on a 16-bit base; say "qlora" if the base was 4-bit`;
  notes.push(note);
  owned?.doubts.push({ at: key.at, end: key.end, note });
  return items.filter((i) => !fromNames.includes(i as LoraItem));
}
