/**
 * Community fine-tune lines whose names hide their base, as data (issue 22, rmodel15): each line's word
 * as it is written in the name, the catalog family it belongs to, the catalog prefixes it was trained
 * from (tried with the name's size, first that fits), and a release whose version moved it to a newer
 * base. The base comes from the line's own model card, not from the words, so families.ts reads the
 * name by it and model-names.ts says it as a guess on the first screen ("names.fine-tune-base").
 * A name the catalog cannot place by any line keeps its size and says so (the size reading).
 *
 * To add a line: its word (letters and digits only, the name's pieces joined: "ui-tars" is `uitars`),
 * the base its model card names, a real message that names it (`owner/repo#N`) or the card, an example.
 */
export interface FineTuneLine {
  id: string;
  /** The line's word, as families.ts joins a name's pieces: lower case, letters and digits. */
  word: string;
  /** The catalog family the word belongs to (lexicon.ts FAMILIES), for a name read by its family. */
  family: string;
  /** Catalog id prefixes the line was trained from, tried with the name's size in this order. */
  bases: readonly string[];
  /** A release of the line on another base: its version as written in the name, and those bases. */
  release?: { version: RegExp; bases: readonly string[] };
  example: string;
  source: string;
}

export const FINE_TUNE_LINES: readonly FineTuneLine[] = [
  {
    id: 'names.fine-tune.tigerbot',
    word: 'tigerbot',
    family: 'llama',
    // TigerBot's v1 7B was BLOOM; its 13B and 70B (and the v2+ 7B) continue Llama-2's pre-training.
    bases: ['llama-2'],
    example: 'tigerbot-70b-base微调资源问题 … 在8 * A100， 内存：500G, 使用deepspeed zero3',
    source: 'TigerResearch/TigerBot#108 (c2851); TigerBot README: tigerbot-13b/70b-base "continued pre-training on Llama-2"',
  },
  {
    id: 'names.fine-tune.ocrflux',
    word: 'ocrflux',
    family: 'qwen',
    bases: ['qwen2.5-vl'],
    example: 'python -m ocrflux.pipeline ./localworkspace --data testdata/1.pdf --model models/OCRFlux-3B',
    source: 'chatdoc-com/OCRFlux#60 (c2861); ChatDOC/OCRFlux-3B model card: fine-tuned from Qwen2.5-VL-3B-Instruct',
  },
  {
    id: 'names.fine-tune.erebus',
    word: 'erebus',
    family: 'opt',
    // KoboldAI's Erebus: OPT-2.7B/6.7B/13B/30B/66B-Erebus, and GPT-NeoX-20B-Erebus.
    bases: ['opt', 'gpt-neox'],
    example: 'How fast can I run Erebus 30B if I will use FlexGen with Compression?',
    source: 'FMInference/FlexLLMGen#4 (c2803); KoboldAI/OPT-30B-Erebus and KoboldAI/GPT-NeoX-20B-Erebus model cards',
  },
  {
    id: 'names.fine-tune.nerys',
    word: 'nerys',
    family: 'opt',
    bases: ['opt'],
    example: 'OPT-13B-Nerys-v2 in koboldai on a 3090',
    source: 'KoboldAI/OPT-13B-Nerys-v2 and OPT-2.7B-Nerys-v2 model cards ("a finetune created using Facebook\'s OPT model")',
  },
  {
    id: 'names.fine-tune.nerybus',
    word: 'nerybus',
    family: 'opt',
    bases: ['opt'],
    example: 'Nerybus 13B on two 3060s',
    source: 'KoboldAI/OPT-13B-Nerybus-Mix and OPT-6.7B-Nerybus-Mix model cards (Nerys and Erebus merged, OPT)',
  },
  {
    id: 'names.fine-tune.xwin',
    word: 'xwin',
    family: 'llama',
    bases: ['llama-2'],
    example: 'Xwin-LM-13B-V0.2 q4_k_m on a 3060',
    source: 'Xwin-LM/Xwin-LM-13B-V0.2 and -70B-V0.1 model cards: "built upon the Llama2 base models"',
  },
  {
    id: 'names.fine-tune.mythomax',
    word: 'mythomax',
    family: 'llama',
    bases: ['llama-2'],
    example: 'mythomax-l2-13b.Q5_K_M.gguf on a 12gb card',
    source: 'Gryphe/MythoMax-L2-13b model card: a merge of Llama-2-13B fine-tunes (MythoLogic-L2, Huginn)',
  },
  {
    id: 'names.fine-tune.sky-t1',
    word: 'skyt1',
    family: 'qwen',
    bases: ['qwen2.5'],
    example: 'serve Sky-T1-32B-Preview with vllm on 2x A100 80G',
    source: 'NovaSky-AI/Sky-T1-32B-Preview model card: "fine-tuned from Qwen2.5-32B-Instruct"',
  },
  {
    id: 'names.fine-tune.openthinker',
    word: 'openthinker',
    family: 'qwen',
    bases: ['qwen2.5'],
    example: 'OpenThinker-7B full fine-tune on 8x H100',
    source: 'open-thoughts/OpenThinker-7B and -32B model cards: fine-tuned from Qwen2.5-7B/32B-Instruct',
  },
  {
    id: 'names.fine-tune.olmocr',
    word: 'olmocr',
    family: 'qwen',
    bases: ['qwen2-vl'],
    // olmOCR-7B-0225-preview is Qwen2-VL-7B-Instruct; the 0725 and 0825 releases are Qwen2.5-VL-7B-Instruct.
    release: { version: /(?:^|[^0-9])0[78]25(?![0-9])/, bases: ['qwen2.5-vl'] },
    example: 'olmOCR-7B-0225-preview on an L40S',
    source: 'allenai/olmOCR-7B-0225-preview model card (Qwen2-VL-7B-Instruct); allenai/olmOCR-7B-0725 (Qwen2.5-VL-7B-Instruct)',
  },
  {
    id: 'names.fine-tune.ui-tars',
    word: 'uitars',
    family: 'qwen',
    bases: ['qwen2-vl'],
    // UI-TARS-2B/7B/72B (SFT, DPO) are Qwen2-VL; UI-TARS-1.5-7B is Qwen2.5-VL-7B.
    release: { version: /(?:^|[^0-9.])1\.5(?![0-9])/, bases: ['qwen2.5-vl'] },
    example: 'UI-TARS-1.5-7B inference on a 4090',
    source: 'bytedance-research/UI-TARS-7B-DPO model card (Qwen2-VL); ByteDance-Seed/UI-TARS-1.5-7B (Qwen2.5-VL-7B)',
  },
];
