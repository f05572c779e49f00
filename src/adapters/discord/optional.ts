import type { ChartFn, CompleteFn } from './deps.js';

/**
 * Modules built by other parts of headroom that the bot can run without: autocomplete and PNG
 * charts. The specifiers are variables so a build without them still type-checks and starts;
 * the bot then answers without suggestions or chart buttons.
 */
async function importOptional(specifier: string): Promise<Record<string, unknown> | null> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const COMPLETE_MODULE = '../../language/complete.js';
const CHART_MODULE = '../../render/chart/index.js';

export async function loadCompleter(): Promise<CompleteFn | null> {
  const mod = await importOptional(COMPLETE_MODULE);
  return typeof mod?.completions === 'function' ? (mod.completions as CompleteFn) : null;
}

export async function loadChart(): Promise<ChartFn | null> {
  const mod = await importOptional(CHART_MODULE);
  return typeof mod?.chartPng === 'function' ? (mod.chartPng as ChartFn) : null;
}
