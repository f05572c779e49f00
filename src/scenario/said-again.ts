import { GPUS, MODELS } from '../catalog/index.js';
import { sameModelSize } from '../language/families.js';
import type { SaidAgain } from '../language/items.js';
import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * A fact said again is that fact's (issue 22, item 4), never a setting "not used". Two ways a
 * message says one again, each compared by the scenario's values, never by a fact's rendered words:
 * - the reader dropped an item that says what a kept one says (language/said-again.ts): "Llama 3.1
 *   8B" in the prose beside the config's `base_model: …/Meta-Llama-3.1-8B-Instruct` (c242) is
 *   listed with the model fact as "same model";
 * - a number no item read says the model's size in a path (modelSizeInPath), or the card's memory: "fine-tune Mistral 7B Instruct v0.3 with QLoRA on
 *   my RTX 3060 (12GB) … Is 12GB just not enough or am I doing something wrong?" (a stranger's post
 *   the lead saw); a memory equal to the card's, or to all the cards' together ("2x 3090 … 48GB in
 *   total"), confirms the card. A memory the card does not have ("8GB" beside a 12 GB card) stays
 *   listed. Corpus: "4090 24G … 24G显存" (c129), "A100 40G … 40G" (c033, c162), "my 12gb 3060" (c172).
 * Two sayings that disagree are never folded here: they stay listed, or asked, as before.
 */

type Span = { at: number; end: number };

/** A memory as written: digits and a memory unit, the unit glued or after one space. */
const MEMORY = /^(\d+(?:\.\d+)?)\s?(?:gb|gib|g|go|gigs?)(?![a-z])/i;

/** The fact a kept item of each kind states (facts.ts); a kind not named here: the fact on the kept item's span. */
const FACT_OF: Partial<Record<SaidAgain['of']['kind'], { fact: string; said: string }>> = {
  model: { fact: 'model', said: 'same model' },
  size: { fact: 'model', said: 'same model' },
  hub: { fact: 'model', said: 'same model' },
  hardware: { fact: 'card', said: 'same card' },
  seq: { fact: 'seq', said: 'same length' },
  batch: { fact: 'batch', said: 'same batch' },
};

/**
 * A card's memory as people say it, in GB: the datasheet's label (the catalog's nominalGB: "T4
 * 16GB") and its total as nvidia-smi shows it (15 360 MiB is "15GB"); a card named by its memory alone, that memory.
 */
function cardGb(s: Scenario): { gb: number[]; count: number } | null {
  const h = s.hardware;
  if (!h) return null;
  const gpu = h.gpuId ? GPUS.find((g) => g.id === h.gpuId) : undefined;
  if (!gpu) return { gb: [Number((h.capacityBytes / 2 ** 30).toFixed(1))], count: h.count };
  return { gb: [Math.round(gpu.totalMiB / 1024), gpu.nominalGB], count: h.count };
}

/** A model size as a path or link writes it: "/tmp/llama/8B/trt_engines", "configs/20B.yml". */
const SIZE_IN_PATH = /^(?:(\d+)x)?(\d+(?:\.\d+)?)([bm])(?=[/._-])/i;

/**
 * The model's size said in a path of the message ("--output_dir ./tmp/llama/13B/trt_engines/fp16",
 * NVIDIA/TensorRT-LLM build commands, c220, c382, c860; "configs/20B.yml", c453): the checkpoint or
 * output folder of that model, so the model's, when the model read has that size.
 */
function modelSizeInPath(text: string, n: Span, s: Scenario): Span | null {
  if (text[n.at - 1] !== '/') return null;
  const m = SIZE_IN_PATH.exec(text.slice(n.at, n.at + 16));
  const spec = s.model.id ? MODELS.find((x) => x.id === s.model.id) : undefined;
  const params = spec?.publishedParams ?? s.model.requestedParams;
  if (!m || !params) return null;
  const said = Number(m[2]) * (m[3]!.toLowerCase() === 'b' ? 1e9 : 1e6) * (m[1] ? Number(m[1]) : 1);
  return sameModelSize(said, params, (s.model.arch.experts ?? 0) > 1) ? { at: n.at, end: n.at + m[0].length } : null;
}

function attach(fact: FactTrace, span: Span & { said?: string }): void {
  fact.also = [...(fact.also ?? []), span];
}

/**
 * The spans that say a fact of `s` again: the reader's dropped restatements (`again`) whose kept
 * item's fact is in the trace, and the numbers among `numbers` (outside every fact) that say the
 * card's memory. Each is added to its fact's `also` and returned.
 */
export function saidAgainSpans(text: string, trace: FactTrace[], s: Scenario | null, again: readonly SaidAgain[], numbers: readonly Span[]): Span[] {
  const found: Span[] = [];
  const stated = trace.filter((f) => f.at !== null && f.end !== null);
  for (const a of again) {
    const of = FACT_OF[a.of.kind];
    const on = (f: FactTrace) => f.at! < a.of.end && a.of.at < f.end!;
    const fact = stated.find((f) => on(f) && (!of || f.fact === of.fact));
    if (!fact) continue;
    attach(fact, { at: a.at, end: a.end, said: of?.said ?? `same ${fact.fact}` });
    found.push({ at: a.at, end: a.end });
  }
  const model = stated.find((f) => f.fact === 'model');
  if (model && s) {
    for (const n of numbers) {
      const span = modelSizeInPath(text, n, s);
      if (!span) continue;
      attach(model, { ...span, said: 'same model' });
      found.push(span);
    }
  }
  const card = stated.find((f) => f.fact === 'card');
  const memory = card && s ? cardGb(s) : null;
  if (card && memory) {
    for (const n of numbers) {
      const said = MEMORY.exec(text.slice(n.at, n.at + 24));
      if (!said) continue;
      const gb = Number(said[1]);
      if (!memory.gb.some((one) => gb === one || gb === one * memory.count)) continue;
      const span = { at: n.at, end: n.at + said[0].length };
      attach(card, { ...span, said: 'same card memory' });
      found.push(span);
    }
  }
  return found;
}
