import type { AutocompleteInteraction } from 'discord.js';
import { AUTOCOMPLETE_LIMITS } from '../../../render/discord/limits.js';
import type { HandlerDeps } from '../deps.js';

export interface Choice {
  name: string;
  value: string;
}

function asChoice(item: unknown): Choice | null {
  if (typeof item === 'string') return { name: item, value: item };
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    const value = [record.value, record.text, record.insert, record.completion].find((v) => typeof v === 'string') as string | undefined;
    const name = [record.name, record.label, record.display].find((v) => typeof v === 'string') as string | undefined;
    if (value !== undefined) return { name: name ?? value, value };
    if (name !== undefined) return { name, value: name };
  }
  return null;
}

/**
 * Discord rejects the whole response if one choice is out of bounds: ≤ 25 choices, names and
 * values 1–100 characters. A value longer than 100 cannot be sent intact, so it is dropped
 * rather than cut (a cut request would read differently).
 */
export function toChoices(items: unknown): Choice[] {
  const list = Array.isArray(items) ? items : [];
  const seen = new Set<string>();
  const choices: Choice[] = [];
  for (const item of list) {
    const choice = asChoice(item);
    if (!choice || choice.value.length === 0 || choice.value.length > AUTOCOMPLETE_LIMITS.value || seen.has(choice.value)) continue;
    seen.add(choice.value);
    const name = choice.name.length > AUTOCOMPLETE_LIMITS.name ? `${choice.name.slice(0, AUTOCOMPLETE_LIMITS.name - 1)}…` : choice.name;
    choices.push({ name: name || choice.value, value: choice.value });
    if (choices.length === AUTOCOMPLETE_LIMITS.choices) break;
  }
  return choices;
}

/** Suggestions for what has been typed so far; none (never an error) when the completer fails or is absent. */
export async function suggest(partial: string, deps: HandlerDeps): Promise<Choice[]> {
  if (!deps.complete) return [];
  try {
    return toChoices(await deps.complete(partial, AUTOCOMPLETE_LIMITS.choices));
  } catch (error) {
    deps.log({ event: 'discord.autocomplete.failed', error: String(error) });
    return [];
  }
}

/** Autocomplete must be answered directly within 3 s (it cannot be deferred). */
export async function handleAutocomplete(interaction: AutocompleteInteraction, deps: HandlerDeps): Promise<void> {
  await interaction.respond(await suggest(String(interaction.options.getFocused() ?? ''), deps));
}
