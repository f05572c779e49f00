import { ENGINE_PRINTOUTS } from '../../engine-printouts.js';
import { ENGINE_NAMED } from '../../vocabulary.js';
import type { ProseRule } from '../types.js';

/**
 * An engine's printout quoted in a sentence or pasted where the segments read it as prose names the engine
 * (engine-printouts.ts): " RuntimeError: [TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/utils/
 * memory_utils.cu:32" under "### Reproduction" (OpenGVLab/InternVL#728, corpus c2502) is LMDeploy's TurboMind. The
 * printout's span is written as the engine's word, weak (said on the first screen with the printout's words); an
 * engine the user names in words wins (reconcile/engine-evidence.ts ranks a printout below it), and where the
 * message names one outside the printouts, the rule leaves them alone, as a log's evidence is (segments/log-evidence.ts).
 */

/** The words of the message outside every printout name an engine. */
function engineNamedOutside(text: string): boolean {
  let outside = text;
  for (const p of ENGINE_PRINTOUTS) outside = outside.replace(new RegExp(p.pattern.source, 'g'), ' ');
  // A source path's folders name the package again ("…/lmdeploy/src/turbomind/…", "…/sglang/python/sglang/srt/…").
  outside = outside.replace(/\S*\/\S*/g, ' ');
  return ENGINE_NAMED.test(outside) || /\bllama[.\- ]?cpp\b|\bollama\b|\btgi\b/.test(outside);
}

/**
 * Some printout stands in the text and no engine is named outside the printouts: one guard for all the
 * printout rules, so the engine asks it once per text (prose/engine.ts shares a guard among its rules).
 */
function printoutWithoutNamedEngine(t: string): boolean {
  return ENGINE_PRINTOUTS.some((q) => q.pattern.test(t)) && !engineNamedOutside(t);
}

export const ENGINE_PRINTOUT_RULES: readonly ProseRule[] = ENGINE_PRINTOUTS.map((p) => ({
  id: `prose.engine-${p.id}`,
  pattern: new RegExp(p.pattern.source, 'g'),
  when: printoutWithoutNamedEngine,
  // The engine's word over the span that names it, the rest of the match (a separator before it) kept blank.
  // Not inside a link: a page of another repository may hold a folder of the same name.
  write: (m: RegExpExecArray) => (/https?:\/\/\S*$/.test(m.input.slice(0, m.index + 1)) ? m[0] : ` ${p.engine} `.padEnd(m[0].length)),
  example: p.example,
  ...(p.source ? { source: p.source } : {}),
  weak: true as const,
}));
