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

export const ENGINE_LINK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.engine-docs-link',
    pattern: LINK,
    when: (t) => t.includes('http'),
    write: (m) => {
      const engine = ENGINE_PAGES[m.slice(1).findIndex((g) => g !== undefined)]!.engine;
      return ` ${engine} `.padEnd(m[0].length);
    },
    example: 'Based on the docs https://docs.sglang.io/docs/advanced_features/server_arguments , the default value for mem-fraction-static is 0.9',
    source: 'sgl-project/sglang#29092',
    weak: true,
  },
];
