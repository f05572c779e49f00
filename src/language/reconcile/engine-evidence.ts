import { ANY_ENGINE_PRINTOUT } from '../engine-printouts.js';
import type { Item } from '../items.js';
import { serveEngineNamed } from '../serve-engines.js';
import { engineOfTheRun } from './engine-choice.js';

/**
 * Which serving engine the run uses, by the strength of what names it (issue 22, b13 item 2).
 * Every serve word reads as the paged-KV server ("serve", "vLLM", "SGLang" alike), and the first
 * one sets the engine slot, so a plain "serve" or another engine's mention before the launch
 * command hid the engine the command runs ("the same model can be served using VLLM … why can't I
 * serve it using SGLANG" then `python -m sglang.launch_server`, sgl-project/sglang#8362, corpus c552).
 *
 * Evidence, strongest first: a command or entry point (`python -m sglang.launch_server`, an image
 * `lmsysorg/sglang`, `vllm serve`), a config key (`--mem-fraction-static`), a word in prose. The
 * engine named by the strongest evidence leads the serve items; an engine named only more weakly
 * and differently is another run the message mentions (a comparison, "works with vLLM"): set
 * aside, with a note. Of two engines named by equal evidence, the words around them decide
 * (engine-choice.ts: the one moved to, the one failing or asked about); where they do not, the first
 * said is read and the reply asks which was meant; a comparison asked ("vllm vs sglang") stays as it
 * is, for the resolver and compares.ts. The engines and the words that name them are serve-engines.ts's.
 */

/**
 * A launch command or an entry point, as the user wrote it: a module run with `python -m`, a
 * dotted module or an image path (`sglang.launch_server`, `vllm/vllm-openai`), or an engine's
 * own CLI verb (`vllm serve`, `lmdeploy serve`).
 */
const COMMAND = /python3?\s+-m\s|[a-z]\.[a-z_]|[a-z]\/[a-z]|\b(?:vllm|sglang|lmdeploy)\s+serve\b|launch_server|api_server/i;
/** A config key or flag: `--mem-fraction-static 0.85`, `gpu_memory_utilization: 0.9`. */
const KEYED = /^\s*--|[a-z0-9]_[a-z]|[:=]/i;

/**
 * A link to the engine's documentation or repository pages, or a documentation file's path (prose/rules/engine-links.ts):
 * a page the user read, the weakest evidence, which any engine named in words leads over.
 */
const LINKED = /^\s*https?:\/\/|\.(?:md|mdx|rst|ipynb)\s*$/i;
/** vLLM's issue template heading (prose/rules/engine-templates.ts): where the words were posted, as weak as a link. */
const TEMPLATE_HEADING = /^\s*#{0,6}\s*your current environment\s*:?\s*$/i;

export type Evidence = 'command' | 'key' | 'prose' | 'printout' | 'link' | 'template';
/**
 * An engine's printout (engine-printouts.ts: a logger's tag, a source path in a traceback) is the run's own
 * output, stronger than a docs page, weaker than the user's words: a log can be pasted from another run.
 */
const RANK: Record<Evidence, number> = { command: 4, key: 3, prose: 2, printout: 1, link: 0, template: 0 };

/** How strongly an item's own words name what they name. */
export function evidenceOf(words: string): Evidence {
  if (LINKED.test(words)) return 'link';
  if (TEMPLATE_HEADING.test(words)) return 'template';
  if (ANY_ENGINE_PRINTOUT.test(words)) return 'printout';
  if (COMMAND.test(words)) return 'command';
  if (KEYED.test(words)) return 'key';
  return 'prose';
}

/** The engine a serve item's words name, or null for a plain serve word ("serve", "deploy"). */
export function engineNamed(i: Item): string | null {
  if (i.kind !== 'serve') return null;
  return serveEngineNamed(i.text)?.name ?? null;
}

/** How the note names the evidence the engine was read from. */
const LEAD_WORDS: Record<Evidence, string> = { command: 'the command', key: 'a setting', prose: 'a setting', printout: 'its own printout', link: 'a link to its docs', template: "vLLM's issue template" };

export function enginesByEvidence(items: Item[], notes: string[], text = ''): Item[] {
  const named = items.filter((i) => engineNamed(i) !== null);
  if (named.length === 0) return items;
  const rank = (i: Item) => RANK[evidenceOf(i.text)];
  const best = Math.max(...named.map(rank));
  const strongest = named.filter((i) => rank(i) === best);
  const engines = new Set(strongest.map(engineNamed));
  // Two engines named as strongly ("vllm vs sglang"): a comparison the resolver and compares.ts read.
  if (engines.size > 1 && (!text || items.some((i) => i.kind === 'compare'))) return items;
  const choice = engines.size > 1 ? engineOfTheRun(strongest, text, engineNamed) : { lead: strongest[0]!, decided: true };
  const lead = choice.lead;
  const engine = engineNamed(lead)!;
  const others = named.filter((i) => engineNamed(i) !== engine);
  for (const o of others) {
    notes.push(
      choice.decided || rank(o) < best
        ? `read ${engine} from "${lead.text.trim()}" (${LEAD_WORDS[evidenceOf(lead.text)]}); "${o.text.trim()}" is another engine the message mentions`
        : `read ${engine} from "${lead.text.trim()}" as your run's engine; "${o.text.trim()}" is another engine the message names as plainly — which did you mean? (say it alone to estimate that one)`,
    );
  }
  const kept = items.filter((i) => !others.includes(i));
  // The lead goes before every other serve item: the first one sets the engine the resolver reads.
  const firstServe = kept.findIndex((i) => i.kind === 'serve');
  const at = kept.indexOf(lead);
  if (firstServe < 0 || at <= firstServe) return kept;
  return [...kept.slice(0, firstServe), lead, ...kept.slice(firstServe, at), ...kept.slice(at + 1)];
}
