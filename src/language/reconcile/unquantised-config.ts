import type { Item } from '../items.js';

/**
 * A pasted config that says its base is not quantised (`'quantize': None` in LitGPT's printed
 * hyperparameters, `quantize: null`, `load_in_4bit: false`, `quantization_bit: null`) is a run on a 16-bit
 * base: "QLoRA" said elsewhere in the message (an issue's title, "compared with QLoRA") is the other run.
 * "Higher memory use with QLoRA" over "Sure, here is it with LoRA: {… 'quantize': None …}"
 * (Lightning-AI/litgpt#1112, corpus c2283) had read the dump as QLoRA, silently. A weight format the
 * message states itself (a key or word that quantises) keeps the QLoRA: then the config is not all.
 */
export const UNQUANTISED_CONFIG_RULE = {
  id: 'reconcile.unquantised-config',
  example: "Higher memory use with QLoRA / Sure, here is it with LoRA: {'quantize': None, 'lora_r': 32, …}",
  source: 'Lightning-AI/litgpt#1112',
} as const;

const NO_QUANTISATION = /(?<![\w-])["']?(?:quantize|quantization(?:_bit)?|load_in_4bit|load_in_kbits|load_in_bits)["']?[ \t]*[:=][ \t]*(?:none|null|false|~)(?![\w])/i;

type LoraItem = Extract<Item, { kind: 'lora' }>;

export function unquantisedConfig(items: Item[], text: string, notes: string[]): Item[] {
  const said = NO_QUANTISATION.exec(text);
  if (!said) return items;
  const qlora = items.filter((i): i is LoraItem => i.kind === 'lora' && i.qlora === true);
  if (qlora.length === 0 || items.some((i) => i.kind === 'weights')) return items;
  notes.push(`"${said[0].trim()}": the config's base is not quantised, so "${qlora[0]!.text.trim()}" is another run: read as LoRA on a 16-bit base (say "qlora" if yours is the 4-bit one)`);
  return items.map((i) => (qlora.includes(i as LoraItem) ? { ...i, qlora: false } : i));
}
