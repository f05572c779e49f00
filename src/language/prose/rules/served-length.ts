/**
 * What the reply says where a served request's length is read as its prompt and its answer added up (prose.input-output,
 * prose.prompt-and-answer): the sum is the reader's, not the user's word, and a benchmark's measured case ("all
 * measurements with 1000 input tokens and 50 output tokens", vllm-project/vllm#5294, corpus c3108, b92;
 * sglang.bench_latency's `--input 128 --output 8`, c3104, b92) is one request's length, which the corpus has written
 * as the prompt alone: a reply that sized 1,050 tokens in silence answered another length. Said with the words.
 */
export function servedLengthNote(seq: string | number, output: number, words: string): string {
  return `sequence ${seq} read from "${words.trim().replace(/\s+/g, ' ')}": the prompt and the ${output} tokens generated after it, one request's length (say seq N if your requests are longer)`;
}
