import type { Item } from '../items.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';

type Hardware = Extract<Item, { kind: 'hardware' }>;

/**
 * The least hardware asked of a card the message names with no count and not as the user's own is
 * the count of that card: "llama 系列的最低部署要求是什么啊？llama70b在V100上能部署吗？" (what is the minimum
 * deployment requirement? can llama70b be deployed on V100? InternLM/lmdeploy#585, c1087: read as one
 * V100 16GB and no question, so the reply answered "does not fit" where the user asked for the least
 * setup), "What are the minimum requirements to serve llama-2-70b? Can it run on A100s?", "최소 사양이
 * 어떻게 되나요? A100에서 돌릴 수 있나요?". The minimum of a thing is a count of it; the card is the one
 * counted. Read as "how many <card>" (reconcile/asked-card.ts then says it, with "say on 1x <card> if you
 * have one"). A card with a count ("on 8x V100"), one the user has ("my 4090", "我有一张A100"), or a
 * second card leaves the message as it was (question-structure.ts: "the estimate of that card answers
 * what are the minimum hardware requirements", c631, c1313).
 */
export const MINIMUM_ON_CARD_RULE = {
  id: 'reconcile.minimum-on-card',
  example: 'llama 系列的最低部署要求是什么啊？llama70b在V100上能部署吗？',
  source: 'InternLM/lmdeploy#585',
} as const;

/** The least setup asked: minimum requirement(s) / specs / configuration, 最低(部署)要求 / 最低配置, 최소 사양, 最低スペック, configuration minimale, requisitos mínimos, Mindestanforderungen. */
const MINIMUM = new RegExp(
  [
    String.raw`\b(?:min(?:imum|imal)?|lowest|least)\s+(?:(?:hardware|system|gpu|deployment|deploy|serving|inference|training|fine-?tuning|running)\s+)?(?:requirements?|reqs?|specs?|specifications?|config(?:uration)?s?|setup|hardware)\b`,
    String.raw`(?:最低|最小)(?:的)?(?:部署|运行|推理|训练|微调|使用)?(?:的)?(?:硬件|显卡|gpu)?(?:需求|要求|配置)`,
    String.raw`최소\s*(?:사양|요구\s*사항|하드웨어)`,
    String.raw`最低(?:限)?(?:の)?(?:スペック|要件|構成|環境)`,
    String.raw`\b(?:configuration|config)\s+minimale\b|\bexigences\s+minimales\b`,
    String.raw`\brequisitos\s+m[ií]nimos\b`,
    String.raw`\bmindestanforderungen\b`,
  ].join('|'),
  'i',
);

/** The user's own card: "I have", "my", "I am using", "we have", "我有", "我的", "我用", "手上", 제, 私の, "j'ai", "tengo", "ich habe". */
const OWN = /\b(?:i\s+have|i've\s+got|i\s+own|i\s+got|my|we\s+have|our|(?:i'm|i\s+am|we\s+are|we're)\s+(?:using|running|on)|i\s+use|we\s+use|using|j'ai|tengo|ich\s+habe)\b|我有|我的|我用|用的是|手上|手头|现有|제\s|私の/i;

/** A sentence that asks: a question mark or an asking word (what a title with no full stop also does). */
const ASKS = /[?？]|\b(?:what|which|how|can|could|will|would|is\s+it|are\s+they)\b|吗|什么|多少|能否|可以|어떻게|무엇|나요|ですか|quel|qu[ée]|cu[áa]l|welche/i;

export function minimumOnCard(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || items.some((i) => i.kind === 'howMany' || i.kind === 'question' || i.kind === 'compare')) return items;
  const ask = MINIMUM.exec(text);
  if (!ask) return items;
  const sentence = text.slice(sentenceStart(text, ask.index), sentenceStop(text, ask.index + ask[0].length)).trim();
  if (!ASKS.test(sentence) && /[.。!！]$/.test(sentence)) return items;
  const hw = items.filter((i): i is Hardware & Item => i.kind === 'hardware');
  if (hw.length === 0 || hw.some((h) => h.count !== null || h.nodes !== null || h.gpuId === null)) return items;
  if (hw.some((h) => h.gpuId !== hw[0]!.gpuId)) return items;
  if (hw.some((h) => OWN.test(text.slice(Math.max(0, h.at - 30), h.at)))) return items;
  // A card said with its memory ("40G A100 还剩25G", c738; "RTX A5000 24G", c1148) is described as one the user has.
  if (hw.some((h) => h.capacityGiB !== null || /\d\s*(?:gb|gib|g)\b|\d\s*g(?=[^a-z]|$)/i.test(h.text))) return items;
  // Written as the question "how many GPUs" at the asking words: asked-card.ts takes the card as the one counted, and says so.
  const howMany: Item = { kind: 'howMany', gpuId: null, at: ask.index, end: ask.index + ask[0].length, text: ask[0] };
  notes.push(`"${ask[0].trim()}" asks the least setup: read as how many ${hw[0]!.gpuId} it needs`);
  return [...items, howMany].sort((a, b) => a.at - b.at);
}
