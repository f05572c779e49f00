import { hubTokenSpans } from '../../hub/ids.js';
import type { Piece } from '../mapped-text.js';
import { ownerNamesAModel } from '../model-owner.js';

type Rewrite = (match: RegExpExecArray) => string | Piece[];

/**
 * A rewrite that leaves Hub ids alone: a repo id kept whole (a link, a path) or the word
 * "config.json" that stands for a pasted config reaches the lexer as one `hub` token, so no
 * later rewrite may blank it as a file name or cut a suffix off its name ("-bnb-4bit").
 */
export function outsideHubIds(rewrite: Rewrite): Rewrite {
  return (m) => {
    const at = m.index;
    const end = at + m[0].length;
    return hubSpans(m.input).some(([from, to]) => at < to && from < end) ? m[0] : rewrite(m);
  };
}

let lastSpans: { text: string; spans: [number, number][] } = { text: '', spans: [] };

/** Where Hub ids stand in `text`: the lexer's `hub` token (one compiled pattern, src/hub/ids.ts), tried where a name may start. */
function hubSpans(text: string): [number, number][] {
  if (lastSpans.text === text) return lastSpans.spans;
  // "qwen3.6/qwen3.5" is two releases, not a repo (model-owner.ts): the prose rules read each name.
  const spans = text.includes('/') || text.includes('config.json') ? hubTokenSpans(text).filter(([from, to]) => !ownerNamesAModel(text.slice(from, to))) : [];
  lastSpans = { text, spans };
  return spans;
}
