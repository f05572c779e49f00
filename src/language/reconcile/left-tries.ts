import type { Item } from '../items.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';
import { clausesOf, type Clause } from '../owners/index.js';
import { inProse, RUN_EVIDENCE, runStanding } from './asked-run.js';
import { disagree, labelOf, recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * Scope: a setting the user tried and left, and the one they run now (issue 22; s43 rscope1). A post that
 * narrates its tries names one slot twice: "I tried zero3 but it conflicts with the offload, so now I use
 * zero2", "zero3 gave NaN so I went back to zero2, which OOMs", "Dropped zero3 (too slow); with zero2 it OOMs",
 * "first with bf16, then fp32", "一开始用zero3，现在用zero2". The first saying had been read and the later one
 * set aside as a contradiction (13 of 14 invented lines), or read in silence ("gave up on DeepSpeed ZeRO-3 with
 * offload … with FSDP it OOMs" kept the offload). This step is the one place every slot a narrated try
 * changes passes through (slotsOf: the cards, the method, the stage, the precision, the batch, the length …).
 *
 * The evidence model: which of two disagreeing prose sayings of one slot is the run now.
 *   Cues on the later saying (the words of its clause before it, back to the earlier saying or the clause's start):
 *     - BACK (strong): "went back to", "back to", 改回, 换回 — a return: the later saying is the run now.
 *     - THEN (plain): "now", "then", "next", "later", "afterwards", 现在, 然后, 后来, 之后, 接着, 再, 이제, 그 다음 — a
 *       sequence, which says the later is the run now only beside a TRIED cue on the earlier saying ("now" also
 *       describes a state; "currently" and 目前 describe one always, often the state a change replaces: no cue).
 *   Cues on the earlier saying (its clause's words before it, up to 40 characters; "at first" right after it):
 *     - DROPPED (strong): "dropped", "gave up on", "abandoned", "ditched", 放弃 — a try left: the later saying is the run.
 *     - TRIED (plain): "tried", "tested", "first", "initially", "originally", 试过, 尝试, 先用, 一开始, 起初, 最初, 原来,
 *       本来, 처음에, 먼저 — a try, replaced only where a THEN cue says the later saying came after it.
 *   What breaks a cue: a sentence end between the cue and the setting (a cue reaches within its own sentence only);
 *   a modal or a condition before it ("would", "should", "if … then", 如果, 是否): a plan or a question, no switch
 *   made (reconcile/planned-settings.ts weighs those); "instead of" (the saying after it is the one left:
 *   owners' rules read it); a setting in a command or a config (a flag, a key, a file name: the later steps
 *   weigh those); a later saying said to work where the earlier fails (the run asked about is the failing one:
 *   reconcile/asked-run.ts).
 * Outcome: the later saying is read; the earlier one is set aside, said with its words on the first screen
 * ("read "zero2" as your run's sharding; "zero3" is a try the message says came before it"), and listed in the
 * trace as set aside; a DROPPED try's own settings go with it ("gave up on DeepSpeed ZeRO-3 with offload": the
 * offload and the provider too). A first try with no later value the reader can take ("seq 4096 at first, then
 * 2048": the bare number has no cue) is read, said weak. With neither cue the pair is left to the steps that ask
 * (asked-run: two runs failing alike are asked with both values).
 */

export const LEFT_TRY_RULES = [
  {
    id: 'scope.back',
    strength: 'back',
    // A return to a setting said before: "zero3 gave NaN so I went back to zero2", "改回zero2", "换回单卡". The saying
    // after it is the run, with no cue needed on the earlier one.
    pattern: /\b(?:went back to|going back to|switched back to|back to)\b|改回|换回|退回/i,
    example: 'llama-2-13b full fine-tune on 4x a100-80g: zero3 gave NaN so I went back to zero2, which OOMs',
  },
  {
    id: 'scope.then',
    strength: 'then',
    // What came next in a narrated sequence: "so now I use zero2", "then fp32", "现在用zero2", "后来改成8", "이제 zero2로".
    // The later saying is the run now only after a TRIED cue on the earlier one: "now" and 现在 also describe a
    // state ("现在运行情况看，只用了其中一张": looking at the run now, only one card is used, c402), and "currently" and
    // 目前 are not cues at all — they often describe the state a change replaces ("The restored two-RTX-3090 worker
    // currently runs a one-card llama.cpp backend. This change moves inference to … vLLM", c2649).
    pattern: /\b(?:now|then|next|later|afterwards|after that)\b|现在|然后|后来|之后|接着|再(?:用|试|改|换)|이제|지금|그\s*다음|그\s*후/i,
    example: 'I tried zero3 but it conflicts with the offload, so now I use zero2',
  },
  {
    id: 'scope.tried',
    strength: 'tried',
    // A try, which a later saying replaced only where the words say it came after (a THEN cue): "I have tested
    // with gpt-neox-20b … I have also compared gpt-j-6B" (h2oai/h2o-llmstudio#131, c2846) and "尝试用LORA微调Qwen-72B-Chat
    // … 一个T的内存" (c347) name no try left.
    pattern: /\b(?:tried|tested|first|at first|initially|originally)\b|试过|试了|尝试(?:了|过)?|先用|先试|一开始|最开始|刚开始|起初|最初|原来|本来|原本|처음에|먼저/i,
    example: 'llama-2-13b lora on 1x rtx-4090, first with bf16, then fp32, OOM',
  },
  {
    id: 'scope.dropped',
    strength: 'dropped',
    // A try said to be given up: the saying after it of the same slot is the run, with no later cue needed.
    pattern: /\b(?:dropped|dropping|gave up on|giving up on|abandoned|ditched)\b|放弃(?:了)?|不用了/i,
    example: 'Dropped zero3 (too slow); with zero2 it OOMs.',
  },
] as const;

const BACK = LEFT_TRY_RULES[0].pattern;
const THEN = LEFT_TRY_RULES[1].pattern;
const TRIED = LEFT_TRY_RULES[2].pattern;
const DROPPED = LEFT_TRY_RULES[3].pattern;

/** How far before the later saying an earlier one may be: a few sentences. */
const REACH = 600;

/** A plan, a question or a condition before the cue: no try made ("if I use zero3 then…", "should I now…"). */
const WEIGHED = /\b(?:if|whether|would|should|could|shall|want to|plan to|going to|will)\b|如果|要是|是否|能否|要不要|应该|만약/i;
/** "instead of X": the saying after it is the one left, read by the owner rules, never the run now. */
const INSTEAD_OF = /\binstead\s+of\s*$|而不是\s*$|代替\s*$/i;
/** A setting written as a flag, a key or a file name (`--deepspeed config_zero3.json`, `zero_stage: 3`). */
// A key's name in prose ("I first tried with cutoff_len 8192 …; now cutoff_len 4096") is prose: its line is no command.
const KEYED = /--|[=:]|\.json\b|\.ya?ml\b/;
/** A clause boundary inside a sentence: a comma, a semicolon, "but", "so", 但, 所以, 可是. */
const CLAUSE_CUT = /[,;，；、]|\b(?:but|so|and)\b|但是?|所以|可是|然而/gi;

/** The words of `i`'s clause before it, from `from` on (its sentence's start at the earliest). */
function clauseBefore(text: string, i: Item, from: number): string {
  const start = Math.max(from, sentenceStart(text, i.at, Math.max(0, i.at - 120)));
  const head = text.slice(start, i.at);
  let cut = 0;
  for (const m of head.matchAll(CLAUSE_CUT)) cut = m.index + m[0].length;
  // The cue word may be the clause's cut itself ("so now", "but then"): keep the cut's own clause words.
  return head.slice(Math.max(0, cut - 8));
}

/** The later saying's cue: the words between the earlier saying and it, within its sentence. */
function laterCue(text: string, earlier: Item, later: Item): 'back' | 'then' | null {
  const start = Math.max(earlier.end, sentenceStart(text, later.at, Math.max(0, later.at - 120)));
  const between = text.slice(start, later.at);
  if (INSTEAD_OF.test(between)) return null;
  // The cue's own clause, after the last cut ("…, so now I use" keeps "so now I use"); "now" may open the sentence.
  const cuts = [...between.matchAll(CLAUSE_CUT)];
  const tail = cuts.length ? between.slice(Math.max(0, cuts.at(-1)!.index - 4)) : between;
  for (const [words, pattern, kind] of [[tail, BACK, 'back'], [tail, THEN, 'then'], [between, THEN, 'then']] as const) {
    const cue = pattern.exec(words);
    if (cue) return WEIGHED.test(words.slice(0, cue.index)) ? null : kind;
  }
  return null;
}

/** Two sayings in one list ("zero2 and zero3", "7b、13b"): alternatives (tried-alternatives.ts), never a try and the run. */
const JOINED_ONLY = /^[\s,/&+、，]*(?:and|or|和|或|与|及|还是)?[\s,/&+、，]*$/i;

/** "seq 4096 at first", "batch 16 initially": a TRIED cue said right after the setting. */
const LEFT_AFTER = /^\s*(?:at first|initially|originally|at the (?:beginning|start)|in the beginning)\b/i;
/** "at first batch size 4, then 2": the same words right before it, in its clause (never "tried": "I tried batch 4, then it OOMs"). */
const FIRST_BEFORE = /(?:\b(?:at first|initially|originally|at the (?:beginning|start)|in the beginning)\b|一开始|最开始|刚开始|起初|最初|처음에)[^,;，；.。]{0,16}$/i;

/**
 * How the earlier saying is said: dropped (a cue before it in its clause), a try (before it, or right after it), or
 * plainly. The cue reaches the whole clause, so a try carries every setting it names: "I tried full fine-tuning
 * llama-2-13b with deepspeed zero3 on 4x A100 first but too slow, so now I use zero2" left zero3 as the run when
 * the cue reached back only 40 characters (the stranger check of the thirty-ninth session).
 */
function saidAsTry(text: string, i: Item): 'dropped' | 'tried' | null {
  const head = clauseBefore(text, i, 0);
  if (WEIGHED.test(head)) return null;
  if (DROPPED.test(head)) return 'dropped';
  return TRIED.test(head) || LEFT_AFTER.test(text.slice(i.end, i.end + 24)) ? 'tried' : null;
}

/** The rest of a saying's sentence after it. */
const sentenceAfter = (text: string, i: Item) => text.slice(i.end, sentenceStop(text, i.end));

/**
 * The slots a lone first try is said weak in: a setting the user changes between tries. The model, the cards and
 * the method are what a narrated run is about ("first I load llama-7b, then it OOMs"), never said weak for it.
 */
const TRIED_SETTINGS = /^(?:seq|batch\.|sharding|precision|weights|offload|parallel\.|recompute|gen|util|maxSeqs|kvDtype)/;

/**
 * A first try said with no later value the reader can take ("seq 4096 at first, then 2048": the bare 2048 has
 * no cue): still read, but said weak with its words, so the reply asks for the value run now.
 */
function loneFirstTries(items: readonly Item[], text: string, notes: string[], owned?: OwnedRuns): void {
  for (const i of items) {
    const slot = slotsOf(i).find((s) => TRIED_SETTINGS.test(s));
    if (!slot || !(LEFT_AFTER.test(text.slice(i.end, i.end + 24)) || FIRST_BEFORE.test(text.slice(Math.max(0, i.at - 40), i.at)))) continue;
    const rest = sentenceAfter(text, i);
    if (!THEN.test(rest)) continue;
    if (items.some((o) => o !== i && slotsOf(o).includes(slot) && disagree(slot, i, o))) continue;
    const note = `"${i.text.trim()}" is said as a first try ("${text.slice(i.at, Math.min(i.end + 40, sentenceStop(text, i.end))).trim()}"): read, but say the ${labelOf(slot)} you run now if it changed`;
    owned?.doubts.push({ at: i.at, end: i.end, note });
    if (!notes.includes(note)) notes.push(note);
  }
}

/** The settings said in the dropped try's own words ("gave up on DeepSpeed ZeRO-3 with offload (too slow)"): its provider and its offload. */
const WITH_THE_TRY = /^(?:sharding|offload|precision|weights|framework|recompute)$/;
function droppedWith(items: readonly Item[], text: string, tried: Item): Item[] {
  const head = clauseBefore(text, tried, 0);
  const cue = [...head.matchAll(new RegExp(DROPPED.source, 'gi'))].at(-1);
  if (!cue) return [];
  const from = tried.at - head.length + cue.index + cue[0].length;
  const tail = text.slice(tried.end, tried.end + 40);
  const to = tried.end + (/[,;，；.。(（\n]|\b(?:for|but|so|and then)\b/i.exec(tail)?.index ?? tail.length);
  return items.filter((i) => i !== tried && i.at >= from && i.end <= to && slotsOf(i).some((s) => WITH_THE_TRY.test(s)));
}

export function leftTries(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text || !(BACK.test(text) || THEN.test(text) || TRIED.test(text) || DROPPED.test(text))) return items;
  const prose = items.filter((i) => slotsOf(i).length > 0 && !KEYED.test(i.text) && inProse(text, i)).sort((a, b) => a.at - b.at);
  let clauses: Clause[] | null = null;
  const aside = new Set<Item>();
  for (const later of prose) {
    for (const earlier of prose) {
      // A narrated try and the run after it lie within a few sentences; the bound keeps a long paste's pairs cheap.
      if (earlier.at >= later.at || later.at - earlier.end > REACH || aside.has(earlier) || aside.has(later)) continue;
      const slot = slotsOf(later).find((s) => slotsOf(earlier).includes(s) && disagree(s, earlier, later));
      if (!slot) continue;
      const cue = laterCue(text, earlier, later);
      const left = saidAsTry(text, earlier);
      if (later.at - earlier.end < 24 && JOINED_ONLY.test(text.slice(earlier.end, later.at))) continue;
      // The run now: gone back to ("went back to zero2"), after a try left ("dropped zero3"), or next after a try ("first …, then …").
      if (cue !== 'back' && left !== 'dropped' && !(left === 'tried' && cue === 'then')) continue;
      // The later saying weighed or asked ("Should I now use batch 2?"): a plan, not the run (reconcile/planned-settings.ts).
      if (WEIGHED.test(clauseBefore(text, later, earlier.end))) continue;
      // A later saying that works beside an earlier that fails is the way out, not the run asked about (asked-run.ts).
      clauses ??= clausesOf(text);
      if (runStanding(text, clauses, later) < Math.min(RUN_EVIDENCE.none, runStanding(text, clauses, earlier))) continue;
      if (runStanding(text, clauses, later) === RUN_EVIDENCE.works && runStanding(text, clauses, earlier) > RUN_EVIDENCE.works) continue;
      notes.push(`read "${later.text.trim()}" as your run's ${labelOf(slot)}; "${earlier.text.trim()}" is a try the message says came before it (say it alone to estimate that one)`);
      recordAside(owned, earlier, 'an earlier try');
      aside.add(earlier);
      if (left === 'dropped') for (const i of droppedWith(items, text, earlier)) {
        notes.push(`"${i.text.trim()}" is said with "${earlier.text.trim()}", a try the message gave up: not read as your run's`);
        recordAside(owned, i, 'an earlier try');
        aside.add(i);
      }
    }
  }
  const kept = aside.size ? items.filter((i) => !aside.has(i)) : items;
  loneFirstTries(kept.filter((i) => inProse(text, i)), text, notes, owned);
  return kept;
}
