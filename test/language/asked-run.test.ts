import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { RUN_EVIDENCE } from '../../src/language/reconcile/asked-run.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Which run of a post is the setup (issue 22, reconcile/asked-run.ts): of two runs of the user's own
 * said alike, the one the message asks about, or the one that fails, is read; the other is set aside,
 * said with its words. Real lines: artidoro/qlora#193 (c810), tatsu-lab/stanford_alpaca#112 (c806),
 * johannakarras/DreamPose#40, HiKapok/SSD.TensorFlow#128, nshepperd/gpt-2#52, WeijingShi/Point-GNN#40,
 * kamalkraj/e5-mistral-7b-instruct#10.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const gpus = (s: Scenario) => s.hardware?.count ?? null;

describe('the run that fails or is asked about is the setup', () => {
  it('c810: the 7B run whose batch 4 OOMs, not the 13B run that fit batch 2 nor the 7B run measured at batch 2', () => {
    const { scenario, said } = read(line('c810').text);
    expect(scenario.microBatch).toBe(4);
    expect(said).toMatch(/batch size I could use was `2" (?:set aside|is another setup)/);
  });

  it('c806: the 2 A6000 that OOM, not the 4 A6000 said to be the same as the addressee\'s', () => {
    const { scenario, said } = read(line('c806').text);
    expect(gpus(scenario)).toBe(2);
    expect(said).toMatch(/"4 \* A6000" (?:set aside|is another setup)/);
  });

  // [text, GPU count, micro-batch, the words the reply says it set aside]
  it.each<[string, number | null, number | null, RegExp]>([
    // johannakarras/DreamPose#40, with a model named: one 3090 works, two OOM.
    ['I run train.py for a 7b with one 3090, it works well. However, when I run multi-gpu training with two 3090s, I met OOM problem.', 2, null, /"one 3090" (?:set aside|is another setup)/],
    // The same, the failing run first.
    ['When I run multi-gpu training of a 7b with two 3090s, I met OOM problem. With one 3090 it works well.', 2, null, /"one 3090"|"With one 3090"/],
    // kamalkraj/e5-mistral-7b-instruct#10, with a model named.
    ['Fine-tuning llama-2-7b with lora: the execution fails when I use 2 A10G GPUs, however with a single one it works.', 2, null, /./],
    // HiKapok/SSD.TensorFlow#128, with a model named: two cards 报OOM, one 可以运行.
    ['2块3090，训练qwen-7b lora，batch_size设为32，为什么会报OOM，相同的参数设定，单块GPU是可以运行的', 2, 32, /./],
    // nshepperd/gpt-2#52: batch 2 OOMs, batch 1 works.
    ['I tried to train a 1.3b model with batch_size 2 on one 16 GB V100 and it gets OOM error. It works for batch_size 1 though.', 1, 2, /"batch_size 1" (?:set aside|is another setup)/],
    ['I tried to train a 1.3b model with batch_size 2 on one 16 GB V100 and it worked. With batch_size 4 it gets OOM error.', 1, 4, /"batch_size 2" (?:set aside|is another setup)/],
    ['On the 7B, I expect a per device batch size of 4 but it will OOM. Using batch size of 2, each GPU is using 17.3 GB of VRAM. qlora on 2x3090', 2, 4, /"batch size of 2" (?:set aside|is another setup)/],
    ['qlora 7b on 2x3090: the largest per device batch size I could use was 2 before it OOM. I want batch size 4.', 2, 4, /could use was 2" (?:set aside|is another setup)/],
    ['qlora 7b on 2x3090. I want batch size 4. The highest per device batch size we could fit was 2.', 2, 4, /fit was 2" (?:set aside|is another setup)/],
    ['I used the same GPUs as yours (4 * A6000), I wonder why I can\'t finetune llama-7b which caused OOM on only 2 A6000?', 2, null, /"4 \* A6000" (?:set aside|is another setup)/],
    ['My server is like yours (8x A100 80GB) but full finetuning 13b on 2x A100 80GB gives OOM', 2, null, /"8x A100 80GB" (?:set aside|is another setup)/],
    ['用4张A100 80G全参微调llama-13b可以，2张A100 80G就报错OOM', 2, null, /"4张A100 80G" (?:set aside|is another setup)/],
    ['2张A100 80G全参微调llama-13b报错OOM，用4张A100 80G可以', 2, null, /"4张A100 80G" (?:set aside|is another setup)/],
    ['llama-13b 全参微调，4张A100 80G可以，2张A100 80G 不行', 2, null, /"4张A100 80G" (?:set aside|is another setup)/],
    ['llama-13b 全参微调，2张A100 80G 不行，4张可以吗？', 2, null, /./],
    ['lora 微调 qwen-14b，batch size 8 报错 显存不足，batch size 4 可以', null, 8, /"batch size 4" (?:set aside|is another setup)/],
    ['lora 微调 qwen-14b，batch size 4 可以，batch size 8 报错', null, 8, /"batch size 4" (?:set aside|is another setup)/],
    ['qwen-14b lora: batch size 4 works fine on one A100 80GB, batch size 8 gives OOM.', 1, 8, /"batch size 4" (?:set aside|is another setup)/],
    ['qwen-14b lora: batch size 8 gives OOM on one A100 80GB, batch size 4 works fine.', 1, 8, /"batch size 4" (?:set aside|is another setup)/],
    ['Training 7b full on 8x A100 80GB works. Now on 4x A100 80GB it fails with OOM.', 4, null, /"on 8x A100 80GB" (?:set aside|is another setup)/],
    ['Training 7b full on 4x A100 80GB fails with OOM, while on 8x A100 80GB it worked fine.', 4, null, /8x A100 80GB" (?:set aside|is another setup)/],
    ['Previously I trained 7b full on 8 H100s. Now I want to train it on 2 H100s, is that possible?', 2, null, /"on 8 H100s" (?:set aside|is another setup)/],
    // The question outranks the failure: "One H100 will oom … how to use two H100?" (c133's shape).
    ['Training llama-2-7b full on one H100 crashes with OOM. How can I train it on two H100?', 2, null, /one H100" (?:set aside|is another setup)/],
  ])('%s', (text, count, mbs, aside) => {
    const { scenario, said } = read(text);
    if (count !== null) expect(gpus(scenario)).toBe(count);
    if (mbs !== null) expect(scenario.microBatch).toBe(mbs);
    expect(said).toMatch(aside);
  });

  it('a length that crashes beside one that works: the crashing one, the other said', () => {
    for (const text of ['llama-2-13b lora, seq 4096 crashes with OOM on a 4090; seq 2048 works fine.', 'llama-2-13b lora on a 4090: seq 2048 works fine, seq 4096 crashes with OOM.']) {
      const { scenario, said } = read(text);
      expect(scenario.seq).toBe(4096);
      expect(said).toMatch(/"seq 2048" (?:set aside|is another setup)/);
    }
  });

  it('a method said only of the working run stays the run\'s (said as weak), never turned into running the model', () => {
    const { scenario } = read('用4张A100 80G全参微调llama-13b可以，2张A100 80G就报错OOM');
    expect(scenario.mode).not.toBe('inference');
  });

  it.each([
    ['Can I train llama-2-7b on 2 A100 80GB? Or can I train it on 4 A100 80GB?', 2, /"on 4 A100 80GB" is another run the message also asks about — which did you mean\?/],
    ['Training llama-2-7b full on 2 A100 80GB fails with OOM. On 4 A100 80GB it also fails with OOM.', 2, /"On 4 A100 80GB" is another run the message also says fails — which did you mean\?/],
    ['llama-2-7b 全参微调，2张A100 80G可以吗？4张A100 80G可以吗？', 2, /which did you mean/],
    // A third run said to work is set aside as such; the two asked about are asked.
    ['llama-2-7b full works on 8 A100 80GB. Can I train it on 2 A100 80GB? Or can I train it on 4 A100 80GB?', 2, /which did you mean/],
  ])('two runs asked about alike: the first is read and the reply asks with both (%s)', (text, count, asked) => {
    const { scenario, said } = read(text);
    expect(gpus(scenario)).toBe(count);
    expect(said).toMatch(asked);
  });

  it('a command\'s saying is left to the later steps (a launcher picks the cards)', () => {
    const r = parseRequest('CUDA_VISIBLE_DEVICES=3,4 NPROC_PER_NODE=2 swift sft --model_type qwen2-vl-7b-instruct --sft_type lora\n其中一张显卡的显存会无限增加直到out of memory');
    expect(r.ok && r.notes.some((n) => /is the run that fails/.test(n))).toBe(false);
  });

  it('the evidence ranks a question above a failure above a report above a run said to work', () => {
    expect(RUN_EVIDENCE.asks).toBeGreaterThan(RUN_EVIDENCE.fails);
    expect(RUN_EVIDENCE.fails).toBeGreaterThan(RUN_EVIDENCE.none);
    expect(RUN_EVIDENCE.none).toBeGreaterThan(RUN_EVIDENCE.works);
  });
});
