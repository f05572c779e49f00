import { MODELS, type ModelSpec } from '../catalog/index.js';
import { countParams } from '../memory/parameters.js';
import { cloneArchitecture } from './clone.js';
import type { Architecture, ScenarioModel } from './schema.js';

/**
 * A model shape from a bare size ("13b"): DESIGN §2 — the nearest catalog model of that size
 * (say which), or a documented scaling rule.
 */

/** A catalog model is "of that size" within 15% of its published parameter count. */
export const NEAREST_TOLERANCE = 0.15;
/** The scaled shape must land within 2% of the asked size. */
export const SCALED_TOLERANCE = 0.02;
/** Bare sizes outside this range are nonsense for this tool (the largest open models are ~2T). */
export const MIN_PARAMS = 10e6;
export const MAX_PARAMS = 10e12;

export interface ShapeChoice {
  model: ScenarioModel;
  /** Human words for the assumptions list. */
  note: string;
}

const relative = (a: number, b: number) => Math.abs(a - b) / b;

function isMoeSpec(m: ModelSpec): boolean {
  return (m.arch.experts ?? 0) > 1;
}

/** The catalog's dense models by lower-case family, in catalog order (built once: every bare size looks its family up). */
let denseByFamily: Map<string, ModelSpec[]> | null = null;

function denseOfFamily(): Map<string, ModelSpec[]> {
  if (denseByFamily) return denseByFamily;
  denseByFamily = new Map();
  for (const m of MODELS) {
    if (isMoeSpec(m)) continue;
    const family = m.family.toLowerCase();
    const models = denseByFamily.get(family);
    if (models) models.push(m);
    else denseByFamily.set(family, [m]);
  }
  return denseByFamily;
}

/**
 * Nearest dense model of a family; Llama's own base models ("llama-…") before its derivatives,
 * current generations before superseded ones.
 */
function nearestOfFamily(params: number, family: string): ModelSpec | null {
  // A text model of that size before a vision-language one; a bare size never brings a tower (pinnedTo).
  const ofFamily = denseOfFamily().get(family) ?? [];
  const textOnly = ofFamily.filter((m) => !m.arch.vision);
  const dense = textOnly.some((m) => relative(params, m.publishedParams) <= NEAREST_TOLERANCE) ? textOnly : ofFamily;
  const current = dense.filter((m) => !m.superseded);
  const pool = (current.some((m) => relative(params, m.publishedParams) <= NEAREST_TOLERANCE) ? current : dense)
    .map((m) => ({ m, d: relative(params, m.publishedParams) }))
    .filter((x) => x.d <= NEAREST_TOLERANCE);
  const own = pool.filter((x) => x.m.id.startsWith(`${family}-`));
  const ranked = (own.length ? own : pool).sort((a, b) => a.d - b.d);
  return ranked[0]?.m ?? null;
}

/** A MoE's label as its id writes it ("mixtral-8x7b" → "8x7b"), or null. */
const moeLabel = (m: ModelSpec): string | null => /(\d+x\d+(?:\.\d+)?b)/.exec(m.id)?.[1] ?? null;

/** "8x7b": the MoE whose id says so, else the nearest MoE with that many experts. */
function nearestMoe(experts: number, each: number): ModelSpec | null {
  const label = `${experts}x${Number((each / 1e9).toPrecision(4))}b`;
  const moes = MODELS.filter((m) => isMoeSpec(m) && m.arch.experts === experts);
  const named = moes.find((m) => m.id.replace(/[^a-z0-9.]/g, '').includes(label));
  if (named) return named;
  return moes.sort((a, b) => relative(experts * each, a.publishedParams) - relative(experts * each, b.publishedParams))[0] ?? null;
}

const roundTo = (x: number, step: number) => Math.max(step, Math.round(x / step) * step);

/**
 * Llama 2's attention by size (Touvron et al. 2023, "Llama 2: Open Foundation and Fine-Tuned Chat
 * Models", §2.2 and Table 1: "The bigger models — 34B and 70B — use Grouped-Query Attention (GQA) for
 * improved inference scalability"): 7B and 13B keep one KV head per query head, 34B and 70B share
 * 8 KV heads among their query heads (meta-llama/Llama-2-70b-hf config.json: num_attention_heads 64,
 * num_key_value_heads 8). A scaled size takes the attention of the Llama 2 size nearest it in log
 * scale, so GQA from √(13 B × 34 B) ≈ 21 B up: a bare "120b" read with one KV head per query head
 * held ten times the KV cache of any model of that size (issue 23, verdict v496).
 */
export const LLAMA2_GQA_KV_HEADS = 8;
export const LLAMA2_GQA_FROM_PARAMS = Math.sqrt(13e9 * 34e9);

/** Llama-2 layout for a hidden size: head dim 128, SwiGLU ffn = 8/3·h rounded to 256, vocab 32000; 8 KV heads with GQA. */
function llamaLayout(hidden: number, layers: number, gqa = false): Architecture {
  const heads = Math.max(1, Math.round(hidden / 128));
  return {
    layers,
    hidden,
    heads,
    kvHeads: gqa && heads % LLAMA2_GQA_KV_HEADS === 0 ? LLAMA2_GQA_KV_HEADS : heads,
    headDim: hidden / heads,
    ffn: roundTo((8 / 3) * hidden, 256),
    vocab: 32000,
    mlp: 'gated',
    norm: 'rmsnorm',
    tiedEmbeddings: false,
    positions: 'rope',
    attentionBias: 'none',
    mlpBias: false,
  };
}

/**
 * Scaled Llama shape. Llama-2 keeps h/L ≈ 128 (7B: 4096/32, 13B: 5120/40), so with ~12·h² per
 * layer P ≈ 12·h³/128, h ≈ ∛(128·P/12). Try hidden sizes around that, pick the layer count that
 * best matches P including embeddings, and keep the closest. With GQA (LLAMA2_GQA_FROM_PARAMS on)
 * the hidden sizes are multiples of 1,024, so the query heads (h / 128) split evenly over the 8 KV
 * heads, as Llama 2 34B's and 70B's 8,192 (64 heads) do.
 */
export function scaledLlamaShape(params: number): Architecture {
  const ideal = Math.cbrt((128 * params) / 12);
  const gqa = params >= LLAMA2_GQA_FROM_PARAMS;
  const grain = gqa ? 128 * LLAMA2_GQA_KV_HEADS : 256;
  let best: { arch: Architecture; error: number } | null = null;
  for (let step = -4; step <= 4; step++) {
    const hidden = roundTo(ideal, grain) + step * grain;
    if (hidden < 256) continue;
    const perLayer = countParams(llamaLayout(hidden, 2, gqa)).total - countParams(llamaLayout(hidden, 1, gqa)).total;
    const fixed = countParams(llamaLayout(hidden, 1, gqa)).total - perLayer;
    const layers = Math.max(1, Math.round((params - fixed) / perLayer));
    if (layers > 1000) continue;
    const arch = llamaLayout(hidden, layers, gqa);
    const error = relative(countParams(arch).total, params);
    // Prefer the aspect ratio closest to Llama's among shapes that are close enough.
    const aspect = Math.abs(Math.log(hidden / layers / 128));
    const score = error <= SCALED_TOLERANCE ? aspect : 10 + error;
    if (!best || score < best.error) best = { arch, error: score };
  }
  return best!.arch;
}

/**
 * A shape's total pinned to the size the user asked for: the difference goes into `sizeAdjustment`
 * (counted like embeddings), so "7.5b" is 7.5 B parameters, not the nearest model's 8.0 B.
 */
export function pinnedTo(arch: Architecture, params: number): Architecture {
  // A field-by-field copy: structuredClone took 5 of the 13 µs of shaping a bare size (issue 11).
  const pinned = cloneArchitecture(arch);
  delete pinned.vision;
  pinned.sizeAdjustment = (arch.sizeAdjustment ?? 0) + Math.round(params - countParams(arch).total);
  return pinned;
}

function fromCatalog(m: ModelSpec, asWritten: string, requestedParams: number): ScenarioModel {
  return { id: null, name: `${m.name} shape`, asWritten, requestedParams, arch: pinnedTo(m.arch, requestedParams), overrides: [] };
}

/** The size a catalog model's name gives it ("Llama-3-8B" → 8e9, "Polyglot-Ko-12.8B" → 12.8e9), or null. */
function releaseLabel(m: ModelSpec): number | null {
  const label = /(?:^|[-\s])(\d+(?:\.\d+)?)B(?![a-z\d])/i.exec(m.name);
  return label ? Math.round(Number(label[1]) * 1e9) : null;
}

/** A word of three letters or more the two names share, sizes aside ("vision 11b" and "Llama-3.2-11B-Vision"). */
function sharesNameWord(written: string, name: string): boolean {
  const words = (t: string) => t.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3);
  const own = new Set(words(name));
  return words(written).some((w) => own.has(w));
}

/** A name's word that says the model takes images. */
const VISION_WORD = /(?:^|[^a-z])(?:vision|vl|visual)(?![a-z])/i;

const billions = (p: number) => `${Number((p / 1e9).toPrecision(3))} B`;

/** The name of a scaled Llama layout, made for a size no catalog model is near: its head counts are invented. */
const SCALED_SHAPE_PREFIX = 'Llama-style ';
export const isScaledShape = (m: { id: string | null; name: string }): boolean => m.id === null && m.name.startsWith(SCALED_SHAPE_PREFIX);

/** The model for a bare size, or an error message when there is no sensible shape. */
export function shapeForSize(
  params: number,
  experts: number | null,
  family: string | null,
  asWritten: string,
  named = false,
): ShapeChoice | { error: string } {
  if (experts !== null) {
    const each = params / experts;
    const moe = nearestMoe(experts, each);
    if (!moe) return { error: `I have no ${experts}-expert MoE model near "${asWritten}" in the catalog; name one (e.g. mixtral-8x7b).` };
    // "8x7b" is Mixtral's own label, not a count: a name holding it ("sonya-7b-x8-moe", a merge of eight Mistral-7B
    // experts, LostRuins/koboldcpp#595, c1792) has Mixtral-8x7B's 46.7 B, not 8 × 7 B pinned (the dense rule below).
    if (named && moeLabel(moe) === `${experts}x${Number((params / experts / 1e9).toPrecision(4))}b`) {
      const model = { id: null, name: `${moe.name} shape`, asWritten, requestedParams: params, arch: cloneArchitecture(moe.arch), overrides: [] };
      return { model, note: `${moe.name} shape for "${asWritten}" (${moe.name}'s own label: its parameter count)` };
    }
    return { model: fromCatalog(moe, asWritten, params), note: `${moe.name} shape for "${asWritten}" (nearest catalog MoE)` };
  }
  const near = nearestOfFamily(params, family ?? 'llama');
  // …and so is a name the catalog lacks holding a release's own size ("L3-8B-Stheno", "wizardcoder-python-34b",
  // "Vision 11B", c364 c1088 c1090): a fine-tune is trained from a release, not from the label pinned.
  // The name must tie it to that release: its family ("wizardcoder" is a Llama fine-tune, CodeLlama's family) or
  // a word of the release's name ("Vision"); "clima-13b" (c1084) or "finetune13b" stay the size pinned.
  const ofRelease = near !== null && family !== null && (near.id.startsWith(`${family}-`) || (named && near.family.toLowerCase() === family));
  if (near && (ofRelease || (named && sharesNameWord(asWritten, near.name))) && releaseLabel(near) === params) {
    // A family named at its release's own size ("llama-3-portuguese-tom-cat-8b", "beomi/llama-2-ko-7b",
    // "Bllossom/llama-3-Korean-Bllossom-70B", c317 c335 c336) is a fine-tune of that release: its own count
    // (Llama-3-8B's 8.03 B), not the label pinned (8.00 B). A bare size with no family stays pinned, and so does
    // a size the family's own line never released ("34B llama", c900: CodeLlama's 34B is another line).
    const arch = cloneArchitecture(near.arch);
    // The tower stays only where the name says the model sees ("Vision 11B", "…-VL-7B").
    if (!(named && VISION_WORD.test(asWritten))) delete arch.vision;
    return {
      model: { id: null, name: `${near.name} shape`, asWritten, requestedParams: params, arch, overrides: [] },
      note: `${near.name} shape for "${asWritten}" (${family ?? near.name} released at that size: its parameter count)`,
    };
  }
  if (near) {
    return { model: fromCatalog(near, asWritten, params), note: `${near.name} shape for "${asWritten}" (nearest catalog model)` };
  }
  const arch = pinnedTo(scaledLlamaShape(params), params);
  const name = `${SCALED_SHAPE_PREFIX}${billions(params)} shape`;
  const note =
    `${name} for "${asWritten}": no ${family ?? 'Llama'} catalog model within ${NEAREST_TOLERANCE * 100}%, so a scaled Llama-2 ` +
    `layout (${arch.layers} layers, hidden ${arch.hidden}, ${arch.heads} heads${arch.kvHeads < arch.heads ? ` sharing ${arch.kvHeads} KV heads, as Llama 2 from 34B` : ''}, ffn ${arch.ffn}, vocab ${arch.vocab})`;
  return { model: { id: null, name, asWritten, requestedParams: params, arch, overrides: [] }, note };
}
