import { describe, it } from 'vitest';
import { sameShape } from './reading-fixtures.js';

/**
 * Numbers that are not the setup, and the length the user means (s36, rnumbers). Each case is an invented variation
 * of a real line, in the words people use, with the reading a careful colleague would give.
 */

describe('a memory figure attaches to what it stands beside, not to a card', () => {
  // Cause 1: a pod's host memory and disk, a diff's table of peak memory, memory in use over time, a line of a file.
  it.each([
    // A Kubernetes manifest in a review comment's diff (GoogleCloudPlatform/kubernetes-engine-samples#1681, c2733).
    ['serve llama-3.1-70b with vllm\n```diff\n+        resources:\n+          requests:\n+            cpu: 146\n+            memory: 1311Gi\n+            ephemeral-storage: 600Gi\n+            nvidia.com/gpu : 8\n```', 'llama-3.1-70b serve vllm on 8 gpus hostram 1311gb'],
    ['vllm serve llama-3.1-8b\n```yaml\nresources:\n  limits:\n    memory: 64Gi\n    nvidia.com/gpu: 1\n  requests:\n    cpu: 8\n    memory: 64Gi\n    nvidia.com/gpu: 1\n```', 'llama-3.1-8b serve vllm on 1 gpus hostram 64gb'],
    ['deploying qwen2.5-72b with vllm on GKE\n```yaml\n        resources:\n          requests:\n            cpu: "32"\n            memory: "500Gi"\n            nvidia.com/gpu: "4"\n```', 'qwen2.5-72b serve vllm on 4 gpus hostram 500gb'],
    ['vllm serve mistral-7b\n```json\n{"resources": {"limits": {"memory": "128Gi", "amd.com/gpu": 2}}}\n```', 'mistral-7b serve vllm on 2 gpus hostram 128gb'],
    // A README table of results in a diff: the peak memory column is a measurement, the card in its runtime column (c2747).
    ['llama-2-7b lora\n```diff\n+| config | Peak memory | Training runtime |\n+| --- | --- | --- |\n+| lora.yaml | 10.54 GB | 9.24 min (A10G) |\n```', 'llama-2-7b lora on 1x a10g'],
    // Memory in use that became or stayed at an amount (QwenLM/Qwen3-VL#55, c2768).
    ['vllm serve qwen2-vl-7b，2个小时后占用变成了20G', 'qwen2-vl-7b serve vllm'],
    ['vllm serve qwen2-vl-7b，3小时后显存占用变成了22G', 'qwen2-vl-7b serve vllm'],
    ['vllm serve qwen2-vl-7b 一段时间内显存占用固定为差不多14G', 'qwen2-vl-7b serve vllm'],
    ['vllm serve qwen2-vl-7b，跑了2个小时后显存用量变为18.5G', 'qwen2-vl-7b serve vllm'],
    ['vllm serve qwen2-vl-7b 在4090上，2个小时后占用变成了20G', 'qwen2-vl-7b serve vllm on 1x rtx-4090'],
    // A line of a file is no count (chatchat-space/Langchain-Chatchat#4136, c2765).
    ['qwen-14b 推理 在startup.py的176行修改gpu编号也不行', 'qwen-14b inference'],
    ['qwen-14b inference, I changed the gpu id at line 176 of startup.py', 'qwen-14b inference'],
    ['qwen-14b inference on 4090, changed line 176 gpu index to 1', 'qwen-14b inference on 1x rtx-4090'],
    ['qwen-14b 推理 第 88 行 的 gpu 改成 1 了', 'qwen-14b inference'],
    // What stays: a card and a count the user names, cards called by a letter and digits.
    ['llama-2-7b inference on 2x L40', 'llama-2-7b inference on 2x l40'],
    ['llama-2-7b inference on 8 gpus, see line 12 of the script', 'llama-2-7b inference on 8 gpus'],
  ])('%s', (text, reading) => sameShape(text, reading));
});

describe('the user\'s length, as they wrote it', () => {
  // Cause 3: "N out of M context" is M the setting and N the use (LostRuins/koboldcpp#804, c2709).
  it.each([
    ['command-r-plus inference with koboldcpp, using 40,000 out of 65,000 context', 'command-r-plus inference koboldcpp ctx 65536'],
    ['command-r-plus inference with koboldcpp, using 40k out of 64k context', 'command-r-plus inference koboldcpp ctx 65536'],
    ['llama-3-8b inference on ollama, 30k of 64k context used', 'llama-3-8b inference ollama ctx 65536'],
    ['qwen2.5-7b inference, I am at 12k/32k context', 'qwen2.5-7b inference ctx 32768'],
    ['qwen2.5-7b inference, 12k / 32k ctx so far', 'qwen2.5-7b inference ctx 32768'],
    ['mistral-7b inference llamacpp, used 3000 out of 8192 tokens of context', 'mistral-7b inference llamacpp ctx 8192'],
    ['mistral-7b inference llamacpp, 3000 tokens out of the 8192 context', 'mistral-7b inference llamacpp ctx 8192'],
    ['qwen2.5-14b inference on a 4090, 20,000 out of 131,000 context filled', 'qwen2.5-14b inference ctx 131072 on 1x rtx-4090'],
  ])('%s', (text, reading) => sameShape(text, reading));
});
