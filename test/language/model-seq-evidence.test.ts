import { describe, expect, it } from 'vitest';
import { offlineReading } from '../../src/language/prose/index.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The model and the sequence length, by the evidence the message gives (rmodseq): two models named
 * side by side in a failure, a fine-tune by the base its card gives, a Hub name whose family and version
 * are written apart, a release said with two sizes, and a script's variables that default to themselves.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const params = (text: string) => read(text).scenario.model.requestedParams ?? 0;

describe('two models named side by side in a failure: the larger is read, and asked (reconcile.joined-models-larger)', () => {
  it('c1611 (Ascend/sglang#617): "Service startup failed for qwen3_8b and qwen3_32b" reads Qwen3-32B', () => {
    const { scenario, said } = read(line('c1611').text);
    expect(scenario.model.id).toBe('qwen3-32b');
    expect(said).toMatch(/"qwen3_8b" is another run/);
  });

  it('c1386 (qwopqwop200/AutoQuant#2): "quantize llama7b and llama13b on A100 40GB, I got OOM … ?" reads the 13B', () => {
    expect(read(line('c1386').text).scenario.model.id).toBe('llama-1-13b');
  });

  it.each<[string, string]>([
    ['Service startup failed for qwen3-8b and qwen3-32b on one 64GB card', 'qwen3-32b'],
    ['Service startup failed for qwen3_32b and qwen3_8b on one 64GB card', 'qwen3-32b'],
    ['部署 qwen2.5-7b和qwen2.5-72b 都报错 OOM，8张A100', 'qwen2.5-72b'],
    ['inference with llama-2-13b & llama-2-70b both fail with OOM on 8x A100 80GB', 'llama-2-70b'],
  ])('%s → %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('a question about two, with no failure (c1452, meta-llama/llama#646), keeps the first', () => {
    expect(read(line('c1452').text).scenario.model.id).toBe('llama-2-13b');
    expect(read('How many gpu I need for llama2-13b and llama2-70b fine-tuning?').scenario.model.id).toBe('llama-2-13b');
  });

  it('two of one size are not ordered by it: the first stays', () => {
    expect(read('inference fails for mistral-7b and qwen2.5-7b with OOM on one 3090').scenario.model.id).toBe('mistral-7b');
  });
});

describe('a fine-tune by the base its card names (NAMED_FINE_TUNES)', () => {
  it('c1629 (FreedomIntelligence/LLMZoo#50): Phoenix-7B is BLOOMZ-7b1', () => {
    expect(read(line('c1629').text).scenario.model.id).toBe('bloomz-7b1');
  });

  it.each<[string, string]>([
    ['full fine-tune Phoenix-7B on 8x A100 80GB', 'bloomz-7b1'],
    ['phoenix 7b lora on 2x 3090', 'bloomz-7b1'],
    ['微调 phoenix-inst-chat-7b，4张A100', 'bloomz-7b1'],
    // turboderp/exllama#98 (c356): 30B-Lazarus is a LLaMA-1 30B merge.
    ['python exllama/webui/app.py -d ./30B-Lazarus-gptq-4bit --gpu_split 23,23,23,23 on 4x 3090', 'llama-1-33b'],
    ['run 30b lazarus gptq on 2x 3090', 'llama-1-33b'],
  ])('%s → %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });
});

describe('a Hub name whose family and version are written apart (names.hub-family-version-apart)', () => {
  it.each<[string, string]>([
    ['rhaymison/Llama-3-portuguese-Tom-cat-8b-instruct', 'llama-3-8b'],
    ['beomi/llama-2-ko-7b', 'llama-2-7b'],
    ['Bllossom/llama-3-Korean-Bllossom-70B', 'llama-3-70b'],
    ['someone/Qwen-2.5-medical-7B-Instruct', 'qwen2.5-7b'],
    ['someone/llama_3_german_8b', 'llama-3-8b'],
  ])('%s → %s', (repo, model) => {
    expect(offlineReading(repo)).toMatchObject({ model });
  });

  it("c317 (vllm-project/vllm#4821): served by vLLM without --max-model-len, the base's own 8192 is the length", () => {
    expect(read(line('c317').text).scenario.seq).toBe(8192);
  });
});

describe('a release said with two sizes: the size said most (reconcile.size-said-most)', () => {
  it('c1607 (vllm-project/vllm-ascend#10872): the title\'s Qwen3.6-30b-a3b, the path, served name and body\'s 35B-A3B', () => {
    // Qwen3.6-35B-A3B is in the catalog since rmodel: the line reads as it.
    expect(read(line('c1607').text).scenario.model.id).toBe('qwen3.6-35b-a3b');
  });

  it('the same in prose: the slip said first is said as set aside', () => {
    const { scenario, said } = read('Qwen3.8-30b-a3b fails to deploy. I deploy Qwen3.8-35B-A3B with vllm on 4 GPUs and Qwen3.8-35b-a3b hangs.');
    expect(scenario.model.requestedParams).toBeGreaterThan(33e9);
    expect(said).toMatch(/"Qwen3\.8-30b-a3b" is said once/);
    expect(params('部署 Qwen3.8-30b-a3b 出问题：vllm serve Qwen3.8-35B-A3B --tensor-parallel-size 4，Qwen3.8-35B-A3B 一直卡住')).toBeGreaterThan(33e9);
  });

  it('said once each, the first stays', () => {
    expect(params('vllm serve Qwen3.8-30B-A3B then Qwen3.8-35B-A3B on 4 gpus')).toBeLessThan(33e9);
  });
});

describe('a script variable that defaults to itself holds the default (code.shell-self-default)', () => {
  it('c1607: MAX_MODEL_LEN="${MAX_MODEL_LEN:-65536}" … --max-model-len "${MAX_MODEL_LEN}" is seq 65536, tp 4', () => {
    const { scenario } = read(line('c1607').text);
    expect(scenario.seq).toBe(65536);
    expect(scenario.parallel?.tp).toBe(4);
  });

  it.each<[string, number]>([
    ['LEN="${LEN:-8192}"\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len "${LEN}" on one A100 80GB', 8192],
    ['LEN=${LEN:-4096}; vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len $LEN on one A100 80GB', 4096],
    ['export MAX_LEN=${MAX_LEN:-16384}\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len ${MAX_LEN} on one A100 80GB', 16384],
  ])('%s → seq %d', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a variable given another\'s default, or a default in single quotes (not expanded by the shell), holds no value', () => {
    expect(read('LEN="${OTHER:-8192}"\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len "${LEN}" on one A100 80GB').scenario.seq).not.toBe(8192);
    expect(read("LEN='${LEN:-4096}'\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len $LEN on one A100 80GB").scenario.seq).not.toBe(4096);
  });
});

describe("a model key's Hub-cache path names the repo it caches, not the snapshot (config.key.hub-cache-folder)", () => {
  it('c498 (haotian-liu/LLaVA#157): --model_name_or_path …/models--lmsys--vicuna-7b-delta-v0/snapshots/<hash> is Vicuna-7B v0, said beside "LLaVA-7B"', () => {
    // The prose's LLaVA-7B is still read; the command's Vicuna v0 (LLaMA-1 7B, the corpus reading) is now said, no longer silent.
    expect(read(line('c498').text).said).toMatch(/^(?=[^]*"vicuna-7b-delta" read as llama-1-7b, the base that fine-tune is known to be trained from)(?=[^]*"vicuna-7b-delta" sets it differently)/);
  });

  it.each<[string, string]>([
    ['full fine-tune on 2x 3090\n--model_name_or_path /root/.cache/huggingface/hub/models--lmsys--vicuna-7b-delta-v0/snapshots/f902a2f7e2ca5dfeedf40a0220320e50d2d4fa2a', 'llama-1-7b'],
    ['lora on one A100 80GB\nmodel_name_or_path: /data/hub/models--baichuan-inc--Baichuan-7B/snapshots/c1a5c7d5b7f50ecc51bb0e08150a9f12e5656756', 'baichuan-7b'],
    ['lora on one A100 80GB\n"model_name_or_path": "C:\\\\hf\\\\models--Qwen--Qwen2.5-7B-Instruct\\\\snapshots\\\\abc123"', 'qwen2.5-7b'],
  ])('%s → %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });
});
