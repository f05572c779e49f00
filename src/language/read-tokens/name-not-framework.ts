import type { Token } from '../lexer.js';

/**
 * A framework's name that is a word of a model's name is no framework: "Nemo" names NVIDIA's NeMo
 * (read as Megatron's preset, vocabulary.ts), but in "Mistral-Nemo" it is Mistral AI's 12B model.
 * Where the whole name is read as the model ("Mistral-Nemo-Instruct-2407") the word is the model's
 * already; where the lexer meets it split — a text-generation-webui folder written `owner_model`,
 * "DrNicefellow_Mistral-Nemo-Instruct-2407-exl2-5bpw" (oobabooga/textgen#6267, corpus c1372), a
 * commented-out list entry `#  "unsloth/Mistral-Nemo-Base-2407",` (unslothai/unsloth#2504, c146), a
 * Hub id with its quantisation `unsloth/Mistral-Nemo-Instruct-2407-bnb-4bit` (unslothai/unsloth#786,
 * c596) — "Nemo" read alone made an ExLlamaV2 load a Megatron LoRA run (c1372, silent in its mode).
 * The word after "mistral" joined by a hyphen, an underscore or a space is left unread, said.
 */
interface ModelWord {
  id: string;
  /** The word before, as the lexer leaves it. */
  before: RegExp;
  /** The framework's spelling that is the model's word here. */
  word: RegExp;
  model: string;
  example: string;
  source: string;
}

const MODEL_WORDS: readonly ModelWord[] = [
  {
    id: 'tokens.mistral-nemo',
    before: /^mistral$/i,
    word: /^nemo$/i,
    model: 'Mistral-Nemo',
    example: 'Loading "DrNicefellow_Mistral-Nemo-Instruct-2407-exl2-5bpw"',
    source: 'oobabooga/textgen#6267, unslothai/unsloth#786, unslothai/unsloth#2504 (corpus c1372, c596, c146)',
  },
];

export function frameworkWordsOfModels(tokens: Token[], notes: string[]): void {
  for (let i = 2; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'framework') continue;
    const sep = tokens[i - 1]!;
    const prev = tokens[i - 2]!;
    if (!(sep.type === 'sep' || sep.type === 'ws') || !/^[-_ ]$/.test(sep.text)) continue;
    const row = MODEL_WORDS.find((r) => r.word.test(t.text) && r.before.test(prev.text));
    if (!row) continue;
    tokens[i] = { ...t, type: 'word', value: t.text };
    notes.push(`"${prev.text}${sep.text}${t.text}" is the ${row.model} model's name, not the ${t.value} framework`);
  }
}
