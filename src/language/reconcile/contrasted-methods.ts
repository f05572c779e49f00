import type { Item } from '../items.js';
import { oneSpacedWords } from '../spacing.js';
import { TRAINING_ALGORITHMS as ALGORITHMS } from './training-algorithms.js';

/**
 * Two training methods set against each other in one message: an RL or preference algorithm (GRPO,
 * PPO, DPO, ORPO, which fill the framework slot) and a supervised run (LoRA, QLoRA, SFT, a full
 * fine-tune). "I found that LoRA-based SFT is always unable to run (OOM), while GRPO (full-parameter)
 * can be trained normally" (verl-project/verl#966, c2632) is a LoRA SFT that fails, GRPO the control
 * that works; it had read as a GRPO run, silently. The run the message fails with or asks about is
 * the setup, the other is said in the reply as not used. Which one that is follows, in this order:
 * the clause that fails or asks against the clause that works ("GRPO runs normally but SFT with LoRA
 * OOMs", "…OOM이 나는데 GRPO는 잘 돌아갑니다", "…一直OOM，而GRPO全参数训练却可以正常跑"); else the side a
 * contrasting word opens ("while GRPO", "whereas DPO", "unlike PPO", "compared to GRPO", 而 / 相比 /
 * 반면) is the yardstick. An algorithm named only in a title over a body that asks about SFT ("SFT Max
 * Sequence Length & GRPO" over "When running the `sft` … lora", huggingface/gpt-oss-recipes#17, c2624)
 * is a second topic of the title, not the run.
 */
export const CONTRASTED_METHODS_RULE = {
  id: 'reconcile.contrasted-methods',
  example: 'I found that LoRA-based SFT is always unable to run (OOM), while GRPO (full-parameter) can be trained normally.',
  source: 'verl-project/verl#966 (c2632); huggingface/gpt-oss-recipes#17 (c2624)',
} as const;

/** Where a clause turns: a sentence's end, a comma or semicolon, and the words that open a contrasted clause. */
const TURN = /[.?!](?=\s|$)|[。？！；;，,\n]|\b(?:while|whereas|but|however|unlike|compared\s+(?:to|with)|than|versus|vs\.?)\b|而|但是?|可是|相比于?|比起|不像|(?<=[는은]데|지만|반면에?)\s/gi;
/**
 * A contrasted clause opened by its word right before the method: the yardstick side, not the run ("while GRPO",
 * "unlike PPO", 而GRPO, 相比GRPO). Only an article or a preposition between: "while running `accelerate launch
 * spin/run_spin.py` I get … out of memory" (c1630), "while using the DPOTrainer" (c560), "while doing PPO" (c887) are times, not contrasts.
 */
const YARDSTICK_OPENING = /^\s*(?:while|whereas|unlike|compared\s+(?:to|with)|than|versus|vs\.?|而|相比于?|比起|不像)\s*(?:(?:the|a|an|with|for)\s+){0,2}$/i;
const opens = (text: string, side: Side, item: Item) => YARDSTICK_OPENING.test(text.slice(side.at, item.at));
/** A run said to work: "can be trained normally", "trains fine", "fits", 可以正常跑, 没问题, 잘 돌아갑니다. */
const WORKS = /\b(?:(?:can|could)\s+(?:be\s+)?(?:trained|run|ran|train)\s+(?:normally|fine|well|successfully|without)|(?:trains?|trained|runs?|ran|works?|worked|goes|went)\s+(?:fine|well|normally|ok|okay|smoothly|perfectly|without)|works?|worked|fits?|succeed\w*|no\s+(?:problem|issue|oom)s?|is\s+fine|was\s+fine)\b|正常|没(?:有)?问题|可以跑|能跑|跑得起来|跑起来了|(?:可以|能)(?:训练|执行|运行)|잘\s*(?:돌아|되|돼|됩|동작|작동)|문제\s*없|정상/i;
/** A run said to fail or asked about: OOM, out of memory, unable to run, 爆显存, 显存不足, 메모리 부족. */
const FAILS = /\b(?:oom\w*|out\s+of\s+memory|unable\s+to\s+(?:run|train)|(?:can(?:no|')t|could\s*n[o']t)\s+(?:run|train|fit)|fails?|failed|crash\w*|will\s+(?:that|it)\s+(?:cause|oom)|need\w*\s+more\s+memory|requires?\s+more)\b|爆显存|显存(?:溢出|不足|不够)|报错|跑不起来|메모리\s*부족|터지/i;

interface Side {
  at: number;
  end: number;
  clause: string;
}

/** The clause holding `at`: the text between the turns around it, with the turn that opens it. */
function clauseAt(text: string, at: number): Side {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(TURN)) {
    const i = m.index!;
    if (i <= at) start = /^[\p{L}]/u.test(m[0]) ? i : i + m[0].length;
    else {
      end = i;
      break;
    }
  }
  return { at: start, end, clause: oneSpacedWords(text.slice(start, end)) };
}

/** A supervised method said: LoRA / QLoRA, or a training mode written as sft, full or 全参 / 全量. */
const supervised = (i: Item, text: string) =>
  i.kind === 'lora' || (i.kind === 'mode' && /(?:sft|full|全量|全参|fine-?tun|微调)/i.test(text.slice(i.at, i.end)));
const algorithm = (i: Item): i is Extract<Item, { kind: 'framework' }> => i.kind === 'framework' && ALGORITHMS.has(i.value);

/** What a side says of its run: 1 it works, -1 it fails or is asked about, 0 neither. */
const verdict = (s: Side) => (FAILS.test(s.clause) ? -1 : WORKS.test(s.clause) ? 1 : 0);

export function contrastedMethods(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const algos = items.filter(algorithm);
  const others = items.filter((i) => supervised(i, text));
  if (algos.length === 0 || others.length === 0) return items;
  const titled = titleOnly(algos, text);
  if (titled) return setAside(items, algos, [], `"${titled}" is named in the title only, beside the SFT the message asks about`, notes);
  const algoSide = clauseAt(text, algos[0]!.at);
  const other = others.find((o) => clauseAt(text, o.at).at !== algoSide.at);
  if (!other || others.some((o) => clauseAt(text, o.at).at === algoSide.at && o.kind === 'lora')) return items;
  const otherSide = clauseAt(text, other.at);
  const [a, b] = [verdict(algoSide), verdict(otherSide)];
  const [algoOpens, otherOpens] = [opens(text, algoSide, algos[0]!), opens(text, otherSide, other)];
  const decided = a !== b && a !== 0 && b !== 0;
  const algoIsYardstick = decided ? a > b : a !== -1 && algoOpens && !otherOpens;
  const otherIsYardstick = decided ? b > a : b !== -1 && otherOpens && !algoOpens;
  if (algoIsYardstick) {
    const inClause = items.filter((i) => i.at >= algoSide.at && i.at < algoSide.end && supervised(i, text));
    return setAside(items, algos, inClause, `"${algos[0]!.text.trim()}" is the run the message sets against the one it asks about ("${algoSide.clause.trim()}")`, notes);
  }
  if (otherIsYardstick) {
    const inClause = others.filter((i) => i.at >= otherSide.at && i.at < otherSide.end);
    return setAside(items, inClause, [], `"${other.text.trim()}" is the run the message sets against the ${algos[0]!.value.toUpperCase()} run it asks about ("${otherSide.clause.trim()}")`, notes);
  }
  return items;
}

/** An algorithm named only in the first line of a titled message whose body names the supervised run and never the algorithm. */
const SFT_WORD = /\bsft\b|监督微调|supervised fine-?tun/i;

function titleOnly(algos: Item[], text: string): string | null {
  const titleEnd = text.search(/\n\s*\n/);
  if (titleEnd < 0 || algos.some((a) => a.at > titleEnd)) return null;
  // The title names SFT beside the algorithm ("SFT Max Sequence Length & GRPO") and the body asks about SFT: a QLoRA GRPO
  // run titled "GRPO" (c338, c887) names its adapters in the body and stays the algorithm's.
  const body = text.slice(titleEnd);
  if (!SFT_WORD.test(text.slice(0, titleEnd)) || !SFT_WORD.test(body)) return null;
  return algos[0]!.text.trim();
}

function setAside(items: Item[], dropped: Item[], alsoDropped: Item[], why: string, notes: string[]): Item[] {
  const gone = new Set([...dropped, ...alsoDropped]);
  notes.push(`${why}: read as not used; the estimate is for the other run`);
  return items.filter((i) => !gone.has(i));
}
