import { statedGoal } from './goal-lengths.js';
import type { Item } from '../items.js';
import { OTHER_DEVICES } from '../../catalog/other-devices.js';

/**
 * A value fills a slot only with a cue (issue 22, item 2): its unit, its key, a neighbouring noun
 * (GPUs, cards, nodes, tokens) or its place in a hardware expression. The grammar joins the items
 * it keeps, so a number whose words were set aside can land beside a word it never went with; here
 * each such reading is held against the user's own words. What is set aside gets a note, and its
 * number is listed under "not used" (no fact's span holds it any more).
 */

/** Words that may stand between a count and its card: "8 NVIDIA A100 GPUs", "4 of the 80GB cards". */
const JOINING = new Set([
  'x', 'of', 'with', 'each', 'the', 'a', 'an', 'and', 'more', 'total', 'in', 'all', 'nvidia', 'amd', 'intel', 'geforce', 'rtx',
  'gtx', 'tesla', 'quadro', 'titan', 'radeon', 'instinct', 'pcie', 'sxm', 'nvl', 'gpu', 'gpus', 'card', 'cards', 'graphics',
  'node', 'nodes', 'server', 'servers', 'machine', 'machines', 'box', 'boxes', 'gb', 'gib', 'g', 'vram', 'memory', 'ti', 'super',
]);
/** Marks that a span crossed out of its phrase: a sentence end, a line break, a log's tag or a time of day. */
const CROSSES = /[.!?。！？]\s|\n|\[[a-z-]+\]|\b\d{1,2}:\d{2}(?::\d{2})?\b/i;

/**
 * "[11/10/2023-06:30:40] [TRT] [W] Requested amount of GPU memory" (NVIDIA/TensorRT-LLM#346): a
 * count read with "GPU" across a log's tags and a sentence's words has no cue, only a place; the
 * year became 2023 A100s. A count keeps its card word only when joining words alone stand between.
 */
export function countsWithoutCue(items: Item[], notes: string[]): Item[] {
  return items.flatMap((i) => {
    if (i.kind !== 'hardware' || i.count === null) return [i];
    const lead = countLead(i.text, i.count);
    if (!lead) return [i];
    const rest = withoutDeviceNames(i.text.slice(lead[0].length));
    const strangers = [...(rest.match(/[a-z]{2,}/gi) ?? []).filter((w) => !JOINING.has(w.toLowerCase())), ...hanStrangers(rest)];
    // A card's own name ("A100", "L40S") carries digits and is never a stranger; a plain word is.
    if (!CROSSES.test(rest) && strangers.length < 2) return [i];
    const kept = cardBeforeCrossing(i, rest, notes);
    if (kept) return [kept];
    notes.push(`"${lead[1]}" not read as a GPU count: nothing ties it to the cards ("${i.text.replace(/\s+/g, ' ').trim()}")`);
    if (i.gpuId === null && i.capacityGiB === null && i.nodes === null) return [];
    return [{ ...i, count: null }];
  });
}

/**
 * The words up to the count: its digits at the start ("8 … GPU"), or after "on" and words the grammar
 * set aside between ("on windows 11. I have tried … msg=\"gpu VRAM usage …\"", HKUDS/LightRAG, c2428:
 * "on 11 gpu" across four sentences, read as 11 RTX 4060s; "on my 4 GPUs" keeps its count). A count
 * right after "on" ("on 5 x M1s on gb ethernet. Total of 88gb RAM", c1798) is the user's own phrase.
 */
function countLead(text: string, count: number): RegExpExecArray | null {
  const lead = /^\s*(\d+)/.exec(text);
  if (lead) return lead;
  const afterOn = new RegExp(`^\\s*on\\b([^\\d]*?)(?<![\\w.])(${count})(?![\\d.])`, 'i').exec(text);
  if (!afterOn || !/[a-z]{2,}|[\u3400-\u9fff\uac00-\ud7af]/i.test(afterOn[1]!)) return null;
  return Object.assign([afterOn[0], afterOn[2]!], { index: 0, input: text }) as unknown as RegExpExecArray;
}

/**
 * A device the catalog lacks is named by words, not a model number ("2台 DGX Spark", "two Asus Ascent GX10s",
 * "8x Ascend 910B"): its name is the card, never a stranger between the count and it (s31: "2台 DGX Spark" was
 * one Spark, its 2 "not read as a GPU count").
 */
const DEVICE_NAMES = new RegExp(OTHER_DEVICES.map((row) => `(?:${row.pattern})`).join('|'), 'gi');
const withoutDeviceNames = (text: string) => text.replace(DEVICE_NAMES, ' ');

/**
 * Han characters that may stand between a count and its card: counters (张, 块, 个, 台, 片, 颗), the
 * card word (卡, 显卡), nodes and machines (节点, 结点, 机器, 服务器), "each", "of", "in all" (每, 的, 共, 总)
 * and "-odd" (多): "8张A100", "4台机器每台8卡", "共16块显卡 A800".
 */
// Also a count in words and the memory word after the card ("显卡4090，两张，显存24G单张", two 4090s of 24G each,
// QwenLM/Qwen3-VL#130, c1344): the card's own digits lead there, the count follows in words.
const HAN_JOINING = /[张張块塊个個台片颗顆枚卡显顯存节節结結点點机機器服务務每各的共总總计計多和单單两兩二三四五六七八]/g;
/**
 * "显存直接占了40多个g，这是为啥，显卡是a6000 48g" (xorbitsai/inference#2368, c719: 40-odd GB in use,
 * why? the card is an A6000 48G): the grammar joined the measurement's number to the card two
 * clauses on, and Han words are no [a-z] stranger, so 40 A6000s were read in silence. A run of Han
 * characters is a stranger when anything is left of it once its joining characters are taken out.
 */
function hanStrangers(rest: string): string[] {
  return (rest.match(/[\u3400-\u9fff]+/g) ?? []).filter((run) => run.replace(HAN_JOINING, '') !== '');
}

/** A count and the card right after it, before any sentence end: "3x3090", "4 x RTX 3090", "8× a100". */
const COUNT_THEN_CARD = /^\s*[x×*]?\s*(?:(?:nvidia|geforce|rtx|gtx|tesla)\s+)*[a-z]{0,4}-?\d{2,4}[a-z]{0,3}\s*$/i;

/**
 * "I try to load Qwen2-VL-7B onto 3x3090. 22 GB is placed into first GPU" (modelscope/ms-swift#2655,
 * corpus c427): the grammar joined the next sentence's measurement to the card, and the crossing
 * then cost the count, which its card holds by itself. The count stays when it and the card come
 * before the sentence end; a memory read only across it is a measurement, not the card's.
 */
function cardBeforeCrossing(i: Item & { kind: 'hardware' }, rest: string, notes: string[]): Item | null {
  const crossing = CROSSES.exec(rest);
  if (!crossing || i.gpuId === null || !COUNT_THEN_CARD.test(rest.slice(0, crossing.index))) return null;
  const beyond = rest.slice(crossing.index + crossing[0].length).trim();
  if (i.capacityGiB === null || !/\d\s*(?:gb|gib|g)\b/i.test(beyond)) return i;
  notes.push(`"${beyond}" read as a measurement in the next sentence, not the card's memory`);
  return { ...i, capacityGiB: null };
}

/**
 * A rate in the clause: "5000 requests per second", "tokens/s", "QPS", "throughput", mlx-lm's "tokens-per-sec" (ml-explore/mlx-examples#946, c1765);
 * a number may stand in the denominator ("i got 1 token per 255 second", nalexand's PR in c1349: its token was read as a length of 1).
 */
const RATE = /\bper[\s-]+(?:\d+(?:\.\d+)?\s*)?(?:seconds?|secs?|minutes?|mins?|hours?|days?|requests?)\b|\/\s*(?:s|sec|min|h|day)\b|\b(?:qps|rps|tps|throughput)\b|每秒|每分钟/i;
/** Words right before a token count that make it one sequence's length: "prompts of about 4096 tokens", "at 8k". */
const LENGTH_BEFORE = /\b(?:prompts?|inputs?|outputs?|context|length|long|sequences?|requests? of|at|up to)\s+(?:of\s+)?(?:about|around|roughly|~)?\s*$/i;
/** A length said in prose as a token count ("3000k tokens", "4096 tokens"), not through a key. */
const TOKEN_COUNT = /^\s*[\d.,]+\s*[km万千]?\s*(?:tokens?)?\s*$/i;

/**
 * "make more than 5000 requests per second passing 3000k tokens" (meta-llama/llama3#243): tokens
 * counted in a clause that states a rate are a volume of traffic, not how long one sequence is.
 * A length said by a key (`--max-model-len`, "seq") is never touched.
 */
export function throughputTokens(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !RATE.test(text)) return items;
  return items.filter((i) => {
    if (i.kind !== 'seq' || !TOKEN_COUNT.test(i.text)) return true;
    if (!RATE.test(clauseAround(text, i.at, i.end))) return true;
    // "at prompts of about 4096 tokens, 30 tokens/s": a length noun right before keeps it a length.
    if (LENGTH_BEFORE.test(text.slice(Math.max(0, i.at - 32), i.at))) return true;
    notes.push(`"${i.text.trim()}" read as traffic, not a sequence length: its sentence states a rate`);
    return false;
  });
}

/**
 * Words that make a length the model's own window: "supports 32768", "支持32768上下文长度", "a context
 * window of 128k": said right before the length, with nothing but "up to", an article or "of" between
 * ("fully supporting Gemma-2-9b with an 8K token context" is a wish, corpus c224).
 */
const MODEL_WINDOW = /(?:\b(?:supports?|supported|supporting|natively|max(?:imum)?\s+(?:context|sequence length|position(?:al)? embeddings?)|context (?:window|length) (?:of|is)|trained (?:on|with|at))\s+(?:(?:up to|a|an|the|max(?:imum)?|context(?: length| window)? of|of)\s+)*|(?:支持|原生)(?:最大|最长|最多)?\s*)$/i;
/**
 * The model named as the owner right before a length's words: "the model's max context is 128k",
 * "Qwen2.5-7B's context window of 128k", "its native context length is 32k".
 */
const MODEL_OWNER = /(?:\b(?:the\s+)?model|\b[\w.-]*\d+(?:\.\d+)?b[\w.-]*)(?:'s|\s+has\s+(?:an?\s+)?)\s*(?:(?:own|native|max(?:imum)?|default|supported)\s+)*$|\bits\s+(?:(?:own|native|max(?:imum)?|default|supported)\s+)*$/i;
/**
 * Words right after a length that make it the model's window: "**262144 (256K) native** context; served at
 * 200K" (c1968, a vLLM serving guide: the served 200K is the length), "a 128k native window", "32K原生上下文".
 */
const NATIVE_AFTER = /^[\s*_)]*(?:native(?:ly)?\b|原生)/i;
/**
 * Words that make a length the model's own window, said by what the model has (s32, b67–b69): "gemma-3-12b-it
 * model, which can fit in 2x24G GPU, but has a long-context of 128k tokens" (EvolvingLMMs-Lab/lmms-eval#621,
 * c2386, beside the run's max_model_len=4096), "has a 128k context window", "has a context length of 32k";
 * and in Korean, the length then its noun and 지원 ("128k 컨텍스트를 지원하지만").
 */
const HAS = String.raw`\b(?:has|have|having|comes\s+with|offers?)\s+(?:(?:a|an|the|its|long(?:er)?|large|huge|big|native|extended|full|max(?:imum)?|default|supported)[\s-]+)*`;
const HAS_WINDOW = new RegExp(String.raw`${HAS}(?:context|sequence)(?:[\s-]+(?:window|length|size|len))?\s*(?:of|up\s+to|:)?\s*$`, 'i');
const HAS_BEFORE_NOUN = new RegExp(String.raw`${HAS}$`, 'i');
const WINDOW_NOUN_AFTER = /^\s*(?:-?\s*tokens?\s+)?(?:context|window)\b/i;
const SUPPORTED_AFTER = /^\s*(?:tokens?|토큰)?\s*(?:의\s*)?(?:컨텍스트|context|토큰|길이|문맥)?\s*(?:를|을|까지)?\s*지원/i;
/**
 * An expectation held against what a server reports: "`"max_model_len":8096` … It should be 128K, right?"
 * (modal-labs/modal-examples#843, c2426): the user's idea of the model's window, not the length run. Only a
 * figure said alone (no key or length word of its own: "max_model_len should be 8192" is a setting).
 */
const EXPECTED = /\b(?:should|ought\s+to|supposed\s+to|expected\s+(?:it\s+)?to)\s+be\s+(?:about\s+|around\s+)?$|\b(?:i\s+)?thought\s+(?:it|this|that)\s+(?:was|is|would\s+be)\s+$|应该是\s*$|不是应该\s*$/i;
const BARE_FIGURE = /^\s*[\d.,]+\s*[km]?\s*(?:tokens?)?\s*$/i;
/** Words that make a figure the user's own measure: "about 10000 tokens", "最高支持10000token左右". */
const APPROXIMATE = /\b(?:about|around|roughly|approx\w*|nearly|almost)\b|~|左右|大约|大概|约/i;
/**
 * "支持32768上下文长度" (QwenLM/Qwen3#120, the thread's title), "the model supports 128000 context":
 * a model's maximum context is never the user's length. A length the user says as their own is one
 * they approximate ("最高支持10000token左右", about 10,000 tokens at most on their cards) or give by
 * a key; those stay. A key's length (`--max-model-len 32768`) is never touched.
 */
export function modelWindows(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  return items.filter((i) => {
    // (A key's colon follows one word, "ctx: 4096"; "the model's max context: 128k" is prose.)
    if (i.kind !== 'seq' || /[_=]|--|^\s*[\w.-]+\s*:/.test(i.text)) return true;
    const head = text.slice(Math.max(0, i.at - 40), i.at);
    // The owner counts when the words state the model's property ("… max context is 128k"); a figure in
    // parentheses after them is vLLM's own report of the length it serves ("the model's maximum
    // sequence length (32k)", kvcached's thread in corpus c079).
    const native = NATIVE_AFTER.test(text.slice(i.end, i.end + 24));
    // (What a run reaches is no window: "EXAONE-3.5-2.4B-Instruct for me has a context limit of 60k", c1207.)
    const reached = /\blimit|\bfor\s+me\b|\bon\s+my\b|\bi\s+(?:only\s+)?(?:get|got|have|had)\b/i.test(`${head} ${i.text}`);
    const had = (!reached && (HAS_WINDOW.test(head) || (HAS_BEFORE_NOUN.test(head) && (WINDOW_NOUN_AFTER.test(i.text) || WINDOW_NOUN_AFTER.test(text.slice(i.end, i.end + 24)))))) || SUPPORTED_AFTER.test(text.slice(i.end, i.end + 24)) || (EXPECTED.test(head) && BARE_FIGURE.test(i.text));
    if (!native && !had && !MODEL_WINDOW.test(head) && !(MODEL_OWNER.test(head) && /\s(?:is|of)\s|:/.test(i.text))) return true;
    // "when i increased to support 128k context window" (c550): the user raising their run to it.
    if (statedGoal(text, i.at)) return true;
    // (Its own approximation: the words right before the figure or right after it, not the sentence's.)
    if (APPROXIMATE.test(text.slice(Math.max(0, i.at - 16), i.at)) || /^\s*(?:左右|上下)/.test(text.slice(i.end))) return true;
    notes.push(`"${i.text.trim()}" read as the model's own context window, not your length (say "seq N" for the length you run)`);
    return false;
  });
}

/** Words before a length that make it the most a run reaches: "can only fine-tune 2k", "只能微调2k上文", "tops out at 4k". */
const REACHED = /\bonly\b|\b(?:max(?:es|ed)?|tops?|topped)\s+out\s+at\b|只能|最多只?能|最长只?能|最多到|顶多/i;
/** A clause that asks: a question mark, or a question's words. */
const ASKING = /[?？]|\b(?:how|what|which|can i|could i|is it possible|do i need|would)\b|请问|怎么|如何|需要|能否|可否|吗/i;
/** Words that hold the length after them up against the run: "compared with training on 16K", "unlike …", "than …". */
const COMPARED = /\b(?:compared (?:to|with)|unlike|whereas|than)\b[^.?!\n。？！]*$/i;
/** The words of a span's sentence before it. */
const sentenceBefore = (text: string, at: number) => text.slice(0, at).split(/[.?!](?=\s)|[\n。？！]/).at(-1) ?? '';
/** The comma-clause a span sits in: from the last comma or sentence end before it to the next after it. */
function commaClause(text: string, at: number, end: number): { before: string; clause: string } {
  const head = text.slice(0, at);
  const start = Math.max(...[',', '，', '、', '.', '?', '!', '\n', '。', '？', '！', ';', '；'].map((c) => head.lastIndexOf(c))) + 1;
  const tail = text.slice(end).search(/[,，、.?!\n。？！;；]/);
  return { before: text.slice(start, at), clause: text.slice(start, tail < 0 ? text.length : end + tail + 1) };
}

/**
 * "8*A100只能微调2k上文，请问200k或者比较长几十k的上文微调需要怎么设置？" (InternLM/xtuner#424: on 8 A100
 * only a 2k context trains; how should 200k be set up?): a length said as the most a run reaches is
 * that run's, not the one asked about. Set aside, with a note, when another length is asked about.
 */
export function reachedLengths(items: Item[], text: string, notes: string[]): Item[] {
  const seqs = items.filter((i): i is Extract<Item, { kind: 'seq' }> => i.kind === 'seq');
  if (!text || new Set(seqs.map((i) => i.value)).size < 2) return items;
  const reached = seqs.filter((i) => REACHED.test(commaClause(text, i.at, i.end).before));
  // A length the sentence holds up for comparison ("compared with training on 16K sequence length?",
  // jquesnelle/yarn#49, c671) is another run's, however the sentence ends: not the one asked about.
  const asked = seqs.filter((i) => !reached.includes(i) && ASKING.test(commaClause(text, i.at, i.end).clause) && !COMPARED.test(sentenceBefore(text, i.at)));
  if (reached.length === 0 || asked.length === 0) return items;
  for (const r of reached) notes.push(`"${r.text.trim()}" read as the length a run already reaches, not the one you ask about ("${asked[0]!.text.trim()}")`);
  return items.filter((i) => i.kind !== 'seq' || !reached.includes(i));
}

/**
 * The clause a span sits in: from the last sentence end or line break before it to the next after it.
 * After the span a decimal point is no sentence end: "Getting 2 tokens at 0.1 t/s" (exo-explore/exo#551,
 * c1798) is one clause, whose rate makes its tokens traffic. Before it any full stop still ends one, so a
 * report quoted earlier in the sentence ("`Maximum concurrency for 8192 tokens per request: 4.61x` … 4.6 of
 * 8k requests", vllm-project/vllm#8031) lends its rate to no count after it.
 */
export function clauseAround(text: string, at: number, end: number): string {
  const head = text.slice(0, at);
  const start = Math.max(...['.', '?', '!', '\n', '。', '？', '！', ';'].map((c) => head.lastIndexOf(c))) + 1;
  const tail = text.slice(end).search(/\.(?!\d)|[?!\n。？！;]/);
  return text.slice(start, tail < 0 ? text.length : end + tail);
}
