/**
 * NVFP4 (NVIDIA's 4-bit float: E2M1 values in blocks of 16 with an FP8 E4M3 scale, 4.5 bits a weight; TensorRT
 * Model Optimizer, vLLM `--quantization modelopt_fp4`, TensorRT-LLM `--qformat nvfp4`) has no item of its own:
 * it is read as MXFP4 (E2M1 in blocks of 32 with an E8M0 scale, 4.25 bits a weight), the nearest format the
 * catalog has, weak and said with the words, wherever it is named (config keys, prose).
 */
export const nvfp4Note = (words: string) =>
  `"${words}" is NVFP4 (4-bit floats with an FP8 scale per 16 weights, 4.5 bits a weight), which I have no format for: weights read as MXFP4, the nearest (4.25 bits a weight), so about 6% under NVFP4's`;
