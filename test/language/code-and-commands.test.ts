import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/language/config-keys.js';
import { parseRequest } from '../../src/language/parse.js';
import { normalise } from '../../src/language/normalise.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Command lines, pasted code and logs (issue 11 §2, brief "cfg"): what a launcher runs, the
 * settings inside Python and shell code, and code syntax that is not a word we fail to read.
 * Each case uses the words of a real line, cited by its thread.
 */

/** The request words config reading makes of a text. */
const words = (text: string) =>
  readConfig(normalise(text))
    .text.text.replace(/[{}()[\];]|,(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Words the reader lists as not understood. */
function unread(text: string): string[] {
  const out = parseRequest(text);
  if (!out.ok) throw new Error(out.error.message);
  return out.unread.map((u) => u.word.toLowerCase());
}

const shape = (s: Scenario) => JSON.stringify({ ...s, model: { arch: s.model.arch }, help: [], question: s.question });

/** The text resolves to the same scenario as the reading (the model by its shape). */
function readsAs(text: string, reading: string): void {
  const got = resolveRequest(text, null);
  const want = resolveRequest(reading, null);
  if (!got.ok) throw new Error(`refused: ${got.error.message}`);
  if (!want.ok || !want.scenario) throw new Error(`reading does not resolve: ${reading}`);
  // The model by its shape: "Llama-4-Scout-17B-16E-Instruct" is the catalog's llama-4-scout.
  expect(shape(got.scenario!), canonicalText(got.scenario!)).toBe(shape(want.scenario));
}

describe('a launcher says what is run', () => {
  it("vLLM's server module is the serving engine, and --tensor-parallel-size 1 on two GPUs is a replica each (vllm-project/vllm#1752)", () => {
    readsAs(
      'I have two 32G V100 gpus, and need to run a 13B float16 model.\npython -m vllm.entrypoints.openai.api_server --dtype float16 --trust-remote-code --model /app/model --port 8000 **--tensor-parallel-size 1**',
      '13b serve fp16 tp 1 on 2x v100-32g',
    );
  });

  it('the vllm/vllm-openai docker image is the engine, never a second model (vllm-project/vllm#2382)', () => {
    readsAs(
      'I am trying to run TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ with 2 x A10 GPUs\ndocker run --shm-size 10gb -it --rm --gpus all vllm/vllm-openai:v0.2.7 --model TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ --quantization awq --enforce-eager --tensor-parallel-size 2',
      'mixtral-8x7b serve awq tp 2 enforce eager on 2x a10',
    );
  });

  it("SGLang's launch_server with --tp, --context-length and --mem-fraction-static (sgl-project/sglang#6817)", () => {
    readsAs(
      'deploy Llama 4 scout on 8xH200.\n`python -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --port 30000 --tp 8 --context-length 1000000 --mem-fraction-static 0.8`',
      // The command runs SGLang: "deploy" before it names no engine (reconcile/engine-evidence.ts).
      'llama-4-scout sglang tp 8 seq 1000000 util 0.8 on 8x h200',
    );
  });

  it("llama.cpp's ./main: the model file's folder and ggml type, -n the tokens generated (ggml-org/llama.cpp#2496)", () => {
    expect(words('./main -m ./models/7B/ggml-model-q4_0.bin -n 128')).toBe('llamacpp inference llama-1-7b q4 gen 128');
    expect(words('./llama-cli -m models/llama-2-13b-chat.Q5_K_M.gguf -c 4096 -n 256')).toBe('llamacpp inference llama-2-13b-chat q5 seq 4096 gen 256');
  });

  it("llama.cpp's sampling and thread flags are blanked, its -c and -ngl kept, and what follows the command stays", () => {
    expect(words('./main -m ./models/7B/ggml-model-q4_0.bin -n 128 -t 8 --temp 0.7 -p "Building a website" on a 3090')).toBe('llamacpp inference llama-1-7b q4 gen 128 on a 3090');
    expect(words('./llama-server -m Meta-Llama-3-70B-Instruct-Q4_K_M.gguf -c 8192 on 2x 3090')).toBe('llamacpp inference meta-llama-3-70b-instruct q4 seq 8192 on 2x 3090');
  });

  it('`python -m` of another module is not llama.cpp, and -m there is no model file', () => {
    expect(words('python -m torch.distributed.run -n 2')).not.toMatch(/inference|gen/);
  });

  it('ms-swift `swift rlhf` trains (it is not PPO), with --train_type lora (modelscope/ms-swift#3848)', () => {
    expect(words('swift rlhf --rlhf_type grpo --train_type lora --torch_dtype bfloat16')).toBe('train grpo lora mixed bf16');
  });

  it('text-generation-webui --wbits 4 --groupsize 128 is a 4-bit GPTQ model run for inference (oobabooga/textgen#1092)', () => {
    expect(words('python server.py --auto-devices --chat --wbits 4 --groupsize 128')).toBe('python server.py inference gptq');
  });

  it("litgpt's finetune/lora.py names litgpt and LoRA (ayulockin/neurips-llm-efficiency-challenge#5)", () => {
    expect(words('python lit-gpt/finetune/lora.py --precision bf16-true')).toBe('python litgpt lora pure bf16');
  });
});

describe('settings inside pasted code', () => {
  const LLAMA_RECIPES = [
    '@dataclass',
    'class train_config:',
    '    model_name: str="meta-llama/Llama-3.1-8B-Instruct"',
    '    batch_size_training: int=2',
    '    context_length: int =16000',
    '    gradient_accumulation_steps: int=1',
    '    use_fp16: bool=False',
    '    mixed_precision: bool=True',
    '    use_peft: bool = True',
    '    enable_fsdp: bool = True',
    '',
    '@dataclass',
    'class fsdp_config:',
    '    mixed_precision: bool = True',
    '    use_fp16: bool=False',
    '    sharding_strategy: ShardingStrategy = ShardingStrategy.FULL_SHARD',
  ].join('\n');

  it('a llama-recipes dataclass: typed fields are settings, its Python words are not unread (meta-llama/llama-cookbook#872)', () => {
    const read = words(LLAMA_RECIPES);
    for (const w of ['bs 2', 'seq 16000', 'ga 1', 'bf16 mixed', 'lora', 'fsdp']) expect(read).toContain(w);
    expect(unread(LLAMA_RECIPES)).toEqual([]);
  });

  it("a litgpt signature: the default Path names the model, a Literal's choices are not chosen (Lightning-AI/litgpt#477)", () => {
    const text = [
      'def setup(',
      '    checkpoint_dir: Path = Path("checkpoints/meta-llama/Llama-2-7b-hf/"),',
      '    precision: Optional[str] = None,',
      '    quantize: Optional[Literal["bnb.nf4", "bnb.nf4-dq", "bnb.fp4", "bnb.fp4-dq"]] = None,',
      '):',
      'python finetune/lora.py --precision "bf16-true" --quantize "bnb.nf4-dq"',
    ].join('\n');
    const read = words(text);
    expect(read).toContain('llama-2-7b-hf');
    expect(read.match(/nf4|fp4/g)).toEqual(['nf4']);
    for (const w of ['def', 'path', 'optional', 'literal', 'str', 'none']) expect(unread(text)).not.toContain(w);
  });

  it("a printed litgpt dict: lora_query/key/value on are the targets, override_max_seq_length the sequence (ayulockin/neurips-llm-efficiency-challenge#5)", () => {
    const dump = "{'override_max_seq_length': 512, 'batch_size': 1, 'micro_batch_size': 1, 'gradient_accumulation_iters': 1, 'lora_r': 4, 'lora_query': True, 'lora_key': True, 'lora_value': True, 'lora_projection': False, 'lora_mlp': False, 'lora_head': False}";
    // Its keys are LitGPT's printed hyperparameters (config-shape.ts, rframe9): the program is said once.
    expect(words(dump)).toBe('seq 512 gbs 1 bs 1 ga 1 lora rank 4 litgpt lora q,k,v');
  });

  it("an SGLang ServerArgs log line: its keyword arguments, not its timestamp (sgl-project/sglang#12496)", () => {
    const log = "sglang-1  | [2025-11-01 16:50:30] server_args=ServerArgs(model_path='/models/google/gemma-3-12b-it', dtype='auto', quantization=None, kv_cache_dtype='fp8_e5m2', mem_fraction_static=0.717, max_running_requests=None)";
    expect(words(log)).toBe('gemma-3-12b-it serve kv fp8 serve util 0.717 serve');
  });

  it('a Python dict of DeepSpeed settings: fp16 enabled True is DeepSpeed fp16 (deepspeedai/DeepSpeedExamples#186)', () => {
    const ds = 'ds_config = {\n    "fp16": {\n        "enabled": True\n    },\n    "zero_optimization": {\n       "stage": 3\n    }\n}';
    expect(words(ds)).toContain('mixed fp16');
    expect(words(ds)).toContain('zero3');
  });

  it("Ollama's server config map: OLLAMA_CONTEXT_LENGTH is the context, OLLAMA_FLASH_ATTENTION:false no flash, the empty KV cache type takes nothing of OLLAMA_NUM_PARALLEL:1 (ollama/ollama#9730)", () => {
    const env = 'INFO server config env="map[OLLAMA_CONTEXT_LENGTH:2048 OLLAMA_FLASH_ATTENTION:false OLLAMA_KV_CACHE_TYPE: OLLAMA_NUM_PARALLEL:1]"';
    // OLLAMA_NUM_PARALLEL:1 is Ollama's default, no setting (rserve3: N > 1 reads as max seqs N).
    // Each OLLAMA_* variable names the engine (s43 rconv1), whatever its value.
    expect(words(env)).toBe('info server config inference seq 2048 ollama inference no flash ollama ollama');
  });

  it('a type annotation never changes what a field sets (property)', () => {
    const TYPES = ['int', 'str', 'bool', 'float', 'Optional[int]', 'Path', 'Literal["a", "b"]', 'typing.Optional[int]'];
    const KEYS = ['per_device_train_batch_size', 'gradient_accumulation_steps', 'max_seq_length', 'lora_r', 'lora_alpha'];
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.constantFrom(...KEYS), fc.integer({ min: 1, max: 4096 }), (type, key, n) => {
        expect(words(`${key}: ${type} = ${n}`)).toBe(words(`${key} = ${n}`));
      }),
    );
  });
});

describe('a shell table of several setups is not one setup', () => {
  const TABLE = [
    'GPUS_PER_NODE=8',
    'if   [[ ${MODEL_SIZE} == "1.7b" ]];   then HIDDEN_SIZE=2048;  NUM_HEAD=16; NUM_LAYERS=24; TP_SIZE=1; PP_SIZE=1; BATCH_SIZE=3840;',
    'elif [[ ${MODEL_SIZE} == "70b" ]];  then HIDDEN_SIZE=8192;  NUM_HEAD=64; NUM_LAYERS=84; TP_SIZE=8; PP_SIZE=2; BATCH_SIZE=384;',
    'elif [[ ${MODEL_SIZE} == "16b" ]];  then HIDDEN_SIZE=6144;  NUM_HEAD=48; NUM_LAYERS=32; TP_SIZE=4; PP_SIZE=1; BATCH_SIZE=960;',
    'else echo "invalid MODEL_SIZE: ${MODEL_SIZE}"; exit 1',
    'fi',
  ].join('\n');

  it('the branch the message names is read, the others are not (NVIDIA/Megatron-LM#1571)', () => {
    const read = words(`I test 70b gpt model, it even raise oom by the table param\n${TABLE}`);
    expect(read).toContain('hidden 8192 heads 64 layers 84 tp 8 pp 2 gbs 384');
    expect(read).not.toMatch(/1\.7b|2048|3840|16b|960/);
  });

  it('with no branch named, none is read, and a note says so', () => {
    const r = readConfig(normalise(TABLE));
    expect(r.text.text).not.toMatch(/hidden|layers|tp|gbs/);
    expect(r.notes.join(' ')).toMatch(/shell table of settings by model_size .* not read/);
  });
});

describe('a key set twice has its last value, as a config parser keeps it', () => {
  it('"source_max_len" changed from 1024 to 512 is 512 (microsoft/foundry-dev-tools#37)', () => {
    const r = readConfig(normalise('changed:\n"source_max_len": 1024,\nto: \n"source_max_len": 512,'));
    expect(r.text.text.replace(/[\s,]+/g, ' ').trim()).toBe('changed: to: seq 512');
    expect(r.notes.join(' ')).toMatch(/set more than once: its last value, 512/);
  });

  it('the same key in two DeepSpeed blocks is two settings, both read', () => {
    const ds = '"offload_optimizer": {"device": "cpu"}, "offload_param": {"device": "cpu"}';
    expect(words(ds)).toBe('offload optimizer offload params');
  });
});

describe('a flag that names a kernel or a split reads with the model it serves', () => {
  it('--quantization marlin with an AWQ checkpoint is AWQ, not a contradiction (vllm-project/vllm#6689)', () => {
    expect(words('--model hugging-quants/Meta-Llama-3.1-405B-Instruct-AWQ-INT4 --quantization marlin -tp 4')).toMatch(/awq serve tp 4$/);
  });

  it('--enable-expert-parallel with --tensor-parallel-size 8 is ep 8 (vllm-project/vllm#22177)', () => {
    expect(words('vllm serve /models/Qwen3-Coder-30B-A3B-Instruct --enable-expert-parallel --tensor-parallel-size 8')).toContain('ep 8');
  });

  it('--input-len next to --max-model-len is the prompt: the server is sized for the model length (vllm-project/vllm#6689)', () => {
    expect(words('--input-len 512 --output-len 256 --max-model-len 1024')).toBe('gen 256 serve seq 1024');
  });
});

describe('framework keys read by what the framework does with them', () => {
  it('LLaMA-Factory quantization_bit does not re-quantise a GPTQ checkpoint (hiyouga/LlamaFactory#4559)', () => {
    const yaml = 'model_name_or_path: Meta-Llama-3-70B-Instruct-GPTQ\nquantization_bit: 4';
    const r = readConfig(normalise(yaml));
    expect(r.text.text).not.toMatch(/nf4/);
    expect(r.notes.join(' ')).toMatch(/does not re-quantise/);
    expect(words('model_name_or_path: meta-llama/Meta-Llama-3-8B\nquantization_bit: 4')).toContain('nf4');
  });

  it('enable_liger_kernel is the chunked loss, use_unsloth_gc is offloaded checkpointing (hiyouga/LlamaFactory#8482, #7938)', () => {
    expect(words('enable_liger_kernel: true\nuse_unsloth_gc: true')).toBe('liger unsloth gc');
    expect(words('use_unsloth_gc: True')).toBe('unsloth gc');
    expect(words('use_unsloth_gc: false')).toBe('');
    expect(words('disable_gradient_checkpointing: true')).toBe('no gc');
  });

  it("Megatron-LM's own parallel flags name Megatron (megatron/training/arguments.py)", () => {
    expect(words('--tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --ffn-hidden-size 11008 --num-query-groups 8')).toBe(
      'megatron tp 4 megatron pp 2 ffn 11008 kv 8',
    );
  });

  it('a bare finetune/lora.py with a Lightning precision string is litgpt (Lightning-AI/litgpt#553)', () => {
    expect(words('$ python3 finetune/lora.py --precision "bf16-true" --checkpoint_dir checkpoints/meta-llama/Llama-2-7b-hf')).toBe(
      '$ python3 litgpt lora pure bf16 Llama-2-7b-hf'.toLowerCase(),
    );
    // Any other project's finetune/lora.py stays the prose's to read.
    expect(words('python finetune/lora.py --lr 1e-4')).not.toMatch(/litgpt/);
  });
});

describe('printed config objects (the repr people paste from a log)', () => {
  it('TrainingArguments(...) printed over lines: deepspeed=None is no DeepSpeed, adafactor=False no Adafactor (transformers TrainingArguments repr)', () => {
    const dump = 'TrainingArguments(\n_n_gpu=1,\nadafactor=False,\nbf16=True,\ndeepspeed=None,\ngradient_accumulation_steps=4,\noptim=OptimizerNames.ADAMW_TORCH,\nper_device_train_batch_size=2,\n)';
    expect(words(dump)).toBe('amp bf16 ga 4 adamw train bs 2');
  });

  it("LoraConfig(...) repr: a Python set of target modules is the targets (PEFT LoraConfig repr)", () => {
    const dump = "LoraConfig(peft_type=<PeftType.LORA: 'LORA'>, task_type='CAUSAL_LM', inference_mode=False, r=16, target_modules={'q_proj', 'k_proj', 'v_proj'}, lora_alpha=32, bias='none')";
    expect(words(dump)).toContain('lora rank 16 lora q,k,v lora alpha 32');
    expect(unread(`llama-2-7b on a 4090\n${dump}`)).toEqual([]);
  });

  it('FastChat --load-8bit is 8-bit weights, and its model worker runs inference (lm-sys/FastChat README)', () => {
    expect(words('python -m fastchat.serve.model_worker --model-path lmsys/vicuna-13b-v1.5 --load-8bit')).toBe('inference vicuna-13b-v1.5 int8');
  });
});

describe('Python that loads a model', () => {
  it('from_pretrained(..., load_in_8bit=True, torch_dtype=torch.float16): the settings read, the call names are not unread words (transformers from_pretrained)', () => {
    const text = 'OOM on a 3090:\n```python\nmodel = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-13b-hf", load_in_8bit=True, device_map="auto", torch_dtype=torch.float16)\n```';
    expect(words(text)).toContain('int8');
    expect(unread(text)).toEqual([]);
  });

  it("vLLM's LLM(...) and SamplingParams(...): the engine's flags as keyword arguments (vLLM offline inference API)", () => {
    readsAs(
      'llm = LLM(model="mistralai/Mixtral-8x7B-Instruct-v0.1", tensor_parallel_size=2, gpu_memory_utilization=0.9, max_model_len=8192)\nsampling_params = SamplingParams(temperature=0.8, max_tokens=512)\non 2x A100 80GB',
      'mixtral-8x7b serve tp 2 util 0.9 seq 8192 gen 512 on 2x a100-80g',
    );
  });

  it('a BitsAndBytesConfig block and device_map={"": 0}: NF4 with double quantisation, nothing unread (transformers BitsAndBytesConfig)', () => {
    const text = 'bnb_config = BitsAndBytesConfig(\n    load_in_4bit=True,\n    bnb_4bit_use_double_quant=True,\n    bnb_4bit_quant_type="nf4",\n    bnb_4bit_compute_dtype=torch.bfloat16\n)\nmodel = AutoModelForCausalLM.from_pretrained(model_id, quantization_config=bnb_config, device_map={"":0})\nfine-tuning mistral 7b on a T4';
    readsAs(text, 'mistral-7b qlora nf4-dq on 1x t4');
    expect(unread(text)).toEqual([]);
  });
});

describe('classes that name the framework running', () => {
  it("Unsloth's FastLanguageModel and use_gradient_checkpointing=\"unsloth\" (Unsloth README)", () => {
    const text = [
      'model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/Meta-Llama-3.1-8B-bnb-4bit", max_seq_length = 2048, load_in_4bit = True)',
      'model = FastLanguageModel.get_peft_model(model, r = 16, target_modules = ["q_proj", "k_proj", "v_proj", "o_proj"], lora_alpha = 16, use_gradient_checkpointing = "unsloth")',
      'OOM on a T4',
    ].join('\n');
    readsAs(text, 'llama-3.1-8b qlora r16 q,k,v,o alpha 16 unsloth nf4 seq 2048 unsloth gc on 1x t4');
    expect(unread(text)).toEqual([]);
  });

  it("TRL's DPOTrainer is DPO (TRL docs)", () => {
    readsAs('trainer = DPOTrainer(model=model, ref_model=None, args=training_args, beta=0.1)\nllama-2-7b lora on a 4090', 'llama-2-7b lora dpo on 1x rtx-4090');
  });
});

describe('a spec list of the machine', () => {
  it('"CPU: 80" is the host\'s cores, never 80 GPUs (kvcache-ai/ktransformers#188)', () => {
    const out = parseRequest('How large model Deepseek R1 can be deployed?\nCPU: 80\nGPU: 8 * 4090\nMemory: 256G');
    if (!out.ok) throw new Error(out.error.message);
    const counts = out.items.flatMap((i) => (i.kind === 'hardware' && i.count !== null ? [i.count] : []));
    expect(counts).toEqual([8]);
  });
});

describe('prose before a setting is not a type annotation', () => {
  it('"my config: per_device_train_batch_size=4" keeps the setting', () => {
    expect(words('my config: per_device_train_batch_size=4')).toBe('my config: train bs 4');
  });

  it('a markdown label in bold before a key ("- **Topology:** TP=4") is prose: the key is read, not blanked as a type', () => {
    for (const label of ['**Topology:** TP=4', '**Topology**: TP=4', '__Parallel:__ TP=4', '**Setup:** TP=4, 4× RTX 3090']) {
      const r = resolveRequest(`serve qwen3-32b vllm\n- ${label} on 8x rtx-3090`, null);
      if (!r.ok) throw new Error(`${label}: ${r.error.message}`);
      expect(r.scenario?.parallel.tp, label).toBe(4);
    }
  });
});

describe("torchtune's config blocks", () => {
  it('a model builder, its LoRA modules with apply_lora_to_mlp, and the chunked loss (torchtune recipes/configs, llama3_1/8B_qlora_single_device.yaml)', () => {
    const yaml = [
      'model:',
      '  _component_: torchtune.models.llama3_1.qlora_llama3_1_8b',
      '  lora_attn_modules: [q_proj, v_proj, output_proj]',
      '  apply_lora_to_mlp: True',
      '  lora_rank: 8',
      'optimizer:',
      '  _component_: bitsandbytes.optim.PagedAdamW8bit',
      'loss:',
      '  _component_: torchtune.modules.loss.CEWithChunkedOutputLoss',
    ].join('\n');
    // The keys are torchtune's own (config-shape.ts): the config says the program with its first key that reads (rframe2).
    expect(words(yaml)).toBe('qlora llama-3.1-8b torchtune lora q,v,o,gate,up,down lora rank 8 paged adamw 8bit chunked ce');
    readsAs(`tune run lora_finetune_single_device on a 4090\n${yaml}`, 'llama-3.1-8b qlora r8 q,v,o,gate,up,down torchtune paged adamw 8bit chunked ce on 1x rtx-4090');
  });
});

describe('Python around the settings', () => {
  it('import lines, print( and **kwargs are code; model.generate( generates (transformers GenerationMixin)', () => {
    const text = [
      'from transformers import AutoModelForCausalLM, TrainingArguments',
      'from peft import PeftModel',
      'import torch',
      'model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-13b-hf", torch_dtype=torch.float16, device_map="auto")',
      'print(model.generate(**inputs, max_new_tokens=256))',
      'OOM on 2x 3090',
    ].join('\n');
    readsAs(text, 'llama-2-13b inference pure fp16 gen 256 on 2x rtx-3090');
    expect(unread(text)).toEqual([]);
  });
});

describe('reading code keeps the user\'s words in place (properties)', () => {
  const FRAGMENTS = ['def f(', '):', 'x: int = 4', 'class c:', '@dataclass', '$HOST', '${A}', 'if [[ ${S} == "7b" ]]; then TP=1;', 'elif [[ ${S} == "13b" ]]; then TP=2;', 'fi',
    'a.b(', 'm = f(', 'k={"": 0}', "t={'q_proj'}", 'map[A:1]', '[00:19:29]', 'svc-1  | [2025-01-01 10:00:00]', 'import torch', 'print(', '**kw', 'fastmodel.from_pretrained(', 'llama 7b', ' ', '\n', 'bs=4'];
  it('every rewrite keeps the text\'s length, so each character maps back to its own place', async () => {
    const { readCodeDump } = await import('../../src/language/code-dump.js');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }), (parts) => {
        const text = normalise(parts.join(''));
        expect(readCodeDump(text).text.text.length).toBe(text.text.length);
      }),
    );
  });

  it('reads every text as the full set of rewrites does, prose without code marks included (the prose fast path)', async () => {
    const { readCode, readCodeDump } = await import('../../src/language/code-dump.js');
    const words = ['sfttrainer', 'dpotrainer', 'orpotrainer', 'fastlanguagemodel', 'fastmodel.x', 'from unsloth', 'trainer', 'imports', 'export', 'then', 'if', 'fi', '7b', '.', '-', '/', '"', "'", '2025-01-01 10', '#', 'export bs=4', '\nexport tp=2'];
    const texts = fc.oneof(
      fc.array(fc.constantFrom(...FRAGMENTS, ...words), { maxLength: 14 }).map((parts) => parts.join(' ')),
      fc.array(fc.constantFrom(...FRAGMENTS, ...words), { maxLength: 14 }).map((parts) => parts.join('')),
      fc.string({ maxLength: 80 }),
    );
    fc.assert(
      fc.property(texts, (raw) => {
        const text = normalise(raw);
        expect(readCodeDump(text)).toEqual(readCode(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('prose with no code marks comes out as it went in', async () => {
    const { readCodeDump } = await import('../../src/language/code-dump.js');
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 .,-]{0,60}$/), (prose) => {
        expect(readCodeDump(normalise(prose)).text.text).toBe(normalise(prose).text);
      }),
    );
  });
});

describe('YAML lists and Megatron flags', () => {
  it("axolotl's block list of lora_target_modules is the targets, not unread words (axolotl config docs)", () => {
    const yaml = 'base_model: NousResearch/Llama-2-7b-hf\nlora_target_modules:\n  - q_proj\n  - v_proj\n  - k_proj\nsequence_len: 4096';
    // sequence_len beside base_model is axolotl's config (config-shape.ts): its name is said with the first of its keys that says words.
    expect(words(yaml)).toBe('llama-2-7b-hf lora q,k,v axolotl seq 4096');
  });

  it("Megatron-LM's --bf16, --use-distributed-optimizer and --sequence-parallel (megatron/training/arguments.py)", () => {
    readsAs(
      'pretrain llama-2-7b on 16x H100\n--micro-batch-size 1 --global-batch-size 512 --seq-length 4096 --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --sequence-parallel --use-distributed-optimizer --bf16',
      'llama-2-7b pretrain megatron megatron-mixed bf16 zero1 tp 2 pp 2 sp seq 4096 bs 1 gbs 512 on 16x h100',
    );
  });
});

describe('a switch and the word after it', () => {
  it('"--load-in-8bit llama-2-13b": the switch is on and the model stays (text-generation-webui flags)', () => {
    expect(words('python server.py --load-in-8bit llama-2-13b on a 3090')).toBe('python server.py int8 llama-2-13b on a 3090');
  });

  it("text-generation-webui's --bf16 loads the model in bf16 to run it (oobabooga/textgen#2259)", () => {
    expect(words('python server.py --model chinese-alpaca-plus-13b-hf --auto-devices --bf16')).toBe('python server.py chinese-alpaca-plus-13b-hf pure bf16');
  });
});

describe('prose that looks a little like code stays prose', () => {
  it('a line starting with the word "import" is not a Python import', () => {
    expect(words('import the model and run it: llama-2-7b on a 4090')).toContain('run it');
  });

  it('"llama.cpp(cuda build)" keeps llama.cpp', () => {
    expect(words('I use llama.cpp(cuda build) for llama-2-7b')).toContain('llama.cpp');
  });
});

describe('values of keys we do not read', () => {
  it("LLaVA's --vision_tower and --mm_projector_type are not a second model or a GPU count (haotian-liu/LLaVA scripts/v1_5/finetune.sh)", () => {
    const text = 'OOM finetuning on 8x A100 40G\ndeepspeed llava/train/train_mem.py --deepspeed ./scripts/zero3.json --model_name_or_path lmsys/vicuna-13b-v1.5 --vision_tower openai/clip-vit-large-patch14-336 --pretrain_mm_mlp_adapter ./checkpoints/llava-v1.5-13b-pretrain/mm_projector.bin --mm_projector_type mlp2x_gelu --bf16 True --per_device_train_batch_size 16';
    readsAs(text, 'vicuna-13b full zero3 mixed bf16 bs 16 on 8x a100-40g');
    expect(unread(text)).toEqual([]);
  });
});

describe('one framework runs the step', () => {
  it("a TRL trainer under Unsloth is Unsloth's run, noted, never a contradiction (Unsloth DPO notebooks)", () => {
    const text = 'model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/llama-3-8b-bnb-4bit", max_seq_length = 2048, load_in_4bit = True)\ntrainer = DPOTrainer(model=model, ref_model=None, args=training_args, beta=0.1)\nOOM on a T4';
    const out = parseRequest(text);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.notes.join(' ')).toMatch(/DPOTrainer under Unsloth/);
    readsAs(text, 'llama-3-8b qlora unsloth nf4 seq 2048 on 1x t4');
  });

  it('`from unsloth import` names Unsloth; other imports name nothing', () => {
    expect(words('from unsloth import FastLanguageModel\nimport torch\nfrom peft import PeftModel')).toBe('unsloth');
  });
});

describe('one GPU from a config', () => {
  it("'devices': 1 with no card named is the per-GPU estimate, not a 'Which GPU?' refusal (ayulockin/neurips-llm-efficiency-challenge#5)", () => {
    const text = "python lit-gpt/finetune/lora.py --checkpoint_dir checkpoints/meta-llama/Llama-2-7b-hf --precision bf16-true\n{'devices': 1, 'override_max_seq_length': 512, 'micro_batch_size': 1, 'lora_r': 4}";
    readsAs(text, 'llama-2-7b lora r4 litgpt pure bf16 seq 512 bs 1');
  });
});

describe('a training key beside a model load', () => {
  // TrainingArguments with a 4-bit from_pretrained and no LoraConfig: the run trains (adapters on
  // the 4-bit base, said); "from_pretrained" alone had made it inference with a batch of 4.
  it('per_device_train_batch_size says the run trains', () => {
    const r = resolveRequest('training_args = TrainingArguments(per_device_train_batch_size=4, bf16=True)\nmodel = AutoModelForCausalLM.from_pretrained("mistralai/Mistral-7B-v0.1", load_in_4bit=True)\nOOM on a T4', null);
    expect(r.ok && [r.scenario!.mode, r.scenario!.microBatch]).toEqual(['qlora', 4]);
  });
});
