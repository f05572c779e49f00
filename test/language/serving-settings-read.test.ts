import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Serving settings as people post them (issue 22, rserve12): a Kubernetes / Helm / KubeAI `args:` list is the
 * engine's command line; a flag written as a unique prefix of the program's option is that option (argparse's
 * abbreviation, which vLLM and mlx-lm accept); the prefill token budget said in words is `batched tokens`, never
 * the context. Each cause with the real line it came from and variations of our own.
 */

describe('a Kubernetes or Helm args list is the engine command line, templates and all', () => {
  const helm = (args: string) => `charts/vllm/templates/deployment.yaml
\`\`\`diff
+    spec:
+      containers:
+        - name: "vllm"
+          command: ["/bin/sh", "-c", "vllm", "serve"]
+          args:
${args}
\`\`\`
I tried running a llama3.2:3b model on an nvidia-tesla-t4 GPU`;

  it('c2819: a Helm template value in the list still lets the list be read (castai/helm-charts#729)', () => {
    const r = read(helm(`+            - {{ .Values.model | quote }}
+            - "--trust-remote-code"
+            - "--gpu-memory-utilization=1"
+            - "--dtype=half"`));
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(1);
  });

  it('a template before the list and inside a quoted value', () => {
    const r = read(`\`\`\`yaml
{{- if .Values.vllm.enabled }}
apiVersion: apps/v1
kind: Deployment
spec:
  template:
    spec:
      containers:
        - name: vllm
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          args:
            - "--model=meta-llama/Llama-3.1-8B-Instruct"
            - "--gpu-memory-utilization=0.85"
            - "--max-model-len=16384"
{{- end }}
\`\`\`
on one L4`);
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(0.85);
    expect(r.scenario.seq).toBe(16384);
  });

  it('flags and their values as separate items of a flow list', () => {
    const r = read(`vllm on an A10G in k8s:
\`\`\`yaml
containers:
  - name: vllm
    image: vllm/vllm-openai:latest
    args: ["--model", "mistralai/Mistral-7B-Instruct-v0.3", "--gpu-memory-utilization", "0.95", "--max-model-len", "8192"]
\`\`\``);
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(0.95);
    expect(r.scenario.seq).toBe(8192);
  });

  it('flags and their values as separate items of a block list, with the GPU limit', () => {
    const r = read(`deployment for qwen on two L40S:
\`\`\`yaml
containers:
  - name: vllm
    command: ["vllm", "serve"]
    args:
      - Qwen/Qwen2.5-32B-Instruct
      - --max-model-len
      - "32768"
      - --tensor-parallel-size
      - "2"
      - --max-num-seqs
      - "64"
    resources:
      limits:
        nvidia.com/gpu: 2
\`\`\``);
    expect(r.scenario.seq).toBe(32768);
    expect(r.scenario.parallel.tp).toBe(2);
    expect(r.scenario.inference.maxSeqs).toBe(64);
  });

  it('c2788: a KubeAI model spec with its args (vllm-project/vllm#11725)', () => {
    const r = read(`We have it running successfully on a l40s (using kubai)

\`\`\`
spec:
  args:
    - '--max-model-len=8192'
    - '--max-num-batched-tokens=8192'
    - '--gpu-memory-utilization=0.99'
    - '--max-num-seqs=16'
  engine: VLLM
  url: 'hf://unsloth/Llama-3.3-70B-Instruct-bnb-4bit'
\`\`\``);
    expect(r.scenario.seq).toBe(8192);
    expect(r.scenario.inference.batchedTokens).toBe(8192);
    expect(r.scenario.inference.maxSeqs).toBe(16);
  });

  it('one shell string as the only arg after sh -c', () => {
    const r = read(`\`\`\`yaml
containers:
  - name: server
    image: vllm/vllm-openai:v0.6.3
    command: ["/bin/sh", "-c"]
    args: ["vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 4096 --gpu-memory-utilization 0.8"]
\`\`\`
pod on an A100 40GB`);
    expect(r.scenario.seq).toBe(4096);
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(0.8);
  });

  it('a templated value is no value: the flags beside it are read', () => {
    const r = read(`\`\`\`yaml
args:
  - "--model={{ .Values.modelName }}"
  - "--max-model-len={{ .Values.maxModelLen }}"
  - "--gpu-memory-utilization=0.7"
\`\`\`
vllm llama-3.1-8b on an L4`);
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(0.7);
  });

  it('a docker-compose command string', () => {
    const r = read(`\`\`\`yaml
services:
  vllm:
    image: vllm/vllm-openai:latest
    command: --model meta-llama/Llama-3.1-8B-Instruct --max-model-len 20000 --gpu-memory-utilization 0.92
\`\`\`
on a single 4090`);
    expect(r.scenario.seq).toBe(20000);
    expect(r.scenario.inference.gpuMemoryUtilization).toBe(0.92);
  });
});

describe("a flag written as a unique prefix of the program's option is that option (argparse's abbreviation)", () => {
  it('c2788: --max-num-batched-token is --max-num-batched-tokens (vllm-project/vllm#11725)', () => {
    expect(read('vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-batched-token=8192 on an L40S').scenario.inference.batchedTokens).toBe(8192);
  });
  it('c2707: --max-token 1024 is mlx generate.py\'s --max-tokens (ml-explore/mlx-examples#223)', () => {
    expect(read('python3 generate.py --model mistralai/Mistral-7B-v0.1 --prompt "hello" --max-token 1024 --temp 0.7 on my M1 Pro with 16 GB').scenario.inference.newTokens).toBe(1024);
  });
  it('--gpu-memory-util 0.8', () => {
    expect(read('vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-util 0.8 on a 4090').scenario.inference.gpuMemoryUtilization).toBe(0.8);
  });
  it('--max-num-seq 64', () => {
    expect(read('vllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seq 64 on a 4090').scenario.inference.maxSeqs).toBe(64);
  });
  it('--max-new-token 512 of an HF script', () => {
    expect(read('python run_generation.py --model_name_or_path meta-llama/Llama-2-7b-hf --max_new_token 512 on a T4').scenario.inference.newTokens).toBe(512);
  });
  it('--max-model-le 4096, a truncated flag', () => {
    expect(read('python -m vllm.entrypoints.openai.api_server --model mistralai/Mistral-7B-Instruct-v0.2 --max-model-le 4096 on an A10G').scenario.seq).toBe(4096);
  });
  it('an underscore spelling: --max_num_batched_token 4096', () => {
    expect(read('python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2-7B --max_num_batched_token 4096 on one A100 40G').scenario.inference.batchedTokens).toBe(4096);
  });
  it('a prefix two options share is no abbreviation: it is not read as either', () => {
    // --max-num is the start of --max-num-seqs and --max-num-batched-tokens: argparse refuses it as ambiguous.
    const r = read('vllm serve Qwen/Qwen2.5-7B-Instruct --max-num 64 on a 4090');
    expect(r.scenario.inference.maxSeqs).toBeUndefined();
    expect(r.scenario.inference.batchedTokens).toBeUndefined();
  });
});

describe('the prefill token budget said in words is batched tokens, never the context', () => {
  it.each([
    // c2821: cloudrift-ai/emmy#822
    ['Stock vLLM v0.17.0, Qwen3-30B-A3B on one H200, native 262,144-token context, 4,096 maximum batched tokens', 4096, 262144],
    ['vllm serve llama-3.1-8b on 1x a100 80g, max batched tokens 8192', 8192, undefined],
    ['vllm llama-3.1-8b on an L40S with max num batched tokens 16384', 16384, undefined],
    ['vllm mistral-7b on an A4000, max-num-batched-tokens of 4096, max model len 8192', 4096, 8192],
    ['vllm qwen2.5-7b on a 4090 with 8192 batched tokens per step', 8192, undefined],
    ['qwen2.5-14b on vllm, 1x a100 80g, context 32k, max batched tokens: 2k', 2048, 32768],
    ['vLLM 部署 qwen2.5-14b，单卡 A100 80G，最大批处理 token 数 8192，上下文 16384', 8192, 16384],
    ['vllm llama-3-8b on a 3090: 16k max batched tokens and 8k context', 16384, 8192],
  ])('%s', (text, batched, seq) => {
    const r = read(text);
    expect(r.scenario.inference.batchedTokens).toBe(batched);
    if (seq !== undefined) expect(r.scenario.seq).toBe(seq);
  });
});

describe('a length key given a list of lengths is a sweep: the longest run is read, weak, the others said', () => {
  it.each([
    // c2837: openshift-psap/topsail#519
    ['```yaml\nhyper_parameters:\n  peft_method: "lora"\n  per_device_train_batch_size: 1\n  max_seq_length: [512, 1014]\n  r: 4\n```\nllama-3-8b gptq', 1014],
    ['```yaml\nmax_seq_length: [4096, 512, 1024]\n```\nqlora llama-3-8b on one 4090', 4096],
    ['llama-3-8b lora on an A100 80G, sweep config:\n```yaml\ncutoff_len: [1024, 2048, 4096]\nper_device_train_batch_size: 2\n```', 4096],
    ['```json\n{"model_name_or_path": "mistralai/Mistral-7B-v0.1", "max_seq_length": [1024, 4096], "per_device_train_batch_size": 1}\n```\non 2x a6000', 4096],
    ['```yaml\nmax_model_len: [8192, 16384]\n```\nvllm qwen2.5-7b on an L4', 16384],
    ['```yaml\nsequence_len: ["4k", "8k"]\n```\naxolotl llama-3-8b lora on a 3090', 8192],
    ['max_seq_length: [256, 512]\nmodel: qwen2.5-0.5b full fine-tune on a T4', 512],
    ['```yaml\ntraining:\n  seq_length: [1024, 3072]\n```\n7b full sft on 8x h100', 3072],
  ])('%s', (text, seq) => {
    const r = read(text);
    expect(r.scenario.seq).toBe(seq);
  });

  it('the others are said', () => {
    expect(read('```yaml\nmax_seq_length: [4096, 512, 1024]\n```\nqlora llama-3-8b on one 4090').said).toMatch(/3 lengths.*4096/);
  });
});
