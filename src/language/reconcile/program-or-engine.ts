import type { Item } from '../items.js';
import { inProse } from './asked-run.js';
import { engineOfTheRun } from './engine-choice.js';
import { engineNamed, evidenceOf } from './engine-evidence.js';

/**
 * A serving engine and a program that runs the model named beside it — Hugging Face transformers, TGI,
 * llama.cpp (and Ollama, LM Studio) — each said in prose, one of them left, weighed or said to work (rserve9,
 * twenty-sixth session). engine-choice.ts weighs two serve items, but these programs are framework items, so
 * neither side ever gave way: a vLLM named in passing beat transformers ("I used vLLM before, but now I load
 * llama-2-13b with transformers and call generate … OOMs", "With vLLM this fits fine, but with HF transformers
 * model.generate llama-2-7b OOMs", "我之前用vllm部署没问题，现在换成 transformers 直接推理"), and a TGI only
 * weighed made a vLLM run a TGI one, unsaid ("I heard TGI is faster, but we serve mistral-7b with vLLM"). The same
 * weighing decides here: the mention moved to, failing or asked about is the run; the one left, weighed or said to
 * work is another, set aside with a note. Only mentions in prose compete — a launched engine (`vllm serve`,
 * `--gpu-memory-utilization`) or a program's command is the run's own — and only a decided weighing sets one aside;
 * a tie leaves both, said weak as before.
 */
export const PROGRAM_OR_ENGINE_RULE = {
  id: 'reconcile.program-or-engine',
  example: 'I used vLLM before, but now I load llama-2-13b with transformers and call generate on a 3090 and it OOMs',
  source: 'invented variations (rserve9) of the engine left for another (InternLM/lmdeploy#2049, c421)',
} as const;

/** transformers' own words for running a model itself (as scenario/transformers-run.ts reads them). */
const TRANSFORMERS_WORDS = /transformers|generate|pipeline|automodel/i;
/** A version after the name ("transformers==4.44", "transformers 4.40.1"): an environment list, no run. */
const VERSION_AFTER = /^\s*(?:==|>=|<=|~=|v?\d)/i;

/** The program a framework item names, where it is one that runs the model; null for a training framework. */
function programOf(i: Item, text: string): string | null {
  if (i.kind !== 'framework' || VERSION_AFTER.test(text.slice(i.end, i.end + 6))) return null;
  if (i.value === 'hf') return TRANSFORMERS_WORDS.test(i.text) ? 'Hugging Face transformers' : null;
  if (i.value === 'tgi') return 'TGI';
  if (i.value === 'llamacpp') return 'llama.cpp';
  return null;
}

export function programOrEngine(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const engines = items.filter((i) => engineNamed(i) !== null);
  const programs = items.filter((i) => programOf(i, text) !== null);
  if (engines.length === 0 || programs.length === 0) return items;
  // An engine launched by a command or set by its own key, or a program's command, is the run's: nothing to weigh.
  if (engines.some((i) => evidenceOf(i.text) !== 'prose' || !inProse(text, i)) || programs.some((i) => !inProse(text, i))) return items;
  const nameOf = (i: Item) => (i.kind === 'framework' ? programOf(i, text) : engineNamed(i));
  const choice = engineOfTheRun([...engines, ...programs], text, nameOf);
  if (!choice.decided) return items;
  const lead = choice.lead;
  // The losing side: every engine where a program leads, every other program where an engine does.
  const aside = lead.kind === 'framework' ? [...engines, ...programs.filter((p) => nameOf(p) !== nameOf(lead))] : programs;
  if (aside.length === 0) return items;
  for (const o of aside) {
    notes.push(`read ${nameOf(lead)} from "${lead.text.trim()}" as your run's; "${o.text.trim()}" is ${nameOf(o)}, another program the message mentions, not the run's (say it alone to estimate that one)`);
  }
  return items.filter((i) => !aside.includes(i));
}
