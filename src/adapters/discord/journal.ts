import type { ChatInputCommandInteraction, Message } from 'discord.js';
import type { Gate } from '../admission.js';
import { journalWrite, type AcknowledgedRequest } from '../../state/request-journal.js';
import type { HandlerDeps } from './deps.js';

/**
 * Discord requests in the request journal (src/state/request-journal.ts): a gateway message from
 * the moment it is known to be a request for us (its gate: handleMessage passes the gate only
 * then) until handled; a slash command from its start until handled, with its interaction token.
 * A restart tells what an earlier process left (left-over.ts). Never the message's text. A slash
 * command that came to the HTTP interactions endpoint is journaled from its deferral (deferral below).
 */

const journalled = (deps: HandlerDeps, write: Promise<void> | undefined) => journalWrite('discord', deps.log, write);

export function messageEntry(message: Pick<Message, 'id' | 'channelId'> & { author: { id: string } }, now = Date.now()): AcknowledgedRequest {
  return { id: `discord:message:${message.id}`, platform: 'discord', channel: message.channelId, request: message.id, user: message.author.id, ackedAt: now, phase: 'acked' };
}

/** The token lets a restart edit the deferred answer (15 minutes); kept only in the journal row. */
export function interactionEntry(interaction: Pick<ChatInputCommandInteraction, 'id' | 'channelId' | 'applicationId' | 'token'> & { user: { id: string } }, now = Date.now()): AcknowledgedRequest {
  return {
    id: `discord:interaction:${interaction.id}`,
    platform: 'discord',
    channel: interaction.channelId,
    request: interaction.id,
    user: interaction.user.id,
    ackedAt: now,
    phase: 'acked',
    replyVia: { kind: 'discord_interaction', applicationId: interaction.applicationId, token: interaction.token },
  };
}

/**
 * Runs `handle` with a gate that, when it admits the message, first journals it; the entry is
 * forgotten once `handle` is done, answered or not. Messages never admitted (other people's
 * chatter) are never written.
 */
export async function journaledMessage<T>(deps: HandlerDeps, message: Message, gate: Gate, handle: (gate: Gate) => Promise<T>): Promise<T> {
  const journal = deps.journal;
  if (!journal) return handle(gate);
  const entry = messageEntry(message);
  let added = false;
  const journaling: Gate = async (who, refuse, options) => {
    if (!(await gate(who, refuse, options))) return false;
    added = true;
    await journalled(deps, journal.add(entry));
    return true;
  };
  try {
    return await handle(journaling);
  } finally {
    if (added) await journalled(deps, journal.remove(entry.id));
  }
}

/** A slash command in the journal while it is handled. */
export async function journaledInteraction<T>(deps: HandlerDeps, interaction: ChatInputCommandInteraction, handle: () => Promise<T>): Promise<T> {
  const journal = deps.journal;
  if (!journal) return handle();
  const entry = interactionEntry(interaction);
  await journalled(deps, journal.add(entry));
  try {
    return await handle();
  } finally {
    await journalled(deps, journal.remove(entry.id));
  }
}

/** How an HTTP-endpoint slash command (http/index.ts) moves through the journal; each step is a no-op without one. */
export interface DeferralJournal {
  /** Before the deferral goes back: from then on Discord shows "thinking…" and the user is owed an answer. */
  deferring(): Promise<void>;
  /** Before each edit of the deferred answer: it may be visible from now on. */
  editing(): Promise<void>;
  /** Answered, or given up: forgotten. */
  done(): Promise<void>;
}

/**
 * The HTTP endpoint's slash command in the journal from its deferral (an ephemeral refusal or an
 * immediate answer owes nothing, so it is never written) until handled, with its interaction token.
 */
export function deferralJournal(deps: HandlerDeps, entry: AcknowledgedRequest): DeferralJournal {
  const journal = deps.journal;
  let added = false;
  return {
    async deferring() {
      if (!journal) return;
      added = true;
      await journalled(deps, journal.add(entry));
    },
    async editing() {
      if (added) await journalled(deps, journal?.posting(entry.id));
    },
    async done() {
      if (added) await journalled(deps, journal?.remove(entry.id));
    },
  };
}
