import { CHECKPOINT_FOLDER } from './config-keys/models.js';
import { CRITIC_FREE_ESTIMATORS } from './config-keys/rl-trainers.js';
import { familyBeforeSize } from './script-model-name.js';
import type { MappedText, Piece } from './mapped-text.js';
import { TGI_VERSION_KEYWORDS } from './tgi-versions.js';
import { VLLM_VERSION_KEYWORDS } from './vllm-versions.js';

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
/** The releases the language names (vllm-versions.ts, tgi-versions.ts): an image tag among them is that release. */
const VLLM_RELEASES = new Set(VLLM_VERSION_KEYWORDS.map((k) => k.value).filter((v) => /^\d/.test(v)));
const TGI_RELEASES = new Set(TGI_VERSION_KEYWORDS.map((k) => k.value));

/**
 * An engine's image, its tag (the pattern's first group) read as the release when it is one
 * (`vllm/vllm-openai:v0.6.3`, `text-generation-inference:1.0.1`): what the engine holds at start
 * differs by release (memory/vllm-release.ts, tgi-release.ts); `latest` or a nightly names none.
 */
const taggedImage = (engine: string, releases: ReadonlySet<string>, after = '') => (m: RegExpExecArray) => {
  const release = [m[1], m[2]].find((r) => r !== undefined && releases.has(r));
  return `${engine}${release ? ` ${release}` : ''}${after}`;
};
/**
 * A moving tag followed by the release it resolved to, in brackets, as environment lists write it:
 * "`ghcr.io/huggingface/text-generation-inference:latest` (1.1.0)" (huggingface/text-generation-inference#1168, c857).
 */
const RESOLVED = String.raw`(?:[\`'"]?[ \t]*\(v?(\d+\.\d+(?:\.\d+)?)\))?`;

interface Launcher {
  id: string;
  pattern: RegExp;
  words: (m: RegExpExecArray) => string;
  /** The match is read on a weak cue (a model taken from a script's name): said with its words on the first screen. */
  weak?: (m: RegExpExecArray) => boolean;
}

/** LLaMA-Factory's scripts: `train_bash.py`, or `src/train.py` followed by its `--stage` (continued lines included). */
const LLAMA_FACTORY_SCRIPT =
  '(?<![\\w.-])(?:[\\w.-]+\\/)*(?:src\\/)?train_bash\\.py(?![\\w.])|(?<![\\w.-])(?:[\\w.-]+\\/)*src\\/train\\.py(?![\\w.])(?=[^\\n]*(?:\\n[^\\n]*){0,40}?--stage[ \\t=]+(?:sft|pt|rm|ppo|dpo|kto|orpo)\\b)';

/** RL trainers by the word their scripts carry, as the framework words the reader knows. */
const RL_TRAINER_WORD: Record<string, string> = { ppo: 'ppo', dpo: 'dpo', kto: 'dpo', orpo: 'orpo', grpo: 'grpo' };
const RL_WORD = '(ppo|dpo|kto|orpo|grpo)';
/** A script whose file name holds the trainer as one of its words (`ppo.py`, `train_ppo.sh`, `run_dpo.py`), with its folders. */
// Not TRL's stack_llama_2 dpo_llama2.py: a LoRA DPO recipe, read with its LoRA by its artefact row
// (prose/rules/artefacts.ts, prose.artefact-trl-dpo-llama2; huggingface/trl#1182, c667).
const TRL_DPO_LLAMA2 = String.raw`(?:[\w.-]+\/)*dpo_llama2\.py(?![\w.])`;
const RL_SCRIPT = String.raw`(?<![\w./-])(?!${TRL_DPO_LLAMA2})(?:[\w.-]+\/)*(?:[a-z0-9]+[_-])*?${RL_WORD}(?:[_-][a-z0-9]+)*\.(?:py|sh)(?![\w.])`;
/**
 * A module whose last name holds the trainer (`openrlhf.cli.train_ppo_ray`, `openrlhf.cli.train_dpo`),
 * with the `python -m` or `deepspeed --module` that runs it (left, `-m` would take the trainer's word as its value).
 * Not verl's `verl.trainer.main_ppo`: it runs every algorithm, named by algorithm.adv_estimator (verl.ts; c299 is GRPO).
 */
const RL_MODULE = String.raw`(?:(?<![\w./-])python3?[ \t]+-m[ \t]+|(?<![\w./-])--module[ \t]+|(?<![\w./-]))(?!verl\.)[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*\.(?:[a-z0-9]+_)*?${RL_WORD}(?:_[a-z0-9]+)*(?![\w.])`;

/**
 * OpenRLHF's PPO entry points (`openrlhf.cli.train_ppo_ray`, `train_ppo`, examples/train_ppo_ray.py) run
 * every algorithm its `--advantage_estimator` names, as verl's main_ppo does by its adv_estimator:
 * `group_norm` and `dr_grpo` are GRPO, with no critic (OpenRLHF docs, "Algorithm Comparison";
 * OpenRLHF/OpenRLHF#1066, corpus c678, read as PPO with a value model). The estimator is read in the
 * same command: its own line and the lines a trailing backslash continues.
 */
const OPENRLHF_PPO = /(?:^|[./])train_ppo(?:_ray)?(?:\.py)?$/;
// REINFORCE++ and RLOO drop the critic too: the one list of critic-free estimators is the key's (config-keys/rl-trainers.ts, c3871).
const GROUP_ESTIMATOR = new RegExp(String.raw`--advantage_estimator(?:[ \t]+|=)["']?(?:${CRITIC_FREE_ESTIMATORS.join('|')})\b`);
function trainerWord(m: RegExpExecArray, word: string): string {
  if (word !== 'ppo' || !OPENRLHF_PPO.test(m[0])) return word;
  const command = /^(?:[^\n]*\\[ \t]*\n)*[^\n]*/.exec(m.input.slice(m.index))![0];
  return GROUP_ESTIMATOR.test(command) ? 'grpo' : word;
}

/** Model sizes a script's own name holds (`orz_7b_ppo`, Open-Reasoner-Zero's playground/orz_7b_ppo.py): the name's to say. */
function sizesIn(path: string): string[] {
  const name = path.split('/').pop()!.replace(/\.(?:py|sh)$/, '');
  // Each size with the family written before it ("run_qwen2_5_7b_grpo.sh" → qwen2.5-7b; script-model-name.ts).
  return [...name.matchAll(/(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?![a-z0-9])/g)].map((m) => {
    const family = familyBeforeSize(name.slice(0, m.index));
    return family ? `${family}-${m[0]}` : m[0];
  });
}

/** SPIN's training script (uclaml/SPIN: spin/run_spin.py). */
const SPIN_SCRIPT = String.raw`(?<![\w./-])(?:[\w.-]+\/)*run_spin\.py(?![\w.])`;
/** axolotl's training module run with `-m` (`accelerate launch -m axolotl.cli.train`). */
const AXOLOTL_MODULE = String.raw`(?<![\w./-])-m[ \t]+axolotl\.cli\.train(?![\w.])`;

const LAUNCHERS: readonly Launcher[] = [
  // The interpreter's own options before the script (`nohup python -u src/train_bash.py`, hiyouga/LlamaFactory#4652,
  // corpus c2501; `python -W ignore`, `python3 -u -B`): they take no request word, and the short-flag rule after
  // (prose.short-flags) read "-u" as a flag whose value was the script's word, so the framework the script names
  // was blanked with it. Blanked here, first; `-m` and `-c` are left to the rules that read them.
  { id: 'command.python-options', pattern: /(?<=(?<![\w./-])python(?:3(?:\.\d+)?)?)(?:[ \t]+-(?:[bBdEiIOqsSuvR]{1,3}|[WX][ \t]*[\w:=.-]+))+(?=[ \t])/g, words: () => '' },
  { id: 'command.vllm-module', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+vllm\.entrypoints(?:\.[a-z_]+)+/g, words: () => 'vllm' },
  // Aphrodite Engine (a vLLM fork: vLLM's flags and paged KV cache) runs the same way,
  // `python -m aphrodite.endpoints.openai.api_server` (aphrodite-engine README, "Usage"); a GGUF file
  // it serves stays on its engine, not llama.cpp's (alpin-dale/aphrodite-engine, corpus c364).
  { id: 'command.aphrodite-module', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+aphrodite\.endpoints(?:\.[a-z_]+)+/g, words: () => 'aphrodite' },
  // LightLLM's server, `python -m lightllm.server.api_server` (ModelTC/LightLLM README; #1006, c946; #187, c947):
  // the module path was set aside as a short flag and the run read as plain transformers.
  { id: 'command.lightllm-module', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+lightllm\.server(?:\.[a-z_]+)+/g, words: () => 'lightllm' },
  // lmdeploy's own modules, before its `lmdeploy` CLI: `python3 -m lmdeploy.serve.gradio.app` (InternLM/lmdeploy#452,
  // c917, and c542), `python -m lmdeploy.turbomind.chat` (c746), `python3 -m lmdeploy.pytorch.chat` (c598) run the
  // model on lmdeploy's engines; the module path was set aside as a short flag and the run read on transformers.
  { id: 'command.lmdeploy-module', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+lmdeploy\.(?:serve|turbomind|pytorch)(?:\.[a-z_]+)*/g, words: () => 'lmdeploy' },
  // SGLang's own programs run the engine in their process as its server does: `sglang.launch_server`, and its
  // offline benchmarks `sglang.bench_latency` (renamed `bench_one_batch`), `bench_offline_throughput`
  // (sglang/python/sglang; sgl-project/sglang#1341, c3104: `python3 -m sglang.bench_latency --model
  // meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8` was set aside as a short flag and read as
  // Hugging Face generate). Not `bench_serving`: a client of a server that may be another engine's (`--backend vllm`).
  { id: 'command.sglang-module', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+sglang\.(?:launch_server|bench_latency|bench_one_batch(?:_server)?|bench_offline_throughput)\b/g, words: () => 'sglang' },
  { id: 'command.vllm-image', pattern: new RegExp(String.raw`(?<![\w./-])(?:docker\.io\/)?vllm\/vllm-openai(?::v?([\w.-]+))?(?![\w/-])${RESOLVED}`, 'g'), words: taggedImage('vllm', VLLM_RELEASES) },
  { id: 'command.sglang-image', pattern: /(?<![\w./-])(?:docker\.io\/)?lmsysorg\/sglang(?::[\w.-]+)?(?![\w/-])/g, words: () => 'sglang' },
  { id: 'command.tgi-image', pattern: new RegExp(String.raw`(?<![\w./-])(?:ghcr\.io\/)?huggingface\/text-generation-inference(?::v?([\w.-]+))?(?![\w/-])${RESOLVED}`, 'g'), words: taggedImage('tgi', TGI_RELEASES, ' serve') },
  // TGI's own launcher (TGI docs, "Quick Tour": the image runs text-generation-launcher) and the
  // SageMaker image of it: get_huggingface_llm_image_uri("huggingface", …) is the Hugging Face LLM
  // container, which is TGI (sagemaker-python-sdk, huggingface/llm_utils.py; huggingface/text-
  // generation-inference#1180, corpus c409, was read as vLLM).
  { id: 'command.tgi-launcher', pattern: /(?<![\w./-])text-generation-launcher(?![\w-])/g, words: () => 'tgi serve' },
  { id: 'command.sagemaker-tgi-image', pattern: /(?<![\w.])get_huggingface_llm_image_uri\([ \t]*["']huggingface["']/g, words: () => 'tgi serve' },
  // FastChat's serving modules: vllm_worker runs vLLM; cli, model_worker and openai_api_server run HF generate.
  { id: 'command.fastchat-vllm-worker', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+fastchat\.serve\.vllm_worker\b/g, words: () => 'vllm' },
  { id: 'command.fastchat-serve', pattern: /(?<![\w./-])python3?[ \t]+-m[ \t]+fastchat\.serve\.(?:cli|model_worker|gradio_web_server|openai_api_server)\b/g, words: () => 'inference' },
  // litgpt's fine-tuning scripts, finetune/lora.py, adapter.py, full.py (lit-gpt before 0.3; a bare
  // finetune/lora.py is litgpt's when its flags are: Lightning precision strings "bf16-true" or
  // litgpt's --quantize "bnb.nf4"), and its CLI `litgpt finetune_lora|finetune lora|finetune full`
  // (litgpt README): litgpt, and the method.
  {
    id: 'command.litgpt-finetune',
    pattern: /(?<![\w.-])(?:[\w.-]+\/)*lit-?gpt\/finetune\/(lora|adapter(?:_v2)?|full)\.py(?![\w.])|(?<![\w./-])finetune\/(lora|adapter(?:_v2)?|full)\.py(?=[^\n]*--(?:precision[ \t=]+["']?(?:bf16|16|32)-(?:true|mixed)|quantize[ \t=]+["']?bnb\.))|(?<![\w./-])litgpt[ \t]+finetune(?:[ \t]+|_)(lora|adapter(?:_v2)?|full)(?![\w-])/g,
    words: (m) => {
      const method = m[1] ?? m[2] ?? m[3];
      return `litgpt ${method === 'full' ? 'full' : method === 'lora' ? 'lora' : 'train'}`;
    },
  },
  // LLaMA-Factory's entry points before its CLI: `src/train_bash.py` (LLaMA-Efficient-Tuning and
  // LLaMA-Factory up to v0.6, hiyouga/LlamaFactory#713, #3413) and `src/train.py` with its `--stage`
  // (v0.7 on, before `llamafactory-cli train`): the framework, whose presets then apply. The
  // launcher in front of it (`accelerate launch`, `deepspeed`, `torchrun`) only starts its processes:
  // it is no framework of its own there (its flags are still read).
  {
    id: 'command.llama-factory-launcher',
    pattern: new RegExp(`(?<![\\w./-])(?:accelerate[ \\t]+launch|deepspeed|torchrun)(?=[ \\t][^\\n]*?(?:${LLAMA_FACTORY_SCRIPT}))`, 'g'),
    words: () => '',
  },
  // The script's path is all it says: another project may keep a `src/train_bash.py` or `src/train.py --stage`
  // (ChatGLM-Efficient-Tuning, forks), and the user never names the tool, so the framework is weak, said with
  // the path (rtrain11; c2590 b75, c2435 b69, c3317 b99 read LLaMA-Factory's presets in silence). Named beside
  // it ("用llama factory", `llamafactory-cli`), the name's fact is strong.
  { id: 'command.llama-factory-script', pattern: new RegExp(LLAMA_FACTORY_SCRIPT, 'g'), words: () => 'llama-factory', weak: () => true },
  // DeepSpeed-Chat's step 3 (`deepspeed main.py … --actor_model_name_or_path …`, its lines continued by
  // backslashes): the launcher only starts the processes; the actor's and critic's flags say the run
  // (config-keys/frameworks/deepspeed-chat.ts; DeepSpeedExamples, c442, c784), as its PPO-only flags do
  // where the model paths are cut (c1927: `--ppo_epochs`, `--generation_batch_numbers`).
  {
    id: 'command.deepspeed-chat-launcher',
    pattern: /(?<![\w./-])deepspeed(?=[ \t](?:[^\n]*\\[ \t]*\n)*?[^\n]*?--(?:(?:actor|critic)_model_name_or_path|critic_zero_stage|critic_lora_dim|ppo_epochs|generation_batch_numbers|per_device_generation_batch_size|per_device_mini_train_batch_size)\b)/g,
    words: () => '',
  },
  // A script or module named for its RL trainer runs that trainer: TRL's examples/scripts/ppo/ppo.py
  // and dpo.py (huggingface/trl#2719, corpus c527), Search-R1's train_ppo.sh (verl PPO,
  // PeterGriffinJin/Search-R1#111, c528), OpenRLHF's `openrlhf.cli.train_ppo_ray` and train_dpo
  // (OpenRLHF/OpenRLHF#756, c526), alignment-handbook's run_dpo.py, open-r1's grpo.py. The trainer is the framework word the reader knows (KTO trains a policy
  // against a frozen reference as DPO does: read as DPO's memory). A config file (.yaml) is no script.
  // The launcher in front of an RL trainer (`deepspeed --module openrlhf.cli.train_ppo`, `accelerate launch
  // scripts/run_dpo.py`, `torchrun … grpo.py`) only starts its processes, as before LLaMA-Factory's
  // scripts: the trainer is the framework (its ZeRO stage is its own flag's).
  {
    id: 'command.rl-trainer-launcher',
    pattern: new RegExp(`(?<![\\w./-])(?:accelerate[ \\t]+launch|deepspeed|torchrun)(?=[ \\t][^\\n]*?(?:${RL_SCRIPT}|${RL_MODULE}|${TRL_DPO_LLAMA2}))`, 'g'),
    words: () => '',
  },
  {
    id: 'command.rl-trainer-script',
    pattern: new RegExp(`${RL_SCRIPT}|${RL_MODULE}`, 'g'),
    words: (m) => [...sizesIn(m[0]), trainerWord(m, RL_TRAINER_WORD[(m[1] ?? m[2])!]!)].join(' '),
    // A model read from the name's pieces ("run_qwen2_5_7b_grpo.sh") is the script's name for it, not the user's: weak.
    weak: (m) => sizesIn(m[0]).some((w) => /[a-z]/.test(w.replace(/\d+(?:\.\d+)?[bm]$/, ''))),
  },
  // SPIN (self-play fine-tuning, uclaml/SPIN): `accelerate launch spin/run_spin.py configs/config.yaml` trains
  // the policy against a frozen copy of its previous iteration with a DPO-style loss (verl-project/verl#1407:
  // "SPIN/Online DPO … a mandatory Reference Model … No Critic"), so its memory is DPO's: uclaml/SPIN#21
  // (corpus c1630, phi-2 on one A100 40GB, read as plain HF), #12 and #36 (zephyr-7b with the same script).
  { id: 'command.spin-launcher', pattern: new RegExp(`(?<![\\w./-])accelerate[ \\t]+launch(?=[ \\t][^\\n]*?${SPIN_SCRIPT})`, 'g'), words: () => '' },
  { id: 'command.spin-script', pattern: new RegExp(SPIN_SCRIPT, 'g'), words: () => 'dpo' },
  // axolotl's entry points: `accelerate launch -m axolotl.cli.train x.yml` (and `python -m axolotl.cli.train`,
  // before its own CLI), and `axolotl train x.yml` since 0.8 (axolotl docs, "Getting started"): the framework,
  // whose presets (pure bf16 from `bf16: auto`, gradient checkpointing) then apply. The module path was set aside
  // as a short flag and the run read as plain accelerate: axolotl-ai-cloud/axolotl#1563 (corpus c1380), #1129
  // (c1102); `axolotl train examples/gpt-oss/gpt-oss-20b-sft-lora-singlegpu.yaml` (#3029), `axolotl train
  // --num-processes=1 gsm8k.yaml` (axolotl-ai-cloud/axolotl-cookbook#7). The launcher in front only starts the
  // processes (its flags are still read).
  { id: 'command.axolotl-launcher', pattern: new RegExp(`(?<![\\w.-])accelerate[ \\t]+launch(?=[ \\t][^\\n]*?${AXOLOTL_MODULE})`, 'g'), words: () => '' },
  { id: 'command.axolotl-module', pattern: new RegExp(`(?:(?<![\\w./-])python3?[ \\t]+)?${AXOLOTL_MODULE}|(?<![\\w./-])axolotl[ \\t]+train(?=(?:[ \\t]+--?[\\w-]+(?:=\\S+)?)*[ \\t]+\\S+\\.ya?ml\\b)`, 'g'), words: () => 'axolotl train' },
  {
    id: 'command.swift',
    pattern: /(?<![\w./-])swift[ \t]+(sft|pt|rlhf|infer|deploy)(?![\w-])/g,
    words: (m) => ({ sft: 'train', rlhf: 'train', pt: 'pretrain', infer: 'inference', deploy: 'inference' })[m[1] as 'sft'],
  },
];

/**
 * llama.cpp's programs (`./main` before mid-2024, `llama-cli`, `llama-server`, `./server`,
 * `llama-bench`) and the flags after them, read in their own command only, where they cannot be
 * another program's (common/arg.cpp): `-m FNAME` the model file, `-n N` (--n-predict; llama-bench's
 * --n-gen, tools/llama-bench) the tokens to generate; the sampling, threading and I/O flags change no
 * memory. Others (-c, -ngl, -b) stay for config-keys.ts, and so does what follows the flags. The flags
 * may go on over the next lines, a line break with or without a backslash before each (a command
 * pasted as the user wrapped it: `./main -m … -p "…"` then `-n 1024 -ngl 90` on its own line,
 * ggml-org/llama.cpp#6787, c509), and from the program's own line on (`./main \` with `-m …` on the next line,
 * ggml-org/llama.cpp#4309, c2818: its -n 256 had gone unread).
 */
const LLAMA_CPP =
  /(?<![\w/-])(?:\.{0,2}\/)?(?:[\w.-]+\/)*(?:main|llama-cli|llama-server|server|llama-bench)(?:\.exe)?(?=(?:[ \t]*\\[ \t]*\n[ \t]*|[ \t]+)(?:-[a-z-]+[ \t]+\S+(?:[ \t]*\\[ \t]*\n[ \t]*|[ \t]+))*-m[ \t])((?:(?:[ \t]*\\?[ \t]*\n[ \t]*|[ \t]+)-{1,2}[a-z][\w-]*(?:(?:[ \t]+|=)(?:"[^"\n]*"|'[^'\n]*'|(?!-)[^\s"']+))?)+)/g;
/** llama-bench's -p is its prompt lengths (n-prompt), no prompt text to blank. */
const BENCH_LENGTH_FLAGS = new Set(['p', 'n-prompt', 'pg']);
const FLAG = /-{1,2}([a-z][\w-]*)(?:(?:[ \t]+|=)("[^"\n]*"|'[^'\n]*'|(?!-)[^\s"']+))?/g;
/**
 * Flags whose file is another model's beside the one -m runs: the multimodal projector (-mm / --mmproj, common/arg.cpp),
 * the draft model (-md / --model-draft) and a LoRA adapter (--lora). Their names' types are those files' own: "-mm
 * .\\models\\Qwen3.5-9B\\mmproj-BF16.gguf" beside "-m …Qwen3.5-9B-Q4_K_M.gguf" (ggml-org/llama.cpp#27264, corpus c2006)
 * had read the run as bf16. Blanked with the flag: those files' weights are not modelled.
 */
const OTHER_FILE_FLAGS = new Set(['mm', 'mmproj', 'mmu', 'mmproj-url', 'md', 'model-draft', 'lora', 'lora-scaled']);
const NO_EFFECT_FLAGS = new Set(
  't threads temp top-k top-p repeat-penalty repeat-last-n color i interactive ins instruct p prompt f file port host mlock no-mmap s seed keep r reverse-prompt in-prefix in-suffix log-disable verbose'.split(' '),
);

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
  let folder = parts.pop();
  // A folder for where the file sits, not which model: Tabby's "…/StarCoder2-7B/ggml/model-00001-of-00001.gguf" (c2520).
  while (folder && CHECKPOINT_FOLDER.test(folder)) folder = parts.pop();
  // "models/7B/ggml-model-q4_0.bin": llama.cpp's README converted Meta's original LLaMA download,
  // whose folders are bare sizes (7B, 13B, 30B, 65B); Llama 2's are named ("llama-2-7b").
  if (folder && /^\d+b$/i.test(folder)) return `llama-1-${folder.toLowerCase()}`;
  return folder && /\d/.test(folder) ? folder : null;
}

/** Each word read from a llama.cpp command keeps the place of the flag it came from (for the reply's quotes). */
function llamaCppCommand(m: RegExpExecArray): Piece[] {
  const flags = m[1]!;
  const offset = m[0].length - flags.length;
  // llama.cpp's own preset (GGUF, f16 KV cache, layers split over GPUs) goes with the program.
  const pieces: Piece[] = [{ text: ' llamacpp inference ', from: 0, to: offset }];
  const bench = /llama-bench/.test(m[0].slice(0, offset));
  let last = offset;
  for (const f of flags.matchAll(FLAG)) {
    const [name, value] = [f[1]!, f[2]];
    let from = offset + f.index;
    const to = from + f[0].length;
    let text: string | null = null;
    if ((name === 'm' || name === 'model') && value) {
      const path = value.replace(/^["']|["']$/g, '');
      // The flag's own letters go blank: the model keeps the file's place.
      const at = f[0].lastIndexOf(value);
      pieces.push({ text: flags.slice(last - offset, from - offset), from: last, to: from }, { text: ' '.repeat(at), from, to: from + at });
      last = from += at;
      text = ` ${[fileModel(path), fileWeights(path.split(/[/\\]/).pop() ?? '')].filter(Boolean).join(' ')} `;
    } else if (/^(?:n|n-predict|predict)$/.test(name) && value && Number(value) > 0) {
      text = ` gen ${value} `;
    } else if (OTHER_FILE_FLAGS.has(name) || (NO_EFFECT_FLAGS.has(name) && !(bench && BENCH_LENGTH_FLAGS.has(name)))) {
      text = ' '.repeat(to - from);
    }
    if (text === null) continue;
    pieces.push({ text: flags.slice(last - offset, from - offset), from: last, to: from }, { text, from, to });
    last = to;
  }
  pieces.push({ text: m[0].slice(last), from: last, to: m[0].length });
  return pieces;
}

/** A word every launcher above has: a message with none of them has no launcher to read. */
const LAUNCHER_WORD = /python|deepspeed|axolotl|run_spin|vllm|sglang|ppo|dpo|kto|orpo|grpo|text-generation-(?:inference|launcher)|get_huggingface_llm_image_uri|finetune|litgpt|lit-gpt|swift|train_bash|src\/train\.py/;

export function readCommands(text: MappedText): MappedText {
  let out = text;
  if (LAUNCHER_WORD.test(out.text)) for (const { id, pattern, words, weak } of LAUNCHERS) out = out.replaceEach(pattern, (m) => ({ result: ` ${words(m)} `, rule: weak?.(m) ? { id, weak: true } : id }));
  // The pattern's lookahead is costly on every message: only one with a model flag can match.
  return /-m[ \t]/.test(out.text) ? out.replace(LLAMA_CPP, llamaCppCommand, 'command.llama-cpp') : out;
}
