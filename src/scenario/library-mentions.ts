import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * The Hugging Face framework read from words that name the library's version, its installation or a
 * checkpoint's format (issue 22, item 5): "Transformers-v5 causes OOM on QLoRA config previously working on
 * 4.57.6" (an axolotl config, axolotl-ai-cloud/axolotl#3374, c1957), "HF currently bundles both the meta and HF
 * checkpoints" (a torchtune pull request, meta-pytorch/torchtune#802, c2746), "no tensor parallel in the
 * definition of huggingface llama module" (alpaca-lora's finetune.py, tloen/alpaca-lora#94, c3131), "loading
 * HF model in rank0 for mcore megatron model" (verl's Megatron workers, verl-project/verl#998, c3008). Every
 * training stack installs transformers and reads HF checkpoints, so these words say nothing of the program
 * that trains: over the released corpus a training reading took its framework from them wrong four times in
 * four batches (b53, b80, b89, b93), each in silence; so is its hub named as the organisation ("HF currently
 * bundles …", "uploaded to Hugging Face"). The fact is kept (Hugging Face is the default anyway)
 * and said with its words, as a mention is (framework-evidence.ts `library`).
 *
 * Only training readings: a served model's estimate takes nothing from the framework, and there a version
 * list ("transformers 4.51.3 vllm 0.8.5") would only add a doubt nobody needs.
 */

/** The names of the Hugging Face library as a framework item reads them. */
const HF_NAME = /^(?:transformers|hugging\s?face|huggingface|hf)$/i;

/** A version right after the name: "transformers 4.45", "transformers==4.38.2", "Transformers-v5", "transformers: `5.x`", "transformers version is 4.34.1", "transformers 版本 4.40". */
const VERSION_AFTER = /^(?:\s*(?:={1,2}|:|>=?|~=)\s*`?|[-_ ]?v(?=\d)|\s*`?\s*(?=\d)|\s+version\s+(?:is\s+)?|\s*版本\s*[:：]?\s*)v?\d+(?:\.(?:\d+|x))*/i;

/** Installing or upgrading it just before the name: "pip install -U transformers", "upgrading to transformers", "installing the latest vllm and transformers". */
const INSTALLED_BEFORE = /(?:\bpip3?\s+install\s+(?:-[-\w]+\s+){0,3}|\b(?:upgrad|updat|install|downgrad)\w*\s+(?:to\s+)?(?:the\s+)?(?:latest\s+|newest\s+|new\s+)?(?:[\w.-]+\s+and\s+)?)$/i;

/** A checkpoint's format right after the name: "HF checkpoint(s)", "huggingface format", "HF weights", "the huggingface llama module", "HF model", "Hugging Face revision". */
const FORMAT_AFTER = /^(?:[-\s]+(?:[\w.-]+\s+)?(?:format|checkpoints?|ckpts?|weights|modules?|revision)\b|\s+model\b(?!\s+(?:with|via|using))|[-\s]*格式)/i;

/** The organisation's hub, not a program: "on HF", "uploaded to Hugging Face", "HF hub", "HF currently bundles … checkpoints". */
const HUB_BEFORE = /\b(?:on|from|to|at)\s+(?:the\s+)?$/i;
const HUB_AFTER = /^(?:\s+hub\b|\s+(?:currently\s+|now\s+|already\s+)?(?:bundles?|hosts?|uploads?|ships?|stores?|releases?|released|publish(?:es|ed)?)\b)/i;

/** The words that show the name is the library's version, its installation or a checkpoint format; null where it names the program run. */
/** Words of use just before the name: "using transformers 4.40", "with HF", "用transformers": it runs, whatever its version. */
const USED_BEFORE = /(?:\b(?:with|using|use|used|via|through|run|ran|running)\s+(?:the\s+)?|[用]|使用|通过)\s*$/i;

export function libraryMention(text: string, at: number, end: number): string | null {
  if (!HF_NAME.test(text.slice(at, end).trim()) || USED_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return null;
  const after = text.slice(end, end + 40);
  const version = VERSION_AFTER.exec(after) ?? FORMAT_AFTER.exec(after) ?? HUB_AFTER.exec(after);
  if (version) return `${text.slice(at, end)}${version[0]}`.trim();
  const before = text.slice(Math.max(0, at - 60), at);
  const installed = INSTALLED_BEFORE.exec(before) ?? HUB_BEFORE.exec(before);
  return installed ? `${installed[0]}${text.slice(at, end)}`.trim() : null;
}

export function withLibraryMention(facts: FactTrace[], s: Scenario, text: string): FactTrace[] {
  if (s.mode === 'inference' || s.framework !== 'hf') return facts;
  return facts.map((f) => {
    if (f.fact !== 'framework' || f.weak || f.at === null || f.end === null || f.evidence !== 'named') return f;
    const words = libraryMention(text, f.at, f.end);
    return words ? { ...f, weak: true, weakWords: words, evidence: 'library' } : f;
  });
}
