import type { types } from '@slack/bolt';
import type { DiagnosisReply } from '../../reply/types.js';
import { NOTICE_CHARS, noticesLine } from '../first-screen.js';
import { actions, button, context, fitBlocks, section, type RankedBlock } from './blocks.js';
import { ACTION_IDS, encodeButtonValue } from './actions.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, gib, truncate } from './limits.js';

export function diagnosisFallback(reply: DiagnosisReply): string {
  return truncate(reply.headline, SLACK_LIMITS.fallbackText);
}

/** A pasted error explained: the diagnosis, the numbers it rests on, what to do, the thread's levers. */
export function diagnosisBlocks(reply: DiagnosisReply, note: string | null = null): types.KnownBlock[] {
  const icon = reply.readable ? ':mag:' : ':grey_question:';
  const ranked: RankedBlock[] = [{ block: section(`${icon} *${escapeMrkdwn(reply.headline)}*`, 1500), rank: 0 }];
  if (!reply.readable) return fitBlocks(ranked);
  ranked.push({ block: context([`read as: ${escapeMrkdwn(reply.source)}`, ...(note ? [escapeMrkdwn(note)] : [])]), rank: 1 });
  if (reply.setup) {
    ranked.push({ block: section(`*Your setup* \`${codeSafe(reply.setup.request)}\`: ${escapeMrkdwn(reply.setup.verdict)}`, 1000), rank: 0 });
    // Its weak facts and questions, as the estimate's first screen says them (issue 22 item 5).
    const notices = noticesLine(reply.setup);
    if (notices) ranked.push({ block: context([truncate(escapeMrkdwn(notices), NOTICE_CHARS)]), rank: 0 });
  }
  if (reply.evidence.length) {
    ranked.push({ block: section(`*What the log says*\n${reply.evidence.map((e) => `• ${escapeMrkdwn(e)}`).join('\n')}`, 2500), rank: 1 });
  }
  if (reply.comparison) ranked.push({ block: section(`*Against my estimate*\n${escapeMrkdwn(reply.comparison)}`, 1500), rank: 1 });
  if (reply.actions.length) {
    ranked.push({ block: section(`*What to do*\n${reply.actions.map((a, i) => `${i + 1}. ${escapeMrkdwn(a)}`).join('\n')}`, 2500), rank: 0 });
  }
  if (reply.levers.length) {
    const rows = reply.levers.map((l) => `${l.fits === null ? '·' : l.fits ? '✓' : '✗'} \`${codeSafe(l.change)}\` ${gib(l.deviceBytes)} GiB — ${escapeMrkdwn(l.cost)}`);
    ranked.push({ block: section(`*Levers for this thread's setup* (each re-estimated)\n${rows.join('\n')}`, 2500), rank: 2 });
  }
  // The diagnosis comes first; the memory answer for its setup is one click away.
  if (reply.memoryRequest) ranked.push({ block: actions([button('Memory estimate', ACTION_IDS.estimate, encodeButtonValue(reply.memoryRequest, null))]), rank: 0 });
  return fitBlocks(ranked);
}
