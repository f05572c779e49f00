import { OWNER_RULES, type Owner } from './rules.js';

const OWN_CLAUSE_ONLY: ReadonlySet<string> = new Set(OWNER_RULES.filter((r) => r.ownClauseOnly).map((r) => r.id));

/**
 * The engine of clause ownership: a message cut into sentences and their clauses, each clause
 * given the owner its cue words say (rules.ts). A mention belongs to the nearest cue of its own
 * clause ("I trained 7b before and now want 13b": 7b is the past run's, 13b the request's); a
 * clause with no cue takes the owner of the nearest clause of its sentence that has one, the one
 * before it first ("Previously, I trained 13b on 8 GPUs"; "with qlora on 2 GPUs, it works fine"; a
 * reference only from before it);
 * a sentence with no cue at all is nobody's in particular, read as the request as before.
 */

export interface Cue {
  owner: Owner;
  rule: string;
  at: number;
  end: number;
}

export interface Clause {
  at: number;
  end: number;
  sentence: number;
  cues: Cue[];
  /** The clause's own cue owner, or the one it takes from its sentence; null when its sentence has none. */
  owner: Cue | null;
  /** The clause that introduced the fenced block this clause is in ("…works fine with it:"), when it took that clause's owner. */
  introducedBy?: Clause;
}

/** Whose run a mention is: the cue that says so and the clause it sits in. */
export interface Ownership {
  owner: Owner;
  rule: string;
  clause: Clause;
  /** The cue's own words, in the user's text: read, never listed as not read. */
  cue: { at: number; end: number };
}

/** A sentence ends at . ? ! (before a space), a line break, or a Chinese full stop, question or exclamation mark. */
const SENTENCE_END = /[.?!](?=\s)|\n+|[。？！]/g;
/**
 * A clause ends at a comma or semicolon with a space after it (never "8*A800,80GB" or "tp=4,pp=2"),
 * at the first colon of a sentence's first 60 characters (a heading: "qwen-14b lora: …"; never "ga: 8" further on),
 * a Chinese comma or semicolon, and before a word that opens a contrast ("but", "whereas", 但是).
 * Chinese written without stops uses spaces for them: a run of spaces before 我 (the user speaking of
 * themselves) or 请问 ends a clause too — "…8 * Nvidia A800 80 GB + DeepSpeed  我想问是否能用 nvidia 4090"
 * (xverse-ai/XVERSE-7B#2, c983: the documentation's eight A800 had taken the user's 我想问 as their cue),
 * "您好 我用二块A100 40G全参数微调13B模型 没有出现内存溢出" (c393). Korean joins a contrast into the verb:
 * "…추론은 잘 되는데 llama-3-70b 은 OOM 납니다" (-는데 / -은데 / -지만, "…, but"), a clause end after it.
 * A comma inside brackets lists one thing's parts and ends no clause: "单卡(A40，48GB)正常训练，多卡（4 * 3090，96GB）MP模式OOM"
 * (modelscope/ms-swift#2284, c2942: the four 3090s, cut from their OOM by "，96GB）", took the A40's "正常训练" and were set
 * aside as the run that works).
 */
const CLAUSE_END = /[,;](?=\s)(?![^()（）\n]{0,40}[)）])|[，；](?![^()（）\n]{0,40}[)）])|(?<=\S)[ \t]+(?=我|请问)|(?<=^[^\n:：]{0,60}):(?=[ \t])|(?<=^[^\n:：]{0,60})：|\s(?=(?:but|whereas|while|however|although|though|and now|so now)\b)|(?=但是|可是)|(?<=[는은]데|지만)\s+/gi;
/** A question closes its sentence: the clause it ends in asks about the request. */
const QUESTION = /[?？](?=\s|$)|[？]/g;

function cut(text: string, at: number, end: number, boundary: RegExp): { at: number; end: number }[] {
  const pieces: { at: number; end: number }[] = [];
  const part = text.slice(at, end);
  let from = 0;
  boundary.lastIndex = 0;
  for (let m = boundary.exec(part); m; m = boundary.exec(part)) {
    const stop = m.index + m[0].length;
    if (stop > from) pieces.push({ at: at + from, end: at + stop });
    from = stop;
    if (m[0].length === 0) boundary.lastIndex++;
  }
  if (from < part.length) pieces.push({ at: at + from, end });
  return pieces.filter((p) => text.slice(p.at, p.end).trim().length > 0);
}

/**
 * The text with each run of spaces between two words as one space, and where each of its characters
 * stood in the text: cue rules are written with one space ("i can train"), and a user who types two
 * ("I  can  train  it  when  cpt", verl-project/verl#3364 with its spaces doubled, bench:variations)
 * still says whose run it is. Cues are found on the folded text and placed back on the user's.
 */
function foldedSpaces(text: string): { folded: string; from: number[] } {
  if (!/\S[ \t]{2}/.test(text)) return { folded: text, from: [] };
  const from: number[] = [];
  let folded = '';
  // Indentation (spaces before a line's first word) is kept as typed.
  let lineHasWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') lineHasWord = false;
    else if (c !== ' ' && c !== '\t') lineHasWord = true;
    else if (lineHasWord && (text[i - 1] === ' ' || text[i - 1] === '\t')) continue;
    from.push(i);
    folded += c;
  }
  from.push(text.length);
  return { folded, from };
}

/** Every owner cue of the text, in order (a cue inside another's span is the longer one's); only `owners`' when given. */
export function cuesIn(source: string, owners?: readonly Owner[]): Cue[] {
  const { folded: text, from } = foldedSpaces(source);
  const back = (at: number) => (from.length ? from[at]! : at);
  const found: Cue[] = [];
  const lower = text.toLowerCase();
  for (const rule of OWNER_RULES) {
    if (owners && !owners.includes(rule.owner)) continue;
    if (rule.when && !rule.when.some((w) => lower.includes(w))) continue;
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      found.push({ owner: rule.owner, rule: rule.id, at: back(m.index), end: m[0].length ? back(m.index + m[0].length - 1) + 1 : back(m.index) });
      if (m[0].length === 0) rule.pattern.lastIndex++;
    }
  }
  QUESTION.lastIndex = 0;
  if (!owners || owners.includes('request')) for (let m = QUESTION.exec(text); m; m = QUESTION.exec(text)) found.push({ owner: 'request', rule: 'owner.request.question-mark', at: back(m.index), end: back(m.index) + 1 });
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  // A cue inside a longer one ("now" inside "and now", "oom" twice) is the longer one's.
  return found.filter((c, i) => !found.some((o, k) => k !== i && o.at <= c.at && c.end <= o.end && (o.end - o.at > c.end - c.at || k < i)));
}

/** A clause's cues in words, or its closing question mark where it has none. */
function worded(cues: readonly Cue[]): readonly Cue[] {
  const words = cues.filter((q) => q.rule !== 'owner.request.question-mark');
  return words.length ? words : cues;
}

/** The message's clauses, each with its cues and the owner it takes. */
export function clausesOf(text: string): Clause[] {
  const cues = cuesIn(text);
  const clauses: Clause[] = [];
  cut(text, 0, text.length, SENTENCE_END).forEach((s, sentence) => {
    for (const c of cut(text, s.at, s.end, CLAUSE_END)) {
      const own = cues.filter((q) => q.at >= c.at && q.at < c.end);
      // A closing question mark owns only a clause with no cue in words: "…and successfully ran Gemma-7B
      // on 2 of the cards?" (c206) and "32b model can run smoothly on RTX 4090?" (c212) stay the run
      // that works, as without the mark (bench:variations question-mark-added).
      clauses.push({ ...c, sentence, cues: own, owner: worded(own).at(-1) ?? null });
    }
  });
  // A clause with no cue takes its sentence's nearest owner, the clause before it first.
  for (const [k, c] of clauses.entries()) {
    if (c.cues.length > 0) continue;
    // A heading that opens its sentence ("qwen-14b lora: batch size 4 works fine …, batch size 8 gives OOM")
    // names what both runs after it share: nobody's run in particular.
    if (clauses[k - 1]?.sentence !== c.sentence && /[:：]\s*$/.test(text.slice(c.at, c.end))) continue;
    // A cue that only names what its own clause holds (a template's name) lends its owner to no other clause.
    const before = clauses.slice(0, k).reverse().find((o) => o.sentence === c.sentence && o.owner !== null && !OWN_CLAUSE_ONLY.has(o.owner.rule));
    // …and from a clause after it only a run's own cue ("with qlora on 2 GPUs, it works fine"),
    // never someone else's: "我是A40 48G 显存，…官方…" is the user's card.
    const after = clauses.slice(k + 1).find((o) => o.sentence === c.sentence && o.cues.some((q) => !OWN_CLAUSE_ONLY.has(q.rule)))?.cues.find((q) => !OWN_CLAUSE_ONLY.has(q.rule));
    c.owner = before?.owner ?? (after?.owner === 'reference' ? null : after) ?? null;
  }
  introducedBlocks(text, clauses);
  return clauses;
}

/** A fenced block's opening and closing marks. */
const FENCE_LINE = /^[ \t]*(?:```|~~~)[^\n]*$/gm;

/**
 * "However, TP4 works fine with it:" and the fenced block right after it (vllm-project/vllm#2856,
 * c346): a clause that ends in a colon introduces what follows, so the block's lines with no cue
 * of their own are that clause's owner's. A block after a clause with no owner stays nobody's.
 */
function introducedBlocks(text: string, clauses: Clause[]): void {
  // Every fence line holds ``` or ~~~: a message without either has no block (most have none; issue 22).
  if (!text.includes('```') && !text.includes('~~~')) return;
  const fences = [...text.matchAll(FENCE_LINE)].map((m) => ({ at: m.index, end: m.index + m[0].length }));
  for (let k = 0; k + 1 < fences.length; k += 2) {
    const [open, close] = [fences[k]!, fences[k + 1]!];
    const before = text.slice(0, open.at).trimEnd();
    if (!/[:：]$/.test(before)) continue;
    const intro = clauses.find((c) => c.at < before.length && before.length <= c.end);
    if (!intro?.owner) continue;
    for (const c of clauses) {
      if (c.at < open.end || c.end > close.end + 1 || c.cues.length > 0) continue;
      c.owner = intro.owner;
      c.introducedBy = intro;
    }
  }
}

const distance = (c: Cue, at: number, end: number) => (at >= c.end ? at - c.end : c.at >= end ? c.at - end : 0);

/** Whether any clause of the text may be another run's: a past, working or someone else's run's cue (cheap; most messages have none). */
export const mayHoldOtherRuns = (text: string): boolean => cuesIn(text, ['past', 'reference']).length > 0;

/** Whose run the words at [at, end) describe: the nearest cue of their clause, or the one the clause takes; null for nobody's. */
export function ownerOf(clauses: readonly Clause[], at: number, end: number): Ownership | null {
  const clause = clauses.find((c) => at >= c.at && at < c.end);
  if (!clause) return null;
  // The nearest cue in words; the closing question mark only where the clause has none (worded, below).
  const nearest = [...worded(clause.cues)].sort((a, b) => distance(a, at, end) - distance(b, at, end))[0] ?? clause.owner;
  // A block's line is said with the clause that introduced it (the block's own words are code).
  return nearest ? { owner: nearest.owner, rule: nearest.rule, clause: clause.introducedBy ?? clause, cue: { at: nearest.at, end: nearest.end } } : null;
}
