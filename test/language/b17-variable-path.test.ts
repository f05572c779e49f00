import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A flag's value that starts with a shell variable and goes on as a path
 * (`--chat-template=$HOME/bin/templates/llama-2-chat.jinja`, vllm-project/vllm#2136, corpus c648)
 * is one value: the variable is unknown, the path is the flag's. Its tail used to stay behind as
 * prose words ("llama 2") that broke the grammar until the reading ran out of tries and refused a
 * later bare number ("1700 is a number with no unit").
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);

describe('a path after a shell variable stays its flag\'s value', () => {
  it('c648: read, not refused; the command\'s settings kept', () => {
    const text = canonical(line('c648').text);
    expect(text).toMatch(/\bseq 16384\b/);
    expect(text).toMatch(/\bmax seqs 16\b/);
    expect(text).toMatch(/\butil 0\.95\b/);
    expect(text).toMatch(/on 2x rtx-4090/);
    // The checkpoint's dtype at the end of its name (prose.name-dtype-suffix).
    expect(text).toMatch(/^codellama-13b .*\bmixed fp16\b.*\bkv fp16\b/);
  });

  it.each([
    ['serve codellama-13b-instruct-fp16 with vllm on 2x 4090', 'fp16'],
    ['run llama-2-7b-chat-bf16 on a 3090', 'bf16'],
    ['serve mistral-7b-instruct-v0.2_fp16 with vllm on an a10g', 'fp16'],
    // ggml's spelling: mozilla-ai/llamafile#598's title (real), and invented variations.
    ["Can't load Llama-3.2-3B-Instruct-f16, i.e. full weights without quantization on CUDA (GTX1070)", 'fp16'],
    ['running chatglm2-6b_f16 on 2x 3090 with chatglm.cpp', 'fp16'],
  ])('%s: the dtype its name ends with', (text, dtype) => {
    expect(read(text).scenario.compute).toBe(dtype);
  });

  it('c990: the unquantised chatglm2-6b-f16 under ggml is a GGUF of f16 tensors, not the Q4_K_M preset', () => {
    const r = read(line('c990').text).scenario;
    expect(r.framework).toBe('llamacpp');
    expect(r.weights).not.toBe('q4_k_m');
    expect(r.compute).toBe('fp16');
  });

  it('beside a k-bit load the suffix is only how the checkpoint is stored (c168)', () => {
    expect(read(loadCorpus().find((l) => l.id === 'c168')!.text).scenario.compute).toBe('bf16');
    expect(read('I run a qlora finetune of wizardlm-30b-fp16 on 2x 3090 in bf16').scenario.compute).toBe('bf16');
  });

  it.each([
    ['=', '$HOME/bin/templates/llama-2-chat.jinja'],
    [' ', '${HOME}/templates/llama-2-chat.jinja'],
    ['=', '$TEMPLATES/mistral-7b.jinja'],
  ])('an ignored key\'s value "%s%s" leaves no words behind', (sep, value) => {
    const r = parseRequest(`serving codellama-13b on 2x 4090\n\`\`\`sh\npython -m vllm.entrypoints.openai.api_server \\\n  --chat-template${sep}${value} \\\n  --max-model-len=16384 --max-num-seqs 8\n\`\`\``);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.unread.map((u) => u.word)).toEqual([]);
    expect(r.items.some((i) => i.kind === 'model' && i.id !== 'codellama-13b')).toBe(false);
  });

  it('a model key still reads the last segment of the path, and an output folder names no model', () => {
    const text = canonical('train on 8x a100\n```sh\ntorchrun train.py --model_name_or_path $HOME/models/Llama-2-7b-hf --output_dir ${OUT}/llama-2-13b-ft --max_seq_length 2048\n```');
    expect(text).toMatch(/^llama-2-7b(?:-hf)? /);
    expect(text).not.toMatch(/13b/);
    expect(text).toMatch(/\bseq 2048\b/);
  });

  it('a variable alone stays an unknown value that takes no next word', () => {
    const text = canonical('train llama-2-7b on 8x a100\n```sh\ntorchrun --master_port $MASTER_PORT train.py --max_seq_length 1024\n```');
    expect(text).toMatch(/\bseq 1024\b/);
  });
});

describe('a model named without its size beside its sized name is that model', () => {
  it.each([
    'serving with CodeLlama, my long context issue: vllm serve TheBloke/CodeLlama-13B-Instruct-fp16 on 2x 4090',
    'CodeLlama on 2x 4090:\n```sh\npython -m vllm.entrypoints.openai.api_server --model=TheBloke/CodeLlama-13B-Instruct-fp16\n```',
    '我在两张4090上用vllm部署codellama，模型是 CodeLlama-13B-Instruct',
  ])('%s', (text) => {
    expect(canonical(text)).toMatch(/^(?:thebloke\/)?codellama-13b/);
  });

  it('a bare name another sized name does not start with stays a second model', () => {
    const models = (text: string) => {
      const r = parseRequest(text);
      if (!r.ok) throw new Error(r.error.message);
      return r.items.filter((i) => i.kind === 'model').map((i) => i.text);
    };
    expect(models('serving mistral and CodeLlama-13B on 2x 4090 with vllm, the second OOMs')).toContain('mistral');
    expect(models('serving CodeLlama and CodeLlama-13B on 2x 4090 with vllm, the second OOMs')).toEqual(['CodeLlama-13B']);
  });
});
