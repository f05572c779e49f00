import type { Item } from '../items.js';
import { sentenceAround } from '../prose/rules/asked.js';

/**
 * A ZeRO stage or FSDP said in prose and another set by the run's own config or command: the
 * config is what ran. "it's ppo on llama3-8b with 8*H100, flash_attn, zero3, … but it's OOM" above a
 * script with `--zero_stage 2` (OpenRLHF/OpenRLHF#519, c327: the reading follows the command); a title
 * "deepspeed zero1 zero2 zero 3 out of memory" over an axolotl config with
 * `deepspeed: deepspeed/zero2.json` (axolotl-ai-cloud/axolotl#2217, c1107). The keyed saying (a flag, a
 * config key, a DeepSpeed/accelerate config file name: `--zero_stage 2`, `"stage": 3`, `zero_stage: 2`,
 * `ds_z3_config.json`, `--deepspeed zero3`, `fsdp: full_shard`) is read, and the reply names the prose
 * mention it set aside, so the doubt is said. Keyed sayings that disagree among themselves, or no prose
 * mention at all, are left to the first-wins rule (scenario/patch.ts), which also says it.
 */
export const KEYED_SHARDING_RULE = {
  id: 'reconcile.keyed-sharding',
  example: "it's ppo on llama3-8b with 8*H100, zero3 … deepspeed --module … --zero_stage 2",
  source: 'OpenRLHF/OpenRLHF#519; axolotl-ai-cloud/axolotl#2217',
} as const;

/** A flag, a key (`zero_stage`, `"stage":`, `deepspeed:`), or a config file name. */
const KEYED = /^--|[a-z0-9]_[a-z]|[:=]|\.(?:json|ya?ml)\b/i;

type Sharding = Extract<Item, { kind: 'sharding' }>;

/** accelerate's `distributed_type: MULTI_GPU` (DDP): the launcher's mode, which a DeepSpeed or FSDP setting of the trainer overrides. */
const LAUNCHER_DDP = /distributed_type/i;

/** Every stage a config or command of the text sets (`zero=2`, `--zero_stage 3`, `"stage": 2`), kept or not. */
const KEYED_STAGE = /\b(?:zero(?:_stage|_optimization\.stage)?|stage)["'`]?\s*[:=]?\s*["'`]?([0-3])\b/gi;

/** The sentence an item stands in asks ("Is it possible to initiate 70b GRPO training with zero2?", OpenRLHF/OpenRLHF#851, c855). */
const asked = (text: string, i: Item): boolean => /[?？]$/.test(sentenceAround(text, i.at, i.end).sentence);

export function keyedShardings(items: Item[], notes: string[], text = ''): Item[] {
  const launcher = items.filter((i): i is Sharding => i.kind === 'sharding' && i.value === 'ddp' && LAUNCHER_DDP.test(i.text));
  if (launcher.length && items.some((i) => i.kind === 'sharding' && i.value !== 'ddp')) items = items.filter((i) => !launcher.includes(i as Sharding));
  const said = items.filter((i): i is Sharding => i.kind === 'sharding');
  if (new Set(said.map((i) => i.value)).size < 2) return items;
  const keyed = said.filter((i) => KEYED.test(i.text.trim()));
  if (keyed.length === 0 || keyed.length === said.length || new Set(keyed.map((i) => i.value)).size > 1) return items;
  // Several configs with rival stages ("1. tp=8, pp=1, zero=2 … 2. tp=4, pp=2, zero=1", hpcaitech/ColossalAI#5139,
  // c915): a config parser keeps the last, which is no more the run than the prose; first-wins decides.
  if (new Set([...text.matchAll(KEYED_STAGE)].filter((m) => /[:=_]/.test(m[0])).map((m) => m[1])).size > 1) return items;
  const keep = keyed[0]!;
  const dropped = said.filter((i) => i.value !== keep.value);
  if (dropped.some((i) => asked(text, i))) return items;
  for (const i of dropped) notes.push(`"${keep.text.trim()}" read as your setup's sharding (the config or command that ran); "${i.text.trim()}" is the message talking about another stage — say it alone to estimate that one`);
  return items.filter((i) => !dropped.includes(i as Sharding));
}

/**
 * A ZeRO stage named only in a question about a default is not the user's setting: "默认deepspeed的配置使用的是stage2吗？"
 * (is the default DeepSpeed config stage 2?; ssbuild/chatglm_finetuning#209, c1103: the stage is not chosen
 * yet), as "why does it use the default of 2?" (huggingface/accelerate#1231) or "is ZeRO-2 the default?"
 * (dreamzero0/dreamzero#51) ask what a tool does, not what ran. Set aside, with a note that names it; the
 * run keeps what else sets it (or the default, which the reply says).
 */
export const ASKED_DEFAULT_SHARDING_RULE = {
  id: 'reconcile.asked-default-sharding',
  example: '默认deepspeed的配置使用的是stage2吗？',
  source: 'ssbuild/chatglm_finetuning#209; huggingface/accelerate#1231; dreamzero0/dreamzero#51',
} as const;

const DEFAULT_WORD = /默认|缺省|\bdefault\b|\bby default\b/i;

export function askedDefaultShardings(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !DEFAULT_WORD.test(text)) return items;
  const aboutDefault = items.filter((i): i is Sharding => {
    if (i.kind !== 'sharding' || KEYED.test(i.text.trim())) return false;
    const { sentence } = sentenceAround(text, i.at, i.end);
    return /[?？]$/.test(sentence) && DEFAULT_WORD.test(sentence);
  });
  if (aboutDefault.length === 0) return items;
  for (const i of aboutDefault) notes.push(`"${i.text.trim()}" is asked about as a default, not read as your setup's sharding; say it (e.g. "zero2") to estimate with it`);
  return items.filter((i) => !aboutDefault.includes(i as Sharding));
}

/**
 * A split of the model said in words beside FSDP or ZeRO-3 is that sharding described, not a device_map layer
 * split: "Only by using TP or PP to evenly split the model across different GPUs … if only using Fully Sharded
 * Data Parallel (FSDP) without splitting the model" (simplescaling/s1#25, c757), "我希望多张卡共同存放单个模型
 * … deepspeed ZeRO-3 … FSDP" (hiyouga/LlamaFactory#5140), "FULL SHARD … all GPUs will load total model weights"
 * (huggingface/transformers#35636). FSDP and ZeRO-3 cannot run under a device_map split (transformers refuses
 * a device_map with ZeRO-3), so the prose split is dropped, said; a `device_map=` key stays for the resolver.
 */
export const SHARDED_NOT_SPLIT_RULE = {
  id: 'reconcile.sharded-not-split',
  example: 'Only by using TP or PP to evenly split the model across different GPUs … using FSDP',
  source: 'simplescaling/s1#25; hiyouga/LlamaFactory#5140; huggingface/transformers#35636',
} as const;

const SHARDS_MODEL = /^(?:fsdp|hsdp|zero3)/;

export function shardedNotSplit(items: Item[], notes: string[]): Item[] {
  const sharded = items.find((i): i is Sharding => i.kind === 'sharding' && SHARDS_MODEL.test(i.value));
  if (!sharded) return items;
  const split = items.filter((i) => i.kind === 'layerSplit' && !/device[_ ]?map/i.test(i.text));
  if (split.length === 0) return items;
  for (const i of split) notes.push(`"${i.text.trim()}" read as ${sharded.value.startsWith('zero') ? 'ZeRO-3' : 'FSDP'} sharding the model ("${sharded.text.trim()}"), not a layer split over the GPUs; say "device map auto" if the run splits layers instead`);
  return items.filter((i) => !split.includes(i));
}
