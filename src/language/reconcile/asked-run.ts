import { sameModelSize } from '../families.js';
import { sentenceStart } from '../sentence-ends.js';
import type { Item } from '../items.js';
import { clausesOf, type Clause, type Cue, WORKING_RUN_RULES } from '../owners/index.js';
import { namesModel, paramsOf } from './models.js';
import { disagree, labelOf, recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * Which run of a post is the setup (issue 22): a post that describes two runs of the user's own, one
 * that worked and one that failed, or one it reports and one it asks about, states a slot twice ("with
 * one 3090, it works well. However, … with two 3090s, I met OOM", johannakarras/DreamPose#40; "batch
 * size of `4` but it will OOM. Using batch size of `2`, each GPU is using 17.3 GB", artidoro/qlora#193,
 * c810). Where no cue of the mention's own clause gave it to another run (owners.ts), the evidence of
 * its clause, or of its sentence where the clause says nothing, ranks it: a run asked about above one
 * reported to fail, a failure above a plain statement, a run said to work below all (RUN_EVIDENCE). The mention with the most
 * evidence is the setup when every mention that disagrees with it has less; the others are set aside,
 * said with their span. Where two that disagree are asked about (or fail) alike, which is the setup is
 * unclear: the first saying is read and the reply asks, naming both (DESIGN §2: two readings that
 * disagree are asked, not refused).
 */

/** How much a clause's cues say it is the run asked about. */
export const RUN_EVIDENCE = {
  asks: 2,
  fails: 1,
  none: 0,
  works: -1,
} as const;

/** A Chinese request cue that reports a failure (the rest of owner.request.zh ask or want). */
const FAILS_ZH = /报错|出错|显存不足|显存溢出|爆显存|oom|不行|跑不/i;
/** An owner.request.wants cue that only says the user runs something ("I run", "I'm using", "now"): no question. */
const DOES = /^(?:(?:i|we) (?:run|use)|(?:i|we)(?: am|'m| are|'re) \w+|now)$/i;

type Kind = keyof typeof RUN_EVIDENCE;

function kindOf(text: string, cue: Cue): Kind {
  if (WORKING_RUN_RULES.has(cue.rule)) return 'works';
  if (cue.rule === 'owner.request.fails') return 'fails';
  if (cue.rule === 'owner.request.zh') return FAILS_ZH.test(text.slice(cue.at, cue.end)) ? 'fails' : 'asks';
  // A question mark alone asks nothing of a run in particular (a title: "Batch_size 16 with only one 3090 during training?", c813).
  // "I was wondering if it is possible with a single 24GB card" (c170's cause) weighs an alternative, no run asked about.
  if (cue.rule === 'owner.request.question' && /^wonder/i.test(text.slice(cue.at, cue.end)) && /^\s+(?:if|whether)\b/i.test(text.slice(cue.end))) return 'none';
  if (cue.rule === 'owner.request.question' || cue.rule === 'owner.request.takes') return 'asks';
  if (cue.rule === 'owner.request.wants') return DOES.test(text.slice(cue.at, cue.end).trim()) ? 'none' : 'asks';
  return 'none';
}

/** The evidence of a set of cues: a question, else a failure with no working word, a working word with no failure. */
function evidenceOf(text: string, cues: readonly Cue[]): number | null {
  const kinds = new Set(cues.map((c) => kindOf(text, c)));
  if (kinds.has('asks')) return RUN_EVIDENCE.asks;
  if (kinds.has('fails') && !kinds.has('works')) return RUN_EVIDENCE.fails;
  if (kinds.has('works') && !kinds.has('fails')) return RUN_EVIDENCE.works;
  return null;
}

/**
 * The slots two runs of one user differ in: the model, the cards, the batch and the length. A method,
 * a framework or a weight format said twice is most often one run said two ways ("LLaMA-Factory" and
 * "deepspeed", "4bit" and "double quantize"), which the later steps reconcile.
 */
// An offload said on and off ("with offload it is slow … can it fit without offload?", "如果开offload…较慢…如果不开offload
// 的情况下是否支持", hiyouga/LlamaFactory#4199, c504) is a try reported and the run asked about, weighed as the others.
const RUN_SLOTS = new Set(['model', 'hardware', 'batch.mbs', 'batch.ga', 'batch.gbs', 'seq', 'offload']);

/**
 * A line of a command or a pasted config (a flag, KEY=value, key: value): its settings are that command's, weighed by the later steps.
 * vLLM's own CLI only with a subcommand or a flag after it: a CJK sentence may open with the name ("vllm 대신 transformers로 …
 * 추론하는데", "vllm보다 …", rserve9), which is prose.
 */
const COMMAND_LINE = /^\s*(?:[-$>|`]|[\w.]+\s*[=:]\s*\S|(?:python3?|torchrun|deepspeed|accelerate|srun|sbatch|bash|sh|swift|llamafactory-cli|CUDA_VISIBLE_DEVICES)\b|vllm(?=\s+(?:serve|bench|chat|complete|--)))|\s--?[a-z]/i;
const MARKDOWN_ROW = /^\s*\|.*\|\s*$/;
/** Whether a mention is said in prose, not on a command's or a config's line or in a fenced block (engine-choice.ts too). */
export function inProse(text: string, i: Item): boolean {
  if (/[=]|^\s*-/.test(i.text)) return false;
  const from = text.lastIndexOf('\n', i.at - 1) + 1;
  const to = text.indexOf('\n', i.end);
  const line = text.slice(from, to < 0 ? text.length : to);
  // A markdown table's row ("| NVFP4 | ❌ Blackwell-only |", c2650's "Why not vLLM" table) is prose in cells, not a pipe.
  if (COMMAND_LINE.test(line) && !MARKDOWN_ROW.test(line)) return false;
  // Inside a fenced block: code.
  return (text.slice(0, i.at).match(/^[ \t]*(?:```|~~~)/gm)?.length ?? 0) % 2 === 0;
}

/** A mention's evidence: its clause's cues, or where they decide nothing, its sentence's (engine-choice.ts weighs engines by it too). */
export function runStanding(text: string, clauses: readonly Clause[], i: Item): number {
  const clause = clauses.find((c) => i.at >= c.at && i.at < c.end);
  if (!clause) return RUN_EVIDENCE.none;
  const own = evidenceOf(text, clause.cues);
  if (own !== null) return own;
  return evidenceOf(text, clauses.filter((c) => c.sentence === clause.sentence).flatMap((c) => c.cues)) ?? RUN_EVIDENCE.none;
}

/**
 * Two sayings that cannot be one run: owners.ts's test, except that cards agree when their totals do
 * ("srun --gres=gpu:4 --nodes=2" and "8xA100(40G)" are one machine).
 */
function differ(slot: string, a: Item, b: Item): boolean {
  if (a.kind === 'hardware' && b.kind === 'hardware') {
    const total = (h: typeof a) => (h.count === null ? null : h.count * (h.nodes ?? 1));
    const both = <T>(x: T | null, y: T | null) => x !== null && y !== null && x !== y;
    return both(a.gpuId, b.gpuId) || both(total(a), total(b)) || both(a.capacityGiB, b.capacityGiB);
  }
  // The optimizer's offload and the parameters' are two halves of one setting ("offload optimizer … offload params"):
  // they disagree only as on and off, or as one half sent to two devices.
  if (a.kind === 'offload' && b.kind === 'offload') {
    const part = (v: string) => v.split('-')[0];
    return (a.value === 'none') !== (b.value === 'none') || (a.value !== 'none' && part(a.value) === part(b.value) && a.value !== b.value);
  }
  return disagree(slot, a, b);
}

/**
 * One of each saying that differs from another only by where it stands: "bs 8" said two hundred times
 * is one saying, which no pair of disagrees with (a pasted log or a repeated option would otherwise be
 * weighed pair by pair, quadratic in its length: 45 ms of a 1 KB message, ci-s48 on record).
 */
function distinctSayings(said: readonly Item[]): Item[] {
  const seen = new Set<string>();
  return said.filter((i) => {
    const key = JSON.stringify({ ...i, at: 0, end: 0 });
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Words that open a later try in a narrated sequence: "Later I tried", "then I switched to", "后来换成", "然后改用". */
const LATER_TRY = /\b(?:later|afterwards|after that|then|next|so i (?:switched|moved|changed))\b|后来|然后|之后|接着/i;
/** The words of a mention's sentence before it (up to 60 characters). */
function sentenceBefore(text: string, at: number): string {
  return text.slice(sentenceStart(text, at, Math.max(0, at - 60)), at);
}

/** What joins two names into one list: "and", "&", a comma or slash, "和"/"与"/"及"/"以及". */
const JOINED = /^\s*(?:,?\s*and|&|,|\/|和|与|及|以及|、)\s*$/i;

/** A size written in a name ("qwen3_8b", "LLaMa13B", "Mixtral-8x7B"). */
const SIZED = /\d(?:\.\d+)?\s*[bm](?![a-z])/i;
/** A failure said in words: an OOM, an error, a crash, a start-up that failed. */
const FAILURE = /\b(?:oom|out of memory|failed|fails|crash(?:ed|es)?|errors?)\b|OutOfMemory|报错|显存不足|爆显存|溢出/i;
/** The line a span stands in (a title, a sentence of prose up to 200 characters either side). */
function lineAround(text: string, at: number, end: number): string {
  const from = Math.max(text.lastIndexOf('\n', at - 1) + 1, at - 200);
  const to = text.indexOf('\n', end);
  return text.slice(from, Math.min(to < 0 ? text.length : to, end + 200));
}

/**
 * Two models named side by side in a clause that reports a failure: "Service startup failed for qwen3_8b
 * and qwen3_32b" (Ascend/sglang#617, c1611), "When I try to quantize llama7b and llama13b on A100 40GB, I
 * got OOM" (qwopqwop200/AutoQuant#2, c1386), "llama3-70b and Mistral-Small-4-119B-2603 deployment failed"
 * (kaito-project/kaito#2132, c1152). Both fail; the larger is read (rule reconcile.joined-models-larger),
 * the memory the smaller fails within is then the lower bound, and the reply still asks, naming both. A
 * question about two ("How many gpu I need for llama2-13b and llama2-70b?", meta-llama/llama#646, c1452)
 * keeps the first: no failure bounds it; a question whose pair's own line reports the failure (c1386's "I got
 * OOM" before "It seems has gpu memory issue?") is a failure asked about. Null where no two tied mentions are joined.
 */
function largerOfJoined(text: string, tied: readonly { i: Item }[], fails: boolean): Item | null {
  let best: Parameters<typeof paramsOf>[0] | null = null;
  for (let k = 0; k + 1 < tied.length; k++) {
    const [a, b] = [tied[k]!.i, tied[k + 1]!.i];
    if (!namesModel(a) || !namesModel(b) || b.at < a.end || b.at - a.end > 12 || !JOINED.test(text.slice(a.end, b.at))) continue;
    // Both with their size: a bare name beside a sized one ("mistral and CodeLlama-13B") is another matter (models.ts withoutBareNames).
    if (!SIZED.test(a.text) || !SIZED.test(b.text)) continue;
    // A question with a failure in the pair's own line ("When I try to quantize llama7b and llama13b on A100 40GB, I got OOM. … ?").
    if (!fails && !FAILURE.test(lineAround(text, a.at, b.end))) continue;
    const [pa, pb] = [paramsOf(a), paramsOf(b)];
    // Two of one size ("mistral-7b and qwen2.5-7b") are not ordered by it.
    if (!Number.isFinite(pa) || !Number.isFinite(pb) || sameModelSize(pa, pb, false)) continue;
    const larger = pb > pa ? b : a;
    if (best === null || paramsOf(larger) > paramsOf(best)) best = larger;
  }
  return best;
}

/**
 * Of models tied on evidence, the one the message says most ("I want to run Llama 3.1 70B and 405B … how much memory
 * for the 405B?", corpus c126: 405B asked twice): read first, and still asked with the others. Null where no one
 * model is said more often than each other.
 */
function saidMostOfTied<T extends { i: Item }>(slot: string, tied: readonly T[]): T | null {
  if (slot !== 'model') return null;
  const key = (x: T) => (namesModel(x.i) && x.i.kind === 'model' ? x.i.id : x.i.text.trim().toLowerCase());
  const counts = new Map<string, number>();
  for (const x of tied) counts.set(key(x), (counts.get(key(x)) ?? 0) + 1);
  const [top, next] = [...counts.values()].sort((a, b) => b - a);
  if (top === undefined || top < 2 || top === next) return null;
  return tied.find((x) => counts.get(key(x)) === top) ?? null;
}

const EVIDENCE_WORDS: Record<number, string> = { [RUN_EVIDENCE.fails]: 'the run that fails', [RUN_EVIDENCE.asks]: 'the run asked about', [RUN_EVIDENCE.none]: 'a run the message reports', [RUN_EVIDENCE.works]: 'a run said to work' };

/**
 * For each slot stated by mentions that disagree, the mention with the most run evidence is the
 * setup, when it has positive evidence (it fails or is asked about) and every mention that disagrees
 * with it has less: those are set aside, with a note and their span in the trace.
 */
export function askedRun(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  const slotted = items.filter((i) => slotsOf(i).length > 0);
  if (slotted.length < 2) return items;
  let clauses: Clause[] | null = null;
  const aside = new Set<Item>();
  // A slot a comparison weighs ("the difference between Llama 3 8b and Llama 2 7b", c025) is the question's, not a choice of run.
  const compared = new Set(items.flatMap((i) => (i.kind === 'compare' ? [...slotsOf(i.a), ...slotsOf(i.b)] : [])));
  const slots = [...new Set(slotted.flatMap(slotsOf))].filter((s) => RUN_SLOTS.has(s) && !compared.has(s));
  for (const slot of slots) {
    const said = slotted.filter((i) => !aside.has(i) && slotsOf(i).includes(slot));
    const distinct = distinctSayings(said);
    if (!distinct.some((a, k) => distinct.slice(k + 1).some((b) => differ(slot, a, b)))) continue;
    // A command's or a config's saying is weighed by the later steps (a launcher picks the cards).
    if (!said.every((i) => inProse(text, i))) continue;
    clauses ??= clausesOf(text);
    const scored = said.map((i) => ({ i, s: runStanding(text, clauses!, i) }));
    const top = Math.max(...scored.map((x) => x.s));
    if (top <= RUN_EVIDENCE.none) continue;
    const tied = scored.filter((x) => x.s === top).sort((a, b) => a.i.at - b.i.at);
    // Tries the user narrates in order ("I first used a GPU with 24GB … Later I tried a GPU with 48GB, and it
    // still gave an error", fe1ixxu/ALMA#66, c928): the later try is the run now; still asked, as a tie.
    const later = tied.filter((x) => x !== tied[0] && LATER_TRY.test(sentenceBefore(text, x.i.at)));
    const joined = slot === 'model' && top >= RUN_EVIDENCE.fails ? largerOfJoined(text, tied, top === RUN_EVIDENCE.fails) : null;
    const keep = joined ?? (later.length === 1 ? later[0]! : (saidMostOfTied(slot, tied) ?? tied[0]!)).i;
    const against = scored.filter((x) => differ(slot, keep, x.i));
    for (const { i, s } of against) {
      const words = i.text.trim();
      // Two runs asked about (or failing) alike: unclear which is the setup. The first saying is read, and the
      // reply asks with both ("Can I train it on 2 A100 80GB? Or can I train it on 4 A100 80GB?").
      notes.push(
        s >= top
          ? `read "${keep.text.trim()}" as your setup's ${labelOf(slot)}; "${words}" is another run the message also ${top === RUN_EVIDENCE.asks ? 'asks about' : 'says fails'} — which did you mean? (say it alone to estimate that one)`
          : `read "${keep.text.trim()}" as your setup's ${labelOf(slot)}; "${words}" is another setup the message mentions (${EVIDENCE_WORDS[s] ?? 'another run'}, beside ${EVIDENCE_WORDS[top]}; say it alone to estimate that one)`,
      );
      recordAside(owned, i, 'another run');
      aside.add(i);
    }
  }
  return aside.size ? items.filter((i) => !aside.has(i)) : items;
}
