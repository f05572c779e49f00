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
/**
 * The training tools a message names with the training done before (rframe5, QwenLM/Qwen3#360, c2027: "使用llama-
 * factory微调qwen1.5-14b-chat后 … vllm … 报错"; "after fine-tuning with axolotl, serving with vllm"): how those weights
 * were made, as the method is, not the program of the run asked about.
 */
const TOOL = String.raw`(?:llama[-_\s]*factory|axolotl|unsloth|ms[-_\s]?swift|swift|torchtune|litgpt|xtuner|openrlhf|verl|trl|deepspeed|colossal[-\s]?ai|firefly)`;
const HOW = String.raw`(?:(?:[^,.;:!?\n]|\.(?=\w)){0,60}?\s(?:with|using|via|by|in)\s+(?:q?lora|peft|adapters?|${TOOL})\b)?`;
const AFTER = String.raw`\bafter\s+(?:the\s+|my\s+|our\s+|some\s+)?${TRAINING}\b${HOW}`;
const I_TRAINED = String.raw`\b(?:i|we)\s+(?:have\s+|'ve\s+|just\s+)?(?:lora[-\s]+)?(?:fine[-\s]?tuned|finetuned|trained)\b${HOW}`;
/**
 * Also the training said done by its aspect mark, with no 后 (rserve14, vllm-project/vllm#5660, c3038: "lora微调了qwen2-72b-instruct，
 * 导出量化4位gptq，使用vllm单张卡启动成功 … 使用两张a100，启动报错" had read as LoRA training on the two A100s), "微调完" and
 * "全参微调了"; and Korean's "파인튜닝한 후" / "학습한 뒤" (after fine-tuning / training). A running word must still follow.
 */
const AFTER_ZH = String.raw`(?:lora|qlora)?(?:微调|训练|finetune|sft)(?:完成?|好)?(?:之)?后(?:的)?|(?:微调|训练)好的|(?:lora|qlora|全参数?|全量)?(?:微调|训练)(?:了|完)(?!成?后|之后)`;
// The training rules run first and write the Korean words in English ("파인튜닝" as "finetune", training.ts): both spellings.
const AFTER_KO = String.raw`(?:q?lora[ \t]{0,4}(?:로)?[ \t]{0,4})?(?:파인[ \t]?튜닝|미세[ \t]?조정|학습|훈련|finetune|fine-tune|train)[ \t]{0,6}(?:을[ \t]{0,2})?(?:한[ \t]{0,4}|하고[ \t]난[ \t]{0,2})?(?:후|뒤|다음)(?:에)?`;
/** A running word after the training one: the run asked about. */
const RUNS_AFTER = /\b(?:inference|infer(?:ring)?|serv(?:e|es|ed|ing)|deploy(?:ing|ed)?|generat(?:e|es|ing|ion)|vllm|ollama|llama\.cpp|sglang|tgi)\b|推理|部署|서빙|추론|배포/;

/**
 * The tool said before the Chinese training word, the model between them or between the training word and 后:
 * "使用llama- factory微调qwen1.5-14b-chat后" (c2027), "用 LLaMA Factory 对 qwen2-7b 微调后". The groups tile the match:
 * 1 the tool's words, 2 the model after 对 / 把 / 将 (kept), 3 the training word, 4 the model after it (kept), 5 后.
 */
const TOOL_BEFORE_ZH = new RegExp(
  // Each optional word carries its own trailing blanks: "\s*(?:框架)?\s*" tried every split of a run of blanks (28 ms of
  // one spread example after compactBlanks, 250 s before it).
  String.raw`((?:使用|用|通过|基于|在)\s*${TOOL}\s*(?:框架\s*)?(?:(?:对|把|将)\s*)?)([^，。,;；！？\n]{0,40}?)((?:\s*(?:lora|qlora))?\s*(?:微调|训练|finetune|sft))([^，。,;；！？\n]{0,60}?)((?:之)?后(?:的)?)`,
  'gi',
);

export const TRAINED_BEFORE_RULES: readonly ProseRule[] = [
  {
    // The tool and the training word said before the model, 后 after it (Chinese word order): blanked, the model kept.
    // "用 LLaMA Factory 对 qwen2-7b 微调后" has the model between the tool and the training word: kept too. Before the
    // rule below, which would blank "微调后" alone and leave the tool.
    id: 'prose.trained-with-tool-before-running',
    pattern: TOOL_BEFORE_ZH,
    when: (t) => /微调|训练|finetune|sft/.test(t) && t.includes('后'),
    write: (m, notes) => {
      // 后 already says the training came first: a running word anywhere else in the message is the run asked about
      // (c2027 names vLLM's deployment in its title and first sentence, the training after them).
      if (!RUNS_AFTER.test(`${m.input.slice(0, m.index)} ${m.input.slice(m.index + m[0].length)}`)) return m[0];
      notes.push(`"${m[0].trim()}": a training done before the run asked about (its tool is how those weights were trained)`);
      // Only the two places a model may stand are kept; the tool, the training word and 后 are blanked.
      const [, tool, object, word, model, after] = m as unknown as string[];
      const blank = (t: string) => ' '.repeat(t.length);
      return blank(tool!) + object! + blank(word!) + model! + blank(after!);
    },
    example: '使用llama-factory微调qwen1.5-14b-chat后，并使用gptq量化成int4后，使用vllm部署时报错',
    source: 'QwenLM/Qwen3#360',
  },
  {
    id: 'prose.trained-before-running',
    pattern: new RegExp(`${AFTER}|${I_TRAINED}|${AFTER_ZH}|${AFTER_KO}`, 'g'),
    when: (t) => /tun|train|sft|微调|训练|튜닝|조정|학습/.test(t),
    write: (m, notes) => {
      if (!RUNS_AFTER.test(m.input.slice(m.index + m[0].length))) return m[0];
      const how = new RegExp(String.raw`\b(?:with|using|via|by|in)\s+(q?lora|peft|adapters?|${TOOL})\b`).exec(m[0]);
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
