import type { ProseRule } from '../types.js';

/**
 * Frameworks, engines and weight formats a message implies through an artefact it names rather
 * than by the tool's name (issue 22, s6): a recipe's name, a tool's own CLI verb or API, a script
 * laid out as one project lays its scripts out, a Hub organisation that publishes for one tool.
 * Without these the run was answered with plain Hugging Face conventions, said only among the
 * defaults ("a torchtune config read as the HF Trainer").
 *
 * Each artefact is one row: what it is, its pattern (lower-case text, after Hub links were cut to
 * `org/name`), the request words it implies, whether its own words stay for the readers after it
 * (a Hub id still names the model) or are only evidence, and how strong the evidence is:
 *  - `strong`: the artefact is the tool's own — its recipe, its CLI, its API — so the tool runs it;
 *  - `weak`: the artefact only suggests the tool (a Hub organisation whose checkpoints are made for
 *    it but load anywhere; a script path another project may lay out the same way). The reply says
 *    the fact with the artefact's words on the first screen: a row that replaces its words makes
 *    its steps weak; a row that keeps them (a Hub id, whose model stays a strong fact) writes the
 *    framework over the organisation only, a framework inside a longer name, which the facts say as
 *    a mention (scenario/fact-cues.ts, frameworkMention).
 * A framework implied by an artefact yields to one the message names (reconcile/framework-evidence.ts).
 * Weight formats in names (-GPTQ, -AWQ, -bnb-4bit, Q4_K_M, .gguf, EXL2 bpw, Ollama tags) are read
 * by the name rules (names.ts, model-name.ts); these rows add what those names leave unsaid.
 */
export interface ArtefactRow {
  /** Dotted and stable: `prose.artefact-…` (a prose rule). */
  id: string;
  /** The artefact in words, for the reader of this table. */
  artefact: string;
  /** Global, on normalised (lower-case) text. */
  pattern: RegExp;
  /** A cheap test before the pattern is scanned. */
  when: (text: string) => boolean;
  /** The request words the artefact implies (`unsloth`, `torchtune lora`), from its match. */
  implies: (m: RegExpExecArray, notes: string[]) => string;
  /** `keep`: the artefact's words stay for the readers after (a Hub id names the model); `replace`: they are only evidence. */
  words: 'keep' | 'replace';
  /**
   * For a row that keeps its words: how many of the artefact's first characters the implied words
   * stand on (the organisation of a Hub id), so the implied fact quotes those and not the model's name.
   */
  cue?: (m: RegExpExecArray) => number;
  evidence: 'strong' | 'weak';
  example: string;
  /** The thread or corpus line it came from (`owner/repo#N`, `c123`); an invented example has none. */
  source?: string;
}

export const ARTEFACT_ROWS: readonly ArtefactRow[] = [
  {
    // Unsloth publishes pre-quantised copies of open models (`unsloth/…-bnb-4bit`) for its notebooks;
    // they load in plain transformers too, so the Hub id only suggests Unsloth runs them: weak. The
    // format its suffix names (-bnb-4bit: NF4) is strong, and read by model-name.ts.
    id: 'prose.artefact-unsloth-hub-id',
    artefact: 'a checkpoint of the Hub organisation unsloth',
    // After a Hub link's host too (prose.hub-link keeps `https://huggingface.co/org/name` whole).
    pattern: /(?:(?<=(?:huggingface|hf)\.co\/)|(?<![\w./-]))unsloth\/[a-z0-9][\w.-]*(?![\w/])/g,
    when: (t) => t.includes('unsloth/'),
    implies: () => 'unsloth',
    words: 'keep',
    cue: () => 'unsloth'.length,
    evidence: 'weak',
    example: 'I tried to fine-tune UNSLOTH/META-LLAMA-3.1-8B-BNB-4bit in the local area.',
    source: 'unslothai/unsloth#944',
  },
  {
    // torchtune's recipes are named `<method>_finetune_<single_device|distributed>` (recipes/ in
    // pytorch/torchtune; `tune ls` lists them): the name is the recipe torchtune runs, and its method.
    id: 'prose.artefact-torchtune-recipe',
    artefact: "a torchtune recipe's name",
    pattern: /(?<![\w.-])(lora|full)_finetune_(?:single_device|distributed)(?:\.py)?(?![\w-])/g,
    when: (t) => t.includes('_finetune_'),
    implies: (m) => `torchtune ${m[1]}`,
    words: 'replace',
    evidence: 'strong',
    example: '# Config for multi-device LoRA finetuning in lora_finetune_distributed.py',
    source: 'meta-pytorch/torchtune#2078',
  },
  {
    // The recipe's class, as torchtune's logger names it before the resolved config ("Running
    // LoRAFinetuneRecipeDistributed with resolved config:", recipes/lora_finetune_distributed.py;
    // FullFinetuneRecipeSingleDevice, …): the recipe torchtune runs, and its method.
    id: 'prose.artefact-torchtune-recipe-class',
    artefact: "a torchtune recipe's class name",
    pattern: /(?<![\w.-])(lora|full)finetunerecipe(?:singledevice|distributed)(?![\w-])/g,
    when: (t) => t.includes('finetunerecipe'),
    implies: (m) => `torchtune ${m[1]}`,
    words: 'replace',
    evidence: 'strong',
    example: '[trainer0|0]:INFO:torchtune.utils._logging:Running LoRAFinetuneRecipeDistributed with resolved config:',
    source: 'meta-pytorch/torchtune#2620',
  },
  {
    // `tune cp <recipe|config>` copies a torchtune recipe or config to edit and run: torchtune's CLI.
    id: 'prose.artefact-torchtune-cp',
    artefact: "torchtune's CLI copying a recipe or config",
    pattern: /(?<![\w.-])tune[ \t]+cp(?![\w-])/g,
    when: (t) => t.includes('tune'),
    implies: () => 'torchtune',
    words: 'replace',
    evidence: 'strong',
    example: 'tune cp llama3_1/8B_lora my_config.yaml, then the run OOMs on 2 A100',
  },
  {
    // `tune download <repo>` fetches a checkpoint with torchtune's CLI: the run is likely torchtune's,
    // but the files serve any tool, so weak. "tune" alone would read as a training verb.
    id: 'prose.artefact-torchtune-download',
    artefact: "torchtune's CLI downloading a checkpoint",
    pattern: /(?<![\w.-])tune[ \t]+download(?![\w-])/g,
    when: (t) => t.includes('tune'),
    implies: () => 'torchtune',
    words: 'replace',
    evidence: 'weak',
    example: '#   tune download Qwen/Qwen2.5-7B-Instruct --output-dir /tmp/Qwen2_5-7B-Instruct',
    source: 'meta-pytorch/torchtune#2078',
  },
  {
    // torchtune's configs are filed `<model family>/<size>_<method>[_single_device]` (recipes/configs/:
    // llama3_1/8B_lora, qwen2_5/7B_qlora_single_device; training.underscore-version has already
    // written the version's dot). The name stays: it names the model, the method and the devices.
    id: 'prose.artefact-torchtune-config',
    artefact: "a torchtune config's name",
    pattern: /(?<![\w.\/-])[a-z]+\d+(?:[._]\d+)?\/\d+(?:\.\d+)?b_(?:q?lora|q?dora|full)(?:_single_device)?(?:\.ya?ml)?(?![\w\/-])/g,
    when: (t) => /\db_(?:q?lora|q?dora|full)/.test(t),
    implies: () => 'torchtune',
    words: 'keep',
    evidence: 'strong',
    example: 'tune run lora_finetune_distributed --config llama3_1/8B_lora',
  },
  {
    // lit-gpt (and lit-llama before it) keep one fine-tuning script per method under finetune/
    // (finetune/lora.py, full.py), run on Lightning Fabric. A path under lit-gpt/, or one run with
    // Lightning's precision strings, is read as litgpt's by the command rules (commands.ts,
    // command.litgpt-finetune); a bare finetune/lora.py is left here: another project may lay its
    // scripts out the same way, so weak.
    id: 'prose.artefact-litgpt-script',
    artefact: "lit-gpt's per-method fine-tuning script",
    pattern: /(?<![\w./-])finetune\/(lora|full)\.py(?![\w-])/g,
    when: (t) => t.includes('finetune/'),
    implies: (m) => `litgpt ${m[1]}`,
    words: 'replace',
    evidence: 'weak',
    example: 'python finetune/lora.py --checkpoint_dir checkpoints/meta-llama/Llama-2-70b-hf --devices 8',
    source: 'Lightning-AI/litgpt#506',
  },
  {
    // llama-cpp-python is llama.cpp's Python binding (abetlen/llama-cpp-python: `from llama_cpp import
    // Llama`): the package runs llama.cpp itself, not a product named after it, so the framework is
    // used, not only mentioned inside a longer name.
    id: 'prose.artefact-llama-cpp-python',
    artefact: "llama.cpp's Python binding",
    pattern: /(?<![\w.\/-])llama[-_]cpp[-_]python(?![\w-])/g,
    when: (t) => t.includes('python'),
    implies: () => 'llamacpp',
    words: 'replace',
    evidence: 'strong',
    example: 'I use llama-cpp-python to run llama-2-13b on a 3060',
  },
  {
    // PEFT's name for its k-bit preparation before 0.5 (`prepare_model_for_int8_training`, renamed
    // prepare_model_for_kbit_training): an 8-bit base (load_in_8bit) prepared by PEFT.
    id: 'prose.artefact-peft-int8-training',
    artefact: "PEFT's int8 preparation call",
    pattern: /(?<![\w.])prepare_model_for_int8_training(?![\w])/g,
    when: (t) => t.includes('prepare_model_for_int8'),
    implies: () => 'peft kbit int8',
    words: 'replace',
    evidence: 'strong',
    example: 'model = prepare_model_for_int8_training(model)',
  },
  {
    // llama-recipes' quickstart notebook (examples/quickstart.ipynb, later
    // getting-started/finetuning/quickstart_peft_finetuning.ipynb in llama-cookbook): "train a Llama 2
    // model on a single GPU using int8 quantization and LoRA" — load_in_8bit, PEFT's int8 preparation,
    // LoRA r8 on q,v. The notebook is the recipe, not the llama-recipes FSDP script.
    id: 'prose.artefact-llama-recipes-quickstart',
    artefact: "llama-recipes' quickstart notebook",
    pattern: /(?<![\w.-])llama[-_]?(?:recipes|cookbook)\/(?:[\w.-]+\/)*quickstart(?:_peft_finetuning)?\.ipynb(?![\w-])/g,
    when: (t) => t.includes('quickstart'),
    implies: () => 'peft kbit int8 lora',
    words: 'replace',
    evidence: 'strong',
    example: 'fine-tune the 70B Llama 2 model using the [llama-recipes/examples/quickstart.ipynb](https://github.com/facebookresearch/llama-recipes/blob/main/examples/quickstart.ipynb) file',
    source: 'meta-llama/llama-cookbook#188',
  },
  {
    // TRL's stack_llama_2 DPO example (examples/research_projects/stack_llama_2/scripts/dpo_llama2.py):
    // DPOTrainer with a LoRA peft_config on the policy. Named as the script the user runs "with some
    // changes", it only suggests the recipe: weak, said.
    id: 'prose.artefact-trl-dpo-llama2',
    artefact: "TRL's stack_llama_2 DPO script",
    // The link to it too: read before prose.hub-link blanks links that are no Hub model (index.ts).
    pattern: /(?<![\w./-])(?:https?:\/\/)?(?:[\w.-]+\/)*dpo_llama2\.py(?![\w-])/g,
    when: (t) => t.includes('dpo_llama2'),
    implies: () => 'lora dpo',
    words: 'replace',
    evidence: 'weak',
    example: 'using your script. https://github.com/huggingface/trl/blob/main/examples/research_projects/stack_llama_2/scripts/dpo_llama2.py',
    source: 'huggingface/trl#1182',
  },
  {
    // Its SFT step (stack_llama_2/scripts/sft_llama2.py) loads the base in 4-bit NF4 (a BitsAndBytesConfig
    // with load_in_4bit) and trains a LoRA peft_config with SFTTrainer: QLoRA. A script the user "closely
    // follows" only suggests it: weak, said (huggingface/trl#1034, corpus c705, was read as a full fine-tune).
    id: 'prose.artefact-trl-sft-llama2',
    artefact: "TRL's stack_llama_2 SFT script",
    pattern: /(?<![\w./-])(?:https?:\/\/)?(?:[\w.-]+\/)*sft_llama2\.py(?![\w-])/g,
    when: (t) => t.includes('sft_llama2'),
    implies: () => 'qlora',
    words: 'replace',
    evidence: 'weak',
    example: 'my script closely follows the [sft_llama2.py](https://github.com/huggingface/trl/blob/main/examples/research_projects/stack_llama_2/scripts/sft_llama2.py).',
    source: 'huggingface/trl#1034',
  },
  {
    // ms-swift's logger (swift/utils/logger.py: "[%(levelname)s:%(name)s] %(message)s", the name "swift") prefixes
    // every line it prints: "[INFO:swift] Loading the model using model_dir: …" (modelscope/ms-swift#5292, c1862)
    // is ms-swift's own output, so ms-swift ran the training, though the message never names it.
    id: 'prose.artefact-swift-logger',
    artefact: "ms-swift's log prefix",
    pattern: /\[(?:info|warning|error|debug):swift\]/g,
    when: (t) => t.includes(':swift]'),
    implies: () => 'ms-swift',
    words: 'replace',
    evidence: 'strong',
    example: '[INFO:swift] Loading the model using model_dir: /root/data3/Qwen.Qwen2.5-VL-7B-Instruct',
    source: 'modelscope/ms-swift#5292',
  },
  {
    // A published LoRA checkpoint named with its family and size ("Chinese-LLaMA-LoRA 7B", ymcui/Chinese-LLaMA-Alpaca's
    // release): "按照崔一鸣出的chinese -LLAMA-LORA 7B模型训练" (training on Cui Yiming's Chinese-LLaMA-LoRA 7B,
    // GanjinZero/RRHF#17, c1001) names the weights trained on, not how; the maintainer had to ask whether the run
    // was full or LoRA. The name only suggests LoRA: weak, said. A LoRA word with no size after it stays the method.
    id: 'prose.artefact-lora-checkpoint-name',
    artefact: 'a LoRA checkpoint named with its family and size',
    pattern: /(?<=(?:llama|alpaca|vicuna)(?:[-_]plus)?)[-_]lora(?=[-_ ]?\d+(?:\.\d+)?b(?![a-z]))/g,
    when: (t) => /(?:llama|alpaca|vicuna)(?:[-_]plus)?[-_]lora[-_ ]?\d/.test(t),
    implies: () => 'lora',
    words: 'replace',
    evidence: 'weak',
    example: '目前我这里按照崔一鸣出的chinese -LLAMA-LORA 7B模型训练的时候，单卡A100跑1条样本，直接OOM了',
    source: 'GanjinZero/RRHF#17',
  },
  {
    // DeepSpeed-Chat (deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat) is DeepSpeed's own RLHF training
    // application: its three steps train with deepspeed.initialize, no HF Trainer. Named ("DeepSpeed-Chat step 1"),
    // it had read as a product whose "chat with" ran the model (DeepSpeedExamples#551, corpus c2791). Its step is
    // read by the rows below and its scripts' flags (config-keys/frameworks/deepspeed-chat.ts).
    id: 'prose.artefact-deepspeed-chat',
    artefact: "DeepSpeed's RLHF training application",
    pattern: /(?<![\w.-])deep[-_ ]?speed[-_ ]?chat(?![\w-])/g,
    when: (t) => t.includes('chat'),
    implies: () => 'deepspeed train',
    words: 'replace',
    evidence: 'strong',
    example: 'CUDA OOM when running DeepSpeed-Chat step 1 with opt-1.3b and one A100-40G',
    source: 'deepspeedai/DeepSpeedExamples#551',
  },
  {
    // DeepSpeed-Chat's one-click train.py (its README: `python train.py --actor-model facebook/opt-1.3b --reward-model
    // facebook/opt-350m --deployment-type single_gpu`): --deployment-type picks which of its step scripts run
    // (single_gpu, single_node, multi_node); no other trainer takes it (deepspeedai/DeepSpeed#3244, corpus c2792).
    id: 'prose.artefact-deepspeed-chat-deployment',
    artefact: "DeepSpeed-Chat's train.py deployment type",
    pattern: /(?<![\w-])--deployment[-_]type[ \t=]+["']?(?:single_gpu|single_node|multi_node)\/?["']?(?![\w-])/g,
    when: (t) => t.includes('deployment'),
    implies: () => 'deepspeed train',
    words: 'replace',
    evidence: 'strong',
    example: 'python train.py --actor-model facebook/opt-1.3b --reward-model facebook/opt-350m --deployment-type single_gpu',
    source: 'deepspeedai/DeepSpeed#3244',
  },
  {
    // DeepSpeed-Chat's step folders (training/step1_supervised_finetuning, step2_reward_model_finetuning,
    // step3_rlhf_finetuning): steps 1 and 2 fine-tune the actor and the reward model; step 3 is PPO.
    id: 'prose.artefact-deepspeed-chat-step',
    artefact: "a DeepSpeed-Chat step's folder",
    pattern: /(?<![\w-])step([123])_(?:supervised_finetuning|reward_model_finetuning|rlhf_finetuning)(?![\w-])/g,
    when: (t) => t.includes('_finetuning'),
    implies: (m) => (m[1] === '3' ? 'deepspeed ppo' : 'deepspeed train'),
    words: 'replace',
    evidence: 'strong',
    example: 'cd DeepSpeedExamples/applications/DeepSpeed-Chat/training/step1_supervised_finetuning',
  },
  {
    // Its launch scripts, `training_scripts/[<model>/]single_gpu|single_node|multi_node/run_<size>.sh`: the layout is
    // DeepSpeed-Chat's, but a fork may keep it for another trainer, so weak. The script's own name (run_1.3b.sh) stays.
    id: 'prose.artefact-deepspeed-chat-script',
    artefact: "DeepSpeed-Chat's launch scripts' folders",
    pattern: /(?<![\w.-])training_scripts\/(?:[\w.-]+\/)?(?:single_gpu|single_node|multi_node)\/(?=run_)/g,
    when: (t) => t.includes('training_scripts/'),
    implies: () => 'deepspeed train',
    words: 'replace',
    evidence: 'weak',
    example: 'bash ./training_scripts/single_gpu/run_1.3b.sh',
    source: 'deepspeedai/DeepSpeedExamples#551',
  },
  {
    // Megatron-Bridge's training launcher names each run `megatron_bridge_training-<nemo release>/<recipe>-<date>-<uuid>`
    // (AI-Hypercomputer/gpu-recipes' recipe bot: "Run ID: megatron_bridge_training-nemo2602/qwen3_30b_a3b_bf16_16gpus-…",
    // #194, c2823, b83; "runid: megatron_bridge_training-nemo2602/llama31_405b_128gpus_fp8cs_seq8192_gbs64-…", #210, c3001,
    // b89). The run had read as the model's inference. The id stays whole, as the model reader takes it (its recipe's
    // name, never its other numbers: the gbs64 of a recipe is no setting of the user's); the framework and the training
    // stand on its prefix, said as a mention.
    id: 'prose.artefact-megatron-bridge-run-id',
    artefact: "Megatron-Bridge's training run id",
    pattern: /(?<![\w.-])megatron[-_]bridge[-_]train(?:ing)?(?:[-_]nemo[\w.]*)?\/[\w.-]+/g,
    when: (t) => t.includes('bridge'),
    implies: () => 'megatron train',
    words: 'keep',
    cue: (m) => m[0].indexOf('/'),
    evidence: 'weak',
    example: 'Run ID: megatron_bridge_training-nemo2602/qwen3_30b_a3b_bf16_16gpus-2026-03-30_013839-7a3572b2',
    source: 'AI-Hypercomputer/gpu-recipes#194',
  },
  {
    // NeMo 2's and Megatron-Bridge's recipe modules train on Megatron-Core: a link to or an import from
    // `nemo/collections/llm/recipes/…` ("Port pretrain from https://github.com/NVIDIA/NeMo/blob/main/nemo/collections/llm/
    // recipes/llama3_8b_128k.py", NVIDIA-NeMo/Megatron-Bridge#168, c3093, b92; "from nemo.collections.llm.recipes.llama3_70b
    // import finetune_recipe", NVIDIA-NeMo/Speech#14635, c3097, b92) or `megatron.bridge.recipes` names the recipe the run
    // follows, not the run itself: weak, said. The recipe file's name after it stays for the model reader.
    id: 'prose.artefact-nemo-recipe-module',
    artefact: "a NeMo or Megatron-Bridge recipe module",
    pattern: /(?<![\w-])(?:https?:\/\/)?(?:[\w.-]+\/)*?(?:nemo[./]collections[./]llm[./](?:gpt[./])?recipes|megatron[./]bridge[./]recipes)(?=[./]|\s)/g,
    when: (t) => t.includes('recipes'),
    implies: () => 'megatron',
    words: 'replace',
    evidence: 'weak',
    example: 'from nemo.collections.llm.recipes.llama3_70b import finetune_recipe, model',
    source: 'NVIDIA-NeMo/Speech#14635',
  },
];

/** The artefact rows as prose rules: each writes its implied words beside (or over) the artefact. */
export const ARTEFACT_RULES: readonly ProseRule[] = ARTEFACT_ROWS.map((row) => ({
  id: row.id,
  pattern: row.pattern,
  when: row.when,
  write: (m, notes) => {
    const words = row.implies(m, notes);
    const length = m[0].length;
    if (row.words === 'replace') return ` ${words} `.padEnd(length);
    // The artefact stays whole (a Hub id is one token); the implied words follow it, standing on its cue.
    return [
      { text: m[0], from: 0, to: length },
      { text: ` ${words} `, from: 0, to: row.cue?.(m) ?? length },
    ];
  },
  example: row.example,
  ...(row.source ? { source: row.source } : {}),
  ...(row.evidence === 'weak' && row.words === 'replace' ? { weak: true as const } : {}),
  // An artefact may stand on a Hub id (kept whole) or look like one ("llama-cookbook/getting-started/…").
  insideHubIds: true as const,
}));

const WHOLE = new Map(ARTEFACT_ROWS.map((row) => [row.id, new RegExp(`^(?:${row.pattern.source})$`)]));

/**
 * The row whose artefact an item stands on, if any: the item's own words (`tune download`), or the
 * name they are part of (`unsloth` in `unsloth/llama-3-8b-bnb-4bit`), in the user's text.
 */
export function artefactAt(text: string, at: number, end: number): ArtefactRow | undefined {
  const before = /[^\s`'"()[\]{},;=]*$/.exec(text.slice(0, at))?.[0].length ?? 0;
  const after = /^[^\s`'"()[\]{},;=]*/.exec(text.slice(end))?.[0].length ?? 0;
  const spans = [text.slice(at, end), text.slice(at - before, end + after)].map((s) => s.toLowerCase().trim().replace(/[.,:;!?]+$/, ''));
  return ARTEFACT_ROWS.find((row) => spans.some((s) => WHOLE.get(row.id)!.test(s)));
}
