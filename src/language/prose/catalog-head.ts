import { MODELS } from '../../catalog/index.js';
import { modelIdOf } from '../lexicon.js';
import { isKindWord } from '../model-kinds.js';

/**
 * A catalog model's name with a tag the catalog does not know glued after it (rmodel20, issue 22): a
 * conversion's or a release's own word ("DeepSeek-R1-Channel-INT8", sgl-project/sglang#4418, corpus c2845;
 * "DeepSeek-V3.1-w8a8-mtp-QuaRot", vllm-project/vllm-ascend#11255, c3190; "Kimi-K2.5",
 * SemiAnalysisAI/InferenceX#1587, c2607). The name failed the catalog as a whole and the reply asked
 * "Which model?" though the user had named one. Read as the catalog model its head is, on weak evidence:
 * the reply names the model read and the words it did not know, so a different model is one word away.
 *
 * Not when the tail may make another model: a size ("-distill-qwen-7b"), a kind word ("-VL", "-Audio":
 * model-kinds.ts), a word that names another member of a family (OTHER_MEMBER: "Phi-4-mini" is not
 * Phi-4, "GLM-4.5-Air" not GLM-4.5) or a version ("qwen-vl-2", corpus c2437: Qwen2.5-VL, not Qwen-VL).
 * Only a head with no size: "falcon-40b-nf4dq-chat-…" (c046) or "chatglm2-6b-int4.flm" (c2059) are read
 * by their size, and the tail's words (a format) stay for the rules that read them.
 */
const OTHER_MEMBER =
  /^(?:mini|small|medium|large|xl|xxl|lite|light|tiny|nano|micro|flash|air|plus|max|turbo|pro|ultra|distill|distilled|moe|coder|code|math|next|reward|rm|prm|embed|embedding|guard|vl|o)$/;

/** A size in the tail ("7b", "0.5b", "350m", "8x7b", "a3b"): another model's. */
const SIZE_IN_TAIL = /\d(?:\.\d+)?[bm](?![a-z])|\d+x\d/;

export interface CatalogHead {
  /** The catalog id the head names. */
  id: string;
  /** The characters of `name` the head spans (the rest is the unknown tag). */
  end: number;
}

/** The longest head of `name`, cut at a `-`, `_` or `.`, that is a catalog model, with a tail that names no other model. */
export function catalogHead(name: string): CatalogHead | null {
  for (let cut = name.length - 1; cut > 1; cut--) {
    const c = name[cut];
    if (c !== '-' && c !== '_' && c !== '.') continue;
    const id = modelIdOf(name.slice(0, cut));
    if (!id) continue;
    // A head with its size is read by the size path (read-tokens/model-names.ts), which keeps the tail's words.
    if (SIZE_IN_TAIL.test(name.slice(0, cut))) return null;
    const tail = name.slice(cut + 1);
    if (SIZE_IN_TAIL.test(tail)) return null;
    // A version after the name is a later release ("qwen-vl-2"), except a point release of one ("kimi-k2.5").
    if (/^\d/.test(tail) && !(c === '.' && /\d$/.test(name.slice(0, cut)))) return null;
    if (tail.split(/[-_.]+/).some((w) => isKindWord(w) || OTHER_MEMBER.test(w))) return null;
    return { id, end: cut };
  }
  return null;
}

/** What the reply says of a head read: the model it took and the words of `name` (the word less its format suffixes) it did not know. */
export function catalogHeadNote(word: string, name: string, head: CatalogHead): string {
  const model = MODELS.find((m) => m.id === head.id)?.name ?? head.id;
  return `"${word}" read as ${model}: the catalog does not know "${name.slice(head.end + 1)}" after it; name the model if it is another`;
}
