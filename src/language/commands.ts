import type { MappedText, Piece } from './mapped-text.js';

/**
 * Command lines people paste (issue 11 §2): the program run says what is done before any flag
 * does. Each launcher below is rewritten into the request words it implies, in its own place
 * in the text; the flags after it are read by config-keys.ts. Runs on normalised text.
 */

/**
 * Launchers and what they run. Module paths and images as their projects document them
 * (TGI's image ghcr.io/huggingface/text-generation-inference, TGI docs "Quick Tour"; FastChat's
 * fastchat.serve modules, FastChat README):
 * - vLLM's OpenAI-compatible server, `python -m vllm.entrypoints.openai.api_server` (also the
 *   older `vllm.entrypoints.api_server`), and its image `vllm/vllm-openai:<tag>` (vLLM docs,
 *   "Using Docker"): serving. An image is never a model id.
 * - SGLang's server, `python -m sglang.launch_server`, and its image `lmsysorg/sglang` (SGLang
 *   docs, "Install"): serving, read as the engine the estimate models for paged-KV servers.
 * - ms-swift's entry points `swift sft|pt|rlhf|infer|deploy` (ms-swift docs, "Command Line
 *   Parameters"): sft and rlhf train (the RL algorithm is --rlhf_type's), pt pre-trains, infer
 *   and deploy run inference.
 */
const LAUNCHERS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/(?<![\w./-])python3?[ \t]+-m[ \t]+vllm\.entrypoints(?:\.[a-z_]+)+/g, () => 'vllm'],
  [/(?<![\w./-])python3?[ \t]+-m[ \t]+sglang\.launch_server\b/g, () => 'sglang'],
  [/(?<![\w./-])(?:docker\.io\/)?vllm\/vllm-openai(?::[\w.-]+)?(?![\w/-])/g, () => 'vllm'],
  [/(?<![\w./-])(?:docker\.io\/)?lmsysorg\/sglang(?::[\w.-]+)?(?![\w/-])/g, () => 'sglang'],
  [/(?<![\w./-])(?:ghcr\.io\/)?huggingface\/text-generation-inference(?::[\w.-]+)?(?![\w/-])/g, () => 'tgi serve'],
  // FastChat's serving modules: vllm_worker runs vLLM; cli, model_worker and openai_api_server run HF generate.
  [/(?<![\w./-])python3?[ \t]+-m[ \t]+fastchat\.serve\.vllm_worker\b/g, () => 'vllm'],
  [/(?<![\w./-])python3?[ \t]+-m[ \t]+fastchat\.serve\.(?:cli|model_worker|gradio_web_server|openai_api_server)\b/g, () => 'inference'],
  // litgpt's fine-tuning scripts, finetune/lora.py, adapter.py, full.py (lit-gpt before 0.3; a bare
  // finetune/lora.py is litgpt's when its flags are: Lightning precision strings "bf16-true" or
  // litgpt's --quantize "bnb.nf4"), and its CLI `litgpt finetune_lora|finetune lora|finetune full`
  // (litgpt README): litgpt, and the method.
  [
    /(?<![\w.-])(?:[\w.-]+\/)*lit-?gpt\/finetune\/(lora|adapter(?:_v2)?|full)\.py(?![\w.])|(?<![\w./-])finetune\/(lora|adapter(?:_v2)?|full)\.py(?=[^\n]*--(?:precision[ \t=]+["']?(?:bf16|16|32)-(?:true|mixed)|quantize[ \t=]+["']?bnb\.))|(?<![\w./-])litgpt[ \t]+finetune(?:[ \t]+|_)(lora|adapter(?:_v2)?|full)(?![\w-])/g,
    (m) => {
      const method = m[1] ?? m[2] ?? m[3];
      return `litgpt ${method === 'full' ? 'full' : method === 'lora' ? 'lora' : 'train'}`;
    },
  ],
  [
    /(?<![\w./-])swift[ \t]+(sft|pt|rlhf|infer|deploy)(?![\w-])/g,
    (m) => ({ sft: 'train', rlhf: 'train', pt: 'pretrain', infer: 'inference', deploy: 'inference' })[m[1] as 'sft'],
  ],
];

/**
 * llama.cpp's programs (`./main` before mid-2024, `llama-cli`, `llama-server`, `./server`),
 * with the flags of common/arg.cpp read in their own command only, where they cannot be
 * another program's: `-m FNAME` the model file, `-n N` (--n-predict) the tokens to generate.
 * `-c N` (--ctx-size) is read everywhere by config-keys.ts.
 */
const LLAMA_CPP = /(?<![\w/-])(?:\.{0,2}\/)?(?:[\w.-]+\/)*(?:main|llama-cli|llama-server|server)(?:\.exe)?(?=[ \t]+(?:-[a-z-]+[ \t]+\S+[ \t]+)*-m[ \t])([^\n]*)/g;
const MODEL_FILE = /(?<![\w-])(?:-m|--model)[ \t]+(["']?)([^\s"']+)\1/;
const PREDICT = /(?<![\w-])(?:-n|--n-predict|--predict)[ \t]+(-?\d+)(?![\w.])/;

/**
 * The ggml/GGUF type in a model file's name ("ggml-model-q4_0.bin", "llama-2-7b.Q4_K_M.gguf")
 * as the weight formats the estimate has: each k-quant level by its bits (llama.cpp's
 * ggml-quants: q4_0 and q4_1 are 4-bit blocks, sized as Q4_K_M; q5_0/q5_1 as Q5_K_M).
 */
function fileWeights(file: string): string | null {
  const t = /(?:^|[-_.])(q[2-8])(?:_[01k](?:_[sml])?|_k)?(?=[-_.]|$)|(?:^|[-_.])(f16|f32|bf16)(?=[-_.]|$)/.exec(file);
  if (!t) return null;
  if (t[2]) return t[2] === 'f32' ? 'fp32' : t[2] === 'f16' ? 'fp16' : 'bf16';
  return ({ q2: 'q2', q3: 'q3', q4: 'q4', q5: 'q5', q6: 'q6', q8: 'q8' } as Record<string, string>)[t[1]!] ?? null;
}

/**
 * What a model file names: its own name without the type and extension, or, for the generic
 * name llama.cpp's converters write ("ggml-model-q4_0.bin", "model-f16.gguf"), the folder it
 * sits in ("models/7B/").
 */
function fileModel(path: string): string | null {
  const parts = path.split(/[/\\]/).filter(Boolean);
  const file = parts.pop() ?? '';
  const name = file
    .replace(/\.(?:bin|gguf|ggml)$/, '')
    .replace(/(?:[-_.])(?:q[2-8](?:_[01k](?:_[sml])?|_k)?|f16|f32|bf16)$/, '');
  if (name && !/^(?:ggml-)?model(?:-\d+-of-\d+)?$/.test(name)) return name;
  const folder = parts.pop();
  return folder && /\d/.test(folder) ? folder : null;
}

/** Each word read from a llama.cpp command keeps the place of the flag it came from (for the reply's quotes). */
function llamaCppCommand(m: RegExpExecArray): Piece[] {
  const flags = m[1]!;
  const offset = m[0].length - flags.length;
  const found: { from: number; to: number; text: string }[] = [];
  const file = MODEL_FILE.exec(flags);
  if (file) {
    const path = file[2]!;
    const words = [fileModel(path), fileWeights(path.split(/[/\\]/).pop() ?? '')].filter(Boolean).join(' ');
    const at = offset + file.index + file[0].lastIndexOf(path);
    if (words) found.push({ from: at, to: at + path.length, text: ` ${words} ` });
  }
  const predict = PREDICT.exec(flags);
  if (predict && Number(predict[1]) > 0) found.push({ from: offset + predict.index, to: offset + predict.index + predict[0].length, text: ` gen ${predict[1]} ` });
  // `-c N` stays as written, for config-keys.ts; every other flag of the command is llama.cpp's own.
  const ctx = /(?<![\w-])(?:-c|--ctx-size)[ \t]+\d+/.exec(flags);
  if (ctx) found.push({ from: offset + ctx.index, to: offset + ctx.index + ctx[0].length, text: ctx[0] });
  const pieces: Piece[] = [{ text: ' inference ', from: 0, to: offset }];
  let last = offset;
  for (const f of found.sort((a, b) => a.from - b.from)) {
    if (f.from < last) continue;
    pieces.push({ text: ' '.repeat(f.from - last), from: last, to: f.from }, { text: f.text, from: f.from, to: f.to });
    last = f.to;
  }
  pieces.push({ text: ' '.repeat(m[0].length - last), from: last, to: m[0].length });
  return pieces;
}

export function readCommands(text: MappedText): MappedText {
  let out = text;
  for (const [pattern, words] of LAUNCHERS) out = out.replace(pattern, (m) => ` ${words(m)} `);
  return out.replace(LLAMA_CPP, llamaCppCommand);
}
