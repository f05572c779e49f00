import type { MentionRow } from './framework-mentions.js';

/**
 * A framework cited as the source of a figure or a claim is a reference to the project, as a link's label
 * is (fact-cues.ts linkedName), not the program the run uses: "A ~13B GGUF should take around ~7.8 GB of
 * memory according to the llama.cpp repo" (janhq/jan#2216, c1796: the user runs Jan), "per the DeepSpeed
 * documentation …", "the unsloth README says …", 根据 llama.cpp 的文档. Said weak with its words (issue 22,
 * item 5); where the message runs another program, reconcile/mentioned-frameworks.ts sets it aside.
 *
 * "According to" cites whatever follows; "per" and 根据 only with a document noun after the name ("per the
 * DeepSpeed docs"), since "per" also divides and 根据 also says "based on" a tool used. "Following the
 * README" (按照, 参考) is doing what it says, and stays the run's.
 */

/** A document of the project: its repository, README, docs, wiki, paper, blog, page; 文档, 官方文档, 说明, 仓库, 官网. */
const DOCUMENT = String.raw`(?:'s)?\s*(?:official\s+)?(?:repo(?:sitory)?|readme|docs?|documentation|wiki|paper|blog|page|website|site|guide|faq|benchmarks?)\b`;
const DOCUMENT_ZH = String.raw`\s*(?:(?:的)\s*)?(?:(?:官方)\s*)?(?:文档|说明|仓库|官网|readme|README|论文|教程里的数据)`;

/** Just before the name: "according to (the)", "per (the)", "as stated in (the)", 根据 / 据. */
const CITING_BEFORE = /(?:\baccording\s+to|\bper|\bas\s+(?:stated|described|documented|mentioned|noted|shown|written)\s+(?:in|by|on))\s+(?:the\s+)?$|(?:根据|依据|据)\s*$/i;
/** Just after the name: "README says", "docs say", "documentation states". */
const SAYS_AFTER = new RegExp(String.raw`^${DOCUMENT}\s+(?:says?|said|states?|stated|claims?|shows?|recommends?|suggests?|mentions?)\b`, 'i');

export const CITATION_ROW: MentionRow = {
  id: 'mention.citation',
  kind: 'link',
  words: (text, at, end) => {
    const name = text.slice(at, end);
    const lead = CITING_BEFORE.exec(text.slice(Math.max(0, at - 28), at));
    const after = text.slice(end, end + 40);
    if (lead) {
      const doc = new RegExp(`^${DOCUMENT}|^${DOCUMENT_ZH}`, 'i').exec(after);
      // "according to X" cites X whatever follows; "per X" and 根据 X only with the document named.
      if (doc || /according/i.test(lead[0])) return `${lead[0]}${name}${doc?.[0] ?? ''}`.trim();
      return null;
    }
    const says = SAYS_AFTER.exec(after);
    return says ? `${name}${says[0]}`.trim() : null;
  },
  example: 'A ~13B GGUF should take around ~7.8 GB of memory according to the llama.cpp repo.',
  source: 'janhq/jan#2216 (c1796)',
};
