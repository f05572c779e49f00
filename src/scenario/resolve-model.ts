import { modelById } from '../catalog/index.js';
import { hubScenarioModel, hubSilence } from '../hub/resolve-model.js';
import { R1_DISTILLS } from '../language/families.js';
import type { Item } from '../language/items.js';
import type { ErrorReply } from '../reply/types.js';
import { cloneArchitecture, cloneScenario } from './clone.js';
import { newScenario } from './defaults.js';
import { familyMemberAt } from './family-size.js';
import { namesGeneration } from './model-family.js';
import { seriesSibling } from './model-series.js';
import type { Resolution } from './resolution.js';
import type { ScenarioModel, WeightFormat } from './schema.js';
import { releasedCheckpoint } from './released-sizes.js';
import { MAX_PARAMS, MIN_PARAMS, shapeForSize } from './shape.js';
import { withArticle } from '../language/article.js';

/** The model step of a resolution (resolve-steps.ts): which model, and the shape overrides the request gives it. */

/**
 * The architecture overrides a request may give: its word, the field it sets, and its patch slot.
 * Slot names are built once here: a template string per lookup cost more than the lookup.
 */
/** The size as written in a family-and-size ("70B" in "Llama 70B"). */
const SIZE_WORD = /\d+(?:\.\d+)?\s*[bm]\b/i;

const ARCH_FIELDS = (
  [
    ['layers', 'layers'],
    ['hidden', 'hidden'],
    ['heads', 'heads'],
    ['kv', 'kvHeads'],
    ['ffn', 'ffn'],
    ['vocab', 'vocab'],
    ['headdim', 'headDim'],
  ] as const
).map(([word, field]) => ({ word, field, slot: `arch.${word}` }));

export function modelStep(r: Resolution): ErrorReply | null {
  const slot = r.patch.get<Item>('model');
  if (!slot) {
    r.s = cloneScenario(r.base!);
    return null;
  }
  const item = slot.value;
  const asWritten = item.text.toLowerCase().replace(/\s+/g, ' ').trim();
  let model: ScenarioModel;
  if (item.kind === 'model') {
    const spec = modelById(item.id);
    model = { id: spec.id, name: spec.name, asWritten, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
  } else if (item.kind === 'size') {
    if (!(item.params >= MIN_PARAMS && item.params <= MAX_PARAMS)) {
      return r.err(
        'model',
        `"${item.text}" is not a model size I can shape: sizes run from 10M to 10,000B parameters (e.g. "350m", "7b", "70b", "8x7b").`,
        { expected: ['a model size 10m–10000b'] },
      );
    }
    // "32b model can run smoothly on RTX 4090" in a thread about DeepSeek R1 (huggingface/open-r1#113):
    // a bare size R1 was distilled at is that distill, as "deepseek-r1:32b" would be.
    const distill = r.base?.model.id === 'deepseek-r1' && !item.experts && !item.family ? R1_DISTILLS[`${Number((item.params / 1e9).toPrecision(3))}b`] : undefined;
    // "now 14b" in a Qwen2.5-7B thread is Qwen2.5-14B: a bare size keeps the thread's model series
    // when the series has that size.
    // …and so does a family and size with no release ("what about llama 70b" in a Llama-3-8B thread is
    // Llama-3-70B): the thread's release is the evidence the words lack.
    const threadModel = !distill && r.base?.model.id && item.experts === null ? modelById(r.base.model.id) : null;
    const thread = threadModel && (item.family === null || (threadModel.family.toLowerCase() === item.family && !namesGeneration(item.text))) ? threadModel : null;
    const sibling = thread ? seriesSibling(thread.id, item.params) : null;
    // "Llama 70B", "qwen32b": a family and a size with no release are the family's member of that size (family-size.ts).
    const member = !distill && !sibling && item.family && item.experts === null && !namesGeneration(item.text) ? familyMemberAt(item.params, item.family) : null;
    // "the 345M model", "GPT-2 345M": a size written as a release was named is that checkpoint (released-sizes.ts).
    const released = !distill && !sibling && !member && item.experts === null ? releasedCheckpoint(item.params, item.family) : null;
    if (distill) {
      const spec = modelById(distill);
      model = { id: spec.id, name: spec.name, asWritten: spec.id, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
      r.assume(`"${item.text}" in a thread about DeepSeek R1 read as its ${item.text} distill, a ${spec.name} fine-tune (say deepseek-r1 for the 671B model)`);
    } else if (sibling) {
      model = { id: sibling.id, name: sibling.name, asWritten: sibling.id, requestedParams: null, arch: cloneArchitecture(sibling.arch), overrides: [] };
      r.assume(sibling === thread ? `"${item.text.trim()}" read as the thread's ${sibling.name}` : `"${item.text.trim()}" read as ${sibling.name}, the thread's ${thread!.name} at that size`);
    } else if (member) {
      model = { id: member.id, name: member.name, asWritten, requestedParams: null, arch: cloneArchitecture(member.arch), overrides: [] };
      r.assume(`"${item.text.trim()}" names ${item.family} at ${item.text.trim().match(SIZE_WORD)?.[0] ?? 'that size'} with no release: read as ${member.name}`);
    } else if (released) {
      model = { id: released.id, name: released.name, asWritten, requestedParams: null, arch: cloneArchitecture(released.arch), overrides: [] };
      const label = item.text.trim().match(SIZE_WORD)?.[0] ?? item.text.trim();
      r.assume(`"${item.text.trim()}" read as ${released.name}, released as "${label}"${item.family ? '' : ' (no model named with it)'}`);
    } else {
      const choice = shapeForSize(item.params, item.experts, item.family, asWritten, namesMoreThanSize(asWritten, item.family));
      if ('error' in choice) return r.err('model', choice.error);
      model = choice.model;
      r.assume(choice.note);
    }
  } else if (item.kind === 'hub' && item.offline?.model && hubSilence(item.repo, r.hub)) {
    // No answer from the Hub: a repo named after a catalog model reads as that model, with the
    // catalog's published values.
    const spec = modelById(item.offline.model);
    model = { id: spec.id, name: spec.name, asWritten, requestedParams: null, arch: cloneArchitecture(spec.arch), overrides: [] };
    r.hubWeights = item.offline.weights as WeightFormat | null;
    r.hubBpw = item.offline.bpw;
    r.assume(`"${item.text}" read as the catalog's ${spec.name} (published values): ${hubSilence(item.repo, r.hub)}`);
  } else if (item.kind === 'hub' && item.offline?.size && hubSilence(item.repo, r.hub)) {
    // …and a repo the catalog lacks reads by the size its name holds, as the same name in prose would.
    const { params, experts, family } = item.offline.size;
    const choice = shapeForSize(params, experts, family, asWritten, true);
    if ('error' in choice) return r.err('model', choice.error);
    model = choice.model;
    r.hubWeights = item.offline.weights as WeightFormat | null;
    r.hubBpw = item.offline.bpw;
    r.assume(`I don't know the model "${item.text}" and ${hubSilence(item.repo, r.hub)}: read by its name as ${withArticle(`${Number((params / 1e9).toPrecision(3))}B`)} model${family ? ` of ${family} shape` : ''}`);
    r.assume(choice.note);
  } else if (item.kind === 'hub') {
    const found = hubScenarioModel(item.repo, item.text, r.hub);
    if (!found.ok) return r.err('model', found.message);
    model = found.model;
    r.hubWeights = found.weights;
    for (const note of found.notes) r.assume(note);
  } else {
    return r.err('model', 'Internal: model slot holds a non-model item.');
  }
  // A follow-up naming a new model keeps everything else (DESIGN §2), but not the old overrides.
  r.s = r.base ? { ...cloneScenario(r.base), model } : newScenario(model);
  return null;
}

/**
 * A size written inside a model's name ("wizardcoder-python-34b", "L3-8B-Stheno"), not alone or with
 * its family word only ("34b", "34B llama"): words other than the size and the family are left.
 */
function namesMoreThanSize(asWritten: string, family: string | null): boolean {
  let rest = asWritten.replace(/\d+(?:\.\d+)?\s*[bm](?![a-z])/g, ' ');
  if (family) rest = rest.replace(new RegExp(family.replace(/[^a-z0-9]/g, ''), 'g'), ' ');
  return /[a-z]{2,}/.test(rest);
}

export function archStep(r: Resolution): ErrorReply | null {
  const model = r.s.model;
  // A value that restates the named catalog model's own shape ("llama2-7b" with a launch script's
  // NUM_LAYERS=32 HIDDEN_SIZE=4096 …, NVIDIA/Megatron-LM#606) overrides nothing: the model stays as published.
  const published = model.id !== null ? modelById(model.id).arch : null;
  const restated = new Set<string>();
  let shapeChanged = false;
  for (const { word, field, slot } of ARCH_FIELDS) {
    const value = r.patch.value<number>(slot);
    if (value === undefined) continue;
    if (published?.[field] === value) restated.add(word);
    if ((word === 'hidden' || word === 'heads') && !(restated.has(word) && model.arch[field] === value)) shapeChanged = true;
    model.arch[field] = value;
  }
  const asked = ARCH_FIELDS.filter(({ word, slot }) => !restated.has(word) && (r.patch.has(slot) || model.overrides.includes(word))).map(({ word }) => word);
  model.overrides = asked;
  // An overridden shape counts its own parameters, not the bare size it started from.
  if (asked.length && model.requestedParams !== null && model.id === null) delete model.arch.sizeAdjustment;
  const { hidden, heads, kvHeads } = model.arch;
  // Gemma 3 and others set head_dim apart from hidden ÷ heads: an explicit head dim stands.
  const headDimAsked = r.patch.has('arch.headdim') || model.overrides.includes('headdim');
  if (shapeChanged && !headDimAsked) {
    if (hidden % heads !== 0) {
      const slot = r.patch.has('arch.heads') ? 'arch.heads' : 'arch.hidden';
      return r.err(slot, `hidden ${hidden} must be a multiple of heads ${heads} (head dim = hidden / heads).`);
    }
    model.arch.headDim = hidden / heads;
  }
  // Heads given with no KV count, and the starting shape's KV heads do not divide them (GPT-NeoX's
  // 20B.yaml, "num-attention-heads": 64, on a bare "20B" read as a catalog shape with other heads,
  // EleutherAI/gpt-neox#606 c454): a config that writes no KV count is full multi-head attention, one
  // KV head a head (NeoX, GPT-2, BLOOM); said, never refused as grouped-query attention gone wrong.
  if (r.patch.has('arch.heads') && !r.patch.has('arch.kv') && (kvHeads > heads || heads % kvHeads !== 0)) {
    model.arch.kvHeads = heads;
    r.assume(`kv heads ${heads}: heads ${heads} are given with no KV count, read as multi-head attention (say "kv heads N" for grouped-query attention)`);
    return null;
  }
  if (kvHeads > heads || heads % kvHeads !== 0) {
    const slot = r.patch.has('arch.kv') ? 'arch.kv' : 'arch.heads';
    return r.err(slot, `kv heads ${kvHeads} must divide heads ${heads} (grouped-query attention shares each KV head among heads / kv query heads).`);
  }
  return null;
}
