import { MODELS } from '../catalog/index.js';
import { FINE_TUNE_LINES } from './fine-tune-lines.js';
import { FAMILIES } from './lexicon.js';

/** Fine-tunes people name by themselves but that are their base model's shape. */
const FINE_TUNE_BASES: Record<string, string> = {
  vicuna: 'llama', guanaco: 'llama', alpaca: 'llama', koala: 'llama', wizardlm: 'llama', wizardcoder: 'llama', orca: 'llama',
  llava: 'llama', codellama: 'llama', tulu: 'llama', openllama: 'llama', chinese: 'llama', ziya: 'llama', baize: 'llama',
  zephyr: 'mistral', openhermes: 'mistral', openchat: 'mistral', neuralchat: 'mistral', dolphin: 'mistral',
  // Named fine-tunes' families (NAMED_FINE_TUNES below, each with its source).
  bielik: 'mistral', beepo: 'mistral', cydonia: 'mistral', discolm: 'mistral', llongorca: 'llama', belle: 'bloom', codegeex: 'chatglm',
  visionreasoner: 'qwen', unipixel: 'qwen', phoenix: 'bloom', lazarus: 'llama', wayfarer: 'mistral', westmaid: 'mistral',
  tiefighter: 'llama', psyfighter: 'llama', longalpaca: 'llama', hermes: 'llama', kimiko: 'llama', oryx: 'qwen',
  // The lines kept as data with their sources (fine-tune-lines.ts).
  ...Object.fromEntries(FINE_TUNE_LINES.map((l) => [l.word, l.family])),
};

/** The family a name's word belongs to: a fine-tune's base ("vicuna" → llama), or a catalog family it starts with. */
export const familyOf = (word: string): string | null => {
  const w = word.replace(/[^a-z0-9]/g, '');
  if (FINE_TUNE_BASES[w]) return FINE_TUNE_BASES[w]!;
  for (const base of Object.keys(FINE_TUNE_BASES)) if (w.startsWith(base)) return FINE_TUNE_BASES[base]!;
  const family = FAMILIES.filter((f) => w.startsWith(f.replace(/[^a-z0-9]/g, ''))).sort((a, b) => b.length - a.length)[0];
  return family ?? null;
};

/**
 * A family shortened to its letter in fine-tunes' names: "L3-8B-Stheno", "L3-70B-Euryale", "L3.1-70B-Hanami"
 * (Sao10K's Llama 3 fine-tunes; c364), "L3.3-70B" in benchmark tables. Only Llama 3's versions: "L4" and
 * "L40" are cards.
 */
export function abbreviatedFamily(letters: string, version: string): string | null {
  return /^l$/i.test(letters) && /^3(?:\.[1-3])?$/.test(version) ? 'llama' : null;
}

/**
 * Fine-tunes strangers name by their own name, each with the base its own card or code states
 * (rmodel). Every entry is a catalog family prefix tried with the name's size, first that fits:
 * - bielik: Bielik-7B-v0.1 "evolved from its predecessor, the Mistral-7B-v0.1" (speakleash/Bielik-7B-v0.1
 *   model card); a Polish Home-Assistant fine-tune of it, acon96/home-llm#203 (c1241).
 * - beepo: Beepo-22B "a finetune done on top of mistralai/Mistral-Small-Instruct-2409" (concedo/Beepo-22B
 *   model card); YellowRoseCx/koboldcpp-rocm#98 (c1231).
 * - cydonia: Cydonia 22B v1 is Mistral-Small-2409 (its config.json: MistralForCausalLM, hidden 6144, 56
 *   layers), Cydonia 24B v2+ "a finetune of Mistral's latest 'Small' model (2501)" (TheDrummer/Cydonia-24B-v2.1
 *   model card); LostRuins/koboldcpp#1882 (c1122).
 * - visionreasoner: VisionReasoner-7B is loaded as Qwen2_5_VLForConditionalGeneration
 *   (dvlab-research/VisionReasoner, vision_reasoner/models/vision_reasoner_model.py); JIA-Lab-research/Seg-Zero#97 (c1234).
 * - unipixel: UniPixel-7B trains on `--base_model qwen2_5_vl` (PolyU-ChenLab/UniPixel#8, c363).
 * - gme: GME-Qwen2-VL-2B/7B-Instruct, Alibaba-NLP's embedding models on Qwen2-VL (xorbitsai/inference,
 *   doc/source/models/builtin/embedding/gme-qwen2-vl-7b-instruct.rst); modelscope/ms-swift#4361 (c817).
 * - belle: BELLE-7B-0.2M … -2M are "基于BLOOMZ-7B1-mt训练调优" (LianjiaTech/BELLE models/README.md); BELLE's
 *   LLaMA releases name "llama" after the word and read by it. LianjiaTech/BELLE#79 (c1079).
 * - codegeex2: CodeGeeX2-6B is "based on the ChatGLM2-6B model" (THUDM/CodeGeeX2 README_EN.md);
 *   zai-org/CodeGeeX2#218 (c998).
 * - discolm: DiscoLM German 7b is "a Mistral-based large language model" (base_model LeoLM/leo-mistral-hessianai-7b),
 *   DiscoLM 70b is LeoLM 70b, a Llama-2-70B (DiscoResearch model cards); predibase/lorax#316 (c951).
 * - llongorca: LlongOrca-7B/13B-16k "fine-tune on top of LLongMA-2-7b-16k" (Llama 2; Open-Orca model cards);
 *   vllm-project/vllm#1267 (c602).
 * - neoxt: GPT-NeoXT-Chat-Base-20B is "a 20B parameter language model, fine-tuned from EleutherAI's GPT-NeoX"
 *   (togethercomputer's model card); togethercomputer/OpenChatKit#26 (c993).
 * - phoenix: Phoenix-7B (phoenix-inst-chat-7b) is BLOOMZ-7b1-mt fine-tuned (FreedomIntelligence/LLMZoo README:
 *   "Phoenix … backbone BLOOMZ"); its only size is 7B, whose catalog alias is bloomz-7b. FreedomIntelligence/LLMZoo#50
 *   (c1629: "how many A100-80GB used for fine-tuning Phoenix-7B?").
 * - lazarus: 30B-Lazarus (CalderaAI) is a merge of LLaMA-1 30B fine-tunes (its model card: "LLaMA 30B"
 *   base); "-d ./30B-Lazarus-gptq-4bit --gpu_split 23,23,23,23", turboderp/exllama#98 (c356).
 * - wayfarer: LatitudeGames/Wayfarer-12B (its model card: base_model mistralai/Mistral-Nemo-Base-2407), quantised
 *   on a 2080 Ti in turboderp-org/exllamav2#725 (c1650); Wayfarer-Large-70B is a Llama-3.3-70B, Llama-3.1-70B's shape.
 * - westmaid: West-Maid-7B (mradermacher/West-Maid-7B-GGUF) is a merge of Mistral-7B fine-tunes (WestLake and
 *   NeuralBeagle, both Mistral-7B-v0.1); LostRuins/koboldcpp#1314 (c484).
 * - tiefighter, psyfighter: KoboldAI's LLaMA2-13B-Tiefighter and LLaMA2-13B-Psyfighter2 are Llama-2-13B merges (their
 *   model cards; the name itself starts "LLaMA2-13B"); "your Tiefighter 13B with my 12GB VRAM" (henk717/KoboldAI#508, c1793).
 * - longalpaca: LongLoRA's LongAlpaca-7B/13B/70B are Llama-2 fine-tuned to long contexts (dvlab-research/LongLoRA
 *   README, "Models": base Llama-2-7b/13b/70b); "--base_model /home/models/LongAlpaca-7B" (JIA-Lab-research/LongLoRA#163, c1860).
 * - hermes: NousResearch's Nous-Hermes-13b is LLaMA-1 13B fine-tuned (its model card), Nous-Hermes-Llama2-7b/13b/70b
 *   Llama-2's; a later Hermes names its base in the name ("Hermes-3-Llama-3.1-8B", "Nous-Hermes-2-Mixtral-8x7B"),
 *   which the family word after it reads. "models/nous-hermes-13b.ggmlv3.q6_k.bin" (ggml-org/llama.cpp, c1971).
 * - kimiko: nRuaif's Kimiko is a Llama-2-13B LoRA (its model card), merged as "hermes-kimiko-13b"
 *   ("--model 13b.q5km.hermes-kimiko-13b.ggmlv3.q5_K_M.bin", LostRuins/koboldcpp, c1946).
 * - oryx: THUdyh's Oryx-7B is built on Qwen2-7B and Oryx-34B on Yi-1.5-34B (THUdyh/Oryx README, "Model Zoo");
 *   "we train Oyrx-7B for full fine-tuning with NVIDIA A100 40G" (the authors' reply, c2136, there misspelt "Oyrx").
 */
const NAMED_FINE_TUNES: Record<string, string[]> = {
  bielik: ['mistral'], beepo: ['mistral-small'], cydonia: ['mistral-small'], visionreasoner: ['qwen2.5-vl'], unipixel: ['qwen2.5-vl'],
  gme: ['qwen2-vl'], belle: ['bloomz'], codegeex2: ['chatglm2'], discolm: ['mistral', 'llama-2'], llongorca: ['llama-2'], neoxt: ['gpt-neox'],
  phoenix: ['bloomz'], lazarus: ['llama-1'], wayfarer: ['mistral-nemo', 'llama-3.1'], westmaid: ['mistral'],
  tiefighter: ['llama-2'], psyfighter: ['llama-2'], psyfighter2: ['llama-2'], longalpaca: ['llama-2'],
  hermes: ['llama-1', 'llama-2'], kimiko: ['llama-2'], oryx: ['qwen2', 'yi-1.5'],
  ...Object.fromEntries(FINE_TUNE_LINES.map((l) => [l.word, [...l.bases]])),
};

/**
 * Llama Guard's bases by its version, Meta's own (meta-llama model cards and the Llama organisation's README): Llama
 * Guard (1) "a 7B Llama 2 safeguard model"; Llama Guard 2 8B is Llama-3-8B; Llama Guard 3 1B is Llama-3.2-1B, 3 8B
 * Llama-3.1-8B and 3 11B-Vision Llama-3.2-11B-Vision. Without a version, the one base of the size said.
 * "Fine-tuning Llama Guard 3 1B takes much more VRAM than expected" (meta-llama/llama-cookbook#831, c1690),
 * "Llama-Guard-3-8B" (c1148), torchtune's 8B_guard_full.yaml on Meta-Llama-Guard-3-8B (meta-llama/llama-cookbook#898).
 */
const LLAMA_GUARD_BASES: Record<string, string[]> = { '1': ['llama-2'], '2': ['llama-3'], '3': ['llama-3.2', 'llama-3.1'] };
const LLAMA_GUARD_ANY = ['llama-3.2', 'llama-3.1', 'llama-3', 'llama-2'];

/**
 * The catalog models a fine-tune is trained from, newest base last tried: Vicuna, Alpaca, Guanaco,
 * Koala and WizardLM were first LLaMA-1 fine-tunes (7/13/33/65B), then Llama-2 (Vicuna v1.5,
 * WizardLM 70B); OpenChat 3.5 is Mistral-7B and 3.6 Llama-3-8B; Zephyr, OpenHermes, Neural-Chat
 * and Dolphin 7B are Mistral-7B. WizardCoder-15B is StarCoder's 15B, WizardCoder(-Python)-7/13/34B are
 * CodeLlama's (WizardLM's model cards). The 7B and 13B of LLaMA-1 and Llama-2 have one shape. LLaVA's
 * 7B and 13B are LLaVA-1.5 (the catalog's, with its vision tower), a size it lacks Llama-2's.
 * SUS-Chat-34B (SUSTech) is Yi-34B fine-tuned (its model card: "based on 01-ai/Yi-34B"; corpus c1253,
 * 01-ai/Yi: "6000左右的token awq量化的SUS-Chat-34B"). "Wizard-Vicuna-13B-Uncensored" and the
 * "wizard-uncensored-13b" of ollama's list are WizardLM's LLaMA-1 line (c972, ollama/ollama).
 */
const FINE_TUNE_MODELS: Record<string, string[]> = {
  vicuna: ['llama-1', 'llama-2'], alpaca: ['llama-1', 'llama-2'], guanaco: ['llama-1', 'llama-2'], koala: ['llama-1', 'llama-2'],
  wizardlm: ['llama-1', 'llama-2'], wizardcoder: ['codellama', 'starcoder'], baize: ['llama-1', 'llama-2'], ziya: ['llama-1', 'llama-2'], openllama: ['llama-1'],
  wizard: ['llama-1', 'llama-2'], sus: ['yi'],
  orca: ['llama-2'], llava: ['llava-1.5', 'llava-1.6', 'llama-2'], tulu: ['llama-2'],
  openchat: ['mistral', 'llama-3'], zephyr: ['mistral'], openhermes: ['mistral'], neuralchat: ['mistral'], dolphin: ['mistral'],
  ...NAMED_FINE_TUNES,
};

/** The versions of a LLaMA-1 fine-tune line that were retrained on Llama-2 (their model cards). */
const LLAMA_2_RELEASES: Record<string, RegExp> = {
  vicuna: /(?:^|[^a-z0-9.])v?1\.5(?![0-9])/,
  wizardlm: /(?:^|[^a-z0-9.])v?1\.2(?![0-9])/,
};

/** A fine-tune's name whose version says its Llama-2 base ("vicuna-7b-v1.5"): the version stays in the name. */
export const releaseDecidesBase = (name: string, version: string): boolean =>
  Object.entries(LLAMA_2_RELEASES).some(([line, release]) => name.toLowerCase().includes(line) && release.test(version.toLowerCase()));

/**
 * The catalog id of a fine-tune named with its size ("vicuna-13b" → llama-1-13b, "Vicuna-7B-v1.5"
 * → llama-2-7b, "openchat-3.6-8b" → llama-3-8b, "WizardLM-30B" → LLaMA-1 33B, which people call 30B),
 * each name looked up with `idOf` (catalog ids and aliases); null when none fits.
 */
export function fineTuneModel(words: string[], size: string, idOf: (name: string) => string | null | undefined, whole?: string): string | null {
  // A name the lexer kept as one word is its parts: "LLaVA-NeXT-Video" is LLaVA's (haotian-liu/LLaVA#1577, c1350).
  const plain = words.flatMap((w) => w.toLowerCase().split(/[-_.]+/)).map((w) => w.replace(/[^a-z0-9]/g, '')).filter(Boolean);
  // DeepSeek-R1-Distill-Qwen-1.5B/7B/14B/32B are Qwen2.5 fine-tunes, -Llama-8B Llama-3.1-8B and
  // -Llama-70B Llama-3.3-70B (Llama-3.1-70B's shape) (DeepSeek-R1 README, "Distilled Model").
  const distilled = plain.indexOf('distill');
  if (distilled >= 0) {
    const base = { qwen: 'qwen2.5', llama: 'llama-3.1' }[plain[distilled + 1] ?? ''];
    const id = base ? idOf(`${base}-${size}`) : null;
    if (id) return id;
  }
  // Llama Guard ("llama-guard-3-1b", "LlamaGuard-7b"): its base by version and size.
  const guard = plain.findIndex((w, k) => w === 'llamaguard' || (w === 'llama' && plain[k + 1] === 'guard'));
  if (guard >= 0) {
    const version = plain[guard + (plain[guard] === 'llama' ? 2 : 1)] ?? '';
    for (const b of LLAMA_GUARD_BASES[version] ?? LLAMA_GUARD_ANY) {
      const id = idOf(`${b}-${size}`) ?? idOf(`${b}-${size}-vision`);
      if (id) return id;
    }
    return null;
  }
  // …and a name cut in two ("codegeex2-6B" lexed as codegeex, 2; "GPT-Neo-XT-Chat-Base-20B", OpenChatKit#26's title) is the name joined.
  const known = (w: string) => Object.hasOwn(FINE_TUNE_MODELS, w);
  const wordAt = (k: number) => (known(plain[k]!) ? plain[k]! : plain[k + 1] !== undefined && known(plain[k]! + plain[k + 1]) ? plain[k]! + plain[k + 1]! : null);
  // Of two fine-tune words, one whose bases are a few of the other's says more: "hermes-kimiko-13b" is Kimiko's
  // Llama-2 (c1946), not Hermes's LLaMA-1 or Llama-2.
  const found = plain.map((_, k) => ({ k, word: wordAt(k) })).filter((x): x is { k: number; word: string } => x.word !== null);
  if (found.length === 0) return null;
  const narrower = (x: { word: string }, than: { word: string }) =>
    FINE_TUNE_MODELS[x.word]!.length < FINE_TUNE_MODELS[than.word]!.length && FINE_TUNE_MODELS[x.word]!.every((b) => FINE_TUNE_MODELS[than.word]!.includes(b));
  const { k: at, word } = found.reduce((best, x) => (narrower(x, best) ? x : best));
  // A catalog family named after the fine-tune's word, nearer the size, is the model it was built on:
  // "llava-next-interleave-qwen-7b" (c1110) and "llava-next-qwen-32b" (c1026) are LLaVA on Qwen, not LLaVA-1.5.
  if (plain.slice(at + 1).some((w) => !FINE_TUNE_BASES[w] && FAMILIES.some((f) => f.replace(/[^a-z0-9]/g, '') === w))) return null;
  const bases = [...FINE_TUNE_MODELS[word]!];
  // A release trained from Llama-2: "Vicuna v1.5" (lmsys/vicuna-7b-v1.5's card; v1.1 and v1.3 are LLaMA-1) and
  // WizardLM-13B-V1.2 (WizardLMTeam's card; V1.0 and V1.1 are LLaMA-1). The version is written as its own word
  // ("vicuna 13b v1.5") or glued to the name ("casperhansen/vicuna-7b-v1.5-awq", c2349's family of lines).
  const release = LLAMA_2_RELEASES[word];
  const written = (whole ?? words.join(' ')).toLowerCase();
  if (bases[0] === 'llama-1' && (words.some((w) => /^v?1\.5$/.test(w)) || (release && release.test(written)))) bases.reverse();
  // A line's release on a newer base ("UI-TARS-1.5-7B" is Qwen2.5-VL's; fine-tune-lines.ts).
  const moved = FINE_TUNE_LINES.find((l) => l.word === word)?.release;
  if (moved && moved.version.test(written)) bases.unshift(...moved.bases);
  for (const b of bases) {
    const id = idOf(`${b}-${size}`);
    if (id) return id;
  }
  return null;
}

/** A catalog model of a series, with the size its id ends in ("llama-3.1-8b": series llama3.1, size 8b). */
export interface SeriesMember {
  id: string;
  size: string;
  params: number;
}

/** Name parts joined the way people vary them: "Llama-3.1", "llama 3.1", "LLAMA3.1" → "llama3.1". */
export const seriesKey = (text: string) => text.toLowerCase().replace(/[\s_\-]+/g, '');

/**
 * Catalog models grouped by their id without the size ("llama-2-7b", "llama-2-13b" → llama2),
 * for a model named without a size ("fine-tuning LLAMA 3.1", "codellama", "Llama2 … 13B").
 * Dense models whose id ends in the size only (MoE ids are names of their own).
 */
export function seriesTable(models: readonly { id: string; publishedParams: number; sizeOnly?: boolean }[]): Map<string, SeriesMember[]> {
  const table = new Map<string, SeriesMember[]>();
  for (const m of models) {
    // Qwen 1's "qwen-7b", OPT's "opt-13b": named with a size only (ModelSpec.sizeOnly).
    if (m.sizeOnly) continue;
    // BERT's sizes are words ("bert-base-uncased", "bert-large-uncased").
    const found = /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(m.id) ?? /^([a-z]+)-(base|large)(?:-(?:un)?cased)?$/.exec(m.id);
    if (!found) continue;
    const key = seriesKey(found[1]!);
    const members = table.get(key);
    const member = { id: m.id, size: found[2]!, params: m.publishedParams };
    if (members) members.push(member);
    else table.set(key, [member]);
  }
  // Smallest first; a stable sort keeps the catalog's order between equal sizes.
  for (const members of table.values()) members.sort((a, b) => a.params - b.params);
  return table;
}

let catalogSeriesTable: Map<string, SeriesMember[]> | null = null;

/**
 * The catalog's series (`seriesTable(MODELS)`), built on first use and shared by the reader and the
 * scenario's model step: a request that names its model's size never reads it, and building it twice
 * at load was a cold start's cost (issue 22).
 */
export function catalogSeries(): ReadonlyMap<string, readonly SeriesMember[]> {
  return (catalogSeriesTable ??= seriesTable(MODELS));
}

/** The size read when a series is named without one: its base size when sized in words, the common 7–9B class when the series has it, else its largest. */
export function defaultMember(members: readonly SeriesMember[]): SeriesMember {
  // A series sized in words is meant at its base size ("fine-tune bert" is BERT-base).
  return members.find((m) => m.size === 'base') ?? members.find((m) => m.params >= 6.5e9) ?? members.at(-1)!;
}

/**
 * DeepSeek's R1 distills by size (DeepSeek-R1 README, "Distilled Model Evaluation"): Qwen-1.5B and
 * -7B from Qwen2.5-Math (the Qwen2.5 shapes), Llama-8B from Llama-3.1-8B, Qwen-14B and -32B from
 * Qwen2.5, Llama-70B from Llama-3.3-70B-Instruct (Llama-3.1-70B's shape). Ollama names them
 * `deepseek-r1:7b` … `deepseek-r1:70b`; the 671B R1 itself is `deepseek-r1` / `deepseek-r1:671b`.
 */
export const R1_DISTILLS: Readonly<Record<string, string>> = {
  '1.5b': 'qwen2.5-1.5b', '7b': 'qwen2.5-7b', '8b': 'llama-3.1-8b', '14b': 'qwen2.5-14b', '32b': 'qwen2.5-32b', '70b': 'llama-3.1-70b',
};
/** Sizes DeepSeek published models of its own at (Coder 1.3/6.7/33B, LLM 7/67B, V2-Lite 16B): "deepseek 7b" may be one of those. */
export const DEEPSEEK_OWN_SIZES = new Set(['1.3b', '6.7b', '7b', '16b', '33b', '67b']);

/** The same model said twice: within 15%, or 25% when one is a mixture of experts ("8x7b" is 56 B nominal, 46.7 B real). */
export const sameModelSize = (a: number, b: number, moe = false) => Math.abs(a - b) / Math.max(a, b) <= (moe ? 0.25 : 0.15);
