import { LIMIT_OF_ANOTHER } from '../../config-keys/patterns.js';
import type { ProseRule } from '../types.js';

/**
 * Words of a question that are not the user's setup: a setting asked about (not set), a model's own
 * context window, a limit or a GPU asked of another model or run, where a figure comes from, an
 * example asked for, a bound on sizes. Each is blanked (or kept) and said, so it never fills a slot.
 */

/**
 * Settings a user asks where or whether to set: parallel sizes and sharding, never a method (the
 * "lora" of "如何lora微调" is what the user does). Chinese and English names.
 */
const ASKED_SETTING = String.raw`(?:tp|pp|tensor[ _-]?parallel(?:ism|_size)?|pipeline[ _-]?parallel(?:ism|_size)?|model[ _-]?parallel(?:ism)?|sequence[ _-]?parallel(?:ism)?|zero[-_ ]?[0-3]?|fsdp|deepspeed|(?:cpu[ _-]?)?offload(?:ing)?|gradient[ _-]checkpointing|张量并行|流水线并行|模型并行|序列并行)`;
/** A list of them ("TP，PP这些", "tp or pp"), with no value after the last (a value makes it a setting: "set tp to 4"). */
const ASKED_LIST = String.raw`${ASKED_SETTING}(?:\s*(?:[,，、/]|\band\b|\bor\b|和|或|或者|及)\s*${ASKED_SETTING})*(?![ \t]*(?:=|:|to\b|为|成|设为)?[ \t]*\d)(?![\w-])`;

/** A model's own context window, said and set aside: the window is no length the user runs. */
function modelWindow(m: RegExpExecArray, notes: string[]): string {
  notes.push(`"${m[0].trim()}": the model's own context window, not a length you run; not read (say seq N for yours)`);
  return ' '.repeat(m[0].length);
}

/** What a question about a setting asks; the setting is left unset, and the reply says so. */
function askedAbout(m: RegExpExecArray, notes: string[]): string {
  const words = m[0].trim();
  notes.push(`"${words}" asks about a setting; none is set from it (the estimate shows what each would change)`);
  return ' '.repeat(m[0].length);
}

export const NOT_SETUP_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "Helm chart produces this configuration" (huggingface/text-generation-inference#1168, c857: a TGI
    // deployment on GKE), "the CUDA graphs take memory" (vLLM's and TGI's captured decode graphs, c552, c633,
    // c728): a Kubernetes package and a captured kernel sequence, no chart the user asks for. The words are
    // blanked, so "chart" and "graph" there never ask for the breakdown chart.
    id: 'question.not-a-chart',
    // Also the engine's graphs written as a flag's name in prose ("the `cuda-graph-max-bs` must be set to 32",
    // sgl-project/sglang#3580, c2022: a breakdown chart and a batch of 32 had been read from it; the whole
    // identifier is blanked) and the compiler's ("graph capture takes 3 GB", "graph breaks", "the computation graph").
    pattern:
      /\bhelm\s+charts?\b|\bcuda[ \t_-]*graphs?\b(?![ \t_-]*(?:mode|capture[ \t_-]*sizes?)\b)(?<!(?:disable|disabled|disabling|no|without)[ \t_-]+cuda[ \t_-]*graphs?)(?:[_-][a-z0-9]+)*|\bgraphs?(?=[ \t_-]+(?:captur\w*|breaks?|pool|replay\w*)\b)|\b(?:computation(?:al)?|compute|compiled?|static|fx)[ \t_-]+graphs?\b/g,
    when: (t) => /helm|graph/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Deployed on GKE with helmv3 … Helm chart produces this configuration:',
    source: 'huggingface/text-generation-inference#1168',
  },
  {
    // "有没有设置TP，PP这些的地方" (is there somewhere to set TP, PP?), "where do I set tp?", "should I use
    // zero3?": a question about a setting is not the setting. The bare "TP" had set tp to the GPU count
    // and the request was refused (modelscope/ms-swift#2743).
    id: 'question.asks-about-setting',
    pattern: new RegExp(
      [
        // "是不是没有启动tensor-parallel？" (is it that tensor-parallel was not started? hiyouga/LlamaFactory#7559, c676);
        // "是不是要开offload？" (should I turn offload on?): 是不是 takes 要 / 需要 as 是否 does.
        String.raw`(?:有没有|哪里|哪儿|在哪里?|怎么|如何|怎样|能不能|可不可以|要不要|需不需要|是否(?:需要|要|可以|应该|没有?)?|是不是(?:没有?|需要|要|应该|得)?|该不该)\s*(?:设置|设定|配置|开启|启动|启用|打开|开|使用|用|加|调)?\s*${ASKED_LIST}(?:\s*(?:(?:这些|这种|之类)\s*)?(?:(?:的)\s*)?(?:地方|参数|选项|吗|呢|么))?`,
        String.raw`\b(?:where|how)\s+(?:do|can|could|should|would)\s+(?:i|we|you|one)\s+(?:set|enable|turn\s+on|configure|specify|change|use)\s+(?:the\s+)?${ASKED_LIST}`,
        String.raw`\b(?:should|shall|must)\s+(?:i|we)\s+(?:use|try|enable|set|turn\s+on)\s+${ASKED_LIST}\s*\?`,
        // "Will this fit or do we need CPU offload?": whether a setting is needed is no setting.
        String.raw`\b(?:do|does|would|will)\s+(?:i|we|you|it|one)\s+need\s+(?:to\s+(?:use|enable|turn\s+on|add)\s+)?(?:the\s+)?${ASKED_LIST}\s*\?`,
        String.raw`\bis\s+there\s+(?:a|any)\s+(?:way|place|option|setting|flag)\s+(?:to|for)\s+(?:set(?:ting)?\s+|enabl(?:e|ing)\s+|us(?:e|ing)\s+)?(?:the\s+)?${ASKED_LIST}`,
      ].join('|'),
      'g',
    ),
    when: (t) => /tp|pp|parallel|zero|fsdp|deepspeed|offload|checkpointing|并行/.test(t),
    // The question word each alternative opens with (issue 22: the pattern is the longest a plain request compiles).
    needs: /有没有|哪里|哪儿|在哪|怎么|如何|怎样|能不能|可不可以|要不要|需不需要|是否|是不是|该不该|\b(?:where|how|should|shall|must|do|does|would|will|is)\b/,
    write: askedAbout,
    example: '还是不行，有没有设置TP，PP这些的地方= =感谢！',
    source: 'modelscope/ms-swift#2743',
  },
  {
    // "the context length of CodeLlama-7B is 16,384 tokens", "Qwen2.5-7B's context window is 128k":
    // what the model supports (from its card or docs), not the length the user runs. A model name
    // holds a size ("7b", "70b"), which keeps "the context length of my prompt is 8k" a setting.
    id: 'question.model-window',
    pattern: /\b(?:the\s+)?(?:max(?:imum)?\s+|native\s+|supported\s+)?context\s*(?:length|window|size|len)\s+of\s+(?:the\s+)?([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:\s+model)?\s+is\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?|\b([\w./-]*\d+(?:\.\d+)?b\b[\w.-]*)(?:'s|\s+has\s+an?)\s+(?:max(?:imum)?\s+|native\s+)?context\s*(?:length|window|size|len)(?:\s+(?:is|of))\s+(?:up\s+to\s+)?~?[\d,.]+k?(?:\s*tokens?)?/g,
    when: (t) => t.includes('context'),
    write: modelWindow,
    example: 'According to the model documentation, the context length of CodeLlama-7B is 16,384 tokens.',
    source: 'meta-llama/codellama#198',
  },
  {
    // "For DeepSeek-R1:671b, what is the maximum context length and throughput that a single GPU can
    // support?" (deepseek-ai/DeepSeek-R1#460, c744, one of a list of planning questions), "What is the
    // maximum context length possible?" (facebookresearch/mega#13): a length asked of a model or of any
    // card is that one's limit, not a question about the user's run (config.asked-value leaves it:
    // LIMIT_OF_ANOTHER). Set aside, said; "what's the max context length I can fit" stays "max seq".
    id: 'question.limit-of-another',
    pattern: /\bwhat(?:'s| is| are)?(?: the| a)?(?: (?:max(?:imum)?|largest|biggest|longest))? (?:context(?:[ _-]?(?:length|len|size|window))?|seq(?:uence)?[ _-]?(?:length|len)|max_seq_length|max_model_len)\b/g,
    when: (t) => t.includes('what'),
    write: (m, notes) => {
      if (!LIMIT_OF_ANOTHER.test(m.input.slice(m.index + m[0].length))) return m[0];
      notes.push(`"${m[0].trim()}" asks a model's or a card's own limit, not the longest length your setup fits; not read (say "max seq" for that)`);
      return ' '.repeat(m[0].length);
    },
    example: 'For DeepSeek-R1:671b, what is the maximum context length and throughput that a single GPU can support?',
    source: 'deepseek-ai/DeepSeek-R1#460',
  },
  {
    // "when you say you can train on four GPUs, what GPUs are they?" (FasterDecoding/Medusa#14, c789),
    // "Can I ask about what kind of GPU did you use" (fangyuanmao/PID#7), "What GPU is used for training
    // the model" (zgjiangtoby/FND_fewshot#2): the GPUs of another's run (the authors', the maintainers'),
    // asked to learn theirs, not which GPU fits the user's setup. Set aside, said; "what gpu do you
    // recommend" and "what gpu do I need" stay the question.
    id: 'question.gpu-of-another-run',
    pattern: /\b(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|model\s+of\s+)?(?:gpus?|cards?|graphics\s+cards?)\s+(?:(?:did|do|does)\s+(?:you|they|u|the\s+authors?)\s+(?:use|used|run|train)\w*|(?:are|were)\s+(?:they|those|these)|(?:is|are|was|were)\s+(?:being\s+)?used)\b/g,
    when: (t) => /gpu|card/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" asks about the GPUs of another's run, not which GPU fits yours; not read (say "which gpu" to rank cards)`);
      return ' '.repeat(m[0].length);
    },
    example: 'I would like to know when you say you can train on four GPUs, what GPUs are they? thanks!',
    source: 'FasterDecoding/Medusa#14',
  },
  {
    // The window a model is described as having, written number first: "its 32k context window (qwen
    // 2.5 7b)" (yansikuan/memory-r1#2), "a model fine tuned for 100k context" (JIA-Lab-research/LongLoRA#31),
    // "llama 3.1 8b has a 128K context window", "(8k context model)". What the model supports, not
    // the length the user runs (issue 22, item 7): their own length, said beside it ("I only need
    // 16k"), is then read alone. The owner is a model name with a size, "its" / "the model's", or the
    // noun "model" after the window; "16k context" alone stays the user's length.
    id: 'question.model-window-described',
    pattern: new RegExp(
      [
        // "<name with a size> has / supports / offers (a | up to) 128K (token) context (window)"
        String.raw`(?<=\b[\w./-]*\d+(?:\.\d+)?b\b[\w.-]*\)?\s+)(?:has|have|supports?|offers?|comes\s+with)\s+(?:an?\s+|up\s+to\s+|(?:a\s+)?(?:max(?:imum)?|native)\s+)*~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?(?:of\s+)?context(?:[\s_-]*(?:length|window|size|len))?\b`,
        // "its 32k context window", "the model's 8192 context length"
        String.raw`\b(?:its|the\s+model'?s|the\s+models'?)\s+(?:max(?:imum)?\s+|native\s+)?~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?context(?:[\s_-]*(?:length|window|size|len))?\b`,
        // "(8k context model)", "a 32k-context version", "a model fine tuned for 100k context"
        String.raw`(?<![\w.])~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?context(?:[\s_-]*(?:length|window))?\s+(?:model|version|variant|checkpoint)s?\b`,
        // "mistral 7b instruct v0.2 is a 32k model": a model named by its window (sizes are in B, never k).
        String.raw`(?<![\w.])\d+\s*k[\s-]+models?\b`,
        String.raw`\bmodels?\s+(?:fine[\s-]?tuned|trained|pretrained|extended)\s+(?:for|to|on|with)\s+~?\d[\d,.]*\s*[km]?[\s-]*(?:tokens?[\s-]+)?(?:of\s+)?context\b`,
      ].join('|'),
      'g',
    ),
    when: (t) => t.includes('context') || /\dk[\s-]+model/.test(t),
    write: modelWindow,
    example: 'llama 3.1 8b has a 128K context window; I only need 16k. Can I run it on a 4090?',
    source: 'yansikuan/memory-r1#2',
  },
  {
    // "Qwen2官网提供的显存数据" (the memory figures Qwen2's website gives), "llama官方文档": a name before
    // 官网 / 官方 is where a figure comes from, not the model run (the thread's qwen2-72b stays).
    id: 'question.official-source-zh',
    pattern: /(?<![\w.\-])[a-z][\w.\-]*\s*(?:官网|官方(?:文档|数据|说明))(?:上|里)?(?:说|写的?|提供的|给的|给出的)?/g,
    when: (t) => /官网|官方/.test(t),
    write: () => ' question ',
    example: '我看了下Qwen2官网提供的显存数据，确实需要40G以上，是AWQ量化版本不支持多卡推理吗？',
    source: 'c402',
  },
  {
    // "I hope get the support of your experts like an lora example" (huggingface/trl#2404, c701): an
    // example of a method the user wishes for is no method of the run, which trains all weights. Only
    // after a word of wishing or asking, with no verb of running between: "trying to run the LORA
    // example" (c496) and "I want to run the lora example" are the run's.
    id: 'question.method-example-asked',
    pattern: new RegExp(
      String.raw`\b(?:hope|hoping|wish|want|would like|need|ask(?:ing)? for|request(?:ing)?|provide|share|give|is there|are there|any)\b(?:(?!\b(?:run|running|ran|use|using|try|trying|tried|launch|launching|execute|follow|following)\b)[^.?!\n]){0,50}?\b(?:an?|some|any|the)\s+(q?lora|peft)(?=\s+(?:example|tutorial|demo|guide|sample|notebook|recipe|script)s?\b)` +
        String.raw`|(?:有没有|是否有|求一?个?|希望(?:能)?(?:提供|给)?一?个?|能否提供一?个?|可以提供一?个?)\s*(q?lora|peft)(?=\s*(?:的)?\s*(?:例子|示例|样例|教程|脚本|demo|example))`,
      'g',
    ),
    when: (t) => /lora|peft/.test(t),
    write: (m, notes) => {
      const method = m[1] ?? m[2]!;
      notes.push(`"${method}" read as an example asked for, not the run's method`);
      return m[0].slice(0, m[0].length - method.length) + ' '.repeat(method.length);
    },
    example: 'I hope get the support of your experts like an lora example or run in mutiple-gpu with given index',
    source: 'huggingface/trl#2404',
  },
  {
    // "I never trained MoE or over 32B params models" (unslothai/unsloth#4040, c687), "models above 70B",
    // "超过32B的模型", "70B以上的模型": a bound on sizes is no model's size; it had become the model
    // of a message whose own model the catalog lacks.
    id: 'question.size-bound',
    pattern:
      /\b(?:over|more than|above|larger than|bigger than|beyond|under|less than|below|smaller than)\s+~?\d+(?:\.\d+)?\s*b\b(?=\s*(?:params?|parameters?|models?|llms?)\b)|(?:超过|大于|小于|高于|低于)\s*\d+(?:\.\d+)?\s*b(?![a-z])(?=\s*(?:的|参数|模型))|(?<![\w.])\d+(?:\.\d+)?\s*b\s*(?:以上|以下)(?=\s*(?:的|参数|模型))|\bmodels\s*\(\s*(?:(?:>=?|≥|over|above|at least)\s*\d+(?:\.\d+)?\s*b|\d+(?:\.\d+)?\s*b\s*\+)\s*\)/g,
    when: (t) => /\d\s*b/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" bounds a size; no model's size read from it`);
      return ' '.repeat(m[0].length);
    },
    // …and a bound in brackets after "models": "How to evaluate very large models (>= 70b) ?" before naming the
    // Llama-3.1-405B run (EleutherAI/lm-evaluation-harness#2193, c1680) is the class of models asked about.
    example: 'Is it normal to still have OOM error? I never trained MoE or over 32B params models',
    source: 'unslothai/unsloth#4040',
  },
  {
    // A bound on a shape value is a condition quoted, no setting of the model: FlashAttention's "backward for head
    // dim > 64 requires A100 or H100" (haotian-liu/LLaVA, c498: read as head dim 64 on LLaVA-7B; hiyouga/LlamaFactory#371,
    // lm-sys/FastChat#1296, VITA-Group/LLaGA#16), "training with head_dim greater than 64" (pytorch/pytorch#100326),
    // "headdim <= 192 for the backward pass" (Dao-AILab/flash-attention#328), "Head dim > 64 backward" (modelscope/ms-swift#9).
    id: 'question.shape-bound',
    pattern:
      /\b(?:head[\s_-]?dim(?:ension)?s?|num[\s_-]?(?:hidden[\s_-]?)?layers|layers|hidden[\s_-]?size|(?:num[\s_-]?)?(?:attention[\s_-]?)?heads)\s*(?:[<>]=?|[≤≥]|(?:is\s+)?(?:greater|more|larger|bigger|less|smaller|fewer)\s+than|(?:above|below|over|under|up\s+to|at\s+most|at\s+least)\b|(?:大于|小于|超过|以上|以下))\s*\d+/gi,
    when: (t) => /head|layers|hidden/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" bounds a shape value; the model's own is kept`);
      return ' '.repeat(m[0].length);
    },
    example: 'I do not use FSDP since the flash-attention requires A100 or H100 when Head dim > 64.',
    source: 'c498',
  },
  {
    // "I'm not sure if my inference is correct based on the code" (simplescaling/s1#25, c757): an inference
    // the user draws is reasoning, no run of the model. Only with a word of being right or wrong after it,
    // or asked whether it is ("is my inference correct?").
    id: 'question.inference-reasoning',
    pattern:
      /\b(?:(?:my|this|that|your|our|the\s+above)\s+inference\s+(?:is|was|seems|looks)(?:\s+(?:to\s+be|not))?\s+(?:correct|right|wrong|valid|accurate|sound|true|reasonable)|is\s+(?:my|this|that)\s+inference\s+(?:correct|right|wrong|valid|accurate|sound|true|reasonable))\b/g,
    when: (t) => t.includes('inference'),
    write: (m) => m[0].replace(/inference/, (w) => ' '.repeat(w.length)),
    example: "I'm not sure if my inference is correct based on the code.",
    source: 'simplescaling/s1#25',
  },
  {
    // "such a big model only for the weights would need at least 100GB VRAM (FP16)" (NVIDIA-AI-Blueprints/rag#48,
    // c1281): a precision in parentheses after a memory the user works out is the precision of their sum, not
    // the run's setting (the run there is a NIM that picks its own). Only after a word of needing or about.
    id: 'question.estimate-precision',
    pattern:
      /(?<=\b(?:need|needs|needed|require|requires|required|takes?|took|at least|about|around|roughly|approximately|approx\.?)\b[^\n().,;?]{0,30}?(?:gb|gib|tb|vram|memory)[ \t]*)\([ \t]*(?:in[ \t]+)?(?:fp16|bf16|fp32|fp8|int8|int4|float16|bfloat16|[48][-_ ]?bits?)[ \t]*\)/g,
    when: (t) => t.includes('(') && /fp|bf|int|bit/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}" is the precision of a memory you worked out, not a setting of the run; not read`);
      return ' '.repeat(m[0].length);
    },
    example: 'I think such a big model only for the weights would need at least 100GB VRAM (FP16) and 2xH100',
    source: 'NVIDIA-AI-Blueprints/rag#48',
  },
];
