import type { Item } from '../items.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * A setting said as a plan, or as a remedy the user asks about, is not a setting of the run they
 * describe: "I use 3b pre-train model and 80G A800 for finetuning. I will try fsdp, thanks~" (corpus
 * c2432: read as an FSDP run), "maybe zero3 next", "Would cpu offload help?", "planning to switch to
 * fsdp later", "或者用 fsdp 可以吗？", "打算下次试试 zero3", "다음엔 fsdp 써볼 예정입니다", "instead of LoRA".
 * The scope is the negation's (read-tokens/negation.ts) said the other way round: a cue word before the
 * setting in its sentence, with at most a few words between, or a cue after it (Korean's verb, "… help?",
 * "… next"). A setting in such a scope is set aside and said, with the words that put it there, so the
 * user can ask for it. Only where the plan's sentence names no model, card or run word of its own: "I'll
 * try fsdp to fine-tune llama-2-70b on 8 A100s, will it fit?" plans the very run asked about, and stays.
 * A setting written as a flag, a key or a file (`--deepspeed ds_z3.json`) is the run's, never a plan.
 */
export const PLANNED_SETTINGS_RULE = {
  id: 'reconcile.planned-settings',
  example: 'all configs are defult,  I use 3b pre-train model  and 80G A800 for finetuning.  I will try fsdp, thanks~',
  source: 'canopyai/Orpheus-TTS#93 (corpus c2432)',
} as const;

/**
 * The kinds a plan or a remedy names: the recipe's settings and the method. A framework asked about ("can deepspeed
 * fix this?") is left to its own evidence class, `asked`, said weak (reconcile/mentioned-frameworks.ts).
 */
const KINDS: ReadonlySet<Item['kind']> = new Set(['sharding', 'offload', 'recompute', 'attention', 'loss', 'optimizer', 'lora', 'weights', 'precision', 'sp']);

/** Kinds that describe the run itself: a plan's sentence holding one of them plans the run asked about. */
const RUN_KINDS: ReadonlySet<Item['kind']> = new Set(['model', 'hub', 'size', 'hardware', 'mode', 'serve', 'seq', 'batch']);

/** A flag, a key or a file name: the run's own configuration. */
const KEYED = /--|[=:]|\w_\w|\.json\b|\.ya?ml\b/;

/** Up to three words between the cue and the setting ("I will try pytorch fsdp", "should I enable cpu offload"). */
const GAP = String.raw`(?:\s+[\w.+-]+){0,3}?\s*`;

/** English cues before the setting: a plan (will try, going to, planning to, thinking about, next), a remedy asked (should I, what about), a rejection (instead of). */
const PLAN_BEFORE_EN = new RegExp(
  String.raw`(?:\b(?:i|we)(?:'ll|’ll| will| shall| am going to|'m going to| are going to|'re going to| plan to| am planning to|'m planning to| are planning to| intend to| might| may)(?:\s+(?:also|then|now|probably|maybe|next|later|just|first))?\s+(?:try|test|switch\s+to|move\s+to|go\s+with|give|use|enable|turn\s+on|add|look\s+into|experiment\s+with)|\bplanning\s+(?:to\s+(?:try|use|switch\s+to|move\s+to|enable|add)|on\s+(?:trying|using))|\b(?:thinking|thought)\s+(?:about|of)\s+(?:trying|using|enabling|adding|switching\s+to)|\bconsidering\s+(?:trying|using|enabling|adding|switching\s+to)|\b(?:should|shall)\s+(?:i|we)\s+(?:try|use|enable|switch\s+to|move\s+to|turn\s+on|add|go\s+with)|\b(?:what|how)\s+about(?:\s+(?:trying|using|enabling|adding))?|\b(?:instead\s+of|rather\s+than)(?:\s+(?:using|trying))?|\bnext(?:\s+time)?,?\s+(?:i|we)(?:'ll|’ll| will)?\s+(?:try|use))${GAP}$`,
  'i',
);

/** "maybe zero3 next", "perhaps I should try offload": the setting right after the hedge and its verb (never "maybe because of zero3"). */
const MAYBE_BEFORE = /\b(?:maybe|perhaps)(?:\s+(?:i|we)\s+(?:should|could|can|will|'ll))?(?:\s+(?:try|use|using|enable|enabling|switch\s+to|add|with))?(?:\s+(?:the|a|an|pytorch|deepspeed|cpu))?\s*$/i;

/** Chinese cues before the setting: a plan (打算, 准备, 下次, 接下来 … 试试 / 用; 再 only before 试试: "再用zero3也OOM" is a try made). */
const PLAN_BEFORE_ZH = /(?:(?:打算|准备|计划|下次|下一步|接下来|之后再|回头)(?:试试|试一下|试一试|尝试|用|使用|改用|换用|开|开启|加)?|再(?:试试|试一下|试一试|尝试))\s*[\w.+-]{0,12}\s*$/;

/**
 * An alternative asked in Chinese (或者, 要不要, 是否需要 before the setting), only where its clause asks (吗, ？):
 * "或者用 fsdp 可以吗？"; "zero2或者zero3都OOM" names two tries (reconcile/tried-alternatives.ts).
 */
const ASKED_BEFORE_ZH = /(?:或者|要不要|需不需要|是否需要|是否要)(?:用|使用|改用|开|开启|加)?\s*[\w.+-]{0,12}\s*$/;
const ASKS_ZH = /[吗么？?]/;

/** After the setting: Korean's verb of trying it ("fsdp 써볼 예정", "zero3 를 사용해 볼게요"), "next" / "later", a remedy asked ("… help?", 有用吗). */
const PLAN_AFTER = /^\s*(?:(?:을|를|도|으로|로)?\s*(?:써|사용해|적용해|켜|시도해|해)\s*(?:볼|보려|봐야)|(?:\w+\s+){0,2}(?:next(?:\s+time)?|later(?:\s+on)?)\b|(?:\w+\s+){0,3}(?:help|helps|fix|solve|reduce|work)\b[^.!?\n]{0,40}\?|[^。！？!?\n]{0,8}(?:有用吗|有帮助吗|会有帮助|能解决吗|可以吗|行吗|会好吗|도움이\s*될까))/i;

/** A remedy's question in English wants a modal before the setting ("would offload help?"), never a past report ("offload helped"). */
const REMEDY_MODAL = /\b(?:would|will|could|can|might|does|do)\s+(?:using\s+|enabling\s+|adding\s+|turning\s+on\s+|switching\s+to\s+)?(?:[\w.+-]+\s+){0,2}$/i;

/** A clause's join: a comma or semicolon (with a space after it in English), ，；、. */
const CLAUSE_JOIN = /[,;](?=\s)|[，；、]/g;

/** The clause holding [at, end): its sentence cut at the clause joins around it. */
function clauseAround(text: string, at: number, end: number): { start: number; stop: number } {
  const sentence = sentenceStart(text, at, Math.max(0, at - 120));
  let start = sentence;
  for (const m of text.slice(sentence, at).matchAll(CLAUSE_JOIN)) start = sentence + m.index + 1;
  const stopOfSentence = sentenceStop(text, end);
  const join = /[,;](?=\s)|[，；、]/.exec(text.slice(end, stopOfSentence));
  return { start, stop: join ? end + join.index : stopOfSentence };
}

function inPlanScope(text: string, i: Item, clause: { start: number; stop: number }): string | null {
  const head = text.slice(clause.start, i.at);
  const before = PLAN_BEFORE_EN.exec(head) ?? MAYBE_BEFORE.exec(head) ?? PLAN_BEFORE_ZH.exec(head);
  if (before) return before[0].trim();
  const asked = ASKED_BEFORE_ZH.exec(head);
  if (asked && ASKS_ZH.test(text.slice(i.end, clause.stop + 1))) return asked[0].trim();
  const tail = text.slice(i.end, Math.min(i.end + 60, sentenceStop(text, i.end)));
  const after = PLAN_AFTER.exec(tail);
  if (!after) return null;
  // "help / fix / work … ?" asks whether the setting would; only after a modal ("would cpu offload help?").
  if (/\b(?:help|helps|fix|solve|reduce|work)\b/i.test(after[0]) && !/[가-힣]|有|能|可以|行|会/.test(after[0]) && !REMEDY_MODAL.test(head)) return null;
  return after[0].trim();
}

export function plannedSettings(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  const planned = new Set<Item>();
  for (const i of items) {
    if (!KINDS.has(i.kind) || !i.text || KEYED.test(i.text)) continue;
    const clause = clauseAround(text, i.at, i.end);
    const cue = inPlanScope(text, i, clause);
    if (!cue) continue;
    const { start, stop } = clause;
    // The plan's own sentence names the run (a model, a card, a run word): it plans the run asked about.
    if (items.some((o) => o !== i && RUN_KINDS.has(o.kind) && o.at >= start && o.end <= stop)) continue;
    // Nothing of a run said elsewhere: the plan is the whole request.
    if (!items.some((o) => RUN_KINDS.has(o.kind) && (o.end <= start || o.at >= stop))) continue;
    planned.add(i);
    notes.push(`"${i.text.trim()}" set aside: said as a plan or a remedy you ask about ("${cue}"), not a setting of the run you describe; say "${i.text.trim()}" to estimate with it`);
    recordAside(owned, i, 'a plan or a remedy asked about');
  }
  // "should I use deepspeed zero3?": DeepSpeed right before the stage planned names its provider, planned with it.
  for (const i of [...planned]) {
    const provider = items.find((o) => o.kind === 'framework' && o.value === 'deepspeed' && o.end <= i.at && /^[\s-]*$/.test(text.slice(o.end, i.at)));
    if (provider) planned.add(provider);
  }
  return planned.size ? items.filter((i) => !planned.has(i)) : items;
}
