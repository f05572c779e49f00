import { ChannelType, InteractionType } from 'discord.js';
import { z } from 'zod';
import type { Requester } from '../../admission.js';
import { interactionRequester, permitsThreads, type InteractionPlace } from '../handling/replies.js';
import { answerInFooter } from '../scenario-marker.js';

/**
 * The parts of an interaction payload (discord.com/developers/docs/interactions/receiving-and-responding)
 * that headroom reads, checked with zod so a handler never meets a missing field. Everything
 * else Discord sends is ignored.
 */

interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOption[];
}

const optionSchema: z.ZodType<CommandOption> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.number(),
    value: z.union([z.string(), z.number(), z.boolean()]).optional(),
    focused: z.boolean().optional(),
    options: z.array(optionSchema).optional(),
  }),
);

const idOnly = z.object({ id: z.string().min(1) });

const baseSchema = z.object({
  id: z.string().min(1),
  application_id: z.string().min(1),
  token: z.string().min(1),
  channel_id: z.string().optional(),
  channel: z.object({ id: z.string(), type: z.number() }).optional(),
  /** Absent in a DM. */
  guild_id: z.string().optional(),
  /** The app's permissions where the interaction happened: a decimal bit set. */
  app_permissions: z.string().optional(),
  /** In a server: the member, with its user; in a DM: `user`. */
  member: z.object({ user: idOnly }).optional(),
  user: idOnly.optional(),
});

const commandData = z.object({ name: z.string(), options: z.array(optionSchema).optional() });
const componentData = z.object({ custom_id: z.string(), component_type: z.number() });
/** The message a component sits on: its id and first embed's footer (where an answer carries its scenario). */
const componentMessage = z.object({ id: z.string(), embeds: z.array(z.object({ footer: z.object({ text: z.string() }).optional() }).passthrough()).optional() }).passthrough();

/** What every command, button and autocomplete carries: how to answer it later, and whose it is. */
export interface InteractionCommon {
  id: string;
  applicationId: string;
  /** Valid 15 minutes: edits and follow-ups go to /webhooks/{application_id}/{token}. */
  token: string;
  requester: Requester;
  place: InteractionPlace;
}

export type ParsedInteraction =
  | { kind: 'ping' }
  | (InteractionCommon & { kind: 'command'; name: string; options: Map<string, string> })
  | (InteractionCommon & { kind: 'component'; customId: string; componentType: number })
  | (InteractionCommon & { kind: 'autocomplete'; name: string; focused: string })
  | { kind: 'unknown'; type: number }
  | { kind: 'malformed'; reason: string };

const THREAD_TYPES = new Set<number>([ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.AnnouncementThread]);

/** Leaf options, subcommands flattened (headroom's command has none, but a payload may nest them). */
function leaves(options: CommandOption[] = []): CommandOption[] {
  return options.flatMap((option) => (option.options ? leaves(option.options) : [option]));
}

function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'payload'}: ${issue.message}` : 'invalid payload';
}

/**
 * Discord nests options at most three deep (subcommand group → subcommand → option). Deeper
 * payloads are refused before zod walks them: 1,000 levels exhausted the stack and came back as
 * a 500 (issue 15). Counted without recursion.
 */
export const MAX_OPTION_DEPTH = 4;

function optionsDepth(data: unknown): number {
  let depth = 0;
  let level: unknown[] = [data];
  while (level.length > 0 && depth <= MAX_OPTION_DEPTH) {
    const next: unknown[] = [];
    for (const node of level) {
      const options = (node as { options?: unknown } | null)?.options;
      if (Array.isArray(options)) next.push(...options);
    }
    if (next.length > 0) depth += 1;
    level = next;
  }
  return depth;
}

export function parseInteraction(json: unknown): ParsedInteraction {
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== 'number') return { kind: 'malformed', reason: 'type: expected a number' };
  if (type === InteractionType.Ping) return { kind: 'ping' };
  const known = [InteractionType.ApplicationCommand, InteractionType.MessageComponent, InteractionType.ApplicationCommandAutocomplete] as number[];
  if (!known.includes(type)) return { kind: 'unknown', type };

  const base = baseSchema.safeParse(json);
  if (!base.success) return { kind: 'malformed', reason: issueOf(base.error) };
  const userId = base.data.member?.user.id ?? base.data.user?.id;
  if (!userId) return { kind: 'malformed', reason: 'member.user / user: missing' };
  const channelId = base.data.channel_id ?? base.data.channel?.id ?? null;
  const common: InteractionCommon = {
    id: base.data.id,
    applicationId: base.data.application_id,
    token: base.data.token,
    requester: interactionRequester(userId, channelId),
    place: {
      channelId,
      inThread: THREAD_TYPES.has(base.data.channel?.type ?? -1),
      userId,
      dm: base.data.guild_id === undefined,
      canOpenThreads: permitsThreads(base.data.app_permissions),
    },
  };
  const data = (json as { data?: unknown }).data;
  if (optionsDepth(data) > MAX_OPTION_DEPTH) return { kind: 'malformed', reason: `data.options: nested deeper than ${MAX_OPTION_DEPTH} levels` };

  if (type === InteractionType.MessageComponent) {
    const component = componentData.safeParse(data);
    if (!component.success) return { kind: 'malformed', reason: `data.${issueOf(component.error)}` };
    const message = componentMessage.safeParse((json as { message?: unknown }).message);
    const footer = answerInFooter(message.success ? message.data.embeds?.[0]?.footer?.text : null);
    const place: InteractionPlace = message.success ? { ...common.place, messageId: message.data.id, messageScenario: footer.scenario, messageRequest: footer.request } : common.place;
    return { ...common, place, kind: 'component', customId: component.data.custom_id, componentType: component.data.component_type };
  }
  const command = commandData.safeParse(data);
  if (!command.success) return { kind: 'malformed', reason: `data.${issueOf(command.error)}` };
  const options = leaves(command.data.options);
  if (type === InteractionType.ApplicationCommandAutocomplete) {
    const focused = options.find((option) => option.focused);
    return { ...common, kind: 'autocomplete', name: command.data.name, focused: String(focused?.value ?? '') };
  }
  const values = new Map(options.filter((o) => o.value !== undefined).map((o) => [o.name, String(o.value)] as const));
  return { ...common, kind: 'command', name: command.data.name, options: values };
}
