import { hubTokenSource } from '../../hub/ids.js';
import type { Piece } from '../mapped-text.js';

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

let hubSpanPattern: RegExp | null = null;
let lastSpans: { text: string; spans: [number, number][] } = { text: '', spans: [] };

/** Where Hub ids stand in `text`: the lexer's `hub` token, tried where a name may start. */
function hubSpans(text: string): [number, number][] {
  if (lastSpans.text === text) return lastSpans.spans;
  const spans: [number, number][] = [];
  if (text.includes('/') || text.includes('config.json')) {
    hubSpanPattern ??= new RegExp(`(?<![a-z0-9._\\-/:])(?:${hubTokenSource()})`, 'g');
    for (const m of text.matchAll(hubSpanPattern)) spans.push([m.index, m.index + m[0].length]);
  }
  lastSpans = { text, spans };
  return spans;
}
