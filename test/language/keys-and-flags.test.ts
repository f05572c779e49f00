import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { loadCorpus } from '../corpus/corpus.js';
import { segmentsOf } from '../../src/language/segments/index.js';
import { read } from './reading-fixtures.js';

/**
 * Keys, flags and training words the reader missed in batches b6–b8 (test/corpus/first-sight.md),
 * fixed in the key tables, the launchers and the negation rule: each with the real line it came
 * from and phrasings of our own (spacing, order, spelling, another framework's key).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

/** A corpus line read as the bot reads it in its thread: the title first, then the message. */
function readLine(id: string): string {
  const l = line(id);
  const opened = l.thread ? readInThread(l.thread, null).outcome : null;
  const previous = opened?.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const outcome = readInThread(l.text, previous).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`${id} not read`);
  return canonicalText(outcome.scenario);
}

describe('a key that exists only in training says the request trains (DESIGN §2)', () => {
  const keys = ['num_train_epochs', 'learning_rate', 'warmup_steps', 'save_steps', 'max_steps', 'lr_scheduler_type'];
  const values: Record<string, string> = { num_train_epochs: '3', learning_rate: '2e-5', warmup_steps: '100', save_steps: '500', max_steps: '1000', lr_scheduler_type: 'cosine' };
  const spellings = [(k: string, v: string) => `${k} ${v}`, (k: string, v: string) => `--${k} ${v}`, (k: string, v: string) => `--${k.replace(/_/g, '-')}=${v}`, (k: string, v: string) => `${k}: ${v}`, (k: string, v: string) => `${k}=${v}`, (k: string, v: string) => `"${k}": ${v},`];

  it('in any spelling, before or after the setup, with no train word: a full fine-tune, said on the first screen', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom(...spellings), fc.boolean(), (key, spell, first) => {
        const setting = spell(key, values[key]!);
        const text = first ? `${setting}\n13b on 1x a100` : `13b on 1x a100\n${setting}`;
        const { scenario, said } = read(text);
        expect(scenario.mode).toBe('full');
        expect(said).toMatch(/full fine-tune/);
      }),
      { numRuns: 40 },
    );
  });

  it('a serving word still decides: a learning rate the model was trained with is its history', () => {
    const { scenario, said } = read('vllm serve my 7b on 1x a100, it was trained with learning_rate 2e-5');
    expect(scenario.mode).toBe('inference');
    expect(said).not.toMatch(/learning_rate/);
  });

  it('the same setup with no such key runs the model', () => {
    expect(read('13b on 1x a100').scenario.mode).toBe('inference');
    expect(read('13b on 1x a100 --seed 42').scenario.mode).toBe('inference');
  });

  it('do_train false says nothing; the first training key is the one that says it, the rest are listed as not used', () => {
    expect(read('13b on 1x a100 do_train: false').scenario.mode).toBe('inference');
    const reply = respond('7b on 1x a100\n--learning_rate 2e-5 \\\n--num_train_epochs 3', null).reply as EstimateReply;
    expect(reply.ignored).toContain('--num_train_epochs 3');
    expect(reply.ignored.some((w) => w.includes('2e-5'))).toBe(false);
  });
});

describe('TensorRT-LLM, LLaMA2-Accessory and nanotron keys', () => {
  it("trtllm-build's --max_input_len and --max_output_len: the sequence holds both, the output is generated (c375)", () => {
    expect(readLine('c375')).toMatch(/ seq 4096 .*gen 2048/);
    const { scenario } = read('llama 7b on 1x a40\ntrtllm-build --max_input_len 1024 --max_output_len 512 --max_batch_size 8');
    expect(scenario.seq).toBe(1536);
    expect(scenario.inference?.newTokens).toBe(512);
    expect(scenario.inference?.maxSeqs).toBe(8);
    expect(scenario.microBatch).toBe(1);
  });

  it('--max_output_len alone is the generated tokens; --max_input_len alone the sequence, in either order', () => {
    expect(read('llama 7b on 1x a40 --max_output_len=256').scenario.inference?.newTokens).toBe(256);
    expect(read('--max_input_len 3000 llama 7b on 1x a40').scenario.seq).toBe(3000);
    expect(read('llama 7b on 1x a40 --max_output_len 512 --max_input_len 1024').scenario.seq).toBe(1536);
  });

  it("TensorRT-LLM benchmark.py's --input_output_len '2048,2048' (c351's command)", () => {
    const { scenario } = read("llama 7b on 1x a40 python benchmark.py -m llama_7b --batch_size 8 --input_output_len '2048,2048'");
    expect(scenario.seq).toBe(4096);
    expect(scenario.inference?.newTokens).toBe(2048);
  });

  it("LLaMA2-Accessory's max_words is the sequence (c372), with or without its equals sign", () => {
    expect(read(line('c372').text).scenario.seq).toBe(512);
    expect(read('7B on 8x a100 max_words 1024 train').scenario.seq).toBe(1024);
    expect(read('--max_words=2048 7b full on 8x a100').scenario.seq).toBe(2048);
  });

  it("nanotron's torch_adam_is_fused: true is fused AdamW (c360); false leaves the default", () => {
    expect(readLine('c360')).toMatch(/adamw fused/);
    expect(read('llama-3-8b pretrain on 8 gpus\noptimizer:\n  name: adamW\n  torch_adam_is_fused: false').scenario.optimizerImpl).toBe('foreach');
  });
});

describe("accelerate's mixed_precision 'no' and the Trainer's own precision flag", () => {
  it("--fp16 on the command replaces the config file's 'no' (c365)", () => {
    const text = readLine('c365');
    expect(text).toMatch(/ amp fp16 /);
    expect(text).toMatch(/llama-factory/);
  });

  it("with no Trainer flag, 'no' still trains in fp32; --bf16 replaces it as --fp16 does", () => {
    expect(read("mixed_precision: 'no'\n13b full on 8x a800").scenario.recipe).toBe('fp32');
    expect(read("mixed_precision: no\n13b full on 8x a800 --bf16").scenario.compute).toBe('bf16');
  });
});

describe("LLaMA-Factory's entry points name the framework", () => {
  it.each([
    ['python src/train_bash.py --stage sft --model_name_or_path llama-7b --finetuning_type lora on 1x 3090'],
    ['CUDA_VISIBLE_DEVICES=0 python train_bash.py --stage sft --model_name_or_path llama-7b --finetuning_type lora on 1x 3090'],
    ['accelerate launch src/train_bash.py --stage sft --model_name_or_path llama-7b --finetuning_type lora on 2x 3090'],
    ['deepspeed --num_gpus 2 src/train.py \\\n  --stage sft \\\n  --model_name_or_path llama-7b \\\n  --finetuning_type lora on 2x 3090'],
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.framework).toBe('llama-factory');
    expect(scenario.recompute).toBe('full');
  });

  it("a flag given a variable the paste never sets does not take the script after it as its value (c374's launch line)", () => {
    const launch = 'deepspeed --include localhost:4,5,6,7 --master_port $MASTER_PORT src/train_bash.py\n--stage sft\n--finetuning_type full\n--deepspeed ds_config.json\n--bf16\n13b on 4x a800';
    expect(read(launch).scenario.framework).toBe('llama-factory');
    expect(readLine('c374')).toMatch(/llama-factory/);
    // …and a variable the script sets is its value, as the shell expands it.
    expect(read('export TP=2\nvllm serve llama-2-13b --tensor-parallel-size $TP on 2x a100').scenario.parallel.tp).toBe(2);
  });

  it('a src/train.py without --stage is some other script', () => {
    expect(read('python src/train.py --model_name_or_path llama-7b lora on 1x 3090').scenario.framework).not.toBe('llama-factory');
  });
});

describe('an empty value takes nothing of the next pair', () => {
  it("Ollama's `OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:1` (c148): the parallel count is read", () => {
    expect(readLine('c148')).toMatch(/ollama|llama.cpp|llamacpp/);
    const { scenario } = read('env="map[OLLAMA_CONTEXT_LENGTH:4096 OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:2]" gemma3:12b');
    // Read as the server's parallel requests, max seqs (rserve3: c1812, c1790), not a micro-batch.
    expect(scenario.inference.maxSeqs).toBe(2);
    expect(scenario.microBatch).toBe(1);
    expect(scenario.seq).toBe(4096);
  });

  it('a value written key:value after "=" is that value (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True)', () => {
    expect(read('lora finetune llama-2-7b on a 4090\nPYTORCH_CUDA_ALLOC_CONF=expandable_segments:True').scenario.expandableSegments).toBe(true);
  });
});

describe('launcher flags with a number but no unit', () => {
  it("ExLlama's --gpu_split 23,23,23,23 is a layer split over four GPUs, not a refusal (c356's flag)", () => {
    const { scenario } = read('llama-30b gptq on 4x 3090 --gpu_split 23,23,23,23 --length 8192');
    expect(scenario.parallel.pp).toBe(4);
    expect(read('llama-30b gptq on 2x 3090 --gpu_split 17.2, 24').scenario.parallel.pp).toBe(2);
    expect(read('llama-30b gptq on 1x 3090 gpu_split: 20').scenario.parallel.pp).toBe(1);
  });

  it("ColossalAI's -c 70b names the model (c370's command); llama.cpp's -c 4096 is still the context", () => {
    expect(read('python benchmark.py -c 70b -b 2 --max_length 1024 --tp 4 --zero 1 on 32x a100').scenario.model.requestedParams).toBe(70e9);
    expect(read('python benchmark.py -c 70b --tp 4 --zero 1 on 32x a100').scenario.sharding).toEqual({ kind: 'zero', stage: 1 });
    expect(read('./main -m llama-2-7b.Q4_K_M.gguf -c 4096 on 1x 3090').scenario.seq).toBe(4096);
  });
});

describe('issue 22 item 7: keys with or without their colon or equals sign', () => {
  const spell = [(k: string, v: string) => `${k} ${v}`, (k: string, v: string) => `${k}: ${v}`, (k: string, v: string) => `${k}=${v}`, (k: string, v: string) => `--${k} ${v}`, (k: string, v: string) => `--${k.replace(/_/g, '-')}=${v}`];

  it('a KV-cache dtype key sets the KV cache, never the weights (vLLM, SGLang spellings)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...spell), fc.constantFrom('fp8', 'fp8_e5m2', 'fp8_e4m3'), fc.constantFrom('serve', 'vllm', 'sglang'), (s, value, engine) => {
        const { scenario } = read(`qwen2.5-7b ${engine} on 1x a100 ${s('kv_cache_dtype', value)}`);
        expect(scenario.inference?.kvDtype).toBe('fp8');
        expect(scenario.weights).toBe('bf16');
      }),
      { numRuns: 30 },
    );
  });

  it("Ollama's and llama.cpp's q8_0 cache is an 8-bit KV cache; the weights stay as they were", () => {
    const ollama = read('qwen2.5-7b on 1x a100 OLLAMA_KV_CACHE_TYPE=q8_0').scenario;
    expect(ollama.inference?.kvDtype).toBe('fp8');
    expect(ollama.weights).toBe('bf16');
    expect(read('qwen2.5-7b llama.cpp on 1x a100 --cache-type-k q8_0').scenario.inference?.kvDtype).toBe('fp8');
  });

  it('a LoRA target value meaning "all" is all linear layers, in each framework\'s key and spelling', () => {
    const all = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];
    fc.assert(
      fc.property(
        fc.constantFrom(...spell),
        fc.constantFrom(['lora_target', 'all'], ['target_modules', 'all-linear'], ['lora_target_modules', 'ALL'], ['target_modules', 'all']),
        (s, [key, value]) => {
          expect(read(`qwen2.5-7b lora on 1x a100 ${s(key!, value!)}`).scenario.lora?.targets).toEqual(all);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a word the key does not read stays prose, and the key alone is a switch', () => {
    const { scenario } = read('qwen2.5-7b on 1x a100 train, should I use gradient_checkpointing to save memory');
    expect(scenario.recompute).toBe('full');
  });
});

describe('negation has a scope: a failed attempt is still the attempt', () => {
  it.each([
    ['13b on 1x a100, I can not fine tuning it', 'full'],
    ['13b on 1x a100, I could not train it', 'full'],
    ['13b on 1x a100, I was not able to finetune it', 'full'],
    ['I cannot train 13b on 1x a100', 'full'],
    ['unable to finetune 13b on 1x a100', 'full'],
    ['failed to fine-tune 13b on 1x a100', 'full'],
    ['could not run lora on 13b with 1x a100', 'lora'],
    ['13b on 1x a100, I am not finetuning', 'inference'],
    ["13b on 1x a100, I don't train it", 'inference'],
  ])('%s → %s', (text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });

  it('"can not use flash attention" still turns flash attention off', () => {
    expect(read('13b on 1x a100, can not use flash attention').scenario.attention).toBe('eager');
  });
});

describe("TensorRT's and TensorRT-LLM's log lines are a log", () => {
  const lines = [
    '[03/14/2024-09:12:45] [TRT] [I] [MemUsageChange] Init CUDA: CPU +14, GPU +0, now: CPU 1127, GPU 263 (MiB)',
    '[12/01/2024-10:11:12] [TRT] [W] Loaded engine size: 12345 MiB',
    '[TRT-LLM] [W] max_num_tokens (8192) shall be less than max_seq_len * max_batch_size (65536)',
    '[TensorRT-LLM][INFO] Allocated 32.00 GiB for max tokens in paged KV cache (4096).',
  ];

  it.each(lines)('%s', (log) => {
    expect(segmentsOf(log).map((s) => s.rule)).toEqual(['log.tensorrt']);
  });

  it('their numbers never set the setup written around them, in either order', () => {
    for (const log of lines) {
      for (const text of [`${log}\n7b on 1x a40`, `7b on 1x a40\n${log}`]) {
        const { scenario } = read(text);
        expect(scenario.seq).toBe(2048);
        expect(scenario.microBatch).toBe(1);
        expect(scenario.hardware?.count).toBe(1);
      }
    }
  });
});

describe('load_in_8bit / load_in_4bit inside a from_pretrained call (c387, c404)', () => {
  const call = (kbit: string, dtype: string) => `13b lora on 1x 3090\nmodel = LlamaForCausalLM.from_pretrained(\n    BASE_MODEL,\n    ${kbit}=True,\n    torch_dtype=torch.${dtype},\n    device_map=device_map,\n)`;

  it.each([
    ['load_in_8bit', 'float16', 'lora', 'int8'],
    ['load_in_4bit', 'bfloat16', 'qlora', 'nf4'],
  ])('%s with torch_dtype %s: adapters on a %s base, and the dtype is not the trained weights\'', (kbit, dtype, mode, weights) => {
    const { scenario, said } = read(call(kbit, dtype));
    expect(scenario.mode).toBe(mode);
    expect(scenario.weights).toBe(weights);
    expect(scenario.recipe).not.toBe('pure');
    expect(said).toMatch(/beside a k-bit load/);
  });

  it('without a k-bit load, torch_dtype still loads 16-bit weights', () => {
    expect(read('13b full on 1x a100 torch_dtype=torch.bfloat16').scenario.recipe).toBe('pure');
  });
});

describe("a sentence's full stop after a flag is not the flag's", () => {
  // The forty-first session's stranger check: "… --seq-length 4096 --recompute-activations. We get ~420 TFLOPS/s/GPU."
  // left "recompute-activations." as a setting not read, and the run was estimated with no recompute.
  it.each([
    ['llama-2-7b megatron pretrain on 8x h100, --seq-length 4096 --recompute-activations. Throughput is fine.', 'selective'],
    ['llama-2-7b megatron pretrain on 8x h100 with --recompute-activations.', 'selective'],
    ['llama-2-7b megatron pretrain on 8x h100 with --recompute-activations', 'selective'],
  ])('%s', (text, recompute) => {
    expect(read(text).scenario.recompute).toBe(recompute);
  });

  it('a dotted flag keeps its dots: --actor_rollout_ref.model.path', () => {
    expect(read('verl grpo qwen2.5-7b --actor_rollout_ref.model.path Qwen/Qwen2.5-7B on 8x a100-80g').scenario.model?.name ?? '').toMatch(/qwen2\.5-7b/i);
  });
});
