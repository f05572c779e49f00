import { COMPILE_NOTE } from '../../config-keys.js';
import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';
import { pairStated } from './asked.js';
import { outcomeAfter, type ChangedSide } from '../../change-outcome.js';

/** A pip install before a flag on its line (`pip install -U`, `pip3 install -q`, `uv pip install -U`). */
const PIP_INSTALL_BEFORE = /\bpip3?\s+install\b/;

/**
 * Phrasings around the settings: negation ("w/o", "rather than", "no need for"), comparisons ("A100
 * or H100", "uses less … than"), the user's arithmetic, idioms ("run into"), Chinese request words,
 * and words that name a setting the grammar spells otherwise ("deepspeed 3").
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/** "from A to B" between two numbers (a unit after each stays outside). */
const FROM_TO = /\bfrom\s+(\d[\w.]*)(\s+to\s+)(?=\d)(\d[\w.]*)/g;

/** A change "from A to B" with only the side its outcome names left, the rest blanked. */
function keepChangedSide(m: RegExpExecArray, side: ChangedSide): string {
  const kept = side === 'from' ? m[1]! : m[3]!;
  const at = side === 'from' ? m[0].indexOf(m[1]!, 4) : m[0].length - m[3]!.length;
  return ' '.repeat(at) + kept + ' '.repeat(m[0].length - at - kept.length);
}

/** A value of a setting that has several (a ZeRO stage, a precision, a method, a sharding), as people write it. */
const SETTING_VALUE = String.raw`zero[-_ ]?[0-3](?:[-_ ]?offload)?|(?:pure[-_ ]?)?(?:fp16|bf16|fp32)|int[48]|[48][-_ ]?bit|q?lora|full|fsdp|deepspeed|ddp|flash[-_ ]?attn(?:ention)?[-_ ]?2?|sdpa|eager`;
const without = () => 'without';

/** Words of Chinese questions that are request words ("单张A100上跑Llama" runs it). */
const CHINESE_WORDS: Record<string, string> = {
  跑: 'run', 部署: 'deploy', 推理: 'inference', 微调: 'finetune', 训练: 'train', 全参: 'full',
  // "GLM4-9B，int4运行" (run in int4, xorbitsai/inference#1768, c762): 运行 is 跑's written word, a weak run as
  // "run" is (training words or settings beside it make it training); 运行内存 (RAM) is read before this.
  运行: 'run',
  // "全参数微调" (full-parameter fine-tuning, b12 c499/c501/c505) is one word: never 全参 and a stray 数.
  全参数: 'full',
  // "全量微调" (full fine-tuning: every weight trained, c320 hiyouga/LlamaFactory#8642, c482 ms-swift): 全量 with its
  // training word only, since 全量数据 is the whole dataset.
  全量微调: 'full finetune', 全量训练: 'full train', 全量参数: 'full', 全量sft: 'full sft',
  量化: 'quantization', 显存: 'vram', 单张: 'single', 单卡: 'single gpu',
  // "单卡显存12G" (each card's memory, shuxueslpi/chatGLM-6B-QLoRA#29): the memory of one card, not a count of one.
  单卡显存: 'vram', 单张显存: 'vram', 单卡的显存: 'vram',
  // "有4张卡,单张是32G" (each one is 32G, Facico/Chinese-Vicuna, c359): each card's memory, as 单卡显存.
  单张是: 'vram', 单卡是: 'vram', 单块是: 'vram', 每张是: 'vram', 每张卡是: 'vram', 输入长度: 'seq', 序列长度: 'seq', 上下文长度: 'context', 上下文: 'context',
  // "qwen2-72b推理需要几张A100" (how many A100s does inference need).
  几张: 'how many', 几块: 'how many', 几卡: 'how many', 多少张: 'how many', 多少块: 'how many', 需要: 'need',
  // "并发100" (100 concurrent requests): the serving batch; "满血版" (the full-strength 671B, not a distill) names no setting.
  并发数: 'concurrency', 并发量: 'concurrency', 并发: 'concurrency', 满血版: '', 满血: '',
  // "虽然没有开offload" (though offload is not on, OpenRLHF/OpenRLHF#392), "没开gradient checkpointing",
  // "关闭offload": the setting turned off, as "without offload" (it had read as offload on).
  没有开启: 'without', 没有开: 'without', 没开启: 'without', 没开: 'without', 不开启: 'without', 不开: 'without',
  未开启: 'without', 未开: 'without', 关闭: 'without', 没有使用: 'without', 未使用: 'without', 不使用: 'without', 没有用: 'without', 没用: 'without',
  // 推論 is inference in Taiwan and Japan ("VRAM 24GBのGPU 1個でllama-3-8bを推論"); traditional characters
  // of the other words read as simplified before this (normalise.traditional-chinese).
  推論: 'inference',
  // "若不做量化的话" (if not quantising, baichuan-inc/Baichuan2, c608: refused as nothing to estimate), "部署非量化的
  // baichuan 13b" (c609), "非量化版本的满血版671B deepseek" (c477), "不量化的lora" (c715): the released weights,
  // as "without quantization" (a model released in FP8 keeps it).
  不做量化: 'without quantization', 不量化: 'without quantization', 非量化: 'without quantization', 未量化: 'without quantization',
  不用量化: 'without quantization', 不进行量化: 'without quantization', 无量化: 'without quantization',
  // "7b bloom 大约需要多大的内存在非lora 的情况下" (in the non-LoRA case, LianjiaTech/BELLE#360, c2873): 非 negates the method
  // after it, as 非量化 does the quantisation; it had read as LoRA.
  非lora: 'without lora', '非 lora': 'without lora',
  // "最大长度大概8192左右" (max length about 8192, modelscope/ms-swift, c646), "最大序列长度": the length, said
  // before its number as 输入长度 is; "8192长度" after it is prose.length-zh's.
  最大长度: 'seq', 最大序列长度: 'seq', 最大输入长度: 'seq',
  // "不用gradient checkpointing" (not using it; issue 22 §7 names "不用 X"), "无需offload" (no need for it).
  不用: 'without', 无需: 'without',
  // "没有vllm，没有flash-attention" (without vLLM, without flash attention; QwenLM/Qwen1.5, corpus c1013): 没有
  // before a setting is "without" too; before anything else ("没有报错") the word reads as nothing.
  没有: 'without',
  // "请问为什么梯度累积是1？" (why is gradient accumulation 1, yangzhipeng1108/DeepSpeed-Chat-ChatGLM#1),
  // "梯度累积（gradient accumulation）" (PlayVoice/whisper-vits-svc#122): the setting's own Chinese name,
  // its number after it as after "gradient accumulation"; 梯度检查点 is gradient checkpointing.
  梯度累积: 'gradient accumulation', 梯度累加: 'gradient accumulation', 梯度积累: 'gradient accumulation',
  梯度检查点: 'gradient checkpointing',
};

export const PHRASING_RULES: readonly ProseRule[] = [
  {
    // "with plain DDP", "vanilla DDP", "just normal data parallel": a word that says the sharding is
    // the ordinary one (no ZeRO, no FSDP) is no setting of its own. "plain" is also the start of "plain
    // sgd", so "plain DDP" in a short line was refused as a typo of it ("did you mean plain sgd?").
    // Set aside before a data-parallel word; "plain sgd" keeps its word (vocabulary.ts).
    id: 'prose.plain-ddp',
    pattern: /\b(?:plain|vanilla|simple|normal|regular|standard|ordinary|pure)(?:[\s-]+(?:old|pytorch|torch))?[\s-]+(?=(?:ddp|distributed[\s_-]?data[\s_-]?parallel|data[\s_-]?parallel(?:ism)?)\b)/g,
    when: (t) => /ddp|data[\s_-]?parallel/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'llama-2-7b full fine-tune with plain DDP on 4x a100-80g',
    // (moojink/openvla-oft#4: "If we use DDP alone, we encounter a CUDA out-of-memory error".)
    source: 'moojink/openvla-oft#4',
  },
  {
    // "on 8 a100, 4 per gpu": a bare number per GPU (no unit, no batch word before it) is what each GPU
    // takes of the batch, as HF's per_device_train_batch_size says it; the hardware grammar read
    // "4 … gpu" as a GPU count and refused it against the stated eight. Weak: the batch is named only
    // by "per gpu". "batch size 4 per gpu", "4 samples per gpu" (training.samples-per-gpu, not weak)
    // and "24GB per gpu" are read by their own words.
    id: 'prose.bare-per-gpu-batch',
    // One space at most on either side of "per": a card's number the hardware reader rewrote leaves
    // a run of blanks before it ("2*RTX3090 (24G per card)", axolotl#1522, c055, is no batch of 3090).
    pattern: /(?<!(?:batch|bs|size|mbs|batch_size|memory|vram|ram)[\s:=]{0,3})(?<![\w.\-])(\d{1,3})[\s-]?(?:per|\/|each|a)[\s-]?(?:gpu|device|card)\b(?![\s-]*(?:memory|vram|ram)\b)/g,
    when: (t) => /(?:per|\/|each|a)\s*(?:gpu|device|card)/.test(t),
    write: (m) => `mbs ${m[1]}`.padEnd(m[0].length),
    example: 'train 7b on 8 a100, 4 per gpu',
    weak: true,
  },
  {
    // LLaMA-Factory's example YAMLs mark their sections with comment lines ("### model", "### method",
    // "### ddp", "### dataset", "### train", "### eval"; examples/train_lora/*.yaml): pasted apart
    // from the config they read as markdown headings, and "### ddp" set DDP over a ZeRO-3 file
    // (hiyouga/LlamaFactory#4642). A section's name is no setting.
    id: 'prose.config-section-heading',
    pattern: /^[ \t]*#{1,6}[ \t]*(?:model|method|ddp|dataset|train|eval|output|quantization|export|generate|reproduction)[ \t]*$/gm,
    when: (t) => t.includes('#'),
    write: blank,
    example: '### ddp\nddp_timeout: 180000000',
    source: 'hiyouga/LlamaFactory#4642',
  },
  {
    // "the batch size is 406560/4096=99", "2x24=48GB": the user's arithmetic, not a setting.
    id: 'prose.arithmetic',
    pattern: /(?<![\w.])\d+(?:\.\d+)?\s*[\/*×]\s*\d+(?:\.\d+)?(?:\s*[\/*×+-]\s*\d+(?:\.\d+)?)*\s*=\s*~?\d+(?:\.\d+)?(?!\w|\.\d)/g,
    write: blank,
    example: 'the batch size is 406560/4096=99',
  },
  {
    // "I just used the python finetune.py command (alternative to torchrun)": one process, so the
    // script's device_map="auto" splits the model's layers over the GPUs (alpaca-lora's finetune.py and
    // its descendants). Weak: the split is guessed from the launcher not used and the script's default.
    id: 'prose.without-torchrun',
    pattern: /\b(?:alternative\s+to|instead\s+of|rather\s+than|without|not\s+using)\s+(?:the\s+)?torchrun\b/g,
    when: (t) => t.includes('torchrun'),
    write: (m, notes) => {
      if (!/\bpython3?\s+(?:-u\s+)?[\w./-]+\.py\b/.test(m.input)) return m[0];
      notes.push('python without torchrun is one process: the model\'s layers are split over the GPUs (device_map "auto"), not one replica per GPU');
      return 'device map auto'.padEnd(m[0].length);
    },
    example: 'I just used the python finetune.py command in the fine-tuning section (alternative to torchrun) and it worked with lora_r 16',
    source: 'arielnlee/Platypus#10',
    weak: true,
  },
  {
    // "drop to bf16", "drop the batch to 1": a change to a value; "drop gc", "drop the offload": that setting off.
    id: 'prose.drop-setting',
    pattern: /\b(?:drop|dropping|remove|removing)\b(?!\s*out)(\s+(?:(?:the|my)\s+)?(?:[\w-]+\s+){0,3}?to\b)?/g,
    when: (t) => t.includes('drop') || t.includes('remov'),
    write: (m) => (m[1] ? ' '.repeat(m[0].length - m[1].length) + m[1] : 'without'.padEnd(m[0].length)),
    example: 'llama-2-13b lora, drop the offload',
  },
  {
    // "half" is fp16 as a dtype's value ("--dtype half", "dtype='half'", "DTYPE=half"), a call (".half()") or
    // "half precision"; elsewhere it is a fraction: "(in one gpu, half actor, half ref)" (OpenRLHF/OpenRLHF#566,
    // c745: read as fp16), "treat it as half a GPU" (c544), "usage only reaches half" (c688).
    id: 'prose.half-fraction',
    pattern: /(?<!(?:dtype|precision|--|[.=:'"`])\s*['"`]?\s*)\bhalf\b(?!\s*-?\s*precision|\s*\(\)|\s*-?\s*float|['"`])/g,
    when: (t) => t.includes('half'),
    write: blank,
    example: '- 8 for actor/ref (in one gpu, half actor, half ref)',
    source: 'OpenRLHF/OpenRLHF#566',
  },
  {
    // "full" said of memory is filled, no full fine-tune: "only the VRAM and RAM memory are full, so it
    // takes 10 minutes to generate the answer" (ollama/ollama#9753, c519: read as a full fine-tune of a
    // q4_K_M model and refused), "GPU memory gets full after a few steps". Only after a memory's word and
    // a verb of being: "the run is full", "is full fine-tuning" name the method.
    id: 'prose.memory-full',
    pattern: /\b(?:memory|memories|vram|ram|gpus?|disk|cache|cards?|storage)\s+(?:is|are|was|were|gets?|got|getting|becomes?|became|being|fills? up to|stays?)\s+(?:(?:almost|nearly|completely|totally|already|quickly|still|all|100%)\s+){0,2}(full)\b(?![-\s]*(?:fine|finetun|train|param|sft|pre-?train))/g,
    when: (t) => t.includes('full'),
    write: (m) => m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length),
    example: 'However, after that, the GPU usage is always around 2%, and only the VRAM and RAM memory are full, so it takes 10 minutes to generate the answer.',
    source: 'ollama/ollama#9753',
  },
  {
    id: 'prose.w-o',
    pattern: /\bw\/o\b/g,
    write: without,
    example: 'mistral-7b full finetune w/o gradient checkpointing',
  },
  {
    id: 'prose.rather-than',
    pattern: /\b(?:rather than|instead of|other than|not using|not with)\b/g,
    write: without,
    example: 'can full parameters should be finetuned rather than lora?',
    source: 'deepseek-ai/DeepSeek-Coder#78',
  },
  {
    // "in which case you won't need to use offload", "no need for gradient checkpointing": a setting
    // not needed is off.
    id: 'prose.no-need',
    pattern: /\b(?:won't|will not|don't|do not|doesn't|does not|no) need(?: to use| to| for)?(?![\w'])/g,
    write: without,
    example: "A more reasonable choice would be A100 40G*8, in which case you won't need to use offload.",
    source: 'meta-llama/llama-cookbook#25',
  },
  {
    // "how many layers I offload to GPU", "offloaded 20/49 layers to GPU": placing layers on the GPU is
    // no CPU offload; nor is a model "offloaded across both GPUs" (split over them: "Model should have been
    // offloaded across both GPUs with enough memory", theroyallab/tabbyAPI via corpus c1614, had read as LoRA
    // with an optimizer offload).
    id: 'prose.offload-to-gpu',
    pattern: /\boffload(?:ed|ing|s)?\b(?=[^.?!\n]{0,40}?\b(?:to|across|over|onto|between)\s+(?:the\s+)?(?:both\s+|all\s+|two\s+|multiple\s+|several\s+|\d\s+)?(?:gpus?|vram|cuda\d*)\b)/g,
    when: (t) => t.includes('offload'),
    write: blank,
    example: 'offloaded 20/49 layers to gpu',
  },
  {
    // "with torch.compile", "torch.compile()": stated as not modelled (config keys say the same).
    id: 'prose.torch-compile',
    pattern: /\btorch\.compile(?:\(\))?|\bwith\s+compile\b/g,
    write: (m, notes) => {
      notes.push(COMPILE_NOTE);
      return ' '.repeat(m[0].length);
    },
    example: 'llama-3-8b full finetune with torch.compile',
  },
  {
    // "I also run into this problem", "ran out of memory": the idiom, not running a model.
    id: 'prose.run-into',
    pattern: /\b(?:run|runs|ran|running)\s+(?=into\b|out\s+of\b)/g,
    write: blank,
    example: 'I also run into this problem with 4 A100s',
    source: 'Lightning-AI/lit-llama#381',
  },
  {
    // A count of the parameters a run trains, as a trainer prints it or the user copies it: "41,943,040
    // out of 7,289,966,592 parameters are finetuned (0.58%)" (mistral-finetune's log line,
    // mistralai/mistral-finetune#107, c869), "Number of trainable parameters = 842,302,976" (HF Trainer,
    // tatsu-lab/stanford_alpaca#266: an FSDP shard's count), "105,416,512 trainable params". A report
    // of what trains, never the model's size: blanked whole, so neither number is read as one. The line a
    // loader prints before it, "Total parameters 2132.851M" (mlx-examples lora.py, ml-explore/mlx-examples#517,
    // c1072: a 7B Mistral quantised to 8 bits, its packed weights counted), is the same report.
    id: 'prose.trainable-count',
    pattern:
      /(?:\b(?:(?:the\s+)?number\s+of\s+trainable\s+param(?:eter)?s|trainable\s+param(?:eter)?s)\s*(?:[:=]|is\b|are\b|was\b|were\b)?\s*\d[\d,]*(?:\.\d+)?\s*[kmb]?(?![\w.])|^[ \t]*total\s+param(?:eter)?s\s*[:=]?\s*\d[\d,]*(?:\.\d+)?\s*[kmb]?(?![\w.])|\b\d[\d,]*(?:\.\d+)?\s*[kmb]?[ \t]+(?:(?:out\s+)?of\s+(?:the\s+)?(?:\d[\d,]*(?:\.\d+)?\s*[kmb]?\s+)?(?:total\s+)?param(?:eter)?s\s+(?:are|were|is|was|being|get|got)\s+(?:fine-?tuned|trained|trainable|updated)|trainable\s+param(?:eter)?s)\b)(?:[\s,;]*\(?\s*(?:trainable\s*%\s*[:=]?\s*)?\d+(?:\.\d+)?\s*%[^)\n]{0,40}\)?)?/gm,
    when: (t) => t.includes('param'),
    write: blank,
    example: 'Lora Rank from 64 to 16 (41,941,943,040 out of 7,289,966,592 parameters are finetuned (0.58%))',
    source: 'mistralai/mistral-finetune#107',
  },
  {
    // "deepspeed 3", "DeepSpeed stage 2": the ZeRO stage (not a version: "deepspeed 0.14"; not a count:
    // "deepspeed 2 gpus"). Weak: a bare number after "deepspeed" is taken as its stage by nearness.
    id: 'prose.deepspeed-stage',
    pattern: /\b(deep[-_ ]?spee?d)[-_ ]+(?:stage[-_ ]*)?([123])(?![.\d\w])(?![ \t]*(?:x\b|\*|gpus?\b|cards?\b|nodes?\b))/g,
    write: (m) => [
      { text: m[1]!, from: 0, to: m[1]!.length },
      { text: ` zero${m[2]}`, from: m[1]!.length, to: m[0].length },
    ],
    example: 'I attempted to use deepspeed 3 with CPU offload',
    source: 'axolotl-ai-cloud/axolotl#1439',
    weak: true,
  },
  {
    // "fine-tune LLaMA-2-7B on monolingual OSCAR data (stage 1)" (fe1ixxu/ALMA#66, c928), "CUDA OOM when
    // finetune phi2-clipL336 at stage 2" (PKU-YuanGroup/MoE-LLaVA#72), "OOM in stage2 finetuning"
    // (JIA-Lab-research/LLaMA-VID#93): a stage beside a training phase's words (fine-tune, pretrain, SFT,
    // data) names the recipe's phase, not a ZeRO stage, where the line says nothing of DeepSpeed or ZeRO.
    id: 'prose.training-stage',
    pattern: /(?<!(?:zero|deep[-_ ]?spee?d|ds)[-_ ]*)\bstage[-_ ]?([0-3])\b(?![-_ ]*(?:offload|zero|of\s+(?:zero|deepspeed)))/gi,
    when: (t) => /stage/.test(t) && /fine[-_ ]?tun|pre[-_ ]?train|\bsft\b|\bdata\b|finetun/.test(t),
    write: (m, notes) => {
      const start = m.input.lastIndexOf('\n', m.index) + 1;
      const stop = m.input.indexOf('\n', m.index);
      const line = m.input.slice(start, stop === -1 ? undefined : stop);
      const near = m.input.slice(Math.max(start, m.index - 80), m.index + m[0].length + 40);
      // Said as a phase: "(stage 1)", "at / in / during stage 2", "stage 2 finetuning"; "with stage 3" is a setting.
      const before = m.input.slice(Math.max(start, m.index - 12), m.index);
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 16);
      const phase = /(?:\(|\b(?:at|in|during|of|for|the|first|second))\s*$/i.test(before) || /^[-_ ]*(?:fine[-_ ]?tun|finetun|pre[-_ ]?train|sft\b|training)/i.test(after);
      if (!phase || /deep[-_ ]?spee?d|\bzero|\bds\b|offload/i.test(line) || !/fine[-_ ]?tun|finetun|pre[-_ ]?train|\bsft\b|\bdata\b/i.test(near)) return m[0];
      notes.push(`"${m[0]}" read as a phase of the training recipe, not a ZeRO stage; say "zero${m[1]}" if you mean DeepSpeed's`);
      return blank(m);
    },
    example: 'I first used a GPU with 24GB memory to fine-tune LLaMA-2-7B on monolingual OSCAR data (stage 1)',
    source: 'fe1ixxu/ALMA#66',
  },
  {
    // "34B llama DPO on 8*A100 80G with zero3 + reference policy offload" (OpenRLHF/OpenRLHF#193, c900):
    // what is offloaded is the DPO/PPO reference model (OpenRLHF's --ref_offload), not the optimizer
    // states or the trained weights; the item language has no word for it, so it is said, not read.
    id: 'prose.reference-offload',
    pattern: /\bref(?:erence)?(?:[-_ ](?:policy|model|models|actor))?[-_ ]+offload(?:ing|ed)?\b|\boffload(?:ing|ed)?[-_ ]+(?:of[-_ ]+)?(?:the[-_ ]+)?ref(?:erence)?(?:[-_ ](?:policy|model|models))?\b/gi,
    when: (t) => t.includes('offload') && t.includes('ref'),
    write: (m, notes) => {
      notes.push(`"${m[0]}": the reference model kept on the CPU is not modelled (its weights leave the GPU); no optimizer or parameter offload is read from it`);
      return blank(m);
    },
    example: '34B llama DPO on 8*A100 80G with zero3 + reference policy offload',
    source: 'OpenRLHF/OpenRLHF#193',
  },
  {
    // "could it be that the -bf16 parameter uses less video memory than the 8-bit mode?": a comparison.
    id: 'prose.uses-less-than',
    pattern: /(?<=\S)(?:\s+(?:parameter|mode|option|setting|version|flag|one))?\s+(?:uses?|needs?|takes?|consumes?|requires?)\s+(?:much\s+|way\s+|a\s+lot\s+)?(?:less|more|lower|higher|fewer)\s+(?:[a-z]+\s+){0,2}?than\s+(?:the\s+|a\s+)?/g,
    when: (t) => t.includes('than'),
    write: (m) => ' vs '.padEnd(m[0].length),
    example: 'could it be that the -bf16 parameter uses less video memory than the 8-bit mode?',
    source: 'oobabooga/textgen#2259',
  },
  {
    // '"unsloth" is not suitable for deepspeed zero3': what is said not to work is not the setup.
    id: 'prose.not-suitable',
    pattern: /["'`]?\b[\w.-]+\b["'`]?\s+(?:is|was|are|were)\s+(?:not|n't)\s+(?:suitable|suitalbe|supported|compatible|working|usable|an option)\b(?:\s+(?:for|with)\s+[\w.-]+(?:\s+[\w.-]+)?)?/g,
    when: (t) => t.includes('not') || t.includes("n't"),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": not read as part of the setup`);
      return ' '.repeat(m[0].length);
    },
    example: 'I have 8 node, I notice "unsloth" is not suitalbe for deepspeed zero3, then I choose using the fsdp',
    source: 'hiyouga/LlamaFactory#3524',
  },
  {
    // "causing a CUDA OOM error on A100 GPU on Colab regardless of batch size, gradient accumulation steps,
    // or precision level (fp16 or bf16)" (huggingface/trl#876, c725): the settings said not to matter are
    // no setting of the run; fp16 had been read as its precision. Up to the end of the sentence.
    id: 'prose.regardless-of',
    pattern: /\b(?:regardless of|irrespective of|no matter (?:what|which|how|the))\b[^.?!\n]{0,160}/g,
    when: (t) => t.includes('regardless') || t.includes('irrespective') || t.includes('no matter'),
    write: blank,
    example: 'is causing a CUDA OOM error on A100 GPU on Colab regardless of batch size, gradient accumulation steps, or precision level (fp16 or bf16).',
    source: 'huggingface/trl#876',
  },
  {
    // Two values of one setting that both failed: "Baichuan 13B全参数DPO … accelerate 用Zero2和Zero3都不行"
    // (hiyouga/LlamaFactory, c391: read as ZeRO-2), "无论是fp16 或者pure_bf16 都尝试过，每次都会OOM" (whether fp16
    // or pure_bf16, both tried, always OOM: c504, read as fp16). Neither is the run's: both are set aside,
    // said, as 'regardless of' does in English; the run is asked about without them.
    id: 'prose.both-tried-zh',
    pattern: new RegExp(
      String.raw`(?:无论是?|不管是?)?\s*(${SETTING_VALUE})\s*(?:和|或者?|还是|与|跟|、|\/)\s*(${SETTING_VALUE})\s*(?:都|均)\s*(?:尝试过|试过|用过|不行|不可以|没用|没有用|会?oom|会?报错|爆显存|跑不起来|失败)`,
      'g',
    ),
    when: (t) => /都|均/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[1]}" and "${m[2]}": both tried, neither read as your setup's (say the one to estimate)`);
      return ' '.repeat(m[0].length);
    },
    example: '请问一下作者，Baichuan 13B全参数DPO在单机 A100 80G*8上OOM正常吗，accelerate 用Zero2和Zero3都不行，应该需要多少显存呀。',
    source: 'c391',
  },
  {
    // "trying to work with your RLHF code to Fine-tune … while fine-tuning LLaMA-2-7B … with PEFT LoRA"
    // (nebuly-ai/optimate#359, c706): "RLHF" naming what a codebase is for (its code, repository,
    // library, pipeline) describes the project, not the algorithm of the run asked about, which its
    // own words say (here the actor's supervised fine-tune). The bare word "rlhf" stays PPO.
    id: 'prose.rlhf-project',
    pattern: /\brlhf(?=[ \t]+(?:code(?:base)?|repo(?:sitory)?|library|lib|project|framework|pipeline|implementation|package|toolkit)s?\b|[ \t]*的?(?:代码|仓库|框架|项目|库))/g,
    when: (t) => t.includes('rlhf'),
    write: blank,
    example: 'Hi, i am trying to work with your RLHF code to Fine-tune and Reinforcement learning for LLaMA.',
    source: 'nebuly-ai/optimate#359',
  },
  {
    // "the difference between Llama 3 8b and Llama 2 7b": a comparison of the two. A comparison of speed
    // ("performance comparison between Intel CPU, nVIDIA GPU and Apple M1/M2", ggml-org/llama.cpp, c1920)
    // or of three or more things weighs no two setups' memory: set aside, said, and the devices named
    // in it are read where the message says what ran on them.
    id: 'prose.difference-between',
    pattern: /\b(?:difference|differences|compare|comparing|comparison)\b[^.?!\n]{0,40}?\bbetween\s[^.?!\n]{1,60}?\sand\s/g,
    write: (m, notes) => {
      const before = m.input.slice(Math.max(0, m.index - 30), m.index);
      const between = m[0].slice(m[0].search(/\bbetween\s/));
      if (/\b(?:performance|speed|throughput|latency|inference time|tokens?\/s|perplexity|quality|accuracy)\s*$/.test(before) || between.includes(',')) {
        notes.push(`"${m[0].trim()}…" compares speed or more than two things, not two setups' memory: no comparison read`);
        return blank(m);
      }
      return [{ text: m[0].slice(0, -5), from: 0, to: m[0].length - 5 }, { text: ' vs  ', from: m[0].length - 5, to: m[0].length }];
    },
    example: "there is a very huge GPU vram usage difference between Llama 3 8b and Llama 2 7b when I'm doing Qlora",
    source: 'unslothai/unsloth#824',
  },
  {
    // "from 4 to 2": the value of the run the outcome words after it name (change-outcome.ts): the new one
    // where it still fails or is a purpose ("… from 3 to 2 in order to avoid OOM"), the old one where the
    // change made it work ("changed the context from 8k to 2k and it runs now": the 8k run failed).
    id: 'prose.from-to',
    pattern: FROM_TO,
    write: (m) => {
      const outcome = outcomeAfter(m);
      return outcome.words === null ? m[0] : keepChangedSide(m, outcome.side);
    },
    example: 'I had to reduce the eval and train batch size from 3 to 2 in order to avoid OOM.',
    source: 'tatsu-lab/stanford_alpaca#280',
  },
  {
    // "changed the batch from 4 to 8." with no outcome after it: the value set now, weak, its words said.
    id: 'prose.from-to-unsaid',
    pattern: FROM_TO,
    write: (m) => {
      const outcome = outcomeAfter(m);
      return outcome.words === null ? keepChangedSide(m, outcome.side) : m[0];
    },
    example: 'I changed the context length from 2048 to 4096.',
    weak: true,
  },
  {
    // Unknown short flags of a command line ("-m model.bin -n 128"): not request words. A value that
    // names a model by its size ("-d ./30B-Lazarus-gptq-4bit", "-m llama-2-13b.gguf") is the model
    // the command runs: only the flag goes. The size is often glued to the family's name in a file
    // name ("-m wizard-falcon40b.ggmlv3.q4_K_S.bin", cmp-nct/ggllm.cpp#31, c2156; "mistral7b-instruct.Q5_K_M.gguf"):
    // a letter before it joins no other number (a digit or a dot before it would).
    id: 'prose.short-flags',
    pattern: /(?<![\w-])-(?!c\b|tp\b|pp\b|ngl\b)([a-z]{1,2})(?:[ \t]+(?!-)([^\s]+))?(?=\s|$)/g,
    // pip's short flags are switches (-U, -q, -I): the word after one is a package, kept for the release rules
    // ("pip install -U vllm==0.3.2", skypilot-org/skypilot#3489, c2735: the engine and its release went unread).
    write: (m) =>
      m[2] && (/(?<![0-9.])\d+(?:\.\d+)?b(?![a-z0-9])/.test(m[2]) || PIP_INSTALL_BEFORE.test(m.input.slice(m.input.lastIndexOf('\n', m.index) + 1, m.index)))
        ? ' '.repeat(m[0].length - m[2].length) + m[2]
        : blank(m),
    example: 'docker run --shm-size 10gb -it --rm --gpus all -v /data/:/data/ vllm/vllm-openai:v0.2.7',
    source: 'vllm-project/vllm#2382',
  },
  {
    id: 'prose.w-slash',
    pattern: /\bw\/(?=\s)/g,
    write: () => 'with',
    example: 'gpt-oss:latest, Ollama w/ Open WebUI.',
    source: 'ollama/ollama#14002',
  },
  {
    // Request words of Chinese questions ("单张A100上跑Llama" runs it; "没开offload": without offload).
    id: 'prose.chinese-words',
    pattern: new RegExp(Object.keys(CHINESE_WORDS).sort((a, b) => b.length - a.length).join('|'), 'g'),
    when: (t) => /[^\x00-\x7f]/.test(t),
    write: (m) => ` ${CHINESE_WORDS[m[0]]} `,
    example: '为什么我3090 24g，跑llama-7b就报CUDA out of memory了？',
    source: 'tloen/alpaca-lora#389',
  },
  {
    // "A100 or H100?", "zero2 or zero3": two values of one setting weighed, a comparison. Only where
    // it is asked (asked.ts): FlashAttention's "backward for head dim > 64 requires A100 or H100"
    // quoted or retold (haotian-liu/LLaVA#157, c498: read as "compare a100 vs h100" over the user's
    // two 3090s; hiyouga/LlamaFactory#371, lm-sys/FastChat#1296, modelscope/ms-swift#9) names what
    // a kernel needs, in a statement: no comparison, and neither card is the user's. Blanked, said.
    id: 'prose.either-or',
    pattern: /\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*|zero[-_ ]?[123])\s+or\s+((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*|zero[-_ ]?[123])\b/g,
    when: (t) => t.includes(' or '),
    write: (m, notes) => {
      const zero = (w: string) => /^zero/.test(w);
      const alike = gpuIdOf(m[1]!) && gpuIdOf(m[2]!) ? true : zero(m[1]!) && zero(m[2]!);
      if (!alike) return m[0];
      // Cards only: rival ZeRO stages said in a statement are the things tried (reconcile/tried-alternatives.ts).
      const stated = zero(m[1]!) ? null : pairStated(m.input, m.index, m.index + m[0].length);
      if (stated) {
        notes.push(`"${m[0].trim()}" is said in a statement ("${stated}"), not asked: no comparison read, and neither is read as your card`);
        return ' '.repeat(m[0].length);
      }
      const or = m[0].length - m[2]!.length;
      return [{ text: m[0].slice(0, m[1]!.length), from: 0, to: m[1]!.length }, { text: ' vs ', from: m[1]!.length, to: or }, { text: m[2]!, from: or, to: m[0].length }];
    },
    example: 'llama-3-70b lora: a100 or h100?',
  },
];
