import { VLLM_RELEASE } from '../../vllm-versions.js';
import { ENGINE_NAMED } from '../../vocabulary.js';
import { FAMILIES, modelIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';
import { MLX_CONTEXT } from './width-context.js';
export { MLX_CONTEXT, NAMED_FORMAT } from './width-context.js';
import { modelName } from '../model-name.js';
import { llamafactoryReleaseOf, namesLmdeployRelease, namesTgiRelease, namesTorchtuneRelease, namesTransformersRelease, namesVllmRelease } from '../program-releases.js';
import { FILE, FILE_EXTENSION, MODULE_PATH, PATH, URL, WEIGHTS_FILE, fileWords, hubLink, lastPart } from '../paths.js';

/**
 * How people name a model, its weight format and its files: links and paths name a model by their
 * last part (a Hub id stays whole), model-name suffixes (-hf, -chat, -Instruct, -AWQ, -GGUF …),
 * GGUF and EXL2 quant types, versions that are no setting.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/**
 * The GGUF type modelled for each nominal width (src/memory/precision.ts, whole-file bits per
 * weight of llama.cpp's quantize README); a type it lacks (Q4_0, IQ3_XS …) reads as the one of
 * its width, said in a note.
 */
export const GGUF_OF_WIDTH: Record<number, string> = { 1: 'q2_k', 2: 'q2_k', 3: 'q3_k_m', 4: 'q4_k_m', 5: 'q5_k_m', 6: 'q6_k', 7: 'q8_0', 8: 'q8_0' };

/** Another engine named beside an Ollama tag ("vllm serve qwen3:8b"): the tag is only the model's name there. */
const OTHER_ENGINE = new RegExp(`${ENGINE_NAMED.source}|\\b(?:tgi|text-generation|transformers|huggingface|from_pretrained|lm studio|lmstudio)\\b`, 'i');

/** The stage's text names a file (a cheap test before the file rules scan it). */
const hasFile = (t: string) => FILE_EXTENSION.test(t);

export const NAME_RULES: readonly ProseRule[] = [
  {
    // An HTML tag pasted from an issue ("<img width="629" alt="image" src=…>", "<details>") is
    // markup: its attributes are no setting ("width" is a hidden size only in a model's config).
    id: 'prose.html-tag',
    pattern: /<\/?(?:img|a|br|hr|details|summary|p|div|span|sub|sup|video|source|picture|table|thead|tbody|tr|td|th|b|i|em|strong|code|pre)\b[^<>]*>/g,
    when: (t) => t.includes('<'),
    write: blank,
    example: '## 微调命令，这里只用了7卡\n<img width="629" alt="image" src="https://github.com/hiyouga/LLaMA-Efficient-Tuning/assets/68624868/0f6d2bc0">',
    source: 'c401',
  },
  {
    // An issue's own attachment link names its repository ("![image](https://github.com/baichuan-inc/
    // Baichuan-13B/assets/…)", baichuan-inc/Baichuan-13B#6, c735): a repository named after a model and
    // its size (Baichuan-13B, ChatGLM-6B) is the model the thread is about, where the message names
    // none. Weak: the repository is where the user asked, not what they ran; said with the link.
    id: 'prose.github-repo-model',
    pattern: /\bhttps?:\/\/github\.com\/[\w.-]+\/([a-z][a-z]*[a-z0-9.]*-\d+(?:\.\d+)?b)\/(?:assets|issues|blob|tree|files)\/[^\s<>()"'`]*/g,
    when: (t) => t.includes('github.com/'),
    write: (m) => {
      const at = m[0].indexOf(`/${m[1]}/`) + 1;
      return [
        { text: ' '.repeat(at), from: 0, to: at },
        { text: m[1]!, from: at, to: at + m[1]!.length },
        { text: ' '.repeat(m[0].length - at - m[1]!.length), from: at + m[1]!.length, to: m[0].length },
      ];
    },
    example: '![image](https://github.com/baichuan-inc/Baichuan-13B/assets/12590457/2e0db4a0-5659-4cc7-851d-e8125d5b97b9)',
    source: 'baichuan-inc/Baichuan-13B#6',
    weak: true,
  },
  {
    // A Hugging Face link names a model (kept up to `org/name` for the lexer's `hub` token); any
    // other link is not a request word.
    id: 'prose.hub-link',
    pattern: URL,
    write: (m) => hubLink(m[0]),
    example: 'https://huggingface.co/TheBloke/deepseek-coder-33B-instruct-AWQ: physical size is 17GB',
    source: 'vllm-project/vllm#1573',
    insideHubIds: true,
  },
  {
    // HF's device_map values ("device_map(auto,balanced,balanced_low_0)", device_map="sequential"): how
    // accelerate places the layers, which "device_map" itself says; the values are no model's name.
    id: 'prose.device-map-values',
    pattern: /\b(device_map)(\s*(?:\(|=\s*|:\s*)?\s*["']?(?:auto|balanced(?:_low_0)?|sequential)["']?(?:\s*[,/|]\s*["']?(?:auto|balanced(?:_low_0)?|sequential)["']?)*\s*\)?)/g,
    when: (t) => t.includes('device_map'),
    write: (m) => m[1]! + ' '.repeat(m[2]!.length),
    example: 'different type of device_map(auto,balanced,balanced_low_0) it also has oom Problem with 8\\*3090',
    source: 'c367',
  },
  {
    // vLLM's release written as a label or with the word "version" ("**vLLM**: v0.8.5" in a post's
    // environment list, "vLLM version: 0.8.5", "vllm version 0.6.4"): the release, which changes what
    // vLLM holds at start-up (memory/vllm-release.ts), in the item language's spelling "vllm 0.8.5".
    // A version line in a message that does not run vLLM was blanked before (version-lines.ts).
    // Said in a sentence with its patch suffix ("my vllm version is 0.2.1.post1", vllm-project/vllm#1765, c1159).
    id: 'prose.vllm-release-label',
    pattern: new RegExp(String.raw`(?<![\w.\-])vllm[*\`]*[ \t]*(?:(?:version|版本)[ \t]*(?:is[ \t]+|是[ \t]*)?)?(?::|：|==?)?[ \t]*[*\`]*v?(${VLLM_RELEASE}(?:\.\d)?)(?:[.+-]?(?:post|rc|dev)\d*)?(?![\w]|\.\d)`, 'g'),
    when: (t) => t.includes('vllm'),
    write: (m) => `vllm ${m[1]}`.padEnd(m[0].length),
    example: '**vLLM**: v0.8.5\n**Model**: Qwen/Qwen3-30B-A3B',
    source: 'vllm-project/vllm#17469',
  },
  {
    // A release written after a model's name and size, apart ("Mistral 7B Instruct v0.3", "mistral 7b v0.3"):
    // the catalog's entry of that release when it has one (mistral-7b-v0.3, whose 32768-token vocabulary
    // v0.1 lacks), before the version is blanked as a program's and the name read as v0.1 with no word
    // said (mistralai/mistral-finetune#107, c869, fine-tunes v0.3; inseq-team/inseq#286, c1225, and
    // dphnAI/sonar#494, c882, run v0.3). A release the catalog lacks is left to the version rule.
    id: 'prose.release-after-name',
    pattern: /(?<![\w.\-])([a-z][a-z0-9.]*[ _\-]?\d+(?:\.\d+)?b)((?:[ _\-](?:instruct|chat|base|it))?)[ _\-](v\d+(?:\.\d+)?)(?![\w]|\.\d)/g,
    when: (t) => /\bv\d/.test(t),
    write: (m) => {
      const named = `${m[1]}-${m[3]}`;
      if (!modelIdOf(named)) return m[0];
      // A suffix glued after the release ("Mistral-7B-Instruct-v0.3-4bit", vllm-project/vllm-metal#328, c2997) stays
      // glued to the name, so the name's rules read it as the checkpoint's ("-4bit", "-AWQ"), not as a word of its own.
      return /^[-_.][a-z0-9]/.test(m.input.slice(m.index + m[0].length)) ? named : named.padEnd(m[0].length);
    },
    example: 'I am trying to fine-tune Mistral 7B Instruct v0.3 with LoRA on 2x V100',
    source: 'mistralai/mistral-finetune#107',
  },
  {
    // A software version ("sglang==0.2.9", "v0.4.6.post5", "text-generation-inference:2.3.0") is no
    // setting: three dotted numbers, or two after "==" / "v", with a release suffix. Blanked before
    // any number in it is read as a count.
    id: 'prose.version',
    pattern: /(?:==\s*|(?<![\w.\-])v)\d+\.\d+(?:\.\d+)*(?:[.\-+]?(?:post|rc|dev|a|b)\d*)?(?!\w|\.\w)|(?<![\w.])\d+\.\d+\.\d+(?:[.\-+]?(?:post|rc|dev)\d*)?(?!\w|\.\w)/g,
    when: (t) => /\d\.\d+\.\d|==|\bv\d/.test(t),
    write: (m) => llamafactoryReleaseOf(m) ?? (namesVllmRelease(m) || namesTgiRelease(m) || namesTorchtuneRelease(m) || namesLmdeployRelease(m) || namesTransformersRelease(m) ? m[0] : blank(m)),
    example: 'on an RTX 4090 using sglang - 0.4.6-post1 with a 4-GPU setup.',
    source: 'sgl-project/sglang#6082',
  },
  {
    // An operating system, driver or library named with its version ("Ubuntu 22, RTX3090", "CUDA 12",
    // "torch 2.3"): the number is the version, never a GPU count or a size ("Ubuntu 22, RTX3090" read
    // as 22 RTX 3090s). DeepSpeed is left out: "deepspeed 3" is its ZeRO stage.
    // A sentence's full stop after the version ends it, as a space does: "all running in local with 8gb 4060
    // ram, on windows 11. I have tried …" (HKUDS/LightRAG, c2428) was read as 11 RTX 4060s. "win 11" and
    // Korean "윈도우 11" are the same system (\b does not stand before Hangul, hence the lookbehind).
    // Joined by '-' or glued, a dotted version is the same ("cuda-12.6 python3.11", c2541: "cuda-12.6" had been the model).
    id: 'prose.software-version',
    pattern: /(?:\b(?:ubuntu|debian|centos|rhel|rocky(?:\s+linux)?|fedora|windows|win|macos|wsl|android|ios|kernel|python|cuda|cudnn|nccl|rocm|torch|pytorch|transformers|driver(?:\s+version)?|jetpack)|(?<![\uac00-\ud7af])윈도우?)(?:\s+|\s*[:=]\s*|-(?=v?\d+\.\d)|(?=\d+\.\d))v?\d+(?:\.\d+)*(?:\s*lts)?(?!\w|\.\d)/g,
    when: (t) => /ubuntu|debian|centos|rhel|rocky|fedora|win|macos|wsl|android|ios|kernel|python|cuda|cudnn|nccl|rocm|torch|transformers|driver|jetpack|윈도/.test(t),
    write: (m) => (namesTransformersRelease(m) ? m[0] : m[0].replace(/\d[\d.]*(?:\s*lts)?/g, (n) => ' '.repeat(n.length))),
    example: 'Ubuntu 22, RTX3090.',
    source: 'vllm-project/vllm#15204',
  },
  {
    // A mixture-of-experts name written apart or without its B ("Qwen3-30-A3B", "gemma 4 26b a4b"):
    // the total and the active size joined as the catalog and Hub spell them ("30b-a3b").
    id: 'prose.moe-apart',
    pattern: /(?<![\w.])(\d+(?:\.\d+)?)b?[\s_-]+a(\d+(?:\.\d+)?)b(?![a-z0-9])/g,
    when: (t) => /\d(?:\s*b)?[\s_-]+a\d/.test(t),
    write: (m) => `${m[1]}b-a${m[2]}b`,
    example: 'I am able to run Qwen3-30-A3B on an A100-80G using sglang',
    source: 'sgl-project/sglang#6859',
  },
  {
    // "CodeLlama-13B-Instruct-fp16" (TheBloke's fp16 conversions, vllm-project/vllm#2136, corpus c648):
    // a 16-bit dtype at the end of a name with a size is the checkpoint's dtype, which it runs in;
    // beside a k-bit load it is only how the checkpoint is stored (TheBloke/WizardLM-30B-fp16 under
    // QLoRA, c168), so any quantised format in the message leaves it.
    // ggml's spelling "f16" is the same dtype: "chatglm2-6b-f16" (li-plus/chatglm.cpp#23, c990: 未量化的chatglm2-6b-f16权重,
    // the unquantised weights, beside q_4 weights that work), "Llama-3.2-3B-Instruct-f16, i.e. full weights without
    // quantization" (mozilla-ai/llamafile#598, beside a Q8_0 that works). A file name ("…-f16.gguf") is commands.ts's.
    id: 'prose.name-dtype-suffix',
    pattern: /(?<=\d(?:\.\d+)?b(?:[-_][a-z0-9.]+)*)[-_](fp16|bf16|f16)(?![\w.-])/g,
    when: (t) => /[-_](?:fp16|bf16|f16)\b/.test(t) && !/q?lora|nf4|load[-_ ]in|bitsandbytes|bnb|[48][-_ ]?bits?|gptq|awq|int[48]|gguf|kbit/.test(t),
    write: (m) => ` ${m[1] === 'f16' ? 'fp16' : m[1]}`.padEnd(m[0].length),
    // Invented: c648 writes it as a --model flag's Hub id, which the config reader cuts to this name.
    example: 'serving codellama-13b-instruct-fp16 with vllm on 2x 4090',
  },
  {
    // "…-4bit-128g", "-4bit-32g": GPTQ's group size after its width, as GPTQ-for-LLaMa names its files
    // (--groupsize 128) and text-generation-webui loads them. A GPTQ checkpoint, not bitsandbytes'
    // 4 bits, and no card of 128 GB (oobabooga/textgen#1742, corpus c665). The width may be written "4b", as
    // ISTA-DASLab names its releases ("gemma-3-27b-it-GPTQ-4b-128g", vllm-project/vllm#14814, c1963: a 128 GB card).
    id: 'prose.gptq-group-size',
    pattern: /(?<=[a-z0-9])[-_](?:4[-_]?bits?|int4|4b|w4)[-_](?:32|64|128|1024)g(?![a-z0-9])/g,
    when: (t) => /\d+g/.test(t),
    write: (m) => ' gptq'.padEnd(m[0].length),
    example: 'Loading anon8231489123_gpt4-x-alpaca-13b-native-4bit-128g...',
    source: 'oobabooga/textgen#1742',
  },
  {
    // "AWQ-int4", "GPTQ-Int4", "gptq 4bit", "4-bit AWQ": the width of that format, not a second format. GPTQ at 8 bits
    // ("gptq int8", "8bit gptq") is 8-bit weights, the item language's int8, as a name's "-GPTQ-Int8" reads
    // (model-name.ts, c1826): "qwen2.5-14b gptq int8" had been refused as two formats, "8bit gptq" read as 4-bit GPTQ.
    id: 'prose.format-width',
    pattern: /\b(awq|gptq)[-_ ](?:int([48])|w([48])|([48])[-_ ]?bits?)\b|\b(?:int([48])|([48])[-_ ]?bits?)[-_ ](awq|gptq)\b/g,
    when: (t) => /awq|gptq/.test(t),
    // AWQ stays AWQ at any width said (names-b8-lines.test.ts: its checkpoints are 4-bit).
    write: (m) => ((m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6]) === '8' && (m[1] ?? m[7]) === 'gptq' ? 'int8' : (m[1] ?? m[7])!).padEnd(m[0].length),
    example: '官方benchmark说，2张a100的80G，vllm推理qwen2-72b-instruct-gptq-int4输入长度可以到128k',
    source: 'QwenLM/Qwen3#603',
  },
  {
    // A model's own words after its size, written apart: the variant ("Instruct", "Chat", "Base", "HF",
    // Gemma's "it") and the release ("v0.3"). They are the model's, never setup words nor a typo ("did
    // you mean instruction tuning?"): "fine-tune Mistral 7B Instruct v0.3 with QLoRA on my RTX 3060 (12GB)"
    // had been Mistral-7B-v0.1 with "Instruct" not read and v0.3 blanked as a software version, though
    // v0.3 is its own catalog entry (a 32768 vocabulary). A release the catalog has picks that entry; a
    // release it lacks is said in a note; the variant words alone leave the model as the catalog reads
    // its family and size. Runs before prose.version, which would blank the release.
    // Corpus: "Falcon 40B Instruct not loading" (huggingface/text-generation-inference#606, c1095), "the 34B
    // Instruct model" (meta-llama/codellama#75, c1202), "Llama-3-8B instruct model" (huggingface/trl#1833, c873);
    // the Mistral line is a stranger's post the lead saw (issue 22, item 4).
    id: 'prose.variant-after-size',
    pattern: new RegExp(
      String.raw`\b((?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')})(?:[\d.]*|[\s-]\d+(?:\.\d+)?))[\s-]+(\d+(?:\.\d+)?b)((?:[\s-]+(?:instruct|chat|base|hf|it))*)(?:[\s-]+(v\d+(?:\.\d+)*))?(?![a-z0-9]|[-_.][a-z0-9])`,
      'g',
    ),
    when: (t) => /\d\s*b[\s-]+(?:instruct|chat|base|hf|it|v\d)/.test(t),
    write: (m, notes) => {
      const variants = (m[3] ?? '').trim().split(/[\s-]+/).filter(Boolean);
      const release = m[4];
      // A joined name ("gemma-3-12b-it") is prose.model-suffix's, which keeps it whole where the catalog knows it.
      if ((!variants.length && !release) || !/\s/.test(m[0])) return m[0];
      // Gemma's instruction-tuned checkpoints end in "it"; after any other name "it" is a pronoun.
      if (variants.includes('it') && !/^gemma/.test(m[1]!)) return m[0];
      // A name the catalog knows as written (an alias with the variant or the release in it) is that entry,
      // written as its id so that the release is no version for prose.version to blank.
      const known = modelIdOf(m[0]);
      if (known) return known.padEnd(m[0].length);
      const family = m[1]!.replace(/\s+/g, '-');
      if (release) {
        const id = [`${family}-${m[2]}-${release}`, `${family}-${m[2]}-${variants.join('-')}-${release}`].map((n) => modelIdOf(n)).find(Boolean);
        if (id) return id.padEnd(m[0].length);
        notes.push(`"${m[0].trim()}": release ${release} is not one the catalog has; read as ${m[1]} ${m[2]}`);
      }
      return `${m[1]} ${m[2]}`.padEnd(m[0].length);
    },
    example: 'fine-tune mistral 7b instruct v0.3 with qlora on my rtx 3060 (12gb)',
    source: 'huggingface/text-generation-inference#606',
  },
  {
    // Words between a family and its size that name no other shape: "Qwen2.5 Coder Instruct 32B" is
    // Qwen2.5 32B (the Coder keeps its shape); "deepseek coder 33b", a catalog model of its own, stays.
    id: 'prose.variant-words',
    pattern: new RegExp(String.raw`\b((?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')})(?:[\d.]*|[\s-]\d+(?:\.\d+)?))[\s-]+((?:(?:coder|instruct|chat|base|it|math)[\s-]+){1,3})(\d+(?:\.\d+)?b)(?![a-z0-9])`, 'g'),
    when: (t) => /coder|instruct|chat|base|\bit\b|math/.test(t),
    write: (m) => {
      const words = m[2]!.trim().split(/[\s-]+/);
      // A catalog name with the variant in it ("deepseek-coder-33b") is that model.
      if (modelIdOf(`${m[1]!.replace(/\s+/g, '-')}-${words.join('-')}-${m[3]}`) || modelIdOf(`${m[1]!.replace(/\s+/g, '-')}-${words[0]}-${m[3]}`)) return m[0];
      return `${m[1]} ${m[3]}`.padEnd(m[0].length);
    },
    example: 'I loaded Aider with Ollama+Qwen2.5 Coder Instruct 32B Q4_K_M',
    source: 'akitaonrails/Tiny-Qwen-CLI#2',
  },
  {
    // "Llama's 7B model", "qwen2's 72b": a name's possessive before a size is the name and its size.
    id: 'prose.possessive-name',
    pattern: /(?<![\w.\-])([a-z][a-z0-9.\-]*[a-z0-9])['’]s(?=\s+\d+(?:\.\d+)?[bm]\b)/g,
    when: (t) => /['’]s\s+\d/.test(t),
    write: (m) => m[1]!,
    example: "40G should be enough for Llama's 7B model.",
    source: 'c377',
  },
  {
    // "my fine-tuned version of mistral-7b", "a finetuned model": what the model is, not what is done.
    id: 'prose.tuned-model',
    pattern: /\b(?:(?<=\b(?:my|our|a|the|your|this)\s+)(?:fine[- ]?tuned|finetuned|trained|quantized|quantised)|(?:fine[- ]?tuned|finetuned)(?=\s+(?:version|model|checkpoint|variant|weights)\b))\b/g,
    when: (t) => /tuned|trained|quantised|quantized/.test(t),
    write: blank,
    example: 'serving my fine-tuned version of mistral-7b with vllm',
  },
  {
    // "ggml 4bit", "a ggml model": llama.cpp's own format (before GGUF), so llama.cpp runs it.
    // A folder of a path ("/data/models/TabbyML/StarCoder2-7B/ggml/model-00001-of-00001.gguf", TabbyML/tabby, c2520)
    // is where the file sits: the path's reader steps over it to the model's folder (config-keys/models.ts CHECKPOINT_FOLDER).
    id: 'prose.ggml',
    pattern: /(?<!\/)\bggml(?:v\d)?\b(?![-_.\/]\w)/g,
    when: (t) => t.includes('ggml'),
    write: (m) => 'llama.cpp'.padEnd(m[0].length),
    example: 'running a ggml 4bit llama-13b on cpu',
  },
  {
    // "…_clip_vit_large_p14_336_lora_…": a long number inside an identifier is part of its name.
    id: 'prose.identifier-number',
    pattern: /(?<=[a-z0-9]_)\d{3,}(?=_[a-z])/g,
    write: (m) => 'n'.repeat(m[0].length),
    example: 'llava-v1.5-13b_clip_vit_large_p14_336_lora_ft',
  },
  {
    id: 'prose.llama-v',
    pattern: /\bllama[-_ ]?v([123])\b/g,
    write: (m) => `llama ${m[1]}`.padEnd(m[0].length),
    example: 'Can I infer llama v2 70b on single gpu nvidia v100',
    source: 'turboderp/exllama#186',
  },
  {
    // "bf16-true" (Lightning's precision): pure 16-bit weights, no fp32 master copy.
    id: 'prose.true-dtype',
    pattern: /\b(bf16|fp16)-true\b/g,
    write: (m) => `pure ${m[1]}`,
    example: 'OOM with bf16-true, Quantization, for long context',
    source: 'Lightning-AI/litgpt#477',
  },
  {
    // A file name is no request word, but a script named for its method, a ZeRO stage or what it does
    // says so. Weak: training or inference is guessed from a script's name ("train.py").
    id: 'prose.file-name',
    pattern: FILE,
    when: hasFile,
    write: (m, notes) => fileWords(m[0], notes, m.input),
    example: 'Can the model fit on a single A100 80GB GPU with inference.py given in the recipes?',
    source: 'meta-llama/llama#366',
    weak: true,
  },
  {
    // A weights file keeps its name, which often names the model ("30b-lazarus.ggmlv3.q4_1.bin").
    id: 'prose.weights-file',
    pattern: WEIGHTS_FILE,
    write: blank,
    example: 'which .gguf file of llama-3-8b fits a 3090?',
  },
  {
    // "deepseek蒸馏版的qwen-32B" (kvcache-ai/ktransformers#210, c732: DeepSeek's distilled Qwen-32B), "DeepSeek
    // distilled Qwen 32B", "R1-distilled Llama-70B", "qwen-32b distilled from deepseek": DeepSeek's R1
    // distill into that base, written as its Hub name (DeepSeek-R1-Distill-Qwen-32B), which families.ts
    // reads as the base's shape (Qwen2.5, Llama-3.1); "qwen-32B" alone is no Qwen generation.
    id: 'prose.r1-distilled-base',
    pattern:
      /\b(?:deepseek(?:[- ]?r1)?|r1)(?:[- ]?(?:distilled|distill)|\s*蒸馏版?的?|的蒸馏版?的?)[- ]?(qwen|llama)[- ]?(\d+(?:\.\d+)?b)\b|\b(qwen|llama)[- ]?(\d+(?:\.\d+)?b)[- ]?(?:distilled from|distill(?:ed)? of) deepseek(?:[- ]?r1)?\b/g,
    when: (t) => t.includes('deepseek') || t.includes('r1'),
    write: (m) => `deepseek-r1-distill-${m[1] ?? m[3]}-${m[2] ?? m[4]}`,
    example: '12G显存 64G内存，能不能跑deepseek蒸馏版的qwen-32B',
    source: 'kvcache-ai/ktransformers#210',
  },
  {
    // Ollama's R1 distill tags name their base after the size ("deepseek-r1:8b-0528-qwen3-fp16" is
    // DeepSeek-R1-0528-Qwen3-8B, "deepseek-r1:32b-qwen-distill-q4_K_M" the Qwen2.5-32B distill,
    // "deepseek-r1:8b-llama-distill" the Llama-3.1-8B one): a distill has its base's shape, so the
    // tag reads as that base, said; the date and "distill" go, the format after them stays.
    id: 'prose.ollama-r1-distill-tag',
    pattern: /\bdeepseek-r1:(\d+(?:\.\d+)?b)-(?:\d{4}-)?(qwen3|qwen2\.5|qwen|llama)(?:-distill)?(?![\w.])/g,
    when: (t) => t.includes('deepseek-r1:'),
    write: (m, notes) => {
      const size = m[1]!;
      // R1's first distills were of Qwen2.5 and Llama-3.1 (families.ts R1_DISTILLS); R1-0528's of Qwen3.
      const family = m[2] === 'qwen3' ? 'qwen3' : m[2] === 'llama' ? 'llama-3.1' : 'qwen2.5';
      const base = `${family}-${size}`;
      notes.push(`"${m[0]}" read as ${base}: the Ollama tag names DeepSeek's R1 distill into ${base}, which has its shape`);
      return `${base}${OTHER_ENGINE.test(m.input) ? '' : ' ollama'}`;
    },
    example: 'ollama run deepseek-r1:8b-0528-qwen3-fp16 on a 16G card',
    source: 'intel/ipex-llm#13273',
  },
  {
    // Ollama tags name the size after a colon ("mistral-small3.1:24b", "deepseek-r1:70b"): the size
    // joins the name, and the tag, Ollama's own syntax, says Ollama runs it (unless another engine
    // is named).
    id: 'prose.ollama-tag',
    pattern: /(?<=[a-z0-9]):(\d+(?:\.\d+)?[bm]\b[\w.-]*)/g,
    write: (m) => [{ text: `-${m[1]}`, from: 0, to: m[0].length }, ...(OTHER_ENGINE.test(m.input) ? [] : [{ text: ' ollama', from: 0, to: m[0].length }])],
    example: 'command-r:35b uses too much memory',
    source: 'ollama/ollama#4790',
  },
  {
    // Hub ids and paths ("meta-llama/Llama-2-7b-hf", "../qwen/Qwen-7B-Chat", "/app/model"): a path
    // names the model by its last part; a Hub id stays whole (it keeps Hub ids itself), and
    // torchtune's "llama3/8B_lora" is read first.
    id: 'prose.path',
    pattern: PATH,
    when: (t) => t.includes('/'),
    write: (m, notes) => lastPart(m[0], notes),
    example: '--model_name_or_path ../qwen/qwen-7b-chat',
    source: 'hiyouga/LlamaFactory#1214',
    insideHubIds: true,
  },
  {
    // A file name left by a path's last part ("scripts/train.py" → "train.py"). Weak as `prose.file-name`.
    id: 'prose.file-after-path',
    pattern: FILE,
    when: hasFile,
    write: (m, notes) => fileWords(m[0], notes),
    example: 'deepspeed ds_z3_offload_config.json',
    weak: true,
  },
  {
    // Python module paths ("vllm.entrypoints.openai.api_server") keep their first name only.
    id: 'prose.module-path',
    pattern: MODULE_PATH,
    write: (m) => m[1]! + ' '.repeat(m[2]!.length),
    example: 'openrlhf.cli.train_ppo \\\n   --pretrain OpenRLHF/Llama-3-8b-sft-mixture',
    source: 'OpenRLHF/OpenRLHF#519',
  },
  {
    // "quantisation is 4_0 gguf": a GGUF type written without its q.
    id: 'prose.gguf-without-q',
    pattern: /(?<![a-z0-9_])([2-8])_(0|1|k_[sml])(?=\s+gguf\b)/g,
    write: (m) => `q${m[1]}_${m[2]}`,
    example: 'or have one 7b whose quantisation is 4_0 gguf or something?',
    source: 'Tiiny-AI/PowerInfer#141',
  },
  {
    // GGUF quant types (llama.cpp), written alone or inside a file name ("…-Q4_K_M.gguf"): set apart
    // from a file name around it, so the name still reads as its model. Unsloth's Dynamic "_XL" types
    // ("DeepSeek-R1-UD-Q2_K_XL", corpus c1260) are their width's type too.
    id: 'prose.gguf',
    // The separator joining it to a file name goes with it ("…-v3.2-Q8_0.gguf"), so the name before
    // it ends where the name does and its own suffixes (-v3.2) still read as a checkpoint's; the
    // ".gguf" after it says no more than the type does (alone, "gguf" is a weight format of its own).
    pattern: /(?:(?<=[a-z0-9])[-_.]|(?<![a-z0-9]))(i?q([1-8])_(?:k(?:_(?:s|m|l|xs|xl))?|[01]|xxs|xs|s|m|nl))(?:\.gguf)?(?![a-z0-9])/g,
    write: (m, notes) => {
      const format = GGUF_OF_WIDTH[Number(m[2])]!;
      if (format !== m[1]) notes.push(`GGUF ${m[1]!.toUpperCase()} read as ${format.toUpperCase()}, the GGUF type modelled for ${m[2]}-bit weights`);
      return ` ${format} `;
    },
    example: "I'm using **DeepSeek-R1-Distill-Qwen-14B-Q4_K_M.gguf** and this model has",
    source: 'ggml-org/llama.cpp#11752',
  },
  {
    // EXL2 "4.65bpw": with ExLlamaV2 / EXL2 named, that width as EXL2 (memory/exllamav2.ts); otherwise (EXL3,
    // a width alone) weights of that width, sized as the GGUF type of its whole bits, said.
    id: 'prose.bpw',
    // Not where "bpw" has its own number after it ("util 0.9 bpw 3", the item as the canonical text writes it): the
    // number before belongs to the setting before.
    pattern: /(?<![\w.])(\d(?:\.\d+)?)\s*[-_]?\s*bpw\b(?!\s+\d+(?:\.\d+)?(?![\w.]))/g,
    when: (t) => t.includes('bpw'),
    write: (m, notes) => {
      // With ExLlamaV2 or EXL2 named, the width is the file's own ("bpw 2.4 exl2"), sized by memory/exllamav2.ts;
      // the format word after the number keeps it from reading as a card's ("2.4 on 1x 46GB").
      // The loader's own name counts with its suffix: text-generation-webui's "ExLlamav2_HF" loader (turboderp-org/exllamav2#662,
      // c3045: "Llama 3.1 70B at 6.0BPW with ExLlamav2_HF loader" had read as GGUF Q6_K).
      if (/\b(?:exllamav2|exllama v2|exllama2|exl2|tabbyapi)(?![a-z0-9])/i.test(m.input)) return ` bpw ${m[1]} exl2 `;
      // EXL3 (ExLlamaV3) quantises to a width as EXL2 does: "exl3_4.0bpw" (corpus c2293, b65) is 4.0 bits a weight, not
      // the 4.85 of GGUF's Q4_K_M; sized as EXL2 at that width, said.
      if (/\b(?:exllamav3|exllama v3|exllama3|exl3)(?![a-z0-9])/i.test(m.input)) {
        notes.push(`EXL3 at ${m[1]} bits per weight sized as EXL2 at the same width (ExLlamaV3's own cache and buffers are not modelled apart)`);
        return ` bpw ${m[1]} exl2 `;
      }
      const bits = Math.min(8, Math.max(2, Math.floor(Number(m[1]))));
      const format = GGUF_OF_WIDTH[bits]!;
      notes.push(`${m[1]} bits per weight read as GGUF ${format.toUpperCase()} (the ${bits}-bit type modelled); ExLlamaV2 itself is not modelled, so llama.cpp's layout is assumed`);
      return ` ${format} `.padEnd(m[0].length);
    },
    example: 'llama3-70b exl2 4.65bpw on 2x 3090',
  },
  {
    // ExLlama (v1, GPTQ) and ExLlamaV3 / EXL3 are not modelled: blanked. ExLlamaV2 and EXL2 are (vocabulary.ts).
    id: 'prose.exllama',
    pattern: /\b(?:exllama(?![\s_-]?v?2\b)(?:v3)?|exl3)\b/g,
    when: (t) => t.includes('exl'),
    write: blank,
    example: 'mixtral-8x7b with exllamav3 on a 4090',
  },
  {
    // Microsoft's Phi-1, Phi-1.5 and Phi-2 are named by their version, not their size (1.3B, 1.4B, 2.7B):
    // "a phi-1.5B model" (huggingface/trl#1034, c705) is Phi-1.5, written with a "B" as sizes are, not a
    // 1.5B model of Phi's shape. Only where the catalog has the version as a model.
    id: 'prose.version-as-size',
    pattern: /(?<![\w.-])(phi)[-_ ]?(1\.5|1|2)\s*b(?![\w.])/g,
    when: (t) => t.includes('phi'),
    write: (m) => {
      const id = modelIdOf(`${m[1]}-${m[2]}`);
      return id ? id.padEnd(m[0].length) : m[0];
    },
    example: "I'm trying to supervised fine-tune a phi-1.5B model on a custom dataset with the SFTTrainer",
    source: 'huggingface/trl#1034',
  },
  {
    // "8B_lora_single_device", "run_qwen_14b_deepspeed": a size joined to words by '_' is a size, then words.
    id: 'prose.size-underscore',
    pattern: /(?<=\d[bm])_(?=[a-z])/g,
    write: () => ' ',
    example: 'run_qwen_14b_deepspeed() {\n    deepspeed --include localhost:0,1',
    source: 'hiyouga/LlamaFactory#1409',
  },
  {
    // On a Mac a "-4bit" checkpoint is MLX's 4-bit integer quantisation (a scale per group of 64), not
    // bitsandbytes' NF4, which has no Metal backend: "gemma-4-31b-it-4bit" on a Mac mini (jundot/omlx#631,
    // c1676), "--model ~/mlx/Qwen3.8-27B-4bit_mlx-community" on an M1 Max (Blaizzy/mlx-vlm#1972, c1668),
    // "Qwen3.6-35B-A3B-4bit" on a Mac mini M4 (lmstudio-ai/mlx-engine#314, c1670). Written int4, as the corpus
    // writes MLX widths; only the width of a name with a size, never a key's ("load_in_4bit") or "bnb-4bit".
    id: 'prose.mlx-width',
    pattern: /(?<=[a-z0-9])[-_.]4bit(?![a-z0-9])/g,
    when: (t) => t.includes('4bit') && MLX_CONTEXT.test(t),
    write: (m, notes) => {
      const before = m.input.slice(Math.max(0, m.index - 80), m.index);
      const name = before.slice(before.search(/[^\s/\\'"`(\[:=]*$/));
      // A name with a size, or a release's hyphenated name with its version ("Phi-3.5-mini-instruct-4bit", vllm-project/vllm-metal#345,
      // c2998); never a key or a script's word ("load_in_4bit", "train_4bit": snake case) nor "bnb-4bit".
      const sized = /(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z0-9])/.test(name);
      const release = /^[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+$/.test(name) && /[-.]\d/.test(name);
      if ((!sized && !release) || /bnb$/.test(name)) return m[0];
      notes.push(`"${name}${m[0]}" read as MLX's 4-bit integer weights (int4), as a Mac runs a "-4bit" checkpoint; say "nf4" if it is a bitsandbytes one`);
      return `${m[0][0]}int4`;
    },
    example: "Model 'gemma-4-31b-it-4bit' (18.00GB) exceeds max-model-memory (16.00GB)\n\nMac mini 24G",
    source: 'jundot/omlx#631',
  },
  {
    // Compound names (letters and digits joined by - _ .): a name the catalog knows stays; otherwise
    // checkpoint suffixes are dropped and format suffixes become their words.
    id: 'prose.model-suffix',
    pattern: /(?<![\w.\-])[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+(?![\w\-])/g,
    write: (m, notes) => modelName(m[0], notes),
    example: 'serve llama-2-13b-chat-awq on a t4',
  },
];
