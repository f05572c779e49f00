import { fileFamilySizedApart } from './path-models.js';
import type { ProseRule } from '../types.js';

/**
 * A link to a serving engine's or a training framework's own documentation, or to a page of its repository's
 * docs and examples, names the program the user follows: "Based on the docs https://docs.sglang.io/docs/advanced_features/server_arguments,
 * the default value for mem-fraction-static is 0.9 …" (sgl-project/sglang#29092, c1333); "attempting to convert
 * the Qwen2-72B model according to the official tutorial at https://github.com/NVIDIA/TensorRT-LLM/blob/main/examples/qwen/README.md"
 * (NVIDIA/TensorRT-LLM#2123, c1335); "I am following the [instructions](https://github.com/sgl-project/sglang/blob/main/docs/references/llama4…)"
 * (sgl-project/sglang#5110, c175). Every other link is blanked (names.ts prose.hub-link) and the engine was
 * lost, so the reply assumed Hugging Face transformers.
 *
 * Weak: a link is a page the user read, not the command they ran, so the engine is said on the first screen
 * with the link, and it is the weakest evidence of an engine (reconcile/engine-evidence.ts `link`): an engine
 * named in words, a setting or a command leads over it. Only documentation and repository pages (`blob`,
 * `tree`), never an issue, a pull request, a discussion or an attachment: a thread linked ("possibly related to
 * https://github.com/ollama/ollama/issues/1341", c588; "I opened an issue [issues/1045](https://github.com/NVIDIA/TensorRT-LLM/issues/1045)", c1342)
 * is another run, and an attachment's link is the thread's own repository, which a chat message does not carry.
 */
const ENGINE_PAGES: readonly { engine: string; page: string }[] = [
  { engine: 'sglang', page: String.raw`docs\.sglang\.(?:io|ai)|sgl-project\.github\.io|github\.com\/sgl-project\/sglang\/(?:blob|tree)\/` },
  { engine: 'tensorrt-llm', page: String.raw`nvidia\.github\.io\/tensorrt-llm|github\.com\/nvidia\/tensorrt-llm\/(?:blob|tree)\/` },
  { engine: 'lmdeploy', page: String.raw`lmdeploy\.readthedocs\.io|github\.com\/internlm\/lmdeploy\/(?:blob|tree)\/` },
  { engine: 'vllm', page: String.raw`docs\.vllm\.ai|github\.com\/vllm-project\/vllm\/(?:blob|tree)\/` },
  // The training frameworks alike: "用 accelerate https://github.com/hiyouga/LLaMA-Factory/blob/main/examples/lora_multi_gpu/single_node.sh"
  // (hiyouga/LlamaFactory#3800, c2077: the user ran that script, read as Hugging Face); a framework's own example
  // config or docs page ("configs from https://github.com/pytorch/torchtune/blob/main/recipes/configs/…", c339).
  { engine: 'llama-factory', page: String.raw`llamafactory\.readthedocs\.io|github\.com\/hiyouga\/llama-?factory\/(?:blob|tree)\/` },
  { engine: 'axolotl', page: String.raw`docs\.axolotl\.ai|github\.com\/(?:axolotl-ai-cloud|openaccess-ai-collective)\/axolotl\/(?:blob|tree)\/` },
  { engine: 'torchtune', page: String.raw`pytorch\.org\/torchtune|github\.com\/pytorch\/torchtune\/(?:blob|tree)\/` },
  { engine: 'unsloth', page: String.raw`docs\.unsloth\.ai|github\.com\/unslothai\/unsloth\/(?:blob|tree)\/` },
  { engine: 'litgpt', page: String.raw`github\.com\/lightning-ai\/litgpt\/(?:blob|tree)\/` },
  { engine: 'megatron', page: String.raw`docs\.nvidia\.com\/megatron-core|github\.com\/nvidia\/megatron-lm\/(?:blob|tree)\/` },
];

const LINK = new RegExp(String.raw`\bhttps?:\/\/(?:www\.)?(?:${ENGINE_PAGES.map((p) => `(${p.page})`).join('|')})(?:[^\s<>()"'\`\]]*[^\s<>()"'\`\].,;:!?])?`, 'g');

/** The engines a documentation path may name, as one of its parts (a folder, or a part of the file's name between dots, dashes or underscores). */
const DOC_ENGINES: readonly { engine: string; names: string }[] = [
  { engine: 'sglang', names: 'sglang' },
  { engine: 'vllm', names: 'vllm' },
  { engine: 'lmdeploy', names: 'lmdeploy' },
  { engine: 'tensorrt-llm', names: String.raw`tensorrt[-_]llm|trt[-_]?llm` },
  { engine: 'tgi', names: String.raw`tgi|text-generation-inference` },
  { engine: 'llamacpp', names: String.raw`llama\.cpp|llamacpp|llama-cpp` },
  { engine: 'ollama', names: 'ollama' },
];
const ENGINE_PART = DOC_ENGINES.map((e) => e.names).join('|');
/** A documentation file whose folders or name hold an engine as one part: `docs/USAGE.sglang.md`, `docs/examples/vllm/README.md`. */
const DOC_PATH = new RegExp(String.raw`(?<![\w.\-/])(?:[\w.\-]+\/)*(?:[\w.\-]*[._\-])?(?:${ENGINE_PART})(?=[/._\-])[\w.\-/]*?\.(?:md|mdx|rst|ipynb)(?![\w])`, 'g');

export const ENGINE_LINK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.engine-docs-link',
    pattern: LINK,
    when: (t) => t.includes('http'),
    write: (m) => {
      const engine = ENGINE_PAGES[m.slice(1).findIndex((g) => g !== undefined)]!.engine;
      // vLLM's tree at a release tag names the release too: "switch to [tag v0.3.1](https://github.com/vllm-project/vllm/tree/v0.3.1)"
      // (vllm-project/vllm#2988, c2697), which vllm-versions.ts reads as "vllm 0.3.1" when it knows the release.
      const release = engine === 'vllm' ? /\/tree\/v?(0\.\d{1,2}(?:\.\d{1,2})?)\/?$/.exec(m[0]) : null;
      return ` ${engine}${release ? ` ${release[1]}` : ''} `.padEnd(m[0].length);
    },
    example: 'Based on the docs https://docs.sglang.io/docs/advanced_features/server_arguments , the default value for mem-fraction-static is 0.9',
    source: 'sgl-project/sglang#29092',
    weak: true,
  },
  {
    // An engine's documentation file or folder in a path ("docs/USAGE.sglang.md" heading a usage section of a PR,
    // "docs/examples/vllm/README.md:11", "recipes/vllm/llama3_70b.md"): the page describes that engine's run
    // (hip-attention's SGLang guide, DeepAuto-AI/hip-attention#72, c2656, had read as a full fine-tune with ZeRO-2 offload). Weak, as a link is.
    id: 'prose.engine-docs-path',
    pattern: DOC_PATH,
    when: (t) => /\.(?:md|mdx|rst|ipynb)\b/.test(t),
    write: (m) => {
      const engine = DOC_ENGINES.find((e) => new RegExp(String.raw`(?:^|[/._-])(?:${e.names})(?=[/._-])`).test(m[0]))!;
      // The page's own name may be the model's family, its size said apart: "vllm/qwen3.5.md的推荐卡数是不是有误？35b-w8a8推荐四卡"
      // (HYGON-AI/inference-cookbook-das#58, c3143) is vLLM's page for Qwen3.5 (path-models.ts fileFamilySizedApart).
      const stem = /([^/]+)\.(?:md|mdx|rst|ipynb)$/.exec(m[0])?.[1] ?? '';
      const family = fileFamilySizedApart(stem, m.input, m.index, m[0].length);
      const words = family ? ` ${engine.engine} ${family} ` : ` ${engine.engine} `;
      return words.length <= m[0].length ? words.padEnd(m[0].length) : ` ${engine.engine} `.padEnd(m[0].length);
    },
    example: 'docs/USAGE.sglang.md\n## Multi GPU (without cache offloading)\n- 256k context length',
    source: 'DeepAuto-AI/hip-attention#72',
    weak: true,
  },
];
