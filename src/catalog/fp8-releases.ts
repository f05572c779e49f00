/**
 * FP8 checkpoints a model's publisher ships beside its 16-bit one, where the release keeps part of
 * the decoder in 16 bits: "fp8" on such a model is read as that release (the one its makers
 * publish), and only its FP8 tensors are one byte a weight.
 */
export interface Fp8Release {
  /** The checkpoint, as its publisher names it. */
  checkpoint: string;
  /** Every layer's attention projections stay 16-bit. */
  attentionSixteenBit: boolean;
  /** Decoder layers kept whole in 16 bits (0-based), attention and MLP alike. */
  sixteenBitLayers: number[];
  /** One fp32 scale per output row of each FP8 matrix (rowwise quantisation). */
  rowwiseScales: boolean;
  source: string;
}

export const FP8_RELEASES: Readonly<Record<string, Fp8Release>> = {
  // Meta's FP8 release of Llama 3.1 405B: FBGEMM rowwise FP8 on the MLPs only. The conversion
  // with Meta's recipe (transformers src/transformers/models/llama/quantize_fp8_llama.py:
  // "As defined by Meta, we don't quantize the first and last layers as well as the lm_head.
  // Also, we don't quantize the self_attn layers") sets FbgemmFp8Config(modules_to_not_convert=
  // model.layers.0, model.layers.125, lm_head, model.layers.{1..124}.self_attn); fbgemm_fp8 keeps
  // a per-row fp32 weight_scale (transformers integrations/fbgemm_fp8.py FbgemmFp8Linear,
  // vLLM quantization/fbgemm_fp8.py).
  'llama-3.1-405b': {
    checkpoint: 'meta-llama/Llama-3.1-405B(-Instruct)-FP8',
    attentionSixteenBit: true,
    sixteenBitLayers: [0, 125],
    rowwiseScales: true,
    source: 'transformers quantize_fp8_llama.py (Meta\'s recipe: modules_to_not_convert)',
  },
};

export function fp8ReleaseOf(modelId: string | null): Fp8Release | null {
  return modelId ? (FP8_RELEASES[modelId] ?? null) : null;
}
