import type { Item, ReportedTopic } from '../items.js';
import { ENGINE_NAMED } from '../vocabulary.js';
import { namesModel } from './models.js';
import { runsMsSwift } from '../../scenario/ms-swift-preset.js';
import { deepspeedAppItems, launcherBesideDeepSpeedApp } from './deepspeed-app.js';

/** Settings said twice or in two ways: lengths, switches, LoRA under QLoRA, engines, frameworks, narrative help. */

type SeqItem = Extract<Item, { kind: 'seq' }>;
/** A serving cap ("max_model_len 36000") says less about the run than its stated length. */
const CAP = /max[-_ ]?model[-_ ]?len|max[-_ ]?total[-_ ]?tokens|model_max_length|max_position/i;
/** A training config's length ("max_seq_length=2048", "cutoff_len: 1024") is the run's. */
const CONFIG = /[a-z]_[a-z][\w.]*["'`]?\s*[:=]?\s*\d|--[a-z]/i;

/**
 * Several lengths: a config's training length, then one stated in words, then a serving cap;
 * the others are noted. Two of the same standing that disagree stay a contradiction.
 */
export function seqs(items: Item[], notes: string[]): Item[] {
  const seq = items.filter((i): i is SeqItem => i.kind === 'seq');
  if (new Set(seq.map((s) => s.value)).size < 2) return items;
  const rank = (s: SeqItem) => (CAP.test(s.text) ? 0 : CONFIG.test(s.text) ? 2 : 1);
  const best = Math.max(...seq.map(rank));
  const top = seq.filter((s) => rank(s) === best);
  if (new Set(top.map((s) => s.value)).size > 1) return items;
  const keep = top[0]!;
  for (const s of seq) if (s.value !== keep.value) notes.push(`sequence ${keep.value} read from "${keep.text}"; "${s.text}" is ${rank(s) === 0 ? 'a cap' : 'another length the message mentions'}`);
  return items.filter((i) => i.kind !== 'seq' || i === keep);
}

/** A setting written as a config key or flag ("OLLAMA_FLASH_ATTENTION false", "--gradient_checkpointing"). */
const KEYED = /[a-z0-9]_[a-z]|^--|[:=]/i;

/**
 * A switch said in prose and set in a config ("Flash Attention | KV Cache" as a title, then
 * "OLLAMA_FLASH_ATTENTION false"): the prose names the topic, the config sets it. The config's
 * value is read and a note names the prose mention. Two prose mentions, or two keys, that
 * disagree stay a contradiction.
 */
export function switches(items: Item[], notes: string[]): Item[] {
  let out = items;
  for (const kind of ['attention', 'recompute'] as const) {
    const said = out.filter((i) => i.kind === kind);
    if (said.length < 2) continue;
    const value = (i: Item) => JSON.stringify({ ...i, at: 0, end: 0, text: '' });
    if (new Set(said.map(value)).size < 2) continue;
    const keyed = said.filter((i) => KEYED.test(i.text));
    if (keyed.length === 0 || new Set(keyed.map(value)).size > 1 || keyed.length === said.length) continue;
    const keep = keyed[0]!;
    for (const i of said) if (value(i) !== value(keep)) notes.push(`"${keep.text}" read as the setting; "${i.text}" is the message talking about it`);
    out = out.filter((i) => i.kind !== kind || value(i) === value(keep));
  }
  return out;
}

/**
 * "pre-training Llama-3-8B with 512K tokens using 8*A100-80GB with sequence parallelism" (princeton-nlp/ProLong#16,
 * c872): outside a tensor-parallel (Megatron) run, sequence parallelism splits each sequence over the GPUs
 * (DeepSpeed-Ulysses, ring attention; xtuner's and LLaMA-Factory's sequence_parallel_size, read as cp N, c758),
 * not Megatron's SP beside TP. Said in prose with no degree, the split is not known: set aside, with a note
 * that asks for it. A keyed switch (`--sequence_parallel true`, Megatron-SWIFT) and SP beside TP stay.
 */
export function sequenceSplitWithoutDegree(items: Item[], notes: string[]): Item[] {
  const said = items.filter((i) => i.kind === 'sp' && /sequence/i.test(i.text) && !KEYED.test(i.text.trim()));
  // A whole request names its cards; a follow-up ("and sequence parallel") patches a run whose TP it does not repeat.
  if (said.length === 0 || !items.some((i) => i.kind === 'hardware' && i.count !== null && i.count > 1)) return items;
  const tensorParallel = items.some((i) => (i.kind === 'parallel' && (i.dim === 'tp' || i.dim === 'cp') && i.value > 1) || (i.kind === 'framework' && i.value === 'megatron'));
  if (tensorParallel) return items;
  notes.push(`"${said[0]!.text.trim()}" with no tensor parallelism: read as each sequence split over the GPUs (Ulysses or ring attention), whose degree the message does not give, so it is not in the estimate; say "cp N" to split it N ways`);
  return items.filter((i) => !said.includes(i));
}

/** "qlora … lora r16": the LoRA is QLoRA's. */
export function loras(items: Item[]): Item[] {
  const l = items.filter((i): i is Extract<Item, { kind: 'lora' }> => i.kind === 'lora');
  if (!l.some((i) => i.qlora) || l.every((i) => i.qlora)) return items;
  return items.map((i) => (i.kind === 'lora' ? { ...i, qlora: true } : i));
}

type ModeItem = Extract<Item, { kind: 'mode' }>;

/**
 * Pre-training said beside LoRA or QLoRA is continued pre-training that trains adapters: "请问baichuan13b-chat
 * 增量预训练(LoRA)需要多少显存呢" (how much memory does incremental pre-training (LoRA) of baichuan13b-chat need,
 * shibing624/MedicalGPT#236, c841), "lora预训练13B模型" (ymcui/Chinese-LLaMA-Alpaca#730, c850), "2xA100 QLoRA
 * I'm trying to train … for continued pretraining" (unslothai/unsloth#4040, c687). Its memory is a LoRA run's:
 * frozen base, adapter gradients and moments; the item language's pretrain is a full-training mode. The
 * pre-training word is said in a note, never a contradiction of the method (it had been refused in a short
 * request, and in prose whichever came first had won, the other silently lost).
 */
export function adapterPretraining(items: Item[], notes: string[]): Item[] {
  const adapter = items.find((i) => i.kind === 'lora');
  const pretrain = items.filter((i): i is ModeItem => i.kind === 'mode' && i.value === 'pretrain');
  // A full fine-tune said too ("--stage pt --finetuning_type full --lora_target c_attn", hiyouga/LlamaFactory,
  // c503): the LoRA key is one the full run ignores, and the pre-training is full.
  if (!adapter || pretrain.length === 0 || items.some((i) => i.kind === 'mode' && i.value === 'full')) return items;
  for (const p of pretrain) notes.push(`"${p.text.trim()}" with "${adapter.text.trim()}": pre-training that trains ${adapter.kind === 'lora' && adapter.qlora ? 'QLoRA' : 'LoRA'} adapters, read as that method (a frozen base)`);
  return items.filter((i) => !pretrain.includes(i as ModeItem));
}

/**
 * "models that work in other applications like ollama … `vllm serve Qwen3-…`": the run asked
 * about is the one on the named serving engine; llama.cpp / Ollama is another program the
 * message mentions (set aside, with a note).
 */
export function engines(items: Item[], notes: string[]): Item[] {
  const served = items.find((i) => i.kind === 'serve' && ENGINE_NAMED.test(i.text));
  const other = items.filter((i) => i.kind === 'framework' && i.value === 'llamacpp');
  if (!served || other.length === 0) return items;
  for (const o of other) notes.push(`read "${served.text}" as the engine; "${o.text}" is another program the message mentions`);
  return items.filter((i) => !other.includes(i));
}

/** "DeepSpeed with the HF Trainer / accelerate": DeepSpeed is what shapes memory. */
export function frameworks(items: Item[], text?: string): Item[] {
  // DeepSpeed-Chat is DeepSpeed's own trainer: kept beside its stage, over the launcher that starts it (deepspeed-app.ts).
  const app = deepspeedAppItems(items, text);
  items = launcherBesideDeepSpeedApp(items, app, text);
  // "DeepSpeed ZeRO-3" in prose names ZeRO's provider (usually under the HF Trainer or
  // accelerate): the stage says what shapes memory, so the stage is read, not a DeepSpeed preset.
  if (items.some((i) => i.kind === 'sharding' && i.value.startsWith('zero'))) {
    items = items.filter((i) => !(i.kind === 'framework' && i.value === 'deepspeed' && !app.has(i)));
  }
  // "accelerate … multi-node FSDP": the launcher is not a preset when the sharding is named.
  // ms-swift (an 'hf' item, its checkpointing default on) is a program, no launcher: kept beside "zero3" (c1862).
  if (items.some((i) => i.kind === 'sharding')) {
    items = items.filter((i) => !(i.kind === 'framework' && i.value === 'hf' && !runsMsSwift([i.text])));
  }
  // The Hugging Face stack's words ("transformers", "accelerate", "trl", "trainer") beside a program built on it
  // ("用 accelerate … LLaMA-Factory/…/single_node.sh", c2077; "trl and unsloth"; "transformers 4.45, axolotl"):
  // the program is the run's; the stack is what it runs on (ms-swift's own item excepted, as above).
  const fw = items.filter((i): i is Extract<Item, { kind: 'framework' }> => i.kind === 'framework');
  const keep = fw.length < 2 ? undefined : (fw.find((f) => f.value === 'deepspeed') ?? fw.find((f) => ON_HF_STACK.has(f.value)));
  if (!keep) return items;
  return items.filter((i) => i.kind !== 'framework' || (i as { value: string }).value !== 'hf' || i === keep || runsMsSwift([i.text]));
}

/** Training programs built on transformers, accelerate or TRL: their own presets, not Hugging Face's defaults. */
const ON_HF_STACK = new Set(['llama-factory', 'axolotl', 'unsloth', 'alpaca-lora', 'llama-recipes', 'longlora']);

/**
 * "OOM", "out of memory", "why" in a message that describes a run are what happened, not a
 * request for the troubleshooting page: the estimate answers them. Listed as ignored; a help word
 * the user said as a report of what happened (the words marked by a `reported.*` rule, "it OOMs
 * around step 300") is handed on in `reported`, for the reply to bring that topic's tips.
 */
export function narrativeHelp(items: Item[], ignored: string[], said: readonly ReportedTopic[] = [], reported: ReportedTopic[] = []): Item[] {
  if (!items.some(namesModel)) return items;
  return items.filter((i) => {
    if (i.kind !== 'help') return true;
    ignored.push(i.text);
    for (const r of said) if (r.topic === i.value && r.at < i.end && i.at < r.end && !reported.includes(r)) reported.push(r);
    return false;
  });
}

/**
 * A report's words the grammar could not place ("…的并发请求过来，就直接OOM了", the "oom" set aside in a
 * message of settings it cannot join) are still the report: handed on in `reported` and listed as
 * ignored, never as words not read.
 */
export function reportsSetAside<U extends { word: string; at: number }>(unread: U[], ignored: string[], said: readonly ReportedTopic[], reported: ReportedTopic[]): U[] {
  if (said.length === 0) return unread;
  return unread.filter((u) => {
    const under = said.filter((r) => r.at < u.at + u.word.length && u.at < r.end);
    if (under.length === 0) return true;
    for (const r of under) if (!reported.includes(r)) reported.push(r);
    ignored.push(u.word);
    return false;
  });
}

/**
 * A report whose words no item read ("fails with not enough memory", "insufficient memory": words the
 * grammar drops as filler, never a help word) is still the report: handed on in `reported`. An item
 * read wholly inside the report's words is the report's word, no setting ("GPU" of "insufficient GPU
 * memory" is no GPU count) and is dropped; one that reaches outside them stays, and so does the
 * report's help word (narrativeHelp's, above).
 */
export function reportsNotRead<I extends { at: number; end: number }>(items: I[], said: readonly ReportedTopic[], reported: ReportedTopic[]): I[] {
  let kept = items;
  for (const r of said) {
    if (reported.includes(r)) continue;
    const inside = (i: I) => r.at <= i.at && i.end <= r.end;
    if (kept.some((i) => i.at < r.end && r.at < i.end && !inside(i))) continue;
    reported.push(r);
    kept = kept.filter((i) => !inside(i));
  }
  return kept;
}
