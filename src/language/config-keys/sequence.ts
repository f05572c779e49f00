import { count, numeric, serving } from './readers.js';
import { IGNORE, numberOf, say, unquote, type KeyTable } from './values.js';

/** The sequence: its length, and the tokens generated after it. */

/** Each key: what its value says in request words, and the source where one is cited. */
export const SEQUENCE_KEYS: KeyTable = {
  max_seq_length: { reads: numeric('seq') },
  max_seq_len: { reads: numeric('seq') },
  model_max_length: { reads: numeric('seq') },
  cutoff_len: { reads: numeric('seq') },
  sequence_len: { reads: numeric('seq') },
  seq_length: { reads: numeric('seq') },
  seq_len: { reads: numeric('seq') },
  max_length: { reads: numeric('seq') },
  max_len: { reads: numeric('seq') },
  source_max_len: { reads: numeric('seq') },
  max_model_len: { reads: serving(numeric('seq')) },
  max_total_tokens: { reads: serving(numeric('seq')) },
  ctx_size: { reads: numeric('seq') },
  // Ollama's Modelfile / API options (num_ctx, num_gpu = layers on the GPU, num_batch): Ollama only runs models.
  num_ctx: { reads: numeric('ollama inference seq') },
  // …but a script's NUM_GPU=8 beside no Ollama option counts the GPUs.
  num_gpu: { reads: (v, ctx) => (ctx.keys.has('num_ctx') ? (numberOf(v) >= 0 ? say(`ngl ${numberOf(v)}`) : IGNORE) : count('gpus')(v, ctx)) },
  n_ctx: { reads: numeric('seq') },
  context_length: { reads: numeric('seq') },
  max_position_embeddings: { reads: () => IGNORE },
  // A benchmark's prompt length; next to --max-model-len it is not what the server sizes for:
  // vLLM checks at start-up that its KV cache holds one max_model_len sequence.
  input_len: {
    reads: (v, ctx) =>
      ctx.keys.has('max_model_len') ? { ignore: true, note: `--input-len ${unquote(v)} is the benchmark's prompt; the server is sized for --max-model-len` } : numeric('seq')(v, ctx),
  },
  max_new_tokens: { reads: numeric('gen') },
  output_len: { reads: numeric('gen') },
  max_tokens: { reads: numeric('gen') },
};
