import type { ModelSpec } from '../types.js';
import { gptStyle } from './shape.js';

/**
 * Meta's OPT (OPTForCausalLM; Zhang et al. 2022, "OPT: Open Pre-trained Transformer Language
 * Models", Table 1 for the shapes): pre-LayerNorm GPT block with biases on every projection, a
 * plain ReLU MLP of 4·hidden, learned positions, LM head tied to the token embedding, vocabulary
 * 50,272. OPTLearnedPositionalEmbedding keeps 2 rows beyond max_position_embeddings 2048 (its
 * offset), counted apart. The published totals are the sizes in the names, rounded: the shapes
 * count within 2% of them (1.3B: 1.316B; 13B: 12.85B; 175B: 174.6B). OPT-350M (project_in /
 * project_out, post-LayerNorm) is not here. Config dropout 0.1 is left out: it is the residual
 * dropout only (attention_dropout 0.0), and the activation model applies one rate to both.
 */

/** OPTLearnedPositionalEmbedding: max_position_embeddings + 2 rows (modeling_opt.py offset = 2). */
function positionOffsetRows(hidden: number): number {
  return 2 * hidden;
}

function opt(layers: number, hidden: number, heads: number) {
  return gptStyle({
    layers, hidden, heads, kvHeads: heads, headDim: hidden / heads, ffn: 4 * hidden, vocab: 50272,
    tiedEmbeddings: true, positions: 'learned', maxPositions: 2048, extraParams: positionOffsetRows(hidden),
  });
}

function entry(size: string, published: number, layers: number, hidden: number, heads: number): ModelSpec {
  return {
    id: `opt-${size}`,
    name: `OPT-${size.toUpperCase()}`,
    // Not "opt": a family word is read wherever it stands alone, and "opt" is a word ("/opt/conda",
    // "I opt for"); the names with a size ("opt-13b", "facebook/opt-13b") are its aliases.
    family: 'meta-opt',
    sizeOnly: true,
    aliases: [`opt ${size}`, `facebook/opt-${size}`],
    arch: opt(layers, hidden, heads),
    publishedParams: published,
    source: `facebook/opt-${size} config.json (num_hidden_layers ${layers}, hidden_size ${hidden}, num_attention_heads ${heads}, ffn_dim ${4 * hidden}, vocab_size 50272, max_position_embeddings 2048); total: OPT paper Table 1 (${size.toUpperCase()}, rounded)`,
  };
}

export const OPT_MODELS: readonly ModelSpec[] = [
  entry('1.3b', 1.3e9, 24, 2048, 32),
  entry('2.7b', 2.7e9, 32, 2560, 32),
  entry('6.7b', 6.7e9, 32, 4096, 32),
  entry('13b', 13e9, 40, 5120, 40),
  entry('30b', 30e9, 48, 7168, 56),
  entry('66b', 66e9, 64, 9216, 72),
  entry('175b', 175e9, 96, 12288, 96),
];

/** The ids, for the catalog test's rounded-total list. */
export const OPT_IDS: readonly string[] = OPT_MODELS.map((m) => m.id);
