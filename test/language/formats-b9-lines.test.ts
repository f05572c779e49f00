import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Causes of batch b9 (test/corpus/first-sight.md) in weight formats, engines, counts and needless
 * refusals: each with the real line it came from and phrasings of our own.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);

describe('a count and its card before a sentence end keep each other (c427)', () => {
  it('"load Qwen2-VL-7B onto 3x3090. 22 GB is placed into first GPU" is three 3090s (modelscope/ms-swift#2655)', () => {
    expect(canonical(line('c427').text)).toMatch(/ on 3x rtx-3090$/);
  });

  it.each([
    ['load qwen2-vl-7b onto 3x3090. 22 GB is placed into the first GPU', 3],
    ['serving llama-3-8b on 4x rtx 3090! 20GB sit on the first one', 4],
    ['I run llama-3-8b on 2×A100? 60 GB goes to the first card', 2],
    ['llama-3-8b inference on 3 x 4090. 18GB is used on each', 3],
  ])('"%s" reads %i cards, the next sentence\'s memory a measurement', (text, n) => {
    const s = read(text).scenario;
    expect(s.hardware!.count).toBe(n);
  });

});

describe("PyTorch's OOM message is a report however it is punctuated (c412)", () => {
  const oom = (stop: string) =>
    `yi-34b lora on 8卡L40(45GB)\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 98 MiB${stop} (GPU 0; 44.32GiB total capacity; 9.29 GiB already allocated; 41.00 MiB free; 9.29 GiB reserved in total by PyTorch)`;

  it('the real line (01-ai/Yi#249) is answered, not refused as two cards', () => {
    const r = resolveRequest(line('c412').text, null);
    expect(r.ok).toBe(true);
  });

  it.each(['.', ''])('with "%s" after the figure asked for, the L40 stands', (stop) => {
    const r = resolveRequest(oom(stop), null);
    expect(r.ok).toBe(true);
  });
});

describe('a fence of comment lines alone is the user\'s own prose (c416)', () => {
  it('"```\\n# 用了6张a10（24G）进行预训练 …\\n```" reads six A10 and ZeRO-2 offload (ymcui/Chinese-LLaMA-Alpaca-2#57)', () => {
    const text = line('c416').text.split('### 运行日志')[0]!;
    expect(canonical(text)).toMatch(/zero2 offload optimizer .*on 6x a10$/);
  });

  it.each([
    ['LLaMA-2-7B\n```\n# 用了4张a100（80G）进行训练\n```', 4],
    ['llama-2-7b\n```\n# trained on 2x a100 80G with zero2\n# still OOM\n```', 2],
  ])('%j reads its cards', (text, n) => {
    expect(read(text).scenario.hardware!.count).toBe(n);
  });

  it('a comment beside code in a fence still sets nothing, whatever count it says (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const text = `llama-3-8b lora on 1x a100\n\`\`\`bash\n# ${n}x a100 on the big cluster\npython train.py --lr 1e-4\n\`\`\``;
        expect(read(text).scenario.hardware!.count).toBe(1);
      }),
      { numRuns: 15 },
    );
  });
});

describe('a width alone names no format: read as bitsandbytes and said; a named format wins (c430)', () => {
  it.each([
    ["I'm running llama-30b in 4bit on my 4090 24 GB", 'nf4', '4bit'],
    ['llama-2-13b 4-bit inference on a 3090', 'nf4', '4-bit'],
    ['running llama-2-13b in 8 bit on a t4', 'int8', '8 bit'],
  ])('"%s" is %s, said on the first screen', (text, format, words) => {
    const r = read(text);
    expect(r.scenario.weights).toBe(format);
    expect(r.said).toContain(`from "${words}"`);
  });

  it.each([
    ['running TheBloke/Llama-2-13B-GPTQ in 4 bit on a 3090', 'gptq'],
    ['llama-2-13b awq, 4bit, on a 3090', 'awq'],
    ['llama-2-13b with --load-in-4bit on a 3090', 'nf4'],
    ['llama-2-13b on a 3090 with --load-in-8bit, 8-bit mode', 'int8'],
  ])('"%s" is %s, with no guess said', (text, format) => {
    const r = read(text);
    expect(r.scenario.weights).toBe(format);
    expect(r.said).not.toMatch(/from "[48][- ]?bit"/);
  });
});

describe('an engine named by its launcher or image is that engine; TGI quantize bitsandbytes is 8-bit (c409)', () => {
  it.each([
    'text-generation-launcher --model-id meta-llama/Llama-2-13b-hf --num-shard 4 on 4x a10g',
    'text-generation-launcher  --model-id meta-llama/Llama-2-13b-hf --num-shard 4 on 4x a10g',
  ])('"%s" is TGI', (text) => {
    expect(read(text).scenario.framework).toBe('tgi');
  });

  it('SageMaker\'s get_huggingface_llm_image_uri("huggingface") is TGI, and its QUANTIZE bitsandbytes int8', () => {
    const text = `host llama-2-13b on 4x t4\n\`\`\`python\nhub = {\n  'HF_MODEL_ID': 'meta-llama/Llama-2-13b-chat-hf',\n  'QUANTIZE': 'bitsandbytes',\n}\nm = HuggingFaceModel(\n  image_uri=get_huggingface_llm_image_uri("huggingface", version="1.0"),\n  env=hub,\n)\n\`\`\``;
    const s = read(text).scenario;
    expect(s.framework).toBe('tgi');
    expect(s.weights).toBe('int8');
  });

  it.each([
    ['--quantize bitsandbytes', 'int8'],
    ['--quantize bitsandbytes-nf4', 'nf4'],
    ['--quantize gptq', 'gptq'],
  ])('text-generation-launcher %s is %s', (flag, format) => {
    expect(read(`text-generation-launcher --model-id meta-llama/Llama-2-13b-hf ${flag} on 1x a10g`).scenario.weights).toBe(format);
  });
});

describe('a SageMaker instance, "ml." before its EC2 name, is that machine (c409)', () => {
  it.each([
    ['I am trying to host a llama 2 13B model on a ml.g4dn.12xlarge with sagemaker', 4, 't4'],
    ['llama-2-13b inference, instance_type="ml.g5.12xlarge"', 4, 'a10g'],
    ['serve llama-2-7b on ml.g4dn.xlarge', 1, 't4'],
  ])('"%s" is %i× %s', (text, n, card) => {
    const hw = read(text).scenario.hardware!;
    expect([hw.count, hw.gpuId]).toEqual([n, card]);
  });

  it('the whole post reads TGI, 8-bit weights, four T4 (huggingface/text-generation-inference#1180)', () => {
    expect(canonical(line('c409').text)).toMatch(/ tgi (?:.* )?int8 .* on 4x t4$/);
  });
});

describe('where a run saves is no model; where it starts from is (c417)', () => {
  it('TencentPretrain\'s command (CVI-SZU/Linly#35) is answered from --pretrained_model_path, not refused for its output path', () => {
    const r = resolveRequest(line('c417').text, null);
    expect(r.ok).toBe(true);
    expect(read(line('c417').text).scenario.model.name).toBe('LLaMA-1-7B');
    expect(canonical(line('c417').text)).toMatch(/ zero3 /);
  });

  it.each([
    'deepspeed pretrain.py --pretrained_model_path models/llama-13b.bin --output_model_path models/my_zh_7b --batch_size 1 on 1x a100',
    'deepspeed pretrain.py --output_path out/llama_zh_7b --pretrained_model_path ckpt/llama-13b.bin --batch_size 1 on 1x a100',
  ])('%s is llama-13b', (text) => {
    expect(read(text).scenario.model.name).toBe('LLaMA-1-13B');
    expect(canonical(`${text} --enable_zero3`)).toMatch(/ zero3 /);
  });
});
