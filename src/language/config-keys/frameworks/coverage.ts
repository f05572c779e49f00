import { NO_MEMORY_EFFECT } from '../ignored.js';
import { tableHandlerOf } from '../table.js';
import type { Framework } from './option.js';

/**
 * How a framework's option list resolves in the reader (issue 22): each spelling read as a fact
 * (by its own handler, the shared tables, or the framework's reader), set aside as changing no
 * memory, said as not modelled, or unknown to the reader. bench/keys-train.ts prints it;
 * test/language/framework-options.test.ts holds every framework to no unknown option.
 */
export type Resolution = 'read' | 'no-effect' | 'unmodelled' | 'unknown';

export interface Coverage {
  framework: Framework;
  options: number;
  spellings: number;
  byResolution: Record<Resolution, string[]>;
}

export function resolutionOf(framework: Framework, spelling: string): Resolution {
  const option = framework.options.find((o) => o.spellings.includes(spelling));
  if (!option) return 'unknown';
  const is = option.is;
  if ('noMemoryEffect' in is) return 'no-effect';
  if ('notModelled' in is) return 'unmodelled';
  if (is.read !== 'shared') return 'read';
  // Shared: the tables read it, or list it as changing nothing; neither is unknown.
  if (tableHandlerOf(spelling) !== undefined) return 'read';
  return NO_MEMORY_EFFECT.has(spelling) ? 'no-effect' : 'unknown';
}

export function coverageOf(framework: Framework): Coverage {
  const byResolution: Record<Resolution, string[]> = { read: [], 'no-effect': [], unmodelled: [], unknown: [] };
  const spellings = framework.options.flatMap((o) => o.spellings);
  for (const s of spellings) byResolution[resolutionOf(framework, s)].push(s);
  return { framework, options: framework.options.length, spellings: spellings.length, byResolution };
}
