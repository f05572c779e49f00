import { GPUS, MODELS } from '../catalog/index.js';
import type { Item } from './items.js';
import { slurmAllocationWins } from './slurm.js';
import { ENGINE_NAMED } from './vocabulary.js';
import { sameModelSize } from './families.js';

/**
 * Prose says the same thing twice (issue 11): a title names "Llama-2-7B", the command
 * `--model meta-llama/Llama-2-7b-hf`; a card is "8x A100 80GB" and later "80GB"; the memory
 * a log printed ("51GB used") sits next to the card. In prose (never in a short request,
 * where two such items stay a contradiction to report) restatements of one thing collapse to
 * the most specific, and a memory figure that cannot be the named card's is not read as a
 * card size, with a note. Genuinely different values stay, for the resolver to report.
 */
export function reconcile(items: Item[], notes: string[], ignored: string[], text = ''): Item[] {
  let out = models(compares(items, notes));
  out = usageQuotes(out, text, notes);
  out = workingRuns(out, text, notes);
  out = contrasted(out, text, notes);
  out = slurmAllocationWins(out, notes);
  out = someOfTheCards(out, notes);
  out = cards(out, notes);
  out = launched(out, notes);
  out = actualSetup(out, text, notes);
  out = weights(out);
  out = seqs(out, notes);
  out = switches(out, notes);
  out = loras(out);
  out = engines(out, notes);
  out = frameworks(out);
  out = narrativeHelp(out, ignored);
  return out;
}

/**
 * The same thing said twice in the item language itself ("DeepSeek-V3 671B", "int4 awq"): one
 * saying, as the tolerant reader keeps one; different values stay, for the resolver to report.
 */
export function restatements(items: Item[]): Item[] {
  return weights(models(items));
}

type ModelItem = Extract<Item, { kind: 'model' | 'size' | 'hub' }>;
/** The catalog model an item names: a model, or a Hub repo named after one ("Qwen/Qwen2.5-7B-Instruct"). */
const catalogOf = (i: ModelItem) => {
  const id = i.kind === 'model' ? i.id : i.kind === 'hub' ? (i.offline?.model ?? undefined) : undefined;
  return id === undefined ? undefined : MODELS.find((m) => m.id === id);
};
/**
 * Billions of parameters a name holds ("Qwen3-30B-A3B" 30, "Mixtral-8x7B" 56, "WizardLM-30B-fp16" 30):
 * how a Hub repo or name the catalog lacks is compared with the other names of the model.
 */
function sizeInName(name: string): number {
  const found = [...name.toLowerCase().matchAll(/(?<![a-z0-9.])(?:(\d+)x)?(\d+(?:\.\d+)?)b(?![a-z0-9])/g)];
  const m = found[0];
  return m ? Number(m[2]) * (m[1] ? Number(m[1]) : 1) * 1e9 : NaN;
}
const paramsOf = (i: ModelItem): number => {
  if (i.kind === 'size') return i.params;
  const known = catalogOf(i)?.publishedParams;
  if (known !== undefined) return known;
  return sizeInName(i.kind === 'hub' ? i.repo : i.text);
};
const isMoe = (i: ModelItem) => (i.kind === 'size' ? i.experts !== null : (catalogOf(i)?.arch.experts ?? 0) > 1);
const namesModel = (i: Item): i is ModelItem => i.kind === 'model' || i.kind === 'size' || i.kind === 'hub';

function models(items: Item[]): Item[] {
  const named = items.filter(namesModel);
  if (named.length < 2) return items;
  const first = named[0]!;
  const moe = named.some(isMoe);
  if (!named.every((i) => sameModelSize(paramsOf(i), paramsOf(first), moe))) return items;
  const families = new Set(named.map(familyOf).filter((f): f is string => f !== null));
  if (families.size > 1) return items;
  // The most specific: the Hub repo named (its own config.json when fetched), else the longest
  // catalog spelling ("Llama-3.1-8B-Instruct" over "LLAMA3 8B"), else a size with its family,
  // else the first size.
  const catalog = named.filter((i) => i.kind === 'model').sort((a, b) => b.text.length - a.text.length);
  // A repo whose name gives a weight format ("…-Instruct-FP8") is the more specific checkpoint.
  const keep =
    named.find((i) => i.kind === 'hub' && i.offline?.weights) ?? named.find((i) => i.kind === 'hub') ?? catalog[0] ?? named.find((i) => i.kind === 'size' && i.family) ?? first;
  return items.filter((i) => !namesModel(i) || i === keep);
}

function familyOf(i: ModelItem): string | null {
  if (i.kind === 'size') return i.family;
  return catalogOf(i)?.family.toLowerCase() ?? null;
}

/** Words that make an amount of memory something used, not a card: "uses 24 GB VRAM", "just needs 8.5G VRAM", "exceeding 7.83g vram". */
const USAGE = /\b(?:needs?|needed|uses?|used|using|consum\w*|takes?|took|requires?|required|occup\w*|allocat\w*|reserv\w*|exceed\w*|peaks?|eats?|ate|hits?)\s+(?:(?:only|just|about|around|roughly|approx\w*|up to|over|nearly|almost|~)\s*)*$/i;

/** An `ollama ps` row: NAME (a tag) and maybe the ID before SIZE ("gemma3:12b    22 GB    28%/72% CPU/GPU"). */
const OLLAMA_PS_ROW = /(?:^|\n)\s*[a-z0-9._\/-]+:[a-z0-9._-]+\s+(?:[0-9a-f]{12}\s+)?$/i;

/**
 * A memory figure said as what something uses ("Gemma 3 12b uses 24 GB VRAM") is the message's
 * measurement, not the card's size: set aside, with a note, never read as the GPU.
 */
function usageQuotes(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  return items.filter((i) => {
    if (i.kind !== 'hardware' || i.capacityGiB === null || i.gpuId !== null || i.count !== null || i.nodes !== null) return true;
    // (An `ollama ps` row's SIZE is the figure itself right after the tag, not "on my gtx 1660 6gb".)
    if (!USAGE.test(before(text, i.at)) && !(/^\d/.test(i.text) && OLLAMA_PS_ROW.test(before(text, i.at)))) return true;
    notes.push(`"${i.text}" read as memory the message says is used, not a card's size`);
    return false;
  });
}

/** A clause that says its run works ("…with Lora and everything is ok", "with qlora it fits fine"). */
const WORKS = /\b(?:everything (?:is|was|works?) (?:ok|okay|fine|good)|(?:it|that) (?:works?|worked|fits?|runs? fine)|works? (?:fine|well|perfectly)|worked (?:fine|well)?|no (?:problem|issue)s?|without (?:any )?(?:problem|issue|oom)s?)\b/i;
/** A clause that asks about, or reports the failure of, another run. */
const ASKS = /\b(?:oom|out of memory|i want|want to|how (?:can|do|to)|is it possible|can i|could i|would it)\b/i;

/**
 * "I used this script to fine-tune codellama with Lora and everything is ok … I want to fine-tune
 * codellama with fsdp and bf16, but I met the OOM problem" (transformers#27121): the method said
 * in a sentence that reports success is the run that works, not the one asked about. Set aside,
 * with a note, when another sentence asks or fails.
 */
function workingRuns(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const sentences = text.split(/(?<=[.?!])\s+|\n+/);
  const sentenceOf = (at: number) => {
    let start = 0;
    for (const s of sentences) {
      const i = text.indexOf(s, start);
      if (at >= i && at < i + s.length) return s;
      start = i + s.length;
    }
    return '';
  };
  const methods: Item[] = items.filter((i) => i.kind === 'lora');
  if (methods.length === 0) return items;
  const asked = sentences.some((s) => ASKS.test(s) && !methods.some((m) => sentenceOf(m.at) === s));
  if (!asked) return items;
  const working = methods.filter((m) => WORKS.test(sentenceOf(m.at)));
  if (working.length === 0 || working.length === methods.length && methods.length > 1) return items;
  for (const w of working) notes.push(`"${w.text}" set aside as your setup's mode: the message says that run works; the estimate is for the run it asks about`);
  return items.filter((i) => !working.includes(i));
}

/** Settings that size a run and so may belong to either of two setups. */
const SIZING = new Set<Item['kind']>(['seq', 'batch', 'weights', 'offload', 'sharding', 'parallel', 'precision', 'kvDtype', 'gen']);

/**
 * A clause that opens a second run for contrast: "whereas I could only reach …", "compared to
 * …", "unlike …". It ends at the sentence's end or an aside ("(with lora, and all parameters
 * equal)" holds for both runs).
 */
const CONTRAST = /\b(?:whereas|compared (?:to|with)|unlike|but (?:only )?with|while with)\b[^.?!\n(;。？！]*/gi;
/** Kinds that describe a run's setup (not its model or cards, which actualSetup weighs). */
const RUN_SETTINGS = new Set<Item['kind']>([...SIZING, 'framework', 'lora', 'mode', 'serve', 'recompute']);

/**
 * "I was able to use batch size of 17 for Llama3 on a single A6000, whereas I could only reach
 * batch size=1 with huggingface" (torchtune#830): when a contrast clause says a setting again
 * that the message already gave, the clause is another run, and a setting said only there
 * ("with huggingface") is that run's: set aside, with a note, never read into the first run.
 */
function contrasted(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !/whereas|compared|unlike|but|while/i.test(text)) return items;
  const out = new Set(items);
  for (const m of text.matchAll(CONTRAST)) {
    const from = m.index!;
    const to = from + m[0].length;
    const inside = items.filter((i) => i.at >= from && i.at < to && RUN_SETTINGS.has(i.kind));
    const said = (i: Item) => items.some((o) => o.kind === i.kind && (o.at < from || o.at >= to));
    if (!inside.some(said)) continue;
    for (const i of inside) {
      if (said(i)) continue;
      notes.push(`"${i.text}" set aside: it goes with the other run the message contrasts ("${m[0].trim()}")`);
      out.delete(i);
    }
  }
  return out.size === items.length ? items : items.filter((i) => out.has(i));
}

type SeqItem = Extract<Item, { kind: 'seq' }>;
/** A serving cap ("max_model_len 36000") says less about the run than its stated length. */
const CAP = /max[-_ ]?model[-_ ]?len|max[-_ ]?total[-_ ]?tokens|model_max_length|max_position/i;
/** A training config's length ("max_seq_length=2048", "cutoff_len: 1024") is the run's. */
const CONFIG = /[a-z]_[a-z][\w.]*["'`]?\s*[:=]?\s*\d|--[a-z]/i;

/**
 * Several lengths: a config's training length, then one stated in words, then a serving cap;
 * the others are noted. Two of the same standing that disagree stay a contradiction.
 */
function seqs(items: Item[], notes: string[]): Item[] {
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
function switches(items: Item[], notes: string[]): Item[] {
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
 * "CUDA_VISIBLE_DEVICES=0,…,7 NPROC_PER_NODE=7" (modelscope/ms-swift#3848): the devices visible
 * are what the launcher may use; the processes it starts are the GPUs the run holds.
 */
function launched(items: Item[], notes: string[]): Item[] {
  const visible = items.filter((i) => i.kind === 'hardware' && i.count !== null && /cuda_visible_devices/i.test(i.text));
  const started = items.find((i) => i.kind === 'hardware' && i.count !== null && /nproc|num_processes|num_gpus/i.test(i.text));
  if (!started || started.kind !== 'hardware' || visible.length === 0) return items;
  for (const v of visible) notes.push(`${started.count} GPUs in all, one per process ("${started.text}"); "${v.text}" lists the devices it may use`);
  return items.filter((i) => !visible.includes(i));
}

type Hardware = Extract<Item, { kind: 'hardware' }>;
const gib = (id: string) => (GPUS.find((g) => g.id === id)?.totalMiB ?? NaN) / 1024;
const near = (a: number, b: number) => Math.abs(a - b) / b <= 0.1;

/**
 * Cards said in several places. A memory figure standing alone ("14.3 GB", "51GB used",
 * "160GB") next to a card named elsewhere is the card's memory again (dropped), a total of
 * several such cards ("A100 (160GB)" is two), or an amount of memory the message talks about
 * (dropped, with a note). The same card said twice keeps its first saying.
 */
function cards(items: Item[], notes: string[]): Item[] {
  const hw = items.filter((i): i is Hardware => i.kind === 'hardware');
  if (hw.length < 2) return items;
  const primaries = hw.filter((h) => h.gpuId !== null || h.count !== null || h.nodes !== null || /gpu|card|vram|each|per\b/i.test(h.text));
  const strays = hw.filter((h) => !primaries.includes(h) && h.capacityGiB !== null);
  const drop = new Set<Item>();
  const replace = new Map<Item, Item>();
  const first = primaries.find((p) => p.gpuId !== null || p.capacityGiB !== null);
  if (first) {
    const memory = first.gpuId !== null ? gib(first.gpuId) : first.capacityGiB;
    const counted = primaries.some((p) => p.count !== null || p.nodes !== null);
    for (const h of strays) {
      const said = h.capacityGiB!;
      drop.add(h);
      if (memory === null || !Number.isFinite(memory)) continue;
      if (near(said, memory)) continue;
      const times = said / memory;
      const count = primaries.find((p) => p.count !== null)?.count ?? 1;
      if (counted && near(said, memory * count)) continue;
      if (!counted && times >= 1.9 && Math.abs(times - Math.round(times)) < 0.1) {
        replace.set(first, { ...first, count: Math.round(times) });
        notes.push(`"${h.text}" read as the memory of ${Math.round(times)} such cards in all`);
        continue;
      }
      notes.push(`"${h.text}" read as an amount of memory the message mentions, not a card's size`);
    }
  }
  // "8卡A100 80G" … "8卡80G": memory alone that is the named card's, said again.
  const card = primaries.find((p) => p.gpuId !== null);
  if (card) {
    for (const p of primaries) {
      if (p.gpuId !== null || p.capacityGiB === null || drop.has(p)) continue;
      if (near(p.capacityGiB, gib(card.gpuId!)) && (p.count === null || card.count === null || p.count === card.count)) {
        drop.add(p);
        if (p.count !== null && card.count === null) replace.set(card, { ...card, count: p.count });
      }
    }
  }
  // The same card said twice ("on 8x A100" … "8 A100s"): keep the first.
  const seen = new Set<string>();
  for (const h of primaries) {
    const key = JSON.stringify([h.gpuId, h.capacityGiB, h.count, h.nodes]);
    if (seen.has(key)) drop.add(h);
    seen.add(key);
  }
  return items.filter((i) => !drop.has(i)).map((i) => replace.get(i) ?? i);
}

/**
 * "a server with 4 x 48G A6000 GPUs … ran Gemma-7B on 2 of the cards" (LoveCatc/supervised-llm-
 * uncertainty-estimation#4): the run used 2 of the machine's cards. The card keeps its type and
 * memory and takes the count the run used.
 */
function someOfTheCards(items: Item[], notes: string[]): Item[] {
  const part = items.find((i): i is Hardware => i.kind === 'hardware' && i.gpuId === null && i.capacityGiB === null && i.count !== null && /\bof\s+(?:the|my|our|its|these|those|them|all)\b/i.test(i.text));
  if (!part) return items;
  const machine = items.find((i): i is Hardware => i.kind === 'hardware' && i !== part && (i.gpuId !== null || i.capacityGiB !== null) && (i.count ?? 1) > part.count!);
  if (!machine) return items;
  notes.push(`"${part.text.trim()}": the run used ${part.count} of the ${machine.count ?? 1} cards`);
  return items.filter((i) => i !== part).map((i) => (i === machine ? { ...machine, count: part.count } : i));
}

/**
 * Words before a mention that make it someone else's setup, or one the user only imagines:
 * "as mentioned in the link, deployment is done using four A100 nodes", "官方benchmark说" (the
 * official benchmark says), "a more reasonable choice would be", "wondering if it's possible with".
 */
const REFERENCE = /\b(?:as mentioned|mentioned in|official|benchmark|the (?:paper|blog|docs?|readme|link)|they used)\b|官方/i;
const HYPOTHETICAL = /\b(?:if|would|could|might|maybe|perhaps|possible|suspect|will need|need at least|wonder(?:ing)?|think|instead of)\b|如果/i;
/** Words before a mention that make it the user's own: "I have", "my", "currently", "how to use", "我这里". */
const OWN = /\b(?:i have|i've got|i'm using|i am using|i use|i(?:'ve| have)? tried|my|currently|now|how (?:to|can i|do i) use|can it be done with)\b|我这里|我的|我用/i;
/**
 * The model a question asks about ("Should i be able to run OA_SFT_Llama_30B_6 with 3 x RTX
 * 3090?", Open-Assistant#2904): the run the user wants answered, over models listed beside it.
 */
const ASKED_MODEL = /\b(?:can|could|should|would|will)\s+(?:i|we|it|one)\b(?:\s+be able to)?\s+(?:\w+\s+)?(?:run|train|fine-?tune|finetune|load|serve|host|deploy|fit)\s*(?:the|a|an)?\s*$/i;
/** A mention right before "will oom" / right after "OOM error with" is the attempt that failed. */
const FAILED_AFTER = /^[\s,]*(?:will|would|also)?\s*(?:oom|out of memory)/i;
const FAILED_BEFORE = /(?:oom|out of memory)(?:\s+error)?\s*(?:with|on)\s*(?:a|an|the)?\s*$/i;

/** The words of a mention's own sentence, up to 48 characters before it. */
function before(text: string, at: number): string {
  const head = text.slice(Math.max(0, at - 48), at);
  const cut = Math.max(...['.', '?', '!', '\n', '。', '？', '！'].map((c) => head.lastIndexOf(c)));
  return head.slice(cut + 1);
}

/**
 * How much a mention reads as the user's actual setup: own +1, a hypothesis or a failed attempt -1,
 * a reference -2. Own words outrank a failure ("ran out of memory on my 24GB card" is still theirs).
 */
function standing(text: string, i: Item): number {
  const sentence = before(text, i.at);
  if (REFERENCE.test(sentence)) return -2;
  if (namesModel(i) && ASKED_MODEL.test(sentence) && /^[^.!\n。！]*[?？]/.test(text.slice(i.end))) return 1;
  // Whose it is, and whether it is only wondered about, is said in the mention's own clause:
  // "I've tried int8 but got OOM, maybe int4?" tries int8 and wonders about int4.
  const head = sentence.slice(Math.max(...[',', ';', '，', '；'].map((c) => sentence.lastIndexOf(c))) + 1);
  // "on my 24GB card": the mention's own words can say whose it is.
  if (OWN.test(`${head}${i.text}`)) return 1;
  if (FAILED_AFTER.test(text.slice(i.end, i.end + 16)) || FAILED_BEFORE.test(head)) return -1;
  if (HYPOTHETICAL.test(head)) return -1;
  return 0;
}

/** Settings that belong to one run only: said only beside another setup, they may be that setup's. */
const OWN_SETUP_ONLY = new Set<Item['kind']>(['seq', 'batch', 'offload', 'sharding', 'parallel', 'gen']);
/** Item i sits with the set-aside mention d: between it and the kept one, or after it in d's own sentence. */
function alongside(text: string, d: Item, keep: Item, i: Item): boolean {
  if (d.at < keep.at) return i.at >= d.end && i.end <= keep.at;
  const stop = text.slice(d.end).search(/[.?!\n。？！]/);
  return i.at >= d.end && i.at < (stop < 0 ? text.length : d.end + stop);
}

type Setting = Extract<Item, { kind: 'hardware' | 'model' | 'size' | 'hub' | 'weights' }>;
/** Two mentions of the cards, or of the model, that cannot both be the run. */
function disagree(a: Setting, b: Setting): boolean {
  if (a.kind === 'hardware' && b.kind === 'hardware') {
    const differ = <T>(x: T | null, y: T | null) => x !== null && y !== null && x !== y;
    return differ(a.gpuId, b.gpuId) || differ(a.count, b.count) || differ(a.nodes, b.nodes) || differ(a.capacityGiB, b.capacityGiB);
  }
  if (a.kind === 'weights' && b.kind === 'weights') return a.value !== b.value;
  // Two names of one model ("13B" … "the 13B model") agree; different sizes or families do not.
  if (namesModel(a) && namesModel(b)) return !sameModelSize(paramsOf(a), paramsOf(b), isMoe(a) || isMoe(b)) || familyOf(a) !== familyOf(b);
  return false;
}

/**
 * Two setups in one message ("One H100 will oom … how to use two H100?", "the official benchmark
 * used 2 A100 80G, here I have 4 A100 40G"): when the words around exactly one of the disagreeing
 * mentions make it the user's actual setup, that one is read and a note says which was set aside,
 * so the choice is flagged, never silent. Otherwise both stay, and the resolver reports the pair.
 */
function actualSetup(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  let out = items;
  // A bare "cards" or "GPUs" says no setup: only mentions that carry a card, count or memory compete.
  const carries = (i: Item) => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null || i.capacityGiB !== null || i.nodes !== null);
  for (const group of [carries, namesModel, (i: Item) => i.kind === 'weights']) {
    const said = out.filter(group) as Setting[];
    if (said.length < 2 || !said.some((a, k) => said.slice(k + 1).some((b) => disagree(a, b)))) continue;
    const scored = said.map((i) => ({ i, s: standing(text, i) }));
    const top = Math.max(...scored.map((x) => x.s));
    const best = scored.filter((x) => x.s === top);
    if (best.length !== 1 || scored.every((x) => x.s === top)) continue;
    const keep = best[0]!.i;
    const dropped = said.filter((i) => i !== keep && disagree(i, keep));
    if (dropped.length === 0) continue;
    // Everything that disagrees with the kept mention must stand lower, or it is a real contradiction.
    if (scored.some((x) => x.i !== keep && x.s === top)) continue;
    // "the official benchmark ran 2 A100 80G at 128k input; here 4 A100 40G at 20k": a setting said
    // alongside the set-aside setup and said again elsewhere is that setup's, and goes with it; a
    // length or batch said only there may be either's, so whose it is stays open; a weight format
    // said only there ("qwen2-72b-instruct-gptq-int4") is the model's, in both.
    const along = out.filter((i) => SIZING.has(i.kind) && dropped.some((d) => alongside(text, d, keep, i)));
    const contested = along.filter((i) => out.some((o) => o.kind === i.kind && !along.includes(o)));
    if (along.some((i) => !contested.includes(i) && OWN_SETUP_ONLY.has(i.kind))) continue;
    for (const d of dropped) notes.push(`read "${keep.text}" as your setup; "${d.text}" is another setup the message mentions (say it alone to estimate that one)`);
    for (const c of contested) notes.push(`"${c.text}" set aside with that other setup`);
    out = out.filter((i) => !dropped.includes(i as Setting) && !contested.includes(i));
  }
  // What stays may be one model said twice ("13B" … "the 13B model"): collapse it as before.
  return out === items ? out : models(out);
}

/** "4bit" and "GPTQ", "AWQ-INT4" and "--quantization marlin", "4bit" and "double quant": one 4-bit format, said twice. */
function weights(items: Item[]): Item[] {
  const w = items.filter((i): i is Extract<Item, { kind: 'weights' }> => i.kind === 'weights');
  if (w.length < 2) return items;
  const fourBit = ['nf4', 'nf4-dq', 'gptq', 'awq'];
  if (!w.every((i) => fourBit.includes(i.value))) return items;
  const generic = (i: (typeof w)[number]) => /^(?:4|int4|q4|marlin|fp4|bnb|nf4)\b|4[\s_-]*bit/i.test(i.text.trim());
  const specific = w.filter((i) => !generic(i));
  const values = new Set(specific.map((i) => i.value));
  if (values.size > 1 && !(values.size === 2 && values.has('nf4') && values.has('nf4-dq'))) return items;
  const keep = specific.find((i) => i.value === 'nf4-dq') ?? specific[0] ?? w.find((i) => i.value === 'nf4-dq') ?? w[0]!;
  return items.filter((i) => i.kind !== 'weights' || i === keep);
}

/** "qlora … lora r16": the LoRA is QLoRA's. */
function loras(items: Item[]): Item[] {
  const l = items.filter((i): i is Extract<Item, { kind: 'lora' }> => i.kind === 'lora');
  if (!l.some((i) => i.qlora) || l.every((i) => i.qlora)) return items;
  return items.map((i) => (i.kind === 'lora' ? { ...i, qlora: true } : i));
}

/**
 * Kinds whose items are alternatives to one another ("bf16 vs int8", "lora vs full", "deepspeed
 * vs fsdp"): a comparison holds only within one group.
 */
const COMPARABLE: Item['kind'][][] = [
  ['model', 'size', 'hub'],
  ['precision', 'weights', 'kvDtype'],
  ['mode', 'lora', 'serve'],
  ['sharding', 'framework', 'parallel', 'sp', 'offload'],
];
const comparable = (a: Item, b: Item) => a.kind === b.kind || COMPARABLE.some((g) => g.includes(a.kind) && g.includes(b.kind));

/**
 * "FlashAttn 2 vs unsloth (which has FlashAttn 2)": a comparison of one thing with itself is prose.
 * "hf + FlashAttn 2 vs unsloth": sides of unlike kinds compare two whole setups, which one line
 * cannot hold: the first side (the user's own) is read, the other is not, and the reply says so.
 */
function compares(items: Item[], notes: string[]): Item[] {
  return restatedSides(items.flatMap((i) => {
    if (i.kind !== 'compare') return [i];
    if (!comparable(i.a, i.b)) {
      notes.push(`"${i.a.text} vs ${i.b.text}" compares two setups: read "${i.a.text}" only, not as a comparison (say "compare A vs B" with two values of one setting)`);
      return [i.a];
    }
    const { at: _a, end: _e, text: _t, ...a } = i.a;
    const { at: _a2, end: _e2, text: _t2, ...b } = i.b;
    return JSON.stringify(a) === JSON.stringify(b) ? [i.a] : [i];
  }));
}

/** An item's meaning: its kind and values, not where or how it was written. */
const meaning = ({ at: _a, end: _e, text: _t, ...rest }: Item) => JSON.stringify(rest);

/**
 * "starts with bf16 and errors with 8-bit mode … could the bf16 use less than the 8-bit? --load-in-8bit"
 * (oobabooga/textgen#2259): the alternative a comparison weighs, said again elsewhere, is that
 * side, not the run's own setting (else both sides would carry the 8-bit weights and compare
 * nothing). The first side is the run's own and may be said again.
 */
function restatedSides(items: Item[]): Item[] {
  // A model said again is the run's model either way ("the difference between A and B … B only uses 10g").
  const sides = items.flatMap((i) => (i.kind === 'compare' && !namesModel(i.b) ? [meaning(i.b)] : []));
  if (sides.length === 0) return items;
  return items.filter((i) => i.kind === 'compare' || !sides.includes(meaning(i)));
}

/**
 * "models that work in other applications like ollama … `vllm serve Qwen3-…`": the run asked
 * about is the one on the named serving engine; llama.cpp / Ollama is another program the
 * message mentions (set aside, with a note).
 */
function engines(items: Item[], notes: string[]): Item[] {
  const served = items.find((i) => i.kind === 'serve' && ENGINE_NAMED.test(i.text));
  const other = items.filter((i) => i.kind === 'framework' && i.value === 'llamacpp');
  if (!served || other.length === 0) return items;
  for (const o of other) notes.push(`read "${served.text}" as the engine; "${o.text}" is another program the message mentions`);
  return items.filter((i) => !other.includes(i));
}

/** "DeepSpeed with the HF Trainer / accelerate": DeepSpeed is what shapes memory. */
function frameworks(items: Item[]): Item[] {
  // "DeepSpeed ZeRO-3" in prose names ZeRO's provider (usually under the HF Trainer or
  // accelerate): the stage says what shapes memory, so the stage is read, not a DeepSpeed preset.
  if (items.some((i) => i.kind === 'sharding' && i.value.startsWith('zero'))) {
    items = items.filter((i) => !(i.kind === 'framework' && i.value === 'deepspeed'));
  }
  // "accelerate … multi-node FSDP": the launcher is not a preset when the sharding is named.
  if (items.some((i) => i.kind === 'sharding')) {
    items = items.filter((i) => !(i.kind === 'framework' && i.value === 'hf'));
  }
  const fw = items.filter((i): i is Extract<Item, { kind: 'framework' }> => i.kind === 'framework');
  if (fw.length < 2 || !fw.some((f) => f.value === 'deepspeed')) return items;
  const keep = fw.find((f) => f.value === 'deepspeed')!;
  return items.filter((i) => i.kind !== 'framework' || (i as { value: string }).value !== 'hf' || i === keep);
}

/**
 * "OOM", "out of memory", "why" in a message that describes a run are what happened, not a
 * request for the troubleshooting page: the estimate answers them. Listed as ignored.
 */
function narrativeHelp(items: Item[], ignored: string[]): Item[] {
  if (!items.some(namesModel)) return items;
  return items.filter((i) => {
    if (i.kind !== 'help') return true;
    ignored.push(i.text);
    return false;
  });
}
