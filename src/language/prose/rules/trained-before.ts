import type { ProseRule } from '../types.js';

/**
 * A training the user did before what they ask about: "after fine-tuning llama-3-8b with LoRA, inference on a
 * 4090 runs out of memory", "I fine-tuned qwen2.5-7b, now serving it with vllm", "微调后的模型推理时显存不够"
 * (the model after fine-tuning, at inference). The training word says where the weights came from; the
 * run asked about is the inference said after it (issue 22 item 7, "after fine-tuning, inference…": the
 * question is about inference). The training word, and the method said with it ("with LoRA", "using QLoRA":
 * how those weights were trained), are blanked only where a running word follows it in the message; a
 * message with no running word after it still trains. "my fine-tuned model" alone is prose.tuned-model's.
 */
const TRAINING = String.raw`(?:(?:lora|qlora|full|sft)[-\s]+)?(?:fine[-\s]?tun(?:ing|ed)|finetun(?:ing|ed)|training|trained|sft)`;
const HOW = String.raw`(?:[^,.;:!?\n]{0,60}?\s(?:with|using|via|by)\s+(?:q?lora|peft|adapters?)\b)?`;
const AFTER = String.raw`\bafter\s+(?:the\s+|my\s+|our\s+|some\s+)?${TRAINING}\b${HOW}`;
const I_TRAINED = String.raw`\b(?:i|we)\s+(?:have\s+|'ve\s+|just\s+)?(?:lora[-\s]+)?(?:fine[-\s]?tuned|finetuned|trained)\b${HOW}`;
const AFTER_ZH = String.raw`(?:lora|qlora)?(?:微调|训练|finetune|sft)(?:完成?|好)?(?:之)?后(?:的)?|(?:微调|训练)好的`;
/** A running word after the training one: the run asked about. */
const RUNS_AFTER = /\b(?:inference|infer(?:ring)?|serv(?:e|es|ed|ing)|deploy(?:ing|ed)?|generat(?:e|es|ing|ion)|vllm|ollama|llama\.cpp|sglang|tgi)\b|推理|部署/;

export const TRAINED_BEFORE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.trained-before-running',
    pattern: new RegExp(`${AFTER}|${I_TRAINED}|${AFTER_ZH}`, 'g'),
    when: (t) => /tun|train|sft|微调|训练/.test(t),
    write: (m, notes) => {
      if (!RUNS_AFTER.test(m.input.slice(m.index + m[0].length))) return m[0];
      const how = /\b(?:with|using|via|by)\s+(q?lora|peft|adapters?)\b/.exec(m[0]);
      notes.push(`"${m[0].trim()}": a training done before the run asked about, which is the one after it${how ? ` (its ${how[1]} is how those weights were trained)` : ''}`);
      if (!how) return ' '.repeat(m[0].length);
      // Keep the words between the training and its method (the model's name): blank the training word and the method phrase only.
      const word = new RegExp(TRAINING).exec(m[0])!;
      const end = word.index + word[0].length;
      return ' '.repeat(end) + m[0].slice(end, how.index) + ' '.repeat(m[0].length - how.index);
    },
    example: 'after fine-tuning llama-3-8b with lora, inference on 1x 4090 runs out of memory',
  },
];
