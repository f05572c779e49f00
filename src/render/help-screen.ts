import type { HelpReply, Tip } from '../reply/types.js';

/**
 * What a chat help shows before any click (issue 24): at most HELP_SCREEN_LINES lines, counting
 * the title and the "More" button, shown only to the person who asked; "More" shows the rest,
 * to them alone. Platform-neutral lines; each renderer sets them in its own markup.
 */
export const HELP_SCREEN_LINES = 10;

/** Examples on the first screen; "More" has the others. */
const FIRST_EXAMPLES = 4;

export type HelpLine = { kind: 'text'; text: string } | { kind: 'example'; text: string } | { kind: 'tip'; title: string };

export interface HelpScreen {
  title: string;
  lines: HelpLine[];
  /** Whether a "More" button follows (it takes one line). */
  more: boolean;
}

/** The usage text's line on following up, the one thing beyond examples a first screen needs. */
function followUpLine(text: string): string | null {
  return text.split('\n').find((line) => /^follow up/i.test(line.trim()))?.trim() ?? null;
}

function tipLines(tips: Tip[]): HelpLine[] {
  return tips.flatMap((tip): HelpLine[] => [{ kind: 'tip', title: tip.title }, ...tip.text.split('\n').map((text): HelpLine => ({ kind: 'text', text }))]);
}

export function helpFirstScreen(reply: HelpReply): HelpScreen {
  const room = HELP_SCREEN_LINES - 2; // the title, and the "More" button
  if (reply.text) {
    const examples = reply.examples.slice(0, FIRST_EXAMPLES);
    const follow = followUpLine(reply.text);
    const intro: HelpLine = { kind: 'text', text: examples.length ? 'Describe the run in a few words, in any order, e.g.:' : 'Describe the run in a few words, in any order.' };
    const shown = examples.map((text): HelpLine => ({ kind: 'example', text }));
    const lines = [intro, ...shown, ...(follow ? [{ kind: 'text', text: follow } satisfies HelpLine] : [])].slice(0, room);
    return { title: reply.title, lines, more: true };
  }
  const all = tipLines(reply.tips);
  return { title: reply.title, lines: all.slice(0, room), more: all.length > room || reply.examples.length > 0 };
}

/** What "More" shows: everything the first screen left out, each example once. */
export function helpRest(reply: HelpReply): HelpReply {
  if (reply.text) return { ...reply, title: 'More on how to ask', examples: reply.examples.slice(FIRST_EXAMPLES) };
  return { ...reply, title: `${reply.title} (all of it)` };
}
