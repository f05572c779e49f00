import type { SlackDeps } from './deps.js';
import { journalWrite, type AcknowledgedRequest } from '../../state/request-journal.js';

/** A journal write that never breaks an answer (journalWrite, src/state/request-journal.ts). */
export const journalled = (deps: Pick<SlackDeps, 'log'>, write: Promise<void> | undefined) => journalWrite('slack', deps.log, write);

export interface SlashCommandRequest {
  team_id: string;
  channel_id: string;
  user_id: string;
  trigger_id?: string;
  response_url: string;
}

/**
 * A slash command's journal entry: no message of its own to answer in a thread, so the notice
 * after a restart goes through its `response_url` (ephemeral, to whoever typed it), kept only here.
 */
export function slashCommandEntry(command: SlashCommandRequest, now = Date.now()): AcknowledgedRequest {
  const trigger = command.trigger_id ?? `${command.user_id}-${now}`;
  return {
    id: `slack:command:${command.team_id}:${trigger}`,
    platform: 'slack',
    channel: command.channel_id,
    request: trigger,
    user: command.user_id,
    ackedAt: now,
    phase: 'acked',
    replyVia: { kind: 'slack_response_url', url: command.response_url },
  };
}
