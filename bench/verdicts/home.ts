import type { VerdictLine } from './corpus.js';

/**
 * The program a verdict line's thread is about, read from the repository the thread lives in (the
 * line's `source`, "owner/repo#N"), for counting disagreements by framework (issue 23, vtrain8: the
 * request names its framework on few lines — a LLaMA-Factory thread's request often reads as the bare
 * Trainer — so grouping by the request's preset hides which program ran). A fact of the corpus, not a
 * guess from the prose: a thread in a model's or a project's own repository (QwenLM/Qwen,
 * LianjiaTech/BELLE, …) is "a model's or project's own scripts", whatever it runs underneath.
 * Repositories renamed on GitHub are listed under both names.
 */
const HOMES: Readonly<Record<string, string>> = {
  'huggingface/transformers': 'HF Trainer',
  'huggingface/peft': 'HF Trainer',
  'huggingface/accelerate': 'HF Trainer',
  'hiyouga/llamafactory': 'LLaMA-Factory',
  'hiyouga/llama-factory': 'LLaMA-Factory',
  'hiyouga/chatglm-efficient-tuning': 'LLaMA-Factory',
  'modelscope/ms-swift': 'ms-swift',
  'modelscope/swift': 'ms-swift',
  'axolotl-ai-cloud/axolotl': 'axolotl',
  'openaccess-ai-collective/axolotl': 'axolotl',
  'huggingface/trl': 'TRL',
  'huggingface/open-r1': 'TRL',
  'huggingface/alignment-handbook': 'TRL',
  'deepspeedai/deepspeed': 'DeepSpeed',
  'microsoft/deepspeed': 'DeepSpeed',
  'deepspeedai/deepspeedexamples': 'DeepSpeed-Chat',
  'microsoft/deepspeedexamples': 'DeepSpeed-Chat',
  'volcengine/verl': 'verl / OpenRLHF',
  'verl-project/verl': 'verl / OpenRLHF',
  'openrlhf/openrlhf': 'verl / OpenRLHF',
  'nvidia/megatron-lm': 'Megatron / NeMo',
  'nvidia/nemo': 'Megatron / NeMo',
  'nvidia-nemo/nemo': 'Megatron / NeMo',
  'nvidia-nemo/megatron-bridge': 'Megatron / NeMo',
  'nvidia-nemo/rl': 'Megatron / NeMo',
  'nvidia-nemo/automodel': 'NeMo Automodel',
  'pytorch/torchtune': 'torchtune',
  'meta-pytorch/torchtune': 'torchtune',
  'pytorch/torchtitan': 'torchtitan',
  'unslothai/unsloth': 'Unsloth',
  'lightning-ai/litgpt': 'litgpt',
  'lightning-ai/lit-gpt': 'litgpt',
  'lightning-ai/lit-llama': 'litgpt',
};

export const OWN_SCRIPTS = "a model's or project's own scripts";

/** The thread's program: its repository's, else the catch-all for model and project repositories. */
export function homeOf(line: Pick<VerdictLine, 'source'>): string {
  const repo = line.source.split('#')[0]!.toLowerCase();
  return HOMES[repo] ?? OWN_SCRIPTS;
}
