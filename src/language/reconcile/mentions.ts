import { sameModelSize } from '../families.js';
import type { Item } from '../items.js';
import { oneSpacedWords } from '../spacing.js';
import { familyOf, isMoe, models, namesModel, paramsOf } from './models.js';
import { otherSetupEngines } from './other-setup-engine.js';

/** Which mention is the user's own run: used memory, a run that works, a contrast, a reference or a hypothetical. */

/**
 * Words that make an amount of memory something used, not a card: "uses 24 GB VRAM", "just needs 8.5G
 * VRAM", "exceeding 7.83g vram"; in Chinese with no space before the amount: "读取参数只需要2.5G+" (loading
 * the weights only needs 2.5G+, QwenLM/Qwen3#1509, c680, read as a 2.5 GB card), "大概需要20G". The
 * Chinese verb may have the memory noun and a verb of reaching between it and the amount: "需要的显存超过了
 * 7GB" (the memory needed exceeds 7GB, zai-org/ChatGLM2-6B#138, c765), "占用显存15G" (InternLM/lmdeploy,
 * c598), "显存占用会快速到15G" (memory use quickly reaches 15G, c746), "显存占用在10GB以下" (c762), "起始占用不到8G"
 * (it starts under 8G, zai-org/GLM-4#359, c2589: read as an 8 GB card).
 */
const CN_USED = /(?:只?需要?|占用了?|用了|消耗了?)(?:的)?\s*(?:(?:显存|内存)\s*)?(?:(?:会|就|也)\s*)?(?:(?:快速|迅速|直接)\s*)?(?:(?:大概|大约|约|将近|接近|至少|超过了?|到了?|达到了?|在|不到|不足|不超过)\s*)?(?:(?:大概|大约|约)\s*)?/;
const USAGE = new RegExp(
  `(?:\\b(?:needs?|needed|uses?|used|using|consum\\w*|takes?|took|requires?|required|occup\\w*|allocat\\w*|reserv\\w*|exceed\\w*|peaks?|eats?|ate|hits?)\\s+|${CN_USED.source})(?:(?:only|just|about|around|roughly|approx\\w*|up to|over|nearly|almost|~)\\s*)*$`,
  'i',
);

/** A card word right after an amount of memory ("24G的卡", "24GB card"). */
const CARD_AFTER = /^\s*(?:的\s*)?(?:显卡|卡|gpus?\b|cards?\b)/i;

/**
 * Words after the amount that say it suffices: "需要24G显存就可以" (24G is enough; c2681, a maintainer's reply to "how
 * many GPUs does continued pre-training need", read as memory used and dropped), "只需要16G就够了", "needs 24 GB, which
 * is enough", "24GB면 충분". The need is then the card the claim sizes, read as its memory and said with its words.
 */
const SUFFICES_AFTER = /^\s*(?:的\s*)?(?:(?:显存|内存)\s*)?(?:(?:就|也|应该)\s*)?(?:可以|够|足够|行)|^\s*(?:of\s+)?(?:(?:vram|gpu\s+memory|memory)\s*)?(?:,\s*)?(?:which\s+)?(?:is|are|should\s+be|will\s+be|would\s+be)\s+(?:enough|sufficient|plenty)\b|^\s*(?:vram\s*)?(?:이?면|만\s*있으면)\s*(?:충분|돼|됩니다)/i;

/** An `ollama ps` row: NAME (a tag) and maybe the ID before SIZE ("gemma3:12b    22 GB    28%/72% CPU/GPU"). */
const OLLAMA_PS_ROW = /(?:^|\n)\s*[a-z0-9._\/-]+:[a-z0-9._-]+\s+(?:[0-9a-f]{12}\s+)?$/i;

/**
 * A memory figure said as what something uses ("Gemma 3 12b uses 24 GB VRAM") is the message's
 * measurement, not the card's size: set aside, with a note, never read as the GPU.
 */
export function usageQuotes(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const quoted: Item[] = [];
  const kept = items.filter((i) => {
    if (i.kind !== 'hardware' || i.capacityGiB === null || i.gpuId !== null || i.count !== null || i.nodes !== null) return true;
    // (An `ollama ps` row's SIZE is the figure itself right after the tag, not "on my gtx 1660 6gb".)
    if (!USAGE.test(before(text, i.at)) && !(/^\d/.test(i.text) && OLLAMA_PS_ROW.test(before(text, i.at)))) return true;
    // A card word after the amount names the card wanted: "推理需要24G的卡" (inference needs a 24G card).
    if (CARD_AFTER.test(text.slice(i.at + i.text.length, i.at + i.text.length + 12))) return true;
    if (SUFFICES_AFTER.test(text.slice(i.at + i.text.length, i.at + i.text.length + 30))) {
      notes.push(`"${i.text}" read as your card's memory from words saying it is enough ("${text.slice(i.at, i.at + i.text.length + 12).split(/[，,。.;；\n]/)[0]}"); say "on <your card>" if you have another`);
      return true;
    }
    notes.push(`"${i.text}" read as memory the message says is used, not a card's size`);
    quoted.push(i);
    return false;
  });
  return quoted.length ? countsOfUsage(kept, text, quoted, notes) : kept;
}

/**
 * A count of cards with no card or memory of its own, in the clause of a usage figure, counts the
 * cards of that figure: "单卡部署qwen-7b推理大概需要9g左右的显存，然后给他放到两张8g的卡上跑推理" (one card
 * serving qwen-7b needs about 9g; then I put it on two 8g cards, Qwen c803's thread) says what one
 * card would need, not the setup. Set aside, with a note, when the message counts its cards elsewhere.
 */
function countsOfUsage(items: Item[], text: string, quoted: Item[], notes: string[]): Item[] {
  const bare = (i: Item) => i.kind === 'hardware' && i.count !== null && i.gpuId === null && i.capacityGiB === null;
  const clauseStart = (at: number) => Math.max(...['.', '?', '!', '\n', '。', '？', '！', '，', ',', '；', ';'].map((c) => text.lastIndexOf(c, at - 1))) + 1;
  const ofUsage = items.filter((i) => bare(i) && quoted.some((q) => q.at > i.at && clauseStart(q.at) <= i.at));
  if (ofUsage.length === 0) return items;
  const elsewhere = items.some((o) => o.kind === 'hardware' && o.count !== null && !ofUsage.includes(o));
  if (!elsewhere) return items;
  for (const i of ofUsage) notes.push(`"${i.text}" read as the cards of a usage figure the message quotes, not your setup's count`);
  return items.filter((i) => !ofUsage.includes(i));
}

/**
 * A clause that says its run works ("…with Lora and everything is ok", "with qlora it fits fine", "lora可以跑起来",
 * "the running process becomes normal", c822; "我用xtuner的qlora配置用24G的显存是可以执行微调的" (with xtuner's
 * QLoRA config 24G can run the fine-tune), c715, beside the LoRA whose "显存不够" (memory is not enough) it asks about).
 */
const WORKS_PHRASE = /\b(?:everything (?:is|was|works?) (?:ok|okay|fine|good)|(?:it|that) (?:works?|worked|fits?|runs? fine)|(?:becomes?|became|goes|went|runs?|ran|is|was) (?:back to )?normal(?:ly)?|works? (?:fine|well|perfectly)|worked (?:fine|well)?|no (?:problem|issue)s?|without (?:any )?(?:problem|issue|oom)s?)\b|可以跑|能跑|跑得起来|跑起来了|正常运行|能够正常运行|(?:可以|能)(?:执行|运行)|没(?:有)?问题/i;
/** A clause that asks about, or reports the failure of, another run. */
const ASKS_PHRASE = /\b(?:oom|out of memory|(?:the )?following (?:bug|error)|(?:bug|error) (?:occurs|occurred|happens|happened)|i want|want to|(?:i am|i'm|we are|we're) trying to|how (?:can|do|to)|is it possible|can i|could i|would it)\b|显存溢出|爆显存|显存不足|显存不够|报错|请问|怎么|如何/i;

/**
 * "I used this script to fine-tune codellama with Lora and everything is ok … I want to fine-tune
 * codellama with fsdp and bf16, but I met the OOM problem" (transformers#27121): the method said
 * in a sentence that reports success is the run that works, not the one asked about. Set aside,
 * with a note, when another sentence asks or fails.
 */
/** WORKS and ASKS with the clause's spaces doubled or not ("everything  is  ok", c057 with its spaces doubled: bench:variations). */
const WORKS = { test: (clause: string): boolean => WORKS_PHRASE.test(oneSpacedWords(clause)) };
const ASKS = { test: (clause: string): boolean => ASKS_PHRASE.test(oneSpacedWords(clause)) };

export function workingRuns(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const sentences = clausesOf(text);
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
  // The sentence that asks or fails may name its own method ("under the LoRA mode … the following bug
  // occurs. However, if I change it to the QLoRA mode, the running process becomes normal.",
  // eosphoros-ai/DB-GPT-Hub#151, c822): any sentence that does not itself report success.
  const asked = sentences.some((s) => ASKS.test(s) && (!WORKS.test(s) || !methods.some((m) => sentenceOf(m.at) === s)));
  if (!asked) return items;
  const working = methods.filter((m) => WORKS.test(sentenceOf(m.at)));
  if (working.length === 0 || working.length === methods.length && methods.length > 1) return items;
  for (const w of working) notes.push(`"${w.text}" set aside as your setup's mode: the message says that run works; the estimate is for the run it asks about`);
  return items.filter((i) => !working.includes(i));
}

/**
 * A message's clauses: its sentences, and in Chinese its comma-separated clauses too, where one
 * sentence often holds two runs ("--finetuning_type是lora可以跑起来，--finetuning_type=full 全参数微调会显存溢出",
 * hiyouga/LlamaFactory, corpus c365).
 */
function clausesOf(text: string): string[] {
  return text.split(/(?<=[。？！；，])\s*|(?<=[.?!])\s+|\n+/).filter((c) => c.length > 0);
}

/** Words that put a working run in the past: "it worked well previously", "之前可以". */
const EARLIER = /\b(?:previously|before|earlier|in the past|used to)\b|之前|以前/i;
/** Settings a working clause may hold for its own run (a method is workingRuns' part). */
const SETTING_OF_A_RUN = new Set<Item['kind']>(['seq', 'batch', 'sharding', 'parallel', 'offload', 'weights', 'precision', 'kvDtype', 'gen', 'completion', 'recompute', 'framework']);
/** Two settings fill the same slot: the same kind, and for a split or a batch the same dimension. */
const sameSlot = (a: Item, b: Item) =>
  a.kind === b.kind && (a.kind !== 'parallel' || b.kind !== 'parallel' || a.dim === b.dim) && (a.kind !== 'batch' || b.kind !== 'batch' || a.field === b.field);

/**
 * "TP4 works fine with it" beside a failing tensor_parallel_size=8 (vllm-project/vllm#2856), "I
 * tried HF accelerate with deepspeed zero-1 … and it worked well previously" beside the nanotron run
 * that OOMs (huggingface/nanotron, corpus c360): a setting said in a clause that reports another run
 * working is that run's. It is set aside, with a note, when the message asks about or fails with a
 * run, and the same slot is said elsewhere or the clause puts its run in the past. Whose run a
 * setting is follows its clause's cue, not its place in the message.
 */
export function workingSettings(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !WORKS.test(text)) return items;
  const clauses = clausesOf(text);
  // Clauses in order, each found after the one before (a clause may repeat earlier words).
  const spans = clauses.map((c) => ({ c, at: 0 }));
  let from = 0;
  for (const s of spans) {
    s.at = text.indexOf(s.c, from);
    from = s.at + s.c.length;
  }
  const working = spans.filter((s) => WORKS.test(s.c));
  if (working.length === 0) return items;
  const asked = spans.some((s) => !WORKS.test(s.c) && ASKS.test(s.c));
  if (!asked) return items;
  const clauseOf = (i: Item) => working.find((s) => i.at >= s.at && i.at < s.at + s.c.length);
  const out = items.filter((i) => {
    const clause = SETTING_OF_A_RUN.has(i.kind) ? clauseOf(i) : undefined;
    if (!clause) return true;
    const elsewhere = items.some((o) => o !== i && sameSlot(o, i) && !clauseOf(o));
    if (!elsewhere && !EARLIER.test(clause.c)) return true;
    notes.push(`"${i.text}" set aside: the message says that run works ("${clause.c.trim()}"); the estimate is for the run it asks about`);
    return false;
  });
  return out.length === items.length ? items : out;
}

/** "even 8 H100": a smaller setup than the one the user has, named only to say it ought to do. */
const EVEN_BEFORE = /\beven\s+(?:just\s+|only\s+)?$/i;
const OUGHT_AFTER = /^\s*(?:gpus?|cards?)?\s*(?:should|would|ought to|must)\s+(?:be\s+)?(?:(?:more than\s+)?(?:sufficient|enough|plenty|fine)|suffice|fit|work)\b/i;

/**
 * "Wondering what is the issue here, since even 8 H100 should be sufficient" (simplescaling/s1#13,
 * in a thread on 16*H100): cards said as what ought to be enough are the user's expectation, not
 * the cards they run. Set aside, with a note; a thread's or the message's own cards stay the setup.
 */
export function expectations(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !/\beven\b/i.test(text)) return items;
  return items.filter((i) => {
    if (i.kind !== 'hardware' || i.count === null) return true;
    if (!EVEN_BEFORE.test(text.slice(Math.max(0, i.at - 16), i.at)) || !OUGHT_AFTER.test(text.slice(i.end, i.end + 48))) return true;
    notes.push(`"${i.text}" set aside: said as what ought to be enough ("even ${i.text} should…"), not the cards the run uses`);
    return false;
  });
}

/** Settings that size a run and so may belong to either of two setups. */
const SIZING = new Set<Item['kind']>(['seq', 'batch', 'weights', 'offload', 'sharding', 'parallel', 'precision', 'kvDtype', 'gen', 'completion']);

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
export function contrasted(items: Item[], text: string, notes: string[]): Item[] {
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
/** A sentence that opens with its modal before the subject asks, mark or no mark: "Should i be able to run". */
const INVERTED_QUESTION = /^\s*(?:can|could|should|would|will)\s+(?:i|we|it|one)\b/i;
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
  // Asked by its mark, or by its word order ("Should i be able to run …" opens the sentence): the same
  // question with or without the "?" (c131, bench:variations question-mark-dropped).
  if (namesModel(i) && ASKED_MODEL.test(sentence) && (/^[^.!\n。！]*[?？]/.test(text.slice(i.end)) || INVERTED_QUESTION.test(sentence))) return 1;
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
const OWN_SETUP_ONLY = new Set<Item['kind']>(['seq', 'batch', 'offload', 'sharding', 'parallel', 'gen', 'completion']);
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
  // Two names of one model ("13B" … "the 13B model") agree; different sizes or families do not. A size said alone names
  // no family, so it agrees with the same size named with one: "a quantized 30B llama model should only take 19.5 GB …
  // my system runs out of RAM when using an 30B model" (oobabooga/textgen#765, c3120) is one LLaMA 30B said twice, not
  // a bare 30B run beside another setup (rule reconcile.bare-size-agrees).
  if (namesModel(a) && namesModel(b)) {
    if (!sameModelSize(paramsOf(a), paramsOf(b), isMoe(a) || isMoe(b))) return true;
    const [fa, fb] = [familyOf(a), familyOf(b)];
    return fa !== fb && !(a.kind === 'size' && fa === null) && !(b.kind === 'size' && fb === null);
  }
  return false;
}

/**
 * Two setups in one message ("One H100 will oom … how to use two H100?", "the official benchmark
 * used 2 A100 80G, here I have 4 A100 40G"): when the words around exactly one of the disagreeing
 * mentions make it the user's actual setup, that one is read and a note says which was set aside,
 * so the choice is flagged, never silent. Otherwise both stay, and the resolver reports the pair.
 */
export function actualSetup(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  let out = items;
  // A bare "cards" or "GPUs" says no setup: only mentions that carry a card, count or memory compete.
  const carries = (i: Item) => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null || i.capacityGiB !== null || i.nodes !== null);
  // Each group's note names the slot it chose ("as your setup's cards"), so the reply's doubt says which fact it is about.
  const groups: [(i: Item) => boolean, string][] = [[carries, 'cards'], [namesModel, 'model'], [(i: Item) => i.kind === 'weights', 'weight format']];
  for (const [group, slot] of groups) {
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
    for (const d of dropped) notes.push(`read "${keep.text}" as your setup's ${slot}; "${d.text}" is another setup the message mentions (say it alone to estimate that one)`);
    for (const c of contested) notes.push(`"${c.text}" set aside with that other setup`);
    // The program the other setup runs, named in its own sentence, goes with it (other-setup-engine.ts).
    const engines = otherSetupEngines(out, text, keep, dropped, (d, i) => alongside(text, d, keep, i));
    for (const e of engines) notes.push(`"${e.text.trim()}" set aside with that other setup: the program it runs, not yours (say it with your setup if you run it too)`);
    out = out.filter((i) => !dropped.includes(i as Setting) && !contested.includes(i) && !engines.includes(i));
  }
  // What stays may be one model said twice ("13B" … "the 13B model"): collapse it as before.
  return out === items ? out : models(out);
}
