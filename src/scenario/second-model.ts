import type { FactTrace } from './facts.js';
import { looksLikeModelName } from './unknown-model.js';

/**
 * A second model the catalog does not know, named beside the one read (issue 22, item 5: never drop
 * a fact silently): "finetune CogAgent-chat、CogVLM-base-490都报错OOM" (zai-org/CogVLM#224, c1028) reads
 * CogVLM and left "CogAgent-chat" among the words not read, so the reply answered for one model where
 * the message asks about two. Such a name, joined to the model read by a list or comparison word
 * (、, "and", "or", "vs", 和, 还是 …), is said on the first screen: the estimate is for the model read
 * only, and the user may say the other's size to compare the two.
 */

export interface SecondModelRule {
  /** Dotted and stable: `second-model.…`. */
  id: string;
  /** The words between the two names that join them as a list or a comparison. */
  joiner: RegExp;
  example: string;
  /** The thread or corpus line it came from (`owner/repo#N`, `c123`). */
  source: string;
}

export const SECOND_MODEL_RULES: readonly SecondModelRule[] = [
  {
    id: 'second-model.beside',
    // A list's mark or word, or a comparison's, alone between the two names (spaces allowed):
    // 、 , ， / & + and or vs versus 和 与 跟 或 还是 以及 及 对比.
    joiner: /^\s*(?:[、,，/&+]|\band\b|\bor\b|\bvs\.?|\bversus\b|和|与|跟|或者?|还是|以及|及|对比)\s*$/i,
    example: '8卡24G 4090 finetune CogAgent-chat、CogVLM-base-490都报错OOM',
    source: 'zai-org/CogVLM#224 (c1028); the same pair in zai-org/CogVLM#398 ("CogAgent takes ~ 12.6GB, CogVLM takes ~ 11GB")',
  },
];

/**
 * A word the catalog does not read that still looks like a model's name where it stands beside one:
 * a name with a version or a part joined in ("nemotron-3-super", "CogAgent-chat"), or one written
 * in CamelCase ("CogAgent"). Plain words ("tested", "OOM") are none.
 */
function namesAModel(word: string, text: string): boolean {
  if (looksLikeModelName(word, text)) return true;
  if (!/^[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*$/.test(word) || word.length < 4) return false;
  const camel = /^[A-Z][a-z]+[A-Z][A-Za-z]*/.test(word);
  const joined = /^[A-Za-z]{3,}[-_.][A-Za-z0-9]/.test(word) && /[A-Z]/.test(word[0]!);
  return camel || joined;
}

/** The notice for a second, unknown model named beside the model read, or null. */
export function secondModelNotice(text: string, unread: readonly { word: string; at: number }[], facts: readonly FactTrace[]): string | null {
  const model = facts.find((f) => f.fact === 'model' && f.at !== null && f.end !== null);
  if (!model || !unread.length) return null;
  const named = text.slice(model.at!, model.end!).trim();
  for (const u of unread) {
    const end = u.at + u.word.length;
    const between = end <= model.at! ? text.slice(end, model.at!) : u.at >= model.end! ? text.slice(model.end!, u.at) : null;
    if (between === null || between.length > 12) continue;
    const rule = SECOND_MODEL_RULES.find((r) => r.joiner.test(between));
    if (!rule || !namesAModel(u.word, text)) continue;
    return `"${u.word}" beside "${named}" looks like a second model I don't know: only ${model.value} is estimated, not the other run the message contrasts (say its size to compare the two)`;
  }
  return null;
}
