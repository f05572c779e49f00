import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, readsAs, refusal } from './reading-fixtures.js';

/**
 * s36 (rmodel14): which model, and what is not a model. Each group is one cause, tested on invented
 * variations (other families, spacing, order, languages, a config or a command) beside the real line:
 * - a Hub id passed to a dataset loader is data, not the model (huggingface/trl#1168, c2720);
 * - a script named by a mixture's size, or named twice (title and link), is the model it runs (THUDM/slime#72, c2711);
 * - a memory figure in M beside a memory word or in a VRAM table is memory, not a model's size
 *   (ymcui/Chinese-LLaMA-Alpaca-2#47, c2740; zai-org/ChatGLM-6B#353, c2782);
 * - an MLC build's library or folder (`…-q4f16_ft-cuda.so`) is the model it names, with its 4-bit weights
 *   (dusty-nv/jetson-containers#560, c2708).
 */

describe('a Hub id given to a dataset loader is data, not the model', () => {
  it.each([
    ['```python\ndataset = load_dataset("mlabonne/guanaco-llama2-1k", split="train")\nmodel = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-7b-chat-hf", load_in_4bit=True)\n```\nOOM on a T4', 'llama-2-7b'],
    ["model = AutoModelForCausalLM.from_pretrained('mistralai/Mistral-7B-v0.1')\nds = datasets.load_dataset('timdettmers/openassistant-guanaco')\ntraining on a 3090 runs out of memory", 'mistral-7b'],
    ['train_data = load_dataset(\n    "HuggingFaceH4/ultrachat_200k",\n    split="train_sft",\n)\nmodel = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-7B-Instruct")\nlora on 2x 4090', 'qwen2.5-7b'],
    ['data = load_dataset(path="tatsu-lab/alpaca")\nmodel_id = "meta-llama/Llama-2-13b-hf"\nfine-tune on an A100 80GB', 'llama-2-13b'],
    ["用 load_dataset('shibing624/alpaca-zh') 加载数据，模型是 Qwen/Qwen2-7B-Instruct，4090 显存不够", 'qwen2-7b'],
    ['데이터셋은 load_dataset("beomi/KoAlpaca-v1.1a")로 불러오고 모델은 meta-llama/Llama-2-13b-hf, A100 40GB에서 OOM', 'llama-2-13b'],
    ['I load my data with load_dataset("Open-Orca/SlimOrca", split="train[:1%]") and fine-tune mistralai/Mistral-7B-Instruct-v0.2 with qlora on a 4090', 'mistral-7b'],
    ['dataset = load_from_disk("vicgalle/alpaca-gpt4")\nbase_model = "meta-llama/Meta-Llama-3-8B"\nsft on 1x A10G', 'llama-3-8b'],
    ['eval_ds = load_dataset("openai/gsm8k", "main", split="test")\nmodel = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-1.5B-Instruct")\ngrpo on a 3090', 'qwen2.5-1.5b'],
    ['dataset = datasets.load_dataset( "databricks/databricks-dolly-15k" )\ntrain EleutherAI/pythia-12b on 8x A100', 'pythia-12b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it('asks for the model where only a dataset is named, never fetches the dataset as one', () => {
    expect(refusal('dataset = load_dataset("mlabonne/guanaco-llama2-1k")\nOOM on a T4 with qlora')).not.toMatch(/guanaco/);
  });
});

describe('a script named after the model it runs', () => {
  it.each([
    ['[bug] cannot run run-qwen3-30B-A3B.sh on 8 H100s\n\nwhen I tried to run [run-qwen3-30B-A3B.sh](https://github.com/THUDM/slime/blob/main/scripts/run-qwen3-30B-A3B.sh) it failed', 'qwen3-30b-a3b'],
    ['bash scripts/run-qwen3-30B-A3B.sh OOM on 8x H100', 'qwen3-30b-a3b'],
    ['run_qwen3_30b_a3b.sh fails on 8 A100 80GB', 'qwen3-30b-a3b'],
    ['sh finetune_qwen2.5_7b_lora.sh OOM on a 4090, then sh finetune_qwen2.5_7b_lora.sh again with bs 1', 'qwen2.5-7b'],
    ['运行 train_qwen2_7b.sh 显存不足, 4张3090', 'qwen2-7b'],
    ['python train_llama2_13b.py on 2x A100 runs out of memory', 'llama-2-13b'],
    ['examples/grpo/run_qwen3-8b.sh 실행시 OOM, H100 8장', 'qwen3-8b'],
    ['I ran run-qwen3-8B.sh as in https://github.com/x/y/blob/main/scripts/run-qwen3-8B.sh and it OOMs on 4x A100 80GB', 'qwen3-8b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });
});

describe('a figure in M beside a memory word is memory, not a model of that size', () => {
  const notModel = (text: string, size: RegExp) => {
    const r = resolveRequest(text, null);
    if (r.ok) expect(read(text).scenario.model.asWritten ?? '').not.toMatch(size);
  };
  it.each([
    ['The VRAM after loading the model is as follows (in Tesla P40) :\n\n| load_in_4bit | load_in_8bit | fp16 |\n| :-: | :-: | :-: |\n| 4999M | 7989M | 13759M |\n\nllama-2-7b', 'llama-2-7b'],
    ['chatglm-6b 用 device_map=auto 分到两张卡，一张卡的显存还是在飙升，另一张虽然有显存占用，但只有783M', 'chatglm-6b'],
    ['qwen2-7b on a 3090: GPU memory usage is only 1500M on the second card', 'qwen2-7b'],
    ['模型是 Qwen2.5-1.5B, 显存占用 900M 左右, 4090', 'qwen2.5-1.5b'],
    ['running mistral-7b on 2 cards, the second card only uses 512M VRAM', 'mistral-7b'],
    ['llama-3-8b 추론 시 두 번째 GPU 메모리는 800M만 사용', 'llama-3-8b'],
    ['| model | memory |\n|---|---|\n| baichuan2-7b | 15200M |\n| int8 | 8100M |\non a 3090', 'baichuan2-7b'],
    ['memory: 4999M after loading llama-2-13b in 4bit on a P40', 'llama-2-13b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it.each([
    ['the other card uses only 783M of VRAM and never grows, on 2 GPUs', /783/],
    ['一张卡的显存还是在飙升，另一张虽然有显存占用，但只有783M，而且一直不增加', /783/],
  ])('never reads the memory as the model: %s', (text, size) => notModel(text, size));

  it.each([
    ['train a 350M model on a 3090', 350e6],
    ['full fine-tune of a 125M gpt on a T4, memory 15GB', 125e6],
  ])('a size said as a model stays a model: %s', (text, params) => {
    expect(read(text).scenario.model.requestedParams ?? 0).toBeCloseTo(params, -7);
  });
});

describe('an MLC build names its model and its 4-bit weights', () => {
  it.each([
    ['Unable to run Llamaspeak on Jetson Orin AGX 32GB\n\n```\nusing create_kv_cache() from /data/models/mlc/dist/Meta-Llama-3-8B-Instruct-ctx8192/Meta-Llama-3-8B-Instruct-q4f16_ft/Meta-Llama-3-8B-Instruct-q4f16_ft-cuda.so\n```', 'llama-3-8b'],
    ['model_lib_path=/models/Llama-2-7b-chat-hf-q4f16_1-cuda.so OOM on a 3060', 'llama-2-7b'],
    ['mlc_llm chat HF://mlc-ai/Mistral-7B-Instruct-v0.2-q4f16_1-MLC on an 8GB card', 'mistral-7b'],
    ['lib/Qwen2-1.5B-Instruct-q4f16_1-vulkan.so crashes on my RX 6600', 'qwen2-1.5b'],
    ['cm = ChatModule(model="dist/Llama-3-8B-Instruct-q4f32_1", lib_path="dist/libs/Llama-3-8B-Instruct-q4f32_1-cuda.so") on a Jetson Orin Nano 8GB', 'llama-3-8b'],
    ['gemma-2b-it-q4f16_1-metal.so on an M1 with 8GB', 'gemma-2b'],
    ['mlc 编译的 Qwen2.5-7B-Instruct-q4f16_1-cuda.so 在 3060 12G 上显存不够', 'qwen2.5-7b'],
    ['using dist/Llama-2-13b-chat-hf-q4f16_1/Llama-2-13b-chat-hf-q4f16_1-cuda.so, 4090', 'llama-2-13b'],
  ])('%s', (text, reading) => {
    const got = readsAs(text, reading);
    expect(got.weights).toMatch(/nf4|int4|gptq|awq|4/);
  });
});

describe('a misspelt common word before "model" names no model', () => {
  it.each([
    "If I don't use the requset model, it can be inferred that there is no out of memory problem. my device : 4090 24G",
    'If I use the reqeust model it OOMs on my 4090',
    'the sever model runs out of memory on a 3090',
    'when I call the serer model from the client, 2x A100 OOM',
    'the quantzied model still OOMs on a T4',
    'loading the pretrianed model fails on a 3060 12GB',
    'the orignal model works on my 4090 but not the merged one',
    'using the deafult model on an A10G runs out of memory',
  ])('%s', (text) => {
    const said = refusal(text) ?? '';
    expect(said).not.toMatch(/I don't know the model/);
  });

  it.each([
    ['the zephyr model on a 4090', /zephyr/],
    ['the nemotron-3-super model on 8x H100', /nemotron/],
  ])('a name that is no slip stays asked by its name: %s', (text, name) => {
    expect(refusal(text) ?? '').toMatch(name);
  });
});
