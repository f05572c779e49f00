import { rewriteLines } from './line-rewrite.js';
import { llamafactoryRelease } from './llamafactory-versions.js';
import type { MappedText } from './mapped-text.js';
import { SHIFTED_LOGITS_RELEASES } from './transformers-versions.js';

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
 *
 * LLaMA-Factory's line is read, not blanked: its issue template asks for it ("- `llamafactory`
 * version: 0.8.3.dev0", hiyouga/LlamaFactory#4642; "- `llmtuner` version" before v0.8.0;
 * "- llamafactory 0.8.2.dev0" in a user's own list, hiyouga/LlamaFactory#4757, c504), so the line
 * is as good as the framework's name in a LLaMA-Factory thread, and its release sets the defaults
 * that changed by release (cutoff_len, catalog/program-seq.ts). It is rewritten as the release
 * word ("llama-factory 0.8.3", language/llamafactory-versions.ts); where nothing else in the
 * message runs LLaMA-Factory it is a weak cue (an installed package, not the run), said with its
 * words. A version that is none of its releases is read as before.
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
  { names: /^(?:llamafactory|llama[-_ ]factory|llmtuner)$/, runs: /llamafactory|llama[-_ ]factory|llmtuner|finetuning_type|lora_target|train_bash/ },
  { names: /^unsloth$/, runs: /unsloth|fastlanguagemodel/ },
  { names: /^axolotl$/, runs: /axolotl/ },
  { names: /^(?:ms-swift|swift)$/, runs: /\bswift\b|ms-swift|sft_type|train_type/ },
  // The Hugging Face stack is installed under every trainer built on it (LLaMA-Factory, axolotl, Unsloth, TRL,
  // PEFT): its version line in a package list ("accelerate 0.25.0.dev0", "transformers 4.36.0.dev0" above a QLoRA
  // script, jwj7140/Gugugo#2, c335) names no program of the run, whatever else the message says; a word of use
  // elsewhere ("with transformers", `accelerate launch`) is read there. A release whose memory differs stays
  // (transformers-versions.ts: it lexes as a release word, no framework).
  { names: /^(?:transformers|accelerate|trl)$/, runs: /(?!)/ },
  // PEFT and bitsandbytes are installed beside every trainer too (LLaMA-Factory's template lists "- PEFT version:
  // 0.12.0" and "- Bitsandbytes version: 0.43.3" above a full fine-tune's YAML, hiyouga/LlamaFactory#5051, c1749:
  // read as LoRA over `finetuning_type: full`): the package installed names no method or weight format; a LoRA
  // word or a 4-bit load elsewhere is read where it is.
  { names: /^(?:peft|bitsandbytes)$/, runs: /(?!)/ },
];

const PACKAGE_NAME = String.raw`transformers|accelerate|trl|peft|bitsandbytes|vllm|sglang|lmdeploy|tensorrt[-_ ]llm|trt[-_]?llm|tgi|text[-_ ]generation[-_ ]inference|deepspeed|llamafactory|llama[-_ ]factory|llmtuner|unsloth|axolotl|ms-swift|swift`;
/** A release: its dotted numbers all taken, then each suffix a whole run of letters and digits ("0.6.4.post1",
 * "2.1.0a0", "0.8.5+cu121"), so a long run of digits has one way through (a suffix of `[a-z0-9]+` repeated had split
 * "0.111…1" every way: 24 digits and a stray mark took 85 ms, each more digit doubling it). */
const VERSION = String.raw`v?\d+(?:\.\d+)+(?!\.?\d)(?:[.+-]?[a-z0-9]+(?![a-z0-9]))*`;
/**
 * A bullet or markdown emphasis, the package's name, "version" or a separator, its version, and
 * nothing else on the line: "- vLLM version: 0.6.5", "vllm 0.8.3", "vllm==0.6.4", "**vLLM**: v0.8.5". The blanks
 * between the name and the version are taken once (a separator is looked ahead for, and each optional word takes the
 * blanks after it): three blank runs around optional words had been cubic on a long blank line ("lmdeploy" and 2,000
 * spaces took 10 s).
 */
const VERSION_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*•][ \t]*)?[\`*]*(${PACKAGE_NAME})[\`*]*(?=[ \t:=])[ \t]*(?:version[ \t]*)?(?:(?:==|:)[ \t]*)?(${VERSION})[ \t]*$`,
);

/** The version lines blanked where the rest of the message does not run that engine or framework. */
export function readVersionLines(text: MappedText): MappedText {
  const lines = text.text.split('\n');
  const found = new Map<number, { name: string; version: string }>();
  lines.forEach((line, n) => {
    const m = VERSION_LINE.exec(line);
    if (m) found.set(n, { name: m[1]!, version: m[2]! });
  });
  if (!found.size) return text;
  const rest = lines.filter((_, n) => !found.has(n)).join('\n');
  const say = new Map<number, string>();
  const run = new Map<number, string>();
  const installed = new Map<number, string>();
  for (const [line, { name, version }] of found) {
    const runs = PACKAGES.find((p) => p.names.test(name))?.runs;
    const release = LLAMAFACTORY.test(name) ? llamafactoryRelease(version) : null;
    if (release) (runs!.test(rest) ? run : installed).set(line, ` llama-factory ${release} `);
    else if (name === 'transformers' && SHIFTED_LOGITS_RELEASES.includes(version.replace(/^v/, ''))) continue;
    else if (runs && !runs.test(rest)) say.set(line, '');
  }
  const read = rewriteLines(rewriteLines(text, run, 'env.llamafactory-release'), installed, { id: 'env.llamafactory-release-installed', weak: true });
  return rewriteLines(read, say, 'env.version-line');
}

const LLAMAFACTORY = /^(?:llamafactory|llama[-_ ]factory|llmtuner)$/;
