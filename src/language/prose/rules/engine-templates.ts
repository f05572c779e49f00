import type { ProseRule } from '../types.js';

/**
 * vLLM's issue template opens with the heading "### Your current environment" (its bug, usage, performance
 * and installation forms, `.github/ISSUE_TEMPLATE/*.yml`; its forks keep it). A message pasted with that heading
 * was written for vLLM: "[Bug]: Gemma3 GPU memory usage is always oom / ### Your current environment / Why does
 * 4 4090s always crash when loading gemma3-12?" (vllm-project/vllm#15599, c1247) and "4卡V100 16G每张卡显存占用
 * 14.5G / ### Your current environment / …模型：tclf90/Qwen3.5-35B-A3B-AWQ" (1CatAI/1Cat-vLLM#14, c3041) name no
 * engine in words, and were read as Hugging Face generate over the cards layer by layer (pp 4), where the run is
 * vLLM's tensor split over them at its own default length.
 *
 * Weak: a heading says where the words were posted, not the command that ran, so the engine is said on the first
 * screen with the heading's words, and it is the weakest evidence of an engine (reconcile/engine-evidence.ts
 * `template`). Not where the message names another engine or program (llama.cpp, Ollama, SGLang, transformers …),
 * nor beside a training word (an RL trainer's rollouts in vLLM are the trainer's run, reconcile/rollout-engine.ts).
 */
const HEADING = /^[ \t]*#{1,6}[ \t]*your current environment[ \t]*:?[ \t]*$/gm;

/** Another program that runs the model, or vLLM already named: the heading adds nothing. */
const OTHER_RUNNER =
  /vllm|sglang|lmdeploy|turbomind|\btgi\b|text-generation-(?:inference|launcher|webui)|llama[-.]?cpp|llama-(?:server|cli|bench)|\bollama\b|exllama|tabby|tensorrt|trt-?llm|\bmlc\b|kobold|aphrodite|ktransformers|xinference|fastchat|mindie|\bswift\b|transformers|from_pretrained|device_map|\bpipeline\(/;
/** A training word: the run trains, whatever engine makes its rollouts. */
const TRAINING = /\b(?:train(?:s|ed|ing)?|fine-?tun\w*|finetun\w*|q?lora|sft|grpo|ppo|dpo|rlhf|verl|openrlhf|trl|deepspeed|fsdp|zero[-_ ]?[0-3])\b|微调|训练|학습|파인튜닝/;

export const ENGINE_TEMPLATE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.vllm-issue-template',
    pattern: HEADING,
    when: (t) => t.includes('your current environment'),
    write: (m) => (OTHER_RUNNER.test(m.input) || TRAINING.test(m.input) ? m[0] : ' vllm '.padEnd(m[0].length)),
    example: '[Bug]: Gemma3 GPU memory usage is always oom\n\n### Your current environment\n\nWhy does 4 4090s always crash when loading gemma3-12?',
    source: 'vllm-project/vllm#15599',
    weak: true,
  },
];
