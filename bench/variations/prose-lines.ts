import { isProseLine } from './patterns.js';

/**
 * The lines of a message a person typed as prose, for the shape transforms: not inside a fenced block
 * (a fenced `vllm serve Qwen/…` is a command even when it reads like words) and not a command line.
 */
const COMMAND_START = /^\s*(?:\$ |>>> )?(?:vllm|python3?|torchrun|deepspeed|accelerate|ollama|llamafactory-cli|huggingface-cli|tune|swift|sglang|lmdeploy|trtllm-\w+|text-generation-launcher|docker|CUDA_VISIBLE_DEVICES=\S*|\.\/\S+)\s/;

export function inProse(text: string, rewrite: (line: string) => string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(?:```|~~~)/.test(line)) {
        fenced = !fenced;
        return line;
      }
      return !fenced && isProseLine(line) && !COMMAND_START.test(line) ? rewrite(line) : line;
    })
    .join('\n');
}
