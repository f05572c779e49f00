import type { NotUsed } from '../language/accounting.js';
import type { Measurement } from '../diagnose/measurement-schema.js';
import type { Component, Estimate } from '../memory/types.js';
import type { FactTrace } from '../scenario/facts.js';
import type { Scenario } from '../scenario/schema.js';
import type { Driver } from '../scenario/unstated.js';
import type { Fits } from './fits.js';

/** The three-valued fit (src/reply/fits.ts), or 'unknown' with no card to judge against. */
export type VerdictStatus = Fits | 'unknown';

/**
 * What fits when the user did not state the sequence length or the batch (issue 23, item 8): the
 * longest sequence at the batch as read (stated, or the default 1), and the largest batch at the
 * sequence as read. Served, the batch is the sequences in flight at once and the sequence is
 * max-model-len. A null bound: not even the solver's smallest step fits along it.
 */
export interface Envelope {
  /** Sequences in steps of 128 tokens (src/plan/solvers.ts maxSeq). */
  maxSeqAtBatch: { batch: number; seq: number | null };
  maxBatchAtSeq: { seq: number; batch: number | null };
  /** What the user did not say, in the order replies name them. */
  unstated: Driver[];
}

export interface Verdict {
  /** The fit of the scenario as read (the defaults filled in), also when an envelope is the answer. */
  status: VerdictStatus;
  /** Set when seq or batch was not stated and a card was named: the first screen answers with it. */
  envelope: Envelope | null;
  /** One line, e.g. "✗ Does not fit: 91.8 GiB per GPU at the start of backward; an A100 80GB offers 79.2 GiB." */
  headline: string;
  /** Second line, e.g. "Short by 12.6 GiB." or "Fits a 24 GB card: RTX 4090, A10G, L4 …". */
  detail: string;
  deviceBytes: number;
  capacityBytes: number | null;
  headroomBytes: number | null;
}

/** A change written in the request language, re-estimated with the same model. */
export interface Lever {
  /** Request-language text, applicable as a follow-up ("gc", "zero3", "offload optimizer"). */
  change: string;
  deviceBytes: number;
  fits: boolean | null;
  /** Speed or quality cost, e.g. "about +25% step time". */
  cost: string;
  /** Extra facts, e.g. "host RAM 260 GB". */
  note: string;
  /**
   * Serving with a preallocated KV pool (vLLM, SGLang): the card is filled whatever the lever, so
   * what a lever changes is how many of the asked sequences the pool holds at the asked length
   * (`held` is at most `asked`; `asked` is null when no concurrency was said, and `held` is then
   * all the pool holds). Absent for training and for engines without a pool.
   */
  sequences?: { held: number; asked: number | null };
}

export interface Tip {
  topic: 'oom' | 'nan' | 'fragmentation' | 'nvidia-smi' | 'hardware' | 'measure' | 'rule-of-thumb' | 'usage';
  title: string;
  text: string;
}

/** The answer to a question (max batch, max seq, how many GPUs, which GPU, compare). */
export interface Answer {
  kind: 'maxBatch' | 'maxSeq' | 'howMany' | 'whichGpu' | 'compare';
  /** Numeric answer (batch, tokens, GPU count) or null when nothing fits. */
  value: number | string | null;
  text: string;
  /** The sentence that answers the question, short enough for a notification ("Max micro-batch on H100 80GB: 3 at seq 2048"). */
  headline: string;
  /** For compare: the two sides' device bytes and readings. */
  sides?: { label: string; reading: string; deviceBytes: number; fits: boolean | null }[];
}

/**
 * The first screen of a chat answer (DESIGN §3.8): the sentence that answers the question asked
 * (also the notification text and the embed title), one line of why, and the assumptions
 * counted, so they collapse to one line.
 */
export interface Summary {
  /** "✗ Does not fit: 88.8 GiB per GPU; the A100 80GB offers 79.1", "Fewest H100 80GB: 24, with ZeRO-3 and gc". */
  verdict: string;
  /** The largest component and the margin: "Largest: activations 34.1 GiB · short by 9.7 GiB". */
  why: string;
  /** Serving answers: "KV cache for 92,773 tokens = 11 sequences of 8,192"; null otherwise. */
  capacity: string | null;
  /** With an envelope: that it depends on what was not said, the question, and the setup the table shows; null otherwise. */
  ask: string | null;
  /** The user reports an out-of-memory on a setup that fits as read: the disagreement in one sentence (reply/reported-oom.ts); absent otherwise. */
  reported?: string | null;
}

export interface EstimateReply {
  kind: 'estimate';
  /** What a chat platform shows before any click. */
  summary: Summary;
  /** "Read as: …" line(s), canonical and human. */
  reading: string;
  /** Canonical request text that re-parses to the same scenario (buttons, metadata). */
  canonical: string;
  /** The canonical text with the items a new request defaults to left out: the same scenario, short enough for a Discord custom_id. */
  compact: string;
  scenario: Scenario;
  assumptions: string[];
  /** The assumptions the first screen states in words, not as a count: the intent assumed and what reading noted (issue 11). */
  notices: string[];
  /** Numbers and set-aside keys no fact uses, as written (never filler; the words not read are in `notices`). */
  ignored: string[];
  /** Every fact stated, with the rules and the user's words behind it (issue 22, item 6); absent on a restated thread. */
  trace?: FactTrace[];
  /** Every number and setup-looking word no fact uses, once each, with its span (issue 22, item 4). */
  notUsed?: NotUsed[];
  verdict: Verdict;
  /** Per-GPU breakdown rows in display order (components of the Estimate). */
  breakdown: Component[];
  answer: Answer | null;
  levers: Lever[];
  tips: Tip[];
  followUps: string[];
  /** The Estimate every number above came from (charts read it too). */
  estimate: Estimate;
  /** The OOM measured in this thread that the answer is held against (its "Measured in this thread" tip), so the answer's own code carries it (issue 24). */
  measured?: Measurement;
}

/**
 * What an estimate stands for, enough to give the same answer again without re-reading its
 * request (issue 24): the resolved scenario, how it was read (the defaults it used, the notices
 * said up front, the words ignored) and the OOM measured against it.
 */
export interface EstimateBasis {
  scenario: Scenario;
  assumptions: string[];
  notices: string[];
  ignored: string[];
  measured?: Measurement;
}

export interface HelpReply {
  kind: 'help';
  title: string;
  /** Usage text and/or troubleshooting tips. */
  text: string;
  tips: Tip[];
  examples: string[];
}

export interface ErrorReply {
  kind: 'error';
  message: string;
  /** Character offset into the request text (0-based). */
  at: number;
  /** The request text and a caret line under position `at`. */
  caret: string;
  expected: string[];
  suggestion: string | null;
  example: string;
  /**
   * A question, not a fault in the words ("Which model? I read: …"): the renders ask it, with no
   * caret under the text. Absent on errors. Not in the JSON contract (render/json.ts names its fields).
   */
  question?: true;
}

export type Reply = EstimateReply | HelpReply | ErrorReply | DiagnosisReply;

/** What a pasted error log says went wrong, read from its own numbers (issue 16). */
export interface DiagnosisReply {
  kind: 'diagnosis';
  /** The diagnosis as a key: 'fragmentation', 'shortage', 'other-process', 'kv-cache', 'fp16-overflow', 'nan-bf16', 'unreadable' … */
  cause: string;
  /** What was read, e.g. "PyTorch CUDA out-of-memory on GPU 0". */
  source: string;
  /** The diagnosis in one line. */
  headline: string;
  /** The numbers from the log that support it, one fact a line. */
  evidence: string[];
  /** What to do, most useful first, with settings spelled as the tool spells them. */
  actions: string[];
  /** Levers re-estimated for the thread's scenario (none without one). */
  levers: Lever[];
  /** The measurement held against this thread's estimate; null without a scenario. */
  comparison: string | null;
  /** False when an error was recognised but nothing in it could be read (then only the headline is said). */
  readable: boolean;
  /** A NaN question's setup as a request: its memory estimate is one click away (a button), not the answer (issue 24). */
  memoryRequest?: string;
  /** The same setup as resolved: what "Memory estimate" answers for, also when the request cannot be read again (a pasted config, a Hub id). */
  memory?: EstimateBasis;
  /**
   * The setup the log was held against (stated beside it, sent after it, or the thread's): its
   * short request, its canonical text (what recovers the thread) and its own verdict, so one
   * reply gives both the diagnosis and how that setup stands (issue 24). Absent without one.
   * `notices`: what its reading says on an estimate's first screen, weak facts and questions first
   * (issue 22 item 5); empty for the thread's own setup, whose estimate said them.
   */
  setup?: { request: string; canonical: string; verdict: string; notices: string[] };
}
