import { FAMILIES } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * Chinese question words and run words ("能跑吗", "请问", "显存不足", "加载", "调"): read as the
 * question, "oom", "load" or "finetune" the grammar knows, or as the filler word "question", so a
 * short Chinese message keeps its model and settings.
 */
/**
 * "显存不足" (not enough GPU memory), "爆显存" (blew the GPU memory): shared with oom-reports.ts's reported.oom-zh.
 * The KV cache is GPU memory too: "启动时报KV cache不够" (at start-up it says the KV cache is not enough) is vLLM's
 * start-up refusal said in the user's words (KV缓存 / kv cache, lower-cased).
 */
export const OOM_WORDS_ZH = String.raw`(?:显存|kv\s*cache|kv\s*缓存)\s*(?:不足|不够(?:用)?|溢出|爆了?)|爆显存`;

export const CHINESE_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "4*A800能跑吗？", "能不能跑", "跑得动吗" said with nothing after: can the setup run, the question the
    // estimate answers. In a thread it asks about the setup the thread holds (a full fine-tune stays
    // one), unlike "能跑起来 Qwen2-72B" or "用vllm跑qwen", whose 跑 runs the model named.
    id: 'question.can-it-run-zh',
    pattern: /(?:能不能|可不可以|能|可以)(?:跑|运行)(?:得?(?:起来|动|了))?(?=\s*(?:[吗嘛么呢]|[?？!！。.,，]|$))|(?:跑|运行)得(?:起来|动)(?=\s*[吗嘛么呢])/g,
    when: (t) => /跑|运行/.test(t),
    write: () => ' question ',
    example: '如题\n4*A800能跑吗？',
    source: 'c352',
  },
  {
    // "…是什么呀？", "…可以吗？", "请问", "想问下": a Chinese question's particles and politeness carry no
    // setting; read as the filler word "question", not blanked: a short message stays as long as it
    // was, and length decides whether prose around the items is tolerated (parse.ts).
    id: 'question.particles-zh',
    pattern: /[呀吗呢啊吧嘛么](?=\s*(?:[?？!！。.,，]|$))|请问(?:一下)?|问一下|想问(?:一)?下|想请教(?:一下)?/g,
    when: (t) => /[呀吗呢啊吧嘛么问]/.test(t),
    write: () => ' question ',
    example: 'zero3 + qlora + 4bit + double quantize。请问可能有什么原因导致的oom呢',
    source: 'hiyouga/LlamaFactory#3880',
  },
  {
    // "加载" (load: "通过Llama-factory加载"): loading the model, read as "load", which runs it unless a
    // training word is said. Weak: what is done with the model is guessed from a verb.
    id: 'question.load-zh',
    pattern: /加载/g,
    when: (t) => t.includes('加载'),
    write: () => ' load ',
    example: '我现在采用AWQ量化的72B模型，但是在通过Llama-factory加载的时候',
    source: 'QwenLM/Qwen3#499',
    weak: true,
  },
  {
    // "显存要求大概是怎么样的" (what is the memory requirement like), "需求是多少": the question the
    // estimate answers, read as the filler word "question" so a Chinese title keeps its model.
    id: 'question.requirement-zh',
    pattern: /(?:显存|硬件|配置|资源)?(?:要求|需求)(?:大概|大约|大致|一般)?(?:是)?(?:怎么样|怎样|什么样|多少|多大)(?:的)?/g,
    when: (t) => /要求|需求/.test(t),
    write: () => ' question ',
    example: 'Baichuan-13B 全参微调显存要求大概是怎么样的？',
    source: 'c352',
  },
  {
    // "qwen7b的硬件需求是什么呀？", "需要什么样的硬件/显卡", "最低配置": the question itself, which the
    // estimate answers; read so a short question with a model in it is not refused for its Chinese.
    id: 'question.what-hardware-zh',
    pattern: /(?:的)?(?:硬件|显卡|gpu)(?:需求|要求|配置)(?:是什么|是多少)?|(?:需要|要)什么(?:样的)?(?:硬件|显卡|配置)|(?:最低|最小)(?:的)?(?:硬件|显卡)?(?:需求|要求|配置)/g,
    when: (t) => /硬件|显卡|配置/.test(t),
    write: () => ' hardware ',
    example: '你好，我想本地部署llama 3 70B，想问下大概需要什么样的硬件？',
    source: 'LlamaChinese/Llama-Chinese#338',
  },
  {
    // "显存不足" (not enough GPU memory), "爆显存" (blew the GPU memory): the user's run ran out of
    // memory, read as "oom"; so is "显存溢出" (GPU memory overflowed: "全参数微调会显存溢出", c365; "0卡总是显存溢出",
    // c544). "内存溢出" (host memory) is left alone: it is said as often with a negation.
    id: 'question.oom-zh',
    pattern: new RegExp(OOM_WORDS_ZH, 'g'),
    when: (t) => /显存|缓存|cache/.test(t),
    write: (m) => ' oom '.padEnd(Math.max(5, m[0].length)),
    example: 'full tuning 显存不足',
    source: 'c379',
  },
  {
    // "8卡2080ti无法启动qwen2-72b" (cannot start), "启动失败": a report that it fails, no setting.
    id: 'question.fails-to-start-zh',
    pattern: /无法(?:启动|运行|加载)|(?:启动|运行|加载)失败/g,
    when: (t) => /无法|失败/.test(t),
    write: () => ' question ',
    example: '[Bug]8卡2080ti无法启动qwen2-72b-insctruct',
    source: 'c378',
  },
  {
    // "4卡4090启动报错" (fails with an error when started), "启动报显存不足" (reports out of GPU memory when
    // started), "加载报错": a report that the run failed, no setting. 启动 (start up) is consumed only before
    // 报 so that "启动命令" (the launch command) is left to its own rule; 运行 and 加载 stay the run and load
    // words the rules above read, and only their 报错 is taken. The OOM words after 报 are read by
    // question.oom-zh.
    id: 'question.reports-error-zh',
    pattern: /启动(?:时|的时候)?就?(?:报错|报(?=\s*(?:显存|内存|cuda|oom|out\s+of)))|报错/gi,
    when: (t) => t.includes('报'),
    write: () => ' question ',
    example: '[Usage]: Qwen2.5-VL-32B-Instruct 4卡4090启动报错',
    source: 'vllm-project/vllm#15529',
  },
  {
    // "调Baichuan 13B需要多少显存" (tuning Baichuan 13B): 调 before a model's family is to tune it. Weak:
    // 调 alone also means to adjust a setting, so the method is guessed from one character. Not the 调
    // of a word of its own (微调 is "fine-tune", read as such by prose.chinese-words).
    id: 'question.tune-zh',
    pattern: new RegExp(String.raw`(?<![微空协强单声语曲格基])调(?=\s*(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')}))`, 'g'),
    when: (t) => t.includes('调'),
    write: () => ' finetune ',
    example: '调Baichuan 13B需要多少显存？',
    source: 'c392',
    weak: true,
  },
  {
    // "显存占用设置95%", "显存利用率 0.9": vLLM's --gpu-memory-utilization said in Chinese, read as util; "显存占比调到0.6"
    // says the same share (rserve8 variations).
    id: 'question.util-zh',
    // Each optional word takes the blanks after it, so one run of blanks has one way through (three \s* around two
    // optional words had been cubic on a long blank: 3,000 newlines after "显存占用" took 6 s).
    pattern: /显存(?:(?:占用|利用)(?:率|比例)?|占比|比例)\s*(?:(?:设置|设定|设|调整?|改)\s*)?(?:(?:为|到|成|:)\s*)?(?:(\d{1,3}(?:\.\d+)?)\s*%|(0?\.\d+)(?![\d.]))/g,
    when: (t) => t.includes('显存'),
    write: (m) => {
      const util = m[1] !== undefined ? Number(m[1]) / 100 : Number(m[2]);
      if (!(util > 0 && util <= 1)) return m[0];
      return ` util ${util}`.padEnd(m[0].length);
    },
    example: '使用A800  80g跑vllm，两张卡，显存占用设置95%才能跑起来',
    source: 'QwenLM/Qwen3#88',
  },
];
