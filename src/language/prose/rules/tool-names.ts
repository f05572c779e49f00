import type { ProseRule } from '../types.js';

/**
 * Tools named by their bare name, each read for what naming it says about the run (issue 22): a name
 * that fixes the run's kind is read as that kind; a name that says nothing on its own is set aside and
 * said, never listed as a word not read. (A tool's commands and config keys are read elsewhere:
 * `python -m fastchat.serve.*` in commands.ts, verl's `verl.trainer.main_ppo` overrides in verl.ts,
 * lmdeploy as an engine word in vocabulary.ts.)
 */

/** An RL or tuning algorithm named in the message: verl runs that one, not its PPO default. */
const ALGORITHM = /\b(?:ppo|grpo|dapo|gspo|rloo|remax|reinforce(?:\+\+)?|gae|dpo|orpo|kto|simpo|sft)\b/;

export const TOOL_NAME_RULES: readonly ProseRule[] = [
  {
    // FastChat both serves (fastchat.serve.model_worker: Hugging Face transformers; vllm_worker: vLLM)
    // and trains (fastchat/train/train.py, train_lora.py: the HF Trainer), so its name alone says
    // neither: "我是用fastchat+vLLM调用qwen-14b-chat的api" (QwenLM/Qwen, c397) is vLLM by its own word,
    // "how to finetune llama-30b with fastchat？" (lm-sys/FastChat, c697) a fine-tune by its own.
    id: 'prose.tool-fastchat',
    pattern: /(?<![\w./-])fastchat(?![\w./-])/g,
    when: (t) => t.includes('fastchat'),
    write: (m, notes) => {
      notes.push('"FastChat" names the tool only: what it runs is read from the words beside it (its model_worker serves with Hugging Face transformers, its vllm_worker with vLLM, its training scripts use the HF Trainer)');
      return ' '.repeat(m[0].length);
    },
    example: '我是用fastchat+vLLM调用qwen-14b-chat的api来使用大模型',
    source: 'c397',
  },
  {
    // MLC LLM compiles a model and runs it (mlc_llm chat / serve, the older mlc_chat_cli); it has no
    // trainer, so naming it is running the model: "it seems to me that for now mlc is trying to
    // loading all weight into one gpu card" (c407), "./build/mlc_chat_cli --model qwen-1_8b-chat-q4f32_1"
    // (c683). Its q4f16_1-style weight names are read by prose.mlc-quant.
    id: 'prose.tool-mlc-llm',
    pattern: /(?<![\w./-])mlc(?:[-_ ]?(?:llm|chat(?:_cli)?|ai))?(?![\w.-])(?!\/)/g,
    when: (t) => t.includes('mlc'),
    write: () => ' inference ',
    example: 'it seems to me that for now mlc is trying to loading all weight into one gpu card',
    source: 'c407',
  },
  {
    // verl named with its algorithm ("verl grpo", "based on verl framework … GRPO", c605): the algorithm
    // is the run's, and the name is kept as the word "verl", its trainer, which keeps every position's
    // logits where TRL keeps the completion's (memory/rl.ts logitsOfCompletionOnly). Invented example.
    id: 'prose.tool-verl-algorithm',
    pattern: /(?<![\w./-])verl(?![\w.-])(?!\/)/g,
    when: (t) => t.includes('verl') && ALGORITHM.test(t),
    write: () => ' verl ',
    example: 'verl grpo of qwen2.5-0.5b on 2x a100-40g runs out of memory',
  },
  {
    // verl's trainer is main_ppo, whose algorithm.adv_estimator defaults to gae: PPO with a critic
    // (verl/trainer/config/ppo_trainer.yaml). Named with no algorithm ("I tested qwen7b on single node
    // with 8*A800 80g … rollout processes", verl-project/verl, c709), the run is PPO; weak, since the
    // algorithm is the framework's default, not the user's word. An algorithm the message names is
    // read by prose.tool-verl-algorithm above.
    // Invented example, after c709 (verl's main_ppo with no algorithm written).
    id: 'prose.tool-verl',
    pattern: /(?<![\w./-])verl(?![\w.-])(?!\/)/g,
    when: (t) => t.includes('verl') && !ALGORITHM.test(t),
    write: (_m, notes) => {
      notes.push('verl with no algorithm named: its main_ppo trainer runs PPO (adv_estimator gae, its default); say "grpo" if that is what you run');
      return ' verl ppo ';
    },
    example: 'verl training of qwen2.5-7b on 8x h100 runs out of memory',
    weak: true,
  },
  {
    // FlexGen (now FlexLLMGen) "with compression": its group-wise 4-bit quantisation of the weights (`--compress-weight`,
    // flexllmgen/flex_opt.py; the KV cache's is `--compress-cache`), what its README means by compression. "How fast can
    // I run Erebus 30B if I will use FlexGen with Compression?" (FMInference/FlexLLMGen#4, c2803) had read 16-bit
    // weights. Weak: the words name the tool's feature, not a width. "without compression" is no compression.
    id: 'prose.tool-flexgen-compression',
    pattern: /(?<!\b(?:without|no|not|disabled?)\s+)\bcompress(?:ion|ed)\b/g,
    when: (t) => /flex(?:llm)?gen/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}" with FlexGen read as its 4-bit group-wise weight quantisation (int4); say "fp16" if you run it uncompressed`);
      return ' int4'.padEnd(m[0].length);
    },
    example: 'How fast can I run Erebus 30B if I will use FlexGen with Compression?',
    source: 'FMInference/FlexLLMGen#4',
    weak: true,
  },
];
