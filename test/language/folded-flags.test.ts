import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A command folded in a YAML list of args (a Kubernetes manifest's `args:`, LeaderWorkerSet's leader command) ends a line
 * at a flag and starts the next with its value: "--gpu-memory-utilization⏎            0.95 --max-model-len 262144"
 * (vllm-project/vllm-ascend, corpus c3884: the 0.95 was listed as not read and vLLM's default 0.9 used). The fold is a
 * space (config.folded-flag-value, segments command.continuation).
 */
function scenario(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario;
}

const folded = (flag: string, value: string, indent: string) =>
  `serve qwen2.5-7b with vllm on 1x a100\n\`\`\`\n${indent}python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B ${flag}\n${indent}${value} --max-model-len 8192\n\`\`\``;

describe('a flag whose value is folded onto the next line', () => {
  it.each([
    ['--gpu-memory-utilization', '0.95', '  '],
    ['--gpu-memory-utilization', '0.8', '            '],
    ['--gpu-memory-utilization', '0.7', ''],
  ])('%s⏎%s is read with its value', (flag, value, indent) => {
    expect(scenario(folded(flag, value, indent)).inference?.gpuMemoryUtilization).toBe(Number(value));
  });

  it('reads the flags of the folded line too', () => {
    expect(scenario(folded('--gpu-memory-utilization', '0.95', '  ')).seq).toBe(8192);
  });

  it('leaves a flag at the end of a line alone when the next line is prose', () => {
    const text = 'serve qwen2.5-7b with vllm on 1x a100\n```\nvllm serve Qwen/Qwen2.5-7B --enforce-eager\n```\n0.95 of the memory is what I want to use';
    expect(scenario(text).inference?.gpuMemoryUtilization).toBe(0.9);
  });
});
