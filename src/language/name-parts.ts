import { scanHardware } from './hardware/index.js';

/**
 * A setup packed into a name (s45, rcode1; issue 22): a config file's, script's, run's or output folder's name
 * often carries the run it is for — `llama3-8b_lora_r16_4xA100-80G.sh`, `qwen2.5-7b-sft-zero3-seq8k.yaml`,
 * `output/ds_z3_bs4_ga8`, `mistralai--Mixtral-8x7B-Instruct-v0.1_a100-80g_tp2.yaml`. The path rules
 * (prose/rules/path-models.ts) find the model at the name's head; what follows the model is split here on
 * `_ - / --` and each part read by one table of part rules, each with its slot. The cards a part names are read by
 * the hardware grammar itself (`scanHardware`), never by a list of this file's own.
 *
 * Every fact taken from a name is weak (the path rules that call this are weak: the reply says it with the name it
 * came from), and a part yields to the same slot said in the message's own words ("config llama2-13b_zero2_bs8.yaml,
 * but I changed it to zero3 and bs 4" reads zero3 and bs 4). A model's own name stays whole: the parts after the
 * size that no rule reads and that come before the first part a rule reads are the model's own words
 * (`-Instruct-v0.1`, `-Instruct-1M`: 1M is no length) — see `modelHeadEnd`.
 */

export type NameSlot = 'method' | 'rank' | 'sharding' | 'offload' | 'batch' | 'accum' | 'globalBatch' | 'seq' | 'dtype' | 'tp' | 'pp' | 'ep' | 'cp' | 'recompute';

export interface NamePartRule {
  id: string;
  slot: NameSlot;
  /** Tested on one whole part of a name, lower case. */
  pattern: RegExp;
  /** The part in request words. */
  write: (m: RegExpExecArray) => string;
  example: string;
  source?: string;
}

export const NAME_PART_RULES: readonly NamePartRule[] = [
  { id: 'name.method', slot: 'method', pattern: /^(lora|qlora|dora|full|sft|dpo|orpo|kto|simpo|grpo|ppo|pretrain)$/, write: (m) => m[1]!, example: 'llama3-8b_lora_r16_4xA100-80G.sh' },
  // A rank only beside its adapter in the same name (checked by namePartWords): "r16" alone says nothing.
  { id: 'name.lora-rank', slot: 'rank', pattern: /^(?:r|rank)(\d{1,4})$/, write: (m) => `r${m[1]}`, example: 'mistral-7b_qlora_r64_seq2048.yaml' },
  { id: 'name.zero-stage', slot: 'sharding', pattern: /^(?:zero|z|stage|ds[-_]?z)([0-3])$/, write: (m) => `zero${m[1]}`, example: 'output/ds_z3_bs4_ga8' },
  { id: 'name.fsdp', slot: 'sharding', pattern: /^(fsdp|ddp|hsdp)$/, write: (m) => m[1]!, example: 'llama2-7b_fsdp_bs2.yaml' },
  { id: 'name.offload', slot: 'offload', pattern: /^offload$/, write: () => 'offload', example: 'qwen2-72b_zero3_offload.yaml' },
  { id: 'name.micro-batch', slot: 'batch', pattern: /^(?:bs|mbs|bsz|batch|micro)(\d{1,4})$/, write: (m) => `bs ${m[1]}`, example: 'qwen2-7b_lora_bs2_len4096.sh' },
  { id: 'name.accumulation', slot: 'accum', pattern: /^(?:ga|gas|accum|gradaccum)(\d{1,4})$/, write: (m) => `ga ${m[1]}`, example: 'output/ds_z3_bs4_ga8' },
  { id: 'name.global-batch', slot: 'globalBatch', pattern: /^(?:gbs|gb)(\d{1,6})$/, write: (m) => `gbs ${m[1]}`, example: 'llama2-70b_tp8_gbs1024.sh' },
  { id: 'name.length', slot: 'seq', pattern: /^(?:seq|seqlen|len|ctx|maxlen|cutoff|sl)(\d{1,7}k?)$/, write: (m) => `seq ${m[1]}`, example: 'qwen2.5-7b-sft-zero3-seq8k.yaml' },
  { id: 'name.dtype', slot: 'dtype', pattern: /^(bf16|fp16|fp32|fp8|int8|int4|nf4|awq|gptq|4bit|8bit)$/, write: (m) => m[1]!, example: 'run_70b_fp8_h100x8.sh' },
  { id: 'name.tensor-parallel', slot: 'tp', pattern: /^tp(\d{1,3})$/, write: (m) => `tp ${m[1]}`, example: 'mistralai--Mixtral-8x7B-Instruct-v0.1_a100-80g_tp2.yaml' },
  { id: 'name.pipeline-parallel', slot: 'pp', pattern: /^pp(\d{1,3})$/, write: (m) => `pp ${m[1]}`, example: 'llama2-70b_tp8_pp2.sh' },
  { id: 'name.expert-parallel', slot: 'ep', pattern: /^ep(\d{1,3})$/, write: (m) => `ep ${m[1]}`, example: 'mixtral-8x7b_ep8.yaml' },
  { id: 'name.context-parallel', slot: 'cp', pattern: /^cp(\d{1,3})$/, write: (m) => `cp ${m[1]}`, example: 'llama3-8b_cp2_seq128k.yaml' },
  { id: 'name.checkpointing', slot: 'recompute', pattern: /^(gc|nogc)$/, write: (m) => (m[1] === 'gc' ? 'gc' : 'no gc'), example: 'llama3-8b_full_gc_bs8.yaml' },
];

const METHOD_WITH_RANK = /^(?:lora|qlora|dora)$/;

/** A part and its place in the name. */
interface Part {
  text: string;
  at: number;
}

function partsOf(name: string): Part[] {
  const parts: Part[] = [];
  for (const m of name.matchAll(/[^-_/]+/g)) parts.push({ text: m[0], at: m.index });
  return parts;
}

function ruleOf(part: string): { rule: NamePartRule; m: RegExpExecArray } | null {
  for (const rule of NAME_PART_RULES) {
    const m = rule.pattern.exec(part);
    if (m) return { rule, m };
  }
  return null;
}

/** Whether `text` is one hardware phrase whole ("4xa100-80g", "h100x8", "a100-80g"), as the hardware grammar reads it. */
function isHardware(text: string): boolean {
  // A card's name holds a digit, and a letter unless it is a card's bare number ("3090", "4090").
  if (!/\d/.test(text) || !/[a-z]|^\d{4}$/.test(text)) return false;
  const whole = (t: string) => scanHardware(t).readings.some((r) => r.at === 0 && r.end === t.length && r.gpuId !== null);
  // A card named alone is one card ("a card alone is 1x", corpus README): the grammar reads it so with its count.
  return whole(text) || whole(`1x${text}`);
}

/**
 * Where the model's own name ends in `rest` (what follows the size): before the first part a rule or the hardware
 * grammar reads. "-instruct-v0.1_a100-80g_tp2" ends after "-instruct-v0.1"; "-instruct-1m" is all the model's.
 */
export function modelHeadEnd(rest: string): number {
  for (const [i, part] of partsOf(rest).entries()) {
    if (ruleOf(part.text) || isHardware(part.text) || (i === 0 && /^\d+x$/.test(part.text))) return part.at;
  }
  return rest.length;
}

/**
 * The slots the message's own words (outside the name) already say, read by the same part rules over the words with
 * a number joined to the word before it ("bs 4" → "bs4", "zero 3" → "zero3"); cards are cardSaid's.
 */
function slotsSaid(words: string): Set<NameSlot> {
  const said = new Set<NameSlot>();
  const joined = words.replace(/([a-z])[ \t:=]+(?=\d)/g, '$1');
  for (const token of joined.split(/[^a-z0-9]+/)) {
    const found = token ? ruleOf(token) : null;
    if (found) said.add(found.rule.slot);
  }
  return said;
}

/** Whether the words say a card: a phrase the grammar reads, or a card named alone ("on a 3090", "on my A6000"). */
function cardSaid(words: string): boolean {
  if (scanHardware(words).readings.some((r) => r.gpuId !== null || r.count !== null)) return true;
  return words.split(/[^a-z0-9-]+/).slice(0, 400).some((w) => w.length >= 2 && isHardware(w));
}

export interface NameReading {
  /** The parts read, in request words, space-separated ('' when none). */
  words: string;
  /** The rule ids that read them. */
  rules: string[];
}

/**
 * The setup the parts of `rest` (a name after its model, or a name with no model: an output folder) say, in request
 * words, leaving out each slot the words outside the name (`elsewhere`) say themselves. A part no rule reads says
 * nothing (a date, a version, a port, "v2", "final").
 */
export function namePartWords(rest: string, elsewhere: string): NameReading {
  const parts = partsOf(rest.toLowerCase());
  const words = elsewhere.toLowerCase();
  const said = slotsSaid(words);
  const found: { rule: NamePartRule | null; words: string }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!.text;
    // A card and its memory split by the name's separator ("a100-80g") are one phrase.
    const next = parts[i + 1]?.text;
    if (next !== undefined && isHardware(`${part}-${next}`)) {
      found.push({ rule: null, words: `${part}-${next}` });
      i++;
      continue;
    }
    if (isHardware(part)) {
      found.push({ rule: null, words: part });
      continue;
    }
    const read = ruleOf(part);
    if (read) found.push({ rule: read.rule, words: read.rule.write(read.m) });
  }
  const adapter = found.some((f) => f.rule?.slot === 'method' && METHOD_WITH_RANK.test(f.words));
  const kept = found.filter((f) => {
    // Only a name that holds a card pays for reading the words' cards.
    if (f.rule === null) return !cardSaid(words);
    if (f.rule.slot === 'rank') return adapter && !said.has('rank');
    return !said.has(f.rule.slot);
  });
  return { words: kept.map((f) => f.words).join(' '), rules: kept.map((f) => f.rule?.id ?? 'name.hardware') };
}

/** A model's size inside a name: "7b", "1.5b", "8x7b", "30b-a3b" (a mixture's active size stays with its total). */
const SIZE_IN_NAME = /(?<![a-z0-9.])(?:\d+x)?\d+(?:\.\d+)?[bm](?:[-_]a\d+(?:\.\d+)?b)?(?![a-z0-9])/;

export interface ModelName {
  /** Where the model's own name starts (after a Hub owner written `owner--`) and ends in the stem. */
  at: number;
  end: number;
  head: string;
  /** What follows the model's name. */
  rest: string;
}

/**
 * A name's model and what follows it: "mistralai--mixtral-8x7b-instruct-v0.1_a100-80g_tp2" is the model
 * "mixtral-8x7b-instruct-v0.1" (the Hub's cache writes `owner--name`), then "_a100-80g_tp2"; null for a name with no size.
 */
export function modelAndRest(stem: string): ModelName | null {
  const owner = /^[a-z0-9][a-z0-9.]*--(?=[a-z])/.exec(stem);
  const at = owner ? owner[0].length : 0;
  const name = stem.slice(at);
  const size = SIZE_IN_NAME.exec(name);
  if (!size) return null;
  const sizeEnd = size.index + size[0].length;
  const head = name.slice(0, sizeEnd + modelHeadEnd(name.slice(sizeEnd))).replace(/[-_/]+$/, '');
  return { at, end: at + head.length, head, rest: stem.slice(at + head.length) };
}
