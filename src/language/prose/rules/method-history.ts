import type { ProseRule } from '../types.js';

/**
 * A method written as a model's history, hyphenated before it ("serve a GRPO-trained qwen2.5-7b", "our DPO-tuned
 * mistral", "an RLHF-aligned llama", "a LoRA-tuned model"), is how the model was made, not the run: the method's word
 * had filled the framework slot (an RL algorithm) or the method, so a served model read as GRPO training, in silence
 * (docs/reading.md "What the run is and which model it trains", s46 rtask). Blanked, as prose.tuned-model blanks "my
 * fine-tuned"; only the hyphenated compound: "we GRPO trained qwen" (a verb) is the run.
 */
export const METHOD_HISTORY_RULES: readonly ProseRule[] = [
  {
    id: 'prose.method-trained-model',
    pattern: /(?<![\w-])(?:grpo|ppo|dpo|orpo|kto|rlhf|rl|sft|q?lora)-(?:trained|tuned|fine-?tuned|finetuned|aligned)(?![\w-])/g,
    when: (t) => /-(?:trained|tuned|fine|aligned)/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'serve a GRPO-trained qwen2.5-7b with vllm on one h100',
  },
];
