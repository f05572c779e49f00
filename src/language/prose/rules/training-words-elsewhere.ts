import type { ProseRule } from '../types.js';

/**
 * A training word that says nothing of the run asked about (issue 22 item 7: with no training word
 * and no training-only setting the request is about running the model). Each was read as the
 * user's intent to train and turned a model being loaded into a LoRA fine-tune.
 */

/** Method words: "(lora finetune)", "(full fine-tune)" name the run's method, never a model. */
const METHOD_BEFORE = /(?:^|[\s(])(?:q?lora|full|sft|peft|dpo|ppo|grpo|orpo|instruction|supervised|my|our|a|the)\s*$/;

/** A fine-tune said in the message: beside it "pretrain model" names the base the fine-tune starts from. */
const FINE_TUNE_WORD = /\bfine-?\s?tun|\bfinetun|\bsft\b|\bq?lora\b|微调|파인\s?튜닝/;

export const TRAINING_ELSEWHERE_RULES: readonly ProseRule[] = [
  {
    // transformers' tokenizer warning, printed whenever a tokenizer adds special tokens, for a chat as
    // for training (tokenization_utils_base.py: "Special tokens have been added in the vocabulary, make
    // sure the associated word embeddings are fine-tuned or trained."): quoted in xinference's log of a
    // GLM-4-9B launch (xorbitsai/inference#1768, c762, read as a LoRA fine-tune), an OpenVINO InternVL chat,
    // a wav2vec pipeline. The whole message is blanked.
    id: 'prose.report-transformers-special-tokens',
    pattern: /\bspecial tokens have been added in the vocabulary,?\s*make sure the associated word embeddings are fine-?tuned or trained\.?/g,
    when: (t) => t.includes('special tokens have been added'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Special tokens have been added in the vocabulary, make sure the associated word embeddings are fine-tuned or trained.',
    source: 'xorbitsai/inference#1768',
  },
  {
    // A model described as another's fine-tune: "Download Zephyr (Mistral finetune) 7B quantized 4 bit
    // model, attempt to load model" (oobabooga/textgen#4480, c576: read as a LoRA fine-tune),
    // "Dolphin (Mistral finetune)", "MistralMed (Mistral Finetune)", "`dolphin-2.1-mistral-7b` is a mistral
    // finetune". The noun says where the weights came from; the family before it stays (it names the
    // model's shape). Not "(lora finetune)", "(full fine-tune)", "do a mistral finetune": the run's own.
    id: 'prose.model-described-as-finetune',
    pattern: /(?<=\(\s*[a-z][\w.-]*(?:[\s-]+[\w.]+){0,2}?\s+)(?:fine[-\s]?tune[ds]?|finetune[ds]?)(?=\s*\))|(?<=\b(?:is|was|are|were)\s+an?\s+[a-z][\w.-]*(?:[\s-]+[\w.]+){0,2}?\s+)(?:fine[-\s]?tune|finetune)\b/g,
    when: (t) => /fine-?\s?tune/.test(t),
    write: (m) => (METHOD_BEFORE.test(m.input.slice(Math.max(0, m.index - 20), m.index)) ? m[0] : ' '.repeat(m[0].length)),
    example: 'Download Zephyr (Mistral finetune) 7B quantized 4 bit model, attempt to load model with default settings in ExLlama_HF.',
    source: 'oobabooga/textgen#4480',
  },
  {
    // "Pretraining" naming a kind of data, beside the fine-tuning data it is paired with: "Run a training
    // run with the provided config (can use any pretraining data and finetuning data as stand-ins for
    // unavailable datasets)" (axolotl-ai-cloud/axolotl#1641, c1238: a GaLore run of Llama-3-8B read as
    // pre-training from scratch). Two data kinds named together say what the datasets are, never which run
    // is asked about; the pretraining word is blanked, the fine-tuning word kept (it still says the run
    // trains, and reads as a fine-tune only with no other method). Not "pretraining data" alone
    // (meta-pytorch/torchtune#1932 pre-trains on its "pretrain-data"), nor "pretraining on my data".
    id: 'prose.pretraining-as-data-kind',
    pattern: /\bpre-?train(?:ing)?(?=\s+(?:data(?:sets?)?|corpus|corpora)\s+(?:and|&|\+|or|\/)\s+(?:fine-?\s?tun(?:ing|e)|finetuning|sft|instruction|supervised)\s+(?:data(?:sets?)?|corpus|corpora)\b)|\bpre-?train(?:ing)?(?=\s+(?:and|&|\/|or)\s+(?:fine-?\s?tun(?:ing|e)|finetuning|sft|instruction)\s+(?:data(?:sets?)?|corpus|corpora)\b)/g,
    when: (t) => /pre-?train/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Run a training run with the provided config (can use any pretraining data and finetuning data as stand-ins for unavailable datasets)',
    source: 'axolotl-ai-cloud/axolotl#1641',
  },
  {
    // "Pre-train" naming a checkpoint, not the run: "I use 3b pre-train model and 80G A800 for finetuning"
    // (corpus c2432: read as pre-training), "start from the pretrain checkpoint", "load the pre-train weights":
    // a pre-trained model is a base model, as 预训练模型 is (training.pretrain-cjk). Before checkpoint, ckpt,
    // weights or parameters always; before "model" where a determiner, a size or a verb of use comes before it,
    // or where the message names a fine-tune of its own ("pretrain model … for finetuning"). "pretrain a 1b
    // model from scratch", "pretrain model on 8 GPUs" with no fine-tune word stay the run.
    id: 'prose.pretrained-checkpoint',
    pattern: /\bpre-?train(?:ed|ing)?(?=[\s_-]+(?:checkpoints?|ckpts?|weights?|params|parameters|base\s+models?)\b)|\bpre-?train(?:ed)?(?=[\s_-]+models?\b)/g,
    when: (t) => /pre-?train/.test(t),
    write: (m) => {
      if (!/^pre-?train(?:ed)?$/.test(m[0]) || !/^[\s_-]+models?\b/.test(m.input.slice(m.index + m[0].length))) return ' '.repeat(m[0].length);
      const before = m.input.slice(Math.max(0, m.index - 24), m.index);
      const owned = /(?:\b(?:a|an|the|my|our|this|that|its|their|your|use|uses|using|used|load|loads|loading|loaded|from|of|with|base)|\d(?:\.\d+)?\s*[bm])\s+$/.test(before);
      return owned || FINE_TUNE_WORD.test(m.input) ? ' '.repeat(m[0].length) : m[0];
    },
    example: 'all configs are defult,  I use 3b pre-train model  and 80G A800 for finetuning.  I will try fsdp, thanks~',
    source: 'canopyai/Orpheus-TTS#93',
  },
];
