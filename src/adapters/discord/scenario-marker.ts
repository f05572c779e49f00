import type { APIEmbed } from 'discord.js';
import type { DiscordMessage } from '../../render/discord.js';
import { REQUEST_FOOTER_PREFIX } from '../../render/discord.js';
import { EMBED_LIMITS, embedLength } from '../../render/discord/limits.js';
import type { Reply } from '../../reply/types.js';
import { codeOfAnswer, decodeAnswerScenario, type AnswerScenario } from '../../state/scenario-code.js';

/**
 * An estimate's resolved scenario, written into its own message (issue 24, item 2): one line of
 * the embed footer holds its code (src/state/scenario-code.ts, `s1.…`, usually 200–450
 * characters). Buttons' custom ids (100 characters) cannot hold a scenario, and the store may
 * be empty after a restart; the message can. Discord hands the clicked message to a button
 * interaction (gateway and HTTP alike) and returns it when a thread is read back, so a button
 * and a follow-up start from the answered scenario without the store and without re-reading a
 * pasted config or fetching a Hub model again.
 *
 * Why the footer: it is plain text that Discord stores and returns as written, it is small and
 * grey under the answer, and it has room (2,048). A field would sit in the answer's body; an
 * embed or author URL would make the headline a link to nowhere, and Discord refuses a
 * malformed one, failing the whole answer. When the code would push the embed past a limit, it
 * goes without how the answer was read (its defaults), and when even that does not fit it is
 * left out: the store (and, for older answers, the canonical request) remain.
 */

/** The footer lines of an embed. */
function footerLines(embed: APIEmbed | undefined): string[] {
  return embed?.footer?.text ? embed.footer.text.split('\n') : [];
}

/**
 * The message with its estimate's scenario code in the first embed's footer, when it fits: the
 * scenario as read, with the OOM measured in its thread (issue 24), so an answer rebuilt after a
 * restart still says how far off the estimate was. A NaN triage carries the setup it was read
 * against, for its "Memory estimate" button.
 */
export function withScenarioMarker(rendered: DiscordMessage, reply: Reply): DiscordMessage {
  const [first, ...rest] = rendered.embeds;
  if (!first) return rendered;
  const lines = footerLines(first);
  // The room a new footer line has: in the footer, and in the embed (whose total counts the footer once).
  const footerRoom = EMBED_LIMITS.footer - (lines.length ? lines.join('\n').length + 1 : 0);
  const embedRoom = EMBED_LIMITS.total - embedLength({ ...first, footer: lines.length ? { text: `${lines.join('\n')}\n` } : undefined });
  const code = codeOfAnswer(reply, Math.min(footerRoom, embedRoom));
  if (code === null) return rendered;
  const marked: APIEmbed = { ...first, footer: { ...first.footer, text: [...lines, code].join('\n') } };
  if (marked.footer!.text.length > EMBED_LIMITS.footer || embedLength(marked) > EMBED_LIMITS.total) return rendered;
  return { ...rendered, embeds: [marked, ...rest] };
}

/** What a message's footer says about its answer: the resolved scenario, and the request a hash-named answer carries. */
export interface FooterAnswer {
  scenario: AnswerScenario | null;
  request: string | null;
}

export function answerInFooter(footer: string | null | undefined): FooterAnswer {
  const lines = footer ? footer.split('\n') : [];
  const scenario = lines.map(decodeAnswerScenario).find((found) => found !== null) ?? null;
  const requestLine = lines.find((line) => line.startsWith(REQUEST_FOOTER_PREFIX));
  return { scenario, request: requestLine ? requestLine.slice(REQUEST_FOOTER_PREFIX.length) : null };
}
