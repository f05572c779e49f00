import { gpuIdOf } from '../../lexicon.js';
import { OTHER_DEVICE_RULES } from './other-devices.js';
import { CARD_COMPARED_RULES } from './card-compared.js';
import { BATCH_PER_DEVICE_RULES } from './batch-per-device.js';
import { BATCH_TOKEN_RULES } from './batch-tokens.js';
import { OTHER_PASS_BATCH_RULES } from './other-pass-batches.js';
import { TRAINING_THROUGHPUT_RULES } from './training-throughput.js';
import type { ProseRule } from '../types.js';
import { QWEN1HALF } from '../../config-keys/models.js';
import { EARLY_FAMILY_MISSPELLING_RULES } from './family-misspellings.js';
import { RUN_PURPOSE_RULES } from './run-purpose.js';

/**
 * Ways people describe a training setup in prose that the item language says otherwise. Each is
 * guarded by a cheap `includes` so a message without its word costs one scan.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/**
 * "16 H100s across 2 nodes", "32 A100 80GB GPUs on 4 nodes": the GPUs in all, spread evenly over
 * the nodes, i.e. "2 nodes of 8x H100" (the grammar reads a node count before the cards).
 */
function cardsOverNodes(m: RegExpExecArray): string {
  const [all, total, card, nodes] = [m[0], Number(m[1]), m[2]!, Number(m[3])];
  // "8 GPUs in 1 node": no card named, the count alone (over one node, or nodes of its share).
  if (/^gpu$/.test(card)) {
    if (nodes === 1) return `${total} gpus`.padEnd(all.length);
    return total % nodes === 0 ? `${nodes} nodes of ${total / nodes} gpus`.padEnd(all.length) : all;
  }
  const named = card.replace(/^(?:nvidia|tesla|geforce)\s+/, '');
  const known = gpuIdOf(named) ?? gpuIdOf(named.replace(/[-\s]?\d{2,3}\s?gb?$/, ''));
  if (!known || nodes < 2 || total % nodes !== 0) return all;
  return `${nodes} nodes of ${total / nodes}x ${named}`.padEnd(all.length);
}

const optimizerWords = (name: string): string =>
  /paged.*8bit/.test(name) ? 'paged adamw 8bit' : /paged/.test(name) ? 'paged adamw' : /8bit/.test(name) ? 'adamw 8bit' : /fused/.test(name) ? 'fused adamw' : 'adamw';

/**
 * Training said in Korean and Japanese, as 微调 / 训练 are in Chinese (phrasing.ts). Korean glues
 * particles and verb endings to the noun ("학습을", "학습하는", "훈련을 돌리는데"): the whole word is
 * the training word. 학습 / 훈련 / 学習 (training, no method named) read as "train"; 파인튜닝, 미세조정,
 * 튜닝, ファインチューニング, 微調整 as "finetune". "사전학습" (pre-training) starts with another
 * word, so a stem inside a longer word is not read. フル (full) glued before it says the method:
 * "Llama-3.1-70B をフルファインチューニングしたい" had read a fine-tune with "をフル" listed as not read.
 */
const TRAINING_WORDS: readonly [RegExp, string][] = [
  // フル (full) glued before the word: フルファインチューニング / フルチューニング is a full fine-tune.
  [/^フル(?:ファイン)?チューニング/, 'full finetune'],
  // 풀 (full) or 전체 파라미터 (all parameters) before it, as フル is in Japanese: "풀 파인튜닝", "전체 파라미터 학습".
  [/^(?:풀(?:\s?파라미터)?|전체\s?파라미터)\s?(?:파인\s?튜닝|미세\s?조정|튜닝|학습|훈련)|^전체\s?(?:파인\s?튜닝|미세\s?조정)/, 'full finetune'],
  [/^(?:파인\s?튜닝|미세\s?조정|튜닝|ファインチューニング|微调整|チューニング)/, 'finetune'],
  [/^(?:학습|훈련|学習)/, 'train'],
  // 추론 (inference), 배포 / 서빙 / デプロイ (deploy, serve): the words the reader has for 推理 and 部署.
  [/^추론/, 'inference'],
  [/^(?:배포|서빙|デプロイ)/, 'deploy'],
];

/** Chinese names of the parallel dimensions: tensor (张量), pipeline (流水线, 管道), expert (专家). */
const PARALLEL_ZH: Record<string, string> = { 张量: 'tp', 流水线: 'pp', 管道: 'pp', 专家: 'ep' };

/** Training methods and trainers, as a run names them ("sft", "dpo", "全参"). */
const METHOD = String.raw`(?:sft|dpo|ppo|grpo|orpo|kto|simpo|rlhf|q?lora|full(?:[ -]?(?:fine-?tun\w*|finetun\w*|parameters?))?|全参(?:数)?(?:微调)?|预训练|pretrain(?:ing)?)`;

export const TRAINING_RULES: readonly ProseRule[] = [
  // What the run is for, said by names and roles, before any word of it is read as a mode (run-purpose.ts).
  ...RUN_PURPOSE_RULES,
  // The global and the per-device batch in words (全局batch, 每卡4, GPU당 배치 4, "bs 4 per gpu"), before the Korean,
  // Japanese and Chinese batch words read either number (batch-per-device.ts).
  // A count with a token unit in a batch's clause is a length, and a batch another pass runs (evaluation, rollouts,
  // log-probs) is not the micro-batch, before any batch word takes either number (batch-tokens.ts, other-pass-batches.ts).
  ...BATCH_TOKEN_RULES,
  ...OTHER_PASS_BATCH_RULES,
  ...BATCH_PER_DEVICE_RULES,
  // A training run's throughput (MFU, TFLOPs a GPU) says training and is never a count, before a share or a card count
  // reads its number ("MFU 41% for llama-2-13b" had its 41% taken by a share's rule; training-throughput.ts).
  ...TRAINING_THROUGHPUT_RULES,
  {
    // "tune LLM settings for local Ollama" (ionfury/homelab#1352, c2737: refused, an Ollama tag "not trained"),
    // "tuning ollama settings", "performance tuning of llama.cpp", "tune the server's parameters": tuning a
    // program's settings trains nothing. The verb is blanked and said; "tune hyperparameters" and "fine-tune"
    // stay training words.
    id: 'training.tune-settings',
    pattern:
      /(?<![\w-])(?:performance|perf|config(?:uration)?|settings?|parameters?|params?|server|inference|runtime)\s+tuning\b|(?<![\w-])tun(?:e|es|ed|ing)(?=\s+(?:(?:up|the|its|our|my|your|their|some|llm|ollama|vllm|sglang|llama\.cpp|server|engine|inference|runtime|serving|local|model's|context|memory)\s+){0,3}(?:settings?|parameters|params|config(?:uration)?s?|options|knobs?|flags|performance|throughput|latency|defaults)\b)/g,
    when: (t) => t.includes('tun'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": tuning a program's settings, not training the model`);
      return ' '.repeat(m[0].length);
    },
    example: 'feat(sure): tune LLM settings for local Ollama',
    source: 'ionfury/homelab#1352',
  },
  {
    // "16G的V100单卡就可以跑chatglm2-6b的sft甚至是dpo" (one 16G V100 runs chatglm2-6b's sft, even dpo,
    // hiyouga/LlamaFactory#984, c470), "runs sft and even dpo", "lora or even full": a method after
    // "甚至 / 乃至 / even" that follows another method is said as an aside, how far the setup stretches;
    // the run is the first method. Set aside, said. ("即使batch size设为2也会OOM", hiyouga/LlamaFactory#10175:
    // an "even" before a setting, not after a method, is the run's and stays.)
    id: 'training.method-aside-even',
    pattern: new RegExp(String.raw`(?<=(?<![\w-])${METHOD}(?![\w-])\s*)(?:[,，、]\s*)?(?:甚至(?:是|连|能|可以)?(?:跑)?|乃至|(?:(?:and|or|,)\s+)?(?:maybe\s+)?even(?:\s+(?:a|the|with))?)\s*(${METHOD})(?![\w-])`, 'g'),
    when: (t) => /甚至|乃至|even/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[1]}" said as an aside ("${m[0].trim()}"): not the run's method; the estimate is for the method said before it`);
      return ' '.repeat(m[0].length);
    },
    example: '目前的代码，16G的V100单卡就可以跑chatglm2-6b的sft甚至是dpo',
    source: 'hiyouga/LlamaFactory#984',
  },
  {
    // "Fine-tuning llama-2-13b with lora on a 4090 gives OOM. I also tried qlora, same error.", "我也试了qlora，还是
    // 报错": a method the user also tried, after the run's own method, is another attempt, not the run asked
    // about (it had merged into the run's method silently: LoRA read as QLoRA). Set aside, said; with no
    // method before it ("I also tried qlora on my 3090") it is the run's and stays. Found beside "I have tried
    // both QLoRA and SGD but no luck" (ayulockin/neurips-llm-efficiency-challenge#5, a LoRA thread).
    id: 'training.method-also-tried',
    pattern: new RegExp(String.raw`(?:\b(?:i|we)\s+(?:have\s+|'ve\s+)?(?:also|even)\s+tried(?:\s+(?:using|with|to\s+use))?|我(?:也|还)(?:试了|试过|尝试了?)(?:一下)?(?:用)?|也试(?:了|过)(?:一下)?(?:用)?)\s*(${METHOD})(?![\w-])`, 'g'),
    when: (t) => /tried|试/.test(t),
    write: (m, notes) => {
      if (!new RegExp(String.raw`(?<![\w-])${METHOD}(?![\w-])`).test(m.input.slice(0, m.index))) return m[0];
      notes.push(`"${m[1]}" read as another method you also tried ("${m[0].trim()}"), not the run's: the estimate is for the method said first (say "${m[1]}" alone to estimate it)`);
      return m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length);
    },
    example: 'Fine-tuning llama-2-13b with lora on a 4090 gives OOM. I also tried qlora, same error.',
  },
  {
    // "设置8张量并行，1流水线并行" (set tensor parallel 8, pipeline parallel 1; alibaba/Megatron-LLaMA#34,
    // c718), "张量并行为4", "8路张量并行", "流水线并行度 2": a parallel size in Chinese, before or after its name.
    id: 'training.parallel-size-zh',
    pattern: /(\d{1,4})\s*(?:路|个)?\s*(张量|流水线|管道|专家)并行(?:度|数|大小)?|(张量|流水线|管道|专家)并行(?:度|数|大小|size)?\s*(?:为|=|:|：|是|设置为|设为|设成|设置成)?\s*(\d{1,4})(?![\d.])/g,
    when: (t) => t.includes('并行'),
    write: (m) => ` ${PARALLEL_ZH[m[2] ?? m[3]!]} ${m[1] ?? m[4]} `,
    example: '训练LLaMA2-70B模型，4个节点，A800*80GB 设置8张量并行，1流水线并行，训练报错',
    source: 'alibaba/Megatron-LLaMA#34',
  },
  {
    // "7B的FT", "FT on 8 cards": FT is fine-tuning (BELLE names its full-parameter runs FT, beside
    // LoRA); read as the training word, which names no method (the reply says full fine-tune).
    id: 'training.ft-abbreviation',
    // (Chinese around it is no part of the word: "7B的FT".)
    pattern: /(?<![a-z0-9_.\/-])ft(?![a-z0-9_])/g,
    when: (t) => t.includes('ft'),
    write: () => 'finetune',
    example: '8卡 A100 40G，7B的FT，仍然CUDA oom，无法复现论文结果',
    source: 'LianjiaTech/BELLE#329',
  },
  {
    // Pre-training said in Chinese, Japanese and Korean: "一张H20显卡，预训练qwen3-8b模型显存溢出"
    // (modelscope/ms-swift, c247), "如何在8*A100上预训练128k长度的llama3" (InternLM/xtuner#683, c614),
    // "80G内存，40G显存单张A100" under "这个预训练最低需要多大的显存" (c417), "继续预训练" (continued pre-training,
    // c502), "VRAM 40GB 하나의 A100 그래픽카드로 사전 학습을 진행했습니다" (yoonhero/jamo_llm#1), 事前学習.
    // 训练 inside 预训练 had read as plain training (a full fine-tune). Not the pretrained model or its
    // weights ("加载预训练模型", "事前学習済みモデル", "사전학습된 모델"): that names a checkpoint, no run. Nor the
    // two stages named as a pair ("这个脚本等于预训练+微调了？", does the script do pre-training + fine-tuning?,
    // alibaba/Megatron-LLaMA, c627): the fine-tune after it is the word that stays. Nor the data of a
    // pre-training ("사전학습 데이터", 预训练数据, 事前学習データ): a dataset, the run said by its own verb.
    id: 'training.pretrain-cjk',
    pattern:
      /(?<checkpoint>预训练(?:好?的?\s*)?(?:模型|权重|参数)|事前学習済み?の?\s*モデル|(?<![가-힣])사전\s?학습(?:된|한)\s*모델)|(?<stages>预训练\s*(?:\+|和|与|及|、|,|\/)\s*(?=微调|sft|finetun))|(?:继续|增量|二次)?(?:预训练|预训(?!练)|事前学習)(?!\s*(?:checkpoint|ckpt|model\b|weights?\b|data\b|数据|语料|データ)|済)|(?<![가-힣])사전\s?(?:학습|훈련)(?!된|\s*데이터)[가-힣]*/g,
    when: (t) => /预训|事前学習|사전/.test(t),
    write: (m) => (m.groups?.checkpoint || m.groups?.stages ? ' '.repeat(m[0].length) : ' pretrain '),
    example: '一张H20显卡，预训练qwen3-8b模型显存溢出',
    source: 'c247',
  },
  {
    id: 'training.korean-japanese-words',
    // (Traditional 訓練 and 微調整 arrive as 训练, read by prose.chinese-words, and 微调整: normalise.traditional-chinese.)
    pattern: /(?<![가-힣])(?:(?:풀(?:\s?파라미터)?|전체\s?파라미터)\s?(?:파인\s?튜닝|미세\s?조정|튜닝|학습|훈련)|전체\s?(?:파인\s?튜닝|미세\s?조정)|파인\s?튜닝|미세\s?조정|튜닝|학습|훈련|추론|배포|서빙)[가-힣]*|(?:フル)?ファインチューニング|フルチューニング|デプロイ|(?<![\u30a0-\u30ff])チューニング|(?<![\u4e00-\u9fff])(?:学習|微调整)/g,
    when: (t) => /[가-힣\u3040-\u30ff]|学習|微调整/.test(t),
    write: (m) => ` ${TRAINING_WORDS.find(([stem]) => stem.test(m[0]))![1]} `,
    example: 'polyglot-ko-12.8b 모델을 A100 80G 2 대로 학습하는 것도 가능할까요?',
    source: 'Beomi/KoAlpaca#43',
    // "A100 40GB 2장으로 Llama-3-8B 풀 파인튜닝 하려는데" (invented, a stranger's shape): 풀 had been listed as not read.
  },
  {
    // LoRA and QLoRA written in Hangul, a particle glued on ("로라로 학습", "큐로라를 써도"): the method's names, as
    // Korean users write them beside 학습 / 파인튜닝; "Llama-3-8B 로라 학습 A100 80G 1장" had read a full
    // fine-tune with "로라" listed as not read.
    id: 'training.korean-lora-words',
    pattern: /(?<![가-힣])(큐로라|로라)(?:로|를|을|가|는|은|도|만|으로|의)?(?![가-힣])/g,
    when: (t) => /로라/.test(t),
    write: (m) => ` ${m[1] === '큐로라' ? 'qlora' : 'lora'} `.padEnd(m[0].length),
    example: 'Llama-3-8B 로라 학습, A100 80G 1장이면 충분할까요?',
  },

  {
    // Batch and length named in Korean, a particle glued on ("배치 사이즈를 4로", "시퀀스 길이는 4096"):
    // the item words, as 序列长度 / 输入长度 are for Chinese (phrasing.ts). 배치 alone is a batch only
    // right before its number ("배치 4면"); elsewhere it is also "placement". 컨텍스트 (context) alone is the
    // length right before its number ("컨텍스트는 8192로", as 上下文 is for Chinese): a stranger's vLLM question
    // was answered at the model's 131,072 with "컨텍스트는", "8192" unread. 시퀀스 (sequence) alone likewise
    // ("… deepspeed zero3, 시퀀스 4096": a stranger's full fine-tune was answered at the default 2,048).
    id: 'training.korean-setting-words',
    pattern: /(?<![가-힣])(?:마이크로\s?배치(?:\s?(?:사이즈|크기))?|배치\s?(?:사이즈|크기)|시퀀스\s?길이|컨텍스트\s?길이|최대\s?길이|배치(?=(?:는|은|를|가|도)?\s*\d)|(?:컨텍스트|시퀀스)(?=(?:는|은|를|가|도)?\s*\d))(?:는|은|를|을|가|이|도)?(?![가-힣])/g,
    when: (t) => /배치|길이|컨텍스트|시퀀스/.test(t),
    // 마이크로 배치 (micro-batch) beside 배치: the global batch is then the other (reconcile/global-beside-micro.ts).
    write: (m) => (m[0].startsWith('마이크로') ? ' micro batch ' : m[0].startsWith('배치') ? ' batch size ' : ' seq '),
    example: 'max_seq_length는 8192, 배치 사이즈 4로 하면 메모리가 충분할까요?',
  },
  {
    // Batch and length named in Japanese: "バッチサイズ16固定", "基本的にはバッチサイズ 1" (yuuho/stylegans-pytorch#1),
    // "バッチ2" (batch 2), "シーケンス長4096", "コンテキスト長 8192": the item words, as 배치 사이즈 /
    // 시퀀스 길이 are for Korean (長 arrives as 长: normalise.traditional-chinese). バッチ alone is the batch only right before its number ("バッチ2", "バッチは4").
    id: 'training.japanese-setting-words',
    pattern: /(?<![\u30a0-\u30ff])(?:バッチ\s?サイズ|ミニバッチ\s?サイズ|シーケンス\s?长|系列长|コンテキスト\s?长|トークン\s?长|バッチ(?=(?:は|を|が|も|:|=)?\s*\d))(?:は|を|が|も)?/g,
    when: (t) => /バッチ|长/.test(t),
    write: (m) => (m[0].includes('バッチ') ? ' batch size ' : ' seq '),
    example: 'GTX1080ti (11GB) 以上の環境で動かすことしか想定していなかったため バッチサイズ16固定としていた',
    source: 'yuuho/stylegans-pytorch#1',
  },
  {
    // Batch named in Chinese, as 배치 사이즈 and バッチサイズ are above: "批大小为8", "批量大小 16", "批次大小=4",
    // "全局批大小 512", "微批大小 2" (rbatch1: the batch slot's strong cues, docs/reading.md "The batch slot"; "批大小为8"
    // had read no batch at all). 批次 alone is "a batch" as often as its size ("一个批次里…"): only with 大小 / 尺寸, and
    // only right before its number: a table's description column ("| `--batch_size` | int | 2 | 批次大小 |", c3029)
    // has its value in another cell, which the next row's number must not fill.
    id: 'training.chinese-batch-words',
    pattern: /(全局|微)?批(?:量|次)?(?:大小|尺寸)(?:为|是|设为|设置为|设成|=|:|：)?(?=[ \t]*\d)/g,
    when: (t) => /批/.test(t),
    write: (m) => (m[1] === '全局' ? ' global batch ' : m[1] === '微' ? ' micro batch ' : ' batch size '),
    example: 'llama-3-8b lora，批大小为8，一张A100',
  },
  {
    // "需要多少显存" / "显存要多少" (how much GPU memory does it need): the question every estimate
    // answers, not a word left unread (a short Chinese line was refused for it).
    id: 'training.how-much-memory-zh',
    pattern: /(?:需要|要|得)?多少(?=\s*(?:显存|内存|vram|memory|gb?\b))|(?<=(?:显存|vram)\s*)(?:需要|要|得)?多少/g,
    when: (t) => t.includes('多少'),
    write: blank,
    example: '请问qwen2 7B 微调 大概需要多少显存啊，在3090 上可以吗？',
    source: 'QwenLM/Qwen3#508',
  },
  {
    // "lora only on attention parameters", "LoRA on the attention layers", "attention-only LoRA":
    // adapters on the attention projections, q,k,v,o.
    id: 'training.attention-lora',
    pattern: /\b(?:(q?lora)(?:\s+adapters?)?\s+(?:only\s+)?(?:on|to|for|in)\s+(?:only\s+)?(?:the\s+)?attention(?:\s+(?:parameters|params|layers|modules|projections|weights|matrices|blocks))?|attention[- ]only\s+(q?lora))\b/g,
    when: (t) => t.includes('attention'),
    write: (m) => `${m[1] ?? m[2]} q,k,v,o`.padEnd(m[0].length),
    example: 'bf16, zero3 stage and cpu offload, lora only on attention parameters',
    source: 'lm-sys/FastChat#1687',
  },
  // Devices the catalog lacks (Ascend NPUs, Radeon, Jetson, MX parts …), read through src/catalog/other-devices.ts.
  ...OTHER_DEVICE_RULES,
  ...CARD_COMPARED_RULES,
  {
    // "4 samples per GPU", "2 sequences per device": the micro-batch, said by what it holds.
    id: 'training.per-gpu-batch',
    pattern: /(?<![\w.])(\d{1,4})\s+(?:samples?|examples?|sequences?|seqs)\s+(?:per|each|a|an)\s+(?:gpu|device|card)\b/g,
    when: (t) => /\b(?:per|each|a|an)\s+(?:gpu|device|card)\b/.test(t),
    write: (m) => `bs ${m[1]}`.padEnd(m[0].length),
    example: 'llama-7b full finetune, 4 samples per gpu on 8x a100',
  },
  {
    // The batch written number first, "enough to support 8 batchsize", "runs 4 batch size": the
    // micro-batch, as "batch size 8" is (the snake_case key, "only 2 batch_size", is the config
    // step's: config.number-then-batch-key). Not a key written before its own value ("4 batch size: 8",
    // "1024\nbatch-size: 1" stand on two lines): the number and the word share one line.
    id: 'training.number-then-batch-size',
    pattern: /(?<![\w.:=-])(\d{1,4})[ \t]*(?:batch[ -]?size|bs)\b(?![ \t]*(?:[:=]|\d|of\b))/g,
    when: (t) => /\d[ \t]*(?:batch|bs\b)/.test(t),
    write: (m) => `bs ${m[1]}`.padEnd(m[0].length),
    example: "i think it's enough to support to 8 batchsize for llama-7b",
    source: 'NVIDIA/TensorRT-LLM#67',
  },
  {
    // A batch said to be the global one after its value: "batch size 512 (global) on 32 GPUs", "a
    // batch size of 1024 in total", "bs=256 overall", "batch 32 total" (which had read as micro-batch 32). Papers' and READMEs' batch sizes are "global
    // unless stated otherwise" (facebookresearch/hiera#22); the word after the number says which.
    // Read as the global batch, so the micro-batch is left unstated and said so, never refused.
    id: 'training.batch-global-after',
    pattern: /\b(?:batch[\s_-]*size|batch|bs)\s*(?:of|=|:|is|was)?\s*(\d{1,6})\s*(?:\(\s*(?:global|total|overall|in\s+total|effective)\s*\)|(?:global(?:ly)?|in\s+total|total(?!\s+(?:memory|vram|gpu|ram))|overall)\b)/g,
    when: (t) => /global|total|overall|effective/.test(t),
    write: (m) => `gbs ${m[1]}`.padEnd(m[0].length),
    example: 'batch size 512 (global) on 32 GPUs, full finetune llama-2-13b on A100-80G',
    source: 'facebookresearch/hiera#22',
  },
  {
    // HF `optim` values written in prose ("with paged_adamw_8bit", "optim adamw_8bit"): one optimizer,
    // not "adamw" and an "_8bit" read as 8-bit weights (which turned QLoRA into LoRA on int8). A
    // sentence's full stop may follow ("max_seq_length=2048 and paged_adamw_8bit. Training starts").
    id: 'training.optimizer-name',
    pattern: /(?<![\w.])(?:optim(?:izer)?\s*[:=]?\s*)?((?:paged_)?adamw?(?:_bnb)?_(?:8|32)bit|paged_adamw|adamw_torch_fused|adamw_torch)(?![\w]|\.\w)/g,
    when: (t) => /adam/.test(t),
    write: (m) => optimizerWords(m[1]!).padEnd(m[0].length),
    example: 'qlora llama-2-13b with paged_adamw_8bit',
  },
  {
    // "16 H100s across 2 nodes": 2 nodes of 8 H100s, not 16 GPUs with an unreadable node count.
    id: 'training.cards-over-nodes',
    pattern: /(?<![\w.])(\d{1,4})\s*[x×*]?\s*(gpu(?=s?\s)|(?:(?:nvidia|tesla|geforce)\s+)?(?:rtx\s?)?[a-z]{0,3}\d{2,4}[a-z]*?(?:[-\s]?\d{2,3}\s?gb?)?)s?(?:\s+(?:gpus?|cards?))?\s+(?:(?:spread\s+|split\s+)?(?:over|across)|on|in)\s+(\d{1,3})\s+(?:nodes?|machines?|servers?|hosts?)\b/g,
    when: (t) => /node|machine|server|host/.test(t),
    write: cardsOverNodes,
    example: 'pretraining a 7b on 16 h100s across 2 nodes',
  },
  {
    // "330 data", "5000 samples", "10k examples", "3 epochs": a count of the data or of passes, never
    // a sequence length, batch or GPU count ("330 data with each data being around 16000 tokens").
    // The count and its noun stand on one line: in "batch_size: 4\niters: 2573" the 4 is the batch's.
    // "on a 100k dataset" is the data's size too (c1379, unslothai/unsloth: "fine-tune the Mistral model
    // … on a 100k dataset. Despite each example being well under 4096 tokens" had read seq 100000).
    // Counts listed with dashes or slashes are all the data's: "had 2-2-3 data examples in test.jsonl,
    // train.jsonl, and val.jsonl" (THUDM/GLM-4 c854: its "2" had been read as dp 2 and refused against 8 GPUs).
    id: 'training.data-count',
    // Steps of accumulation are a setting, not the data's ("accumulate gradients over 16 steps", "4 steps of gradient
    // accumulation": prose/rules/accumulation-words.ts).
    pattern: /(?<![\w.\-/])(?<!batch[\w ]{0,20})(?<!accumulat\w*\s+(?:the\s+)?(?:(?:gradients?|grad)\s+)?(?:over|for|across|every)\s+)(?:\d+[-/])*\d+(?:\.\d+)?(?:[ \t]*k)?[ \t]+(?=(?:data|datas|datasets?|samples?|examples?|rows|entries|records|conversations|documents|docs|instances|items|epochs?|steps|iterations|iters)\b(?!\s+(?:per|each|a|an)\s+(?:gpu|device|card|step|batch|iteration|forward)|\s+of\s+(?:(?:gradients?|grad)\s+)?accumulation))/g,
    when: (t) => /\d(?:\s*k)?\s+(?:data|samp|exam|rows|entr|reco|conv|doc|inst|item|epoc|step|iter)/.test(t),
    write: blank,
    example: '330 data with each data being around 16000 tokens',
    source: 'meta-llama/llama-cookbook#872',
  },
];

/**
 * Read before the config keys (`cardDtypeFlags`): they would take `bf16=` for a key with no value,
 * and a torchtune `--config llama3_1/8B_lora` for a value of theirs.
 */
export const CARD_DTYPE_RULES: readonly ProseRule[] = [
  ...EARLY_FAMILY_MISSPELLING_RULES,
  {
    // torchtune names its config folders and builders with '_' for the version's dot: llama3_1/8B_lora,
    // llama3_2/1B_full, qwen2_5/7B_lora_single_device are Llama 3.1, Llama 3.2 and Qwen2.5 (not Llama 3,
    // a "1B" of no family, Qwen2).
    // ModelScope's cache writes the dot as "___" (modelscope/hub: a model id's '.' becomes '___' in its
    // folder): /root/.cache/modelscope/hub/qwen/Qwen1___5-7B-Chat is Qwen1.5 (c700), not Qwen2.5.
    // InternLM writes it 'd' ("internlm/internlm-xcomposer2d5-7b"), and its users InternVL2.5 the same way
    // ("swift3.0 DPO InternVL2d5-8B", modelscope/ms-swift, c2048; read as an unknown 8B before); InternLM's own
    // "internlm2_5-7b-chat" takes the '_'.
    id: 'training.underscore-version',
    pattern: /(?<![a-z0-9_.])(llama|qwen|gemma|phi|mistral|internvl|internlm)(\d)(?:___|_|d)(\d)(?![0-9])(?=[\/_\-\s.]|$)/g,
    when: (t) => /\d(?:_+|d)\d/.test(t),
    write: (m) => `${m[1]}${m[2]}.${m[3]}`,
    example: 'tune run lora_finetune_single_device --config llama3_1/8B_lora',
    insideHubIds: true,
  },
  {
    // ms-swift's model types spell Qwen1.5 "qwen1half" (swift/llm/utils/model.py, 1.x and 2.x:
    // ModelType.qwen1half_7b_chat = 'qwen1half-7b-chat', get_model_tokenizer_qwen1half): "swift sft
    // --model_type qwen1half-7b-chat" (modelscope/ms-swift#860, c853) and "swift deploy
    // --tensor_parallel_size 4 --dtype fp16 --model_type qwen1half-7b-chat" (vllm-project/vllm#7946) are
    // Qwen1.5-7B-Chat. Read as a bare "7b" before, the model's family was lost.
    id: 'training.swift-qwen1half',
    pattern: QWEN1HALF,
    when: (t) => t.includes('qwen1half'),
    write: () => 'qwen1.5',
    example: 'CUDA_VISIBLE_DEVICES=0 \\\nswift sft \\\n    --model_type qwen1half-7b-chat \\\n    --sft_type full',
    source: 'modelscope/ms-swift#860',
    insideHubIds: true,
  },
  {
    // A size with '_' for its decimal point: the first Qwen's own Hub ids (Qwen/Qwen-1_8B-Chat, a 1.8B;
    // mlc-ai/mlc-llm#1458, c683, read as an 8B) and ModelScope's "___" (Qwen2___5-1___5B-Instruct).
    id: 'training.underscore-size',
    // Not a version's '_' before a size: torchtune's builder lora_llama3_1_8b is Llama 3.1's 8B.
    pattern: /(?<=[a-z0-9]-|[a-z]_)(\d{1,3})(?:___|_)(\d)b(?![a-z0-9])/g,
    when: (t) => /\d_+\db/.test(t),
    write: (m) => `${m[1]}.${m[2]}b`,
    example: 'I ran the model with ./build/mlc_chat_cli --model Qwen-1_8B-Chat-q4f32_1 --device cuda',
    source: 'mlc-ai/mlc-llm#1458',
    insideHubIds: true,
  },
  {
    // Unsloth's notebooks: `fp16 = not is_bfloat16_supported(), bf16 = is_bfloat16_supported()` is the
    // Trainer's autocast in whichever 16-bit type the card has (unsloth/__init__.py), never "bfloat16".
    id: 'training.card-dtype-flag',
    pattern: /\b(?:fp16|bf16)\s*=\s*(?:not\s+)?is_bf(?:loat)?16_supported\(\)/g,
    when: (t) => t.includes('16_supported'),
    write: () => 'amp',
    example: 'fp16 = not is_bfloat16_supported(), bf16 = is_bfloat16_supported(),',
    source: 'unslothai/unsloth#2818',
    insideHubIds: true,
  },
  {
    id: 'training.card-dtype-call',
    pattern: /\bis_bf(?:loat)?16_supported\(\)/g,
    when: (t) => t.includes('16_supported'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'dtype = torch.bfloat16 if is_bfloat16_supported() else torch.float16',
    insideHubIds: true,
  },
];
