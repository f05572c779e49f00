import { rewriteLines } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * Version lines of an environment list (issue 22): the issue templates of LLaMA-Factory
 * ("- vLLM version: 0.6.5" under "- DeepSpeed version: 0.15.3", hiyouga/LlamaFactory#6942) and of
 * vLLM ("vllm Version: 0.8.1", vllm-project/vllm#17234), a user's own list ("cuda 12.4 / python
 * 3.10 / vllm 0.8.3", one a line, xorbitsai/inference via gpustack). A version line says what is
 * installed, not what the run does: an engine's name there must not make a training run a serving
 * one, nor a framework's name set the framework. So the line is blanked unless the rest of the
 * message runs that engine or framework; then it stays as written (vLLM's release, which changes
 * what vLLM holds at start-up, memory/vllm-release.ts, is read from it as before). Libraries that
 * are no engine or framework here (torch, transformers, peft, cuda) are left as they are read.
 * Runs on normalised (lower-case) text.
 */

/** The engines and frameworks, each with the words that say the rest of the message runs it. */
const PACKAGES: readonly { readonly names: RegExp; readonly runs: RegExp }[] = [
  // vLLM's flags and variables, and LLaMA-Factory's `infer_backend vllm` / `vllm_maxlen`, run it too.
  { names: /^vllm$/, runs: /vllm|enforce[-_ ]eager|gpu[-_ ]memory[-_ ]utili[sz]ation|max[-_ ]model[-_ ]len/ },
  { names: /^sglang$/, runs: /sglang/ },
  { names: /^lmdeploy$/, runs: /lmdeploy/ },
  { names: /^(?:tensorrt[-_ ]llm|trt[-_]?llm)$/, runs: /tensorrt[-_ ]llm|trt[-_]?llm|trtllm-serve/ },
  { names: /^(?:tgi|text[-_ ]generation[-_ ]inference)$/, runs: /\btgi\b|text[-_ ]generation[-_ ]inference|text-generation-launcher/ },
  // A ZeRO stage or a DeepSpeed config file runs DeepSpeed ("deepspeed: ds_z3_offload.json", "zero_stage: 3").
  { names: /^deepspeed$/, runs: /deepspeed|\bzero[-_ ]?(?:stage)?[-_ ]?[0-3]\b|zero_stage|ds_z[0-3]|ds_config/ },
  // LLaMA-Factory's own keys run it (its YAML under a "- `llamafactory` version:" template, hiyouga/LlamaFactory#4642).
  { names: /^(?:llamafactory|llama[-_ ]factory)$/, runs: /llamafactory|llama[-_ ]factory|finetuning_type|lora_target|train_bash/ },
  { names: /^unsloth$/, runs: /unsloth|fastlanguagemodel/ },
  { names: /^axolotl$/, runs: /axolotl/ },
  { names: /^(?:ms-swift|swift)$/, runs: /\bswift\b|ms-swift|sft_type|train_type/ },
];

const PACKAGE_NAME = String.raw`vllm|sglang|lmdeploy|tensorrt[-_ ]llm|trt[-_]?llm|tgi|text[-_ ]generation[-_ ]inference|deepspeed|llamafactory|llama[-_ ]factory|unsloth|axolotl|ms-swift|swift`;
const VERSION = String.raw`v?\d+(?:\.\d+)+(?:[.+-]?[a-z0-9]+)*`;
/**
 * A bullet or markdown emphasis, the package's name, "version" or a separator, its version, and
 * nothing else on the line: "- vLLM version: 0.6.5", "vllm 0.8.3", "vllm==0.6.4", "**vLLM**: v0.8.5".
 */
const VERSION_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*•][ \t]*)?[\`*]*(${PACKAGE_NAME})[\`*]*[ \t]*(?:version)?[ \t]*(?:==|:|[ \t])[ \t]*${VERSION}[ \t]*$`,
);

/** The version lines blanked where the rest of the message does not run that engine or framework. */
export function readVersionLines(text: MappedText): MappedText {
  const lines = text.text.split('\n');
  const found = new Map<number, string>();
  lines.forEach((line, n) => {
    const name = VERSION_LINE.exec(line)?.[1];
    if (name !== undefined) found.set(n, name);
  });
  if (!found.size) return text;
  const rest = lines.filter((_, n) => !found.has(n)).join('\n');
  const say = new Map<number, string>();
  for (const [line, name] of found) {
    const runs = PACKAGES.find((p) => p.names.test(name))?.runs;
    if (runs && !runs.test(rest)) say.set(line, '');
  }
  return rewriteLines(text, say, 'env.version-line');
}
