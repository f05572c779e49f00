import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A shell parameter expansion with a default (`${1:-value}`, `${VAR:-value}`): run without that
 * argument, the script uses the default, so a model key given one reads it (rule code.shell-default).
 */

const modelOf = (text: string) => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? r.scenario.model.name : null;
};

describe('code.shell-default', () => {
  it('c668 (magpie-align/magpie#9): the model is the default of ${1:-…}, not the prose "Gemma"', () => {
    const text =
      "I'm encountering an Out Of Memory (OOM) error while trying to proceed with Gemma using the parameters below. I'm working in an environment with 8 A100 GPUs (80GB each).\n\n```bash\nmodel_path=${1:-\"google/gemma-2-9b-it\"}\ntotal_prompts=${2:-1000}\ntensor_parallel=8\ngpu_memory_utilization=0.95\nbatch_size=200\n```";
    expect(modelOf(text)).toBe('Gemma-2-9B');
  });

  it.each([
    // Invented: a named variable, single quotes, a bare default, no colon.
    ["```bash\nMODEL=${MODEL:-'meta-llama/Llama-2-13b-hf'}\npython train.py --model_name_or_path $MODEL --bf16\n```\non 2x a100-80g", 'Llama-2-13B'],
    ['```bash\nmodel_path=${1:-Qwen/Qwen2.5-7B-Instruct}\ngpu_memory_utilization=0.9\n```\non 1x a100-80g', 'Qwen2.5-7B'],
    ['```bash\nmodel_path=${1-"google/gemma-2-9b-it"}\ngpu_memory_utilization=0.9\n```\non 1x a100-80g', 'Gemma-2-9B'],
  ])('%j', (text, model) => {
    expect(modelOf(text)).toBe(model);
  });

  it('a variable the script sets itself: its default is not read', () => {
    const text = '```bash\nMODEL=meta-llama/Llama-2-7b-hf\nM=${MODEL:-google/gemma-2-9b-it}\npython train.py --model_name_or_path $MODEL\n```\non 1x a100-80g';
    expect(modelOf(text)).toBe('Llama-2-7B');
  });

  it('property: a numeric default never becomes a model and never breaks the read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100000 }), fc.integer({ min: 1, max: 9 }), (n, k) => {
        const text = `\`\`\`bash\nmodel_path=\${1:-"meta-llama/Llama-2-13b-hf"}\ntotal=\${${k}:-${n}}\ngpu_memory_utilization=0.9\n\`\`\`\non 1x a100-80g`;
        expect(modelOf(text)).toBe('Llama-2-13B');
      }),
      { numRuns: 30 },
    );
  });
});
