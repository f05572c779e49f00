import { gpuIdOf } from './lexicon.js';
import { NEVER, type MappedText, type Piece } from './mapped-text.js';

/**
 * Ways people describe a training setup in prose that the item language says otherwise:
 * - "lora only on attention parameters", "LoRA on the attention layers", "attention-only LoRA":
 *   adapters on the attention projections, q,k,v,o (lm-sys/FastChat#1687);
 * - "330 data", "5000 samples", "10k examples", "3 epochs": a count of the data or of passes,
 *   never a sequence length, batch or GPU count (meta-llama/llama-cookbook#872's "330 data with
 *   each data being around 16000 tokens");
 * - "4 samples per GPU": the micro-batch;
 * - `bf16 = is_bfloat16_supported()` (Unsloth): autocast in the 16-bit type the card has (unsloth#2818).
 * - "16 H100s across 2 nodes": 2 nodes of 8 H100s, not 16 GPUs with an unreadable node count;
 * - "paged_adamw_8bit", "optim adamw_8bit" in prose: the optimizer, not "adamw" and 8-bit weights;
 * - torchtune's "llama3_1/8B_lora", "qwen2_5/7B_…": the version with its dot (Llama 3.1, Qwen2.5);
 * - "需要多少显存" (how much GPU memory): the question itself, not an unread word;
 * - Huawei Ascend 910 NPUs beside a GPU: not a card modelled, set aside with a note.
 * Each rule is guarded by a cheap `includes` so a message without its word costs one scan.
 */
type Rewrite = (match: RegExpExecArray) => string | Piece[];

const ATTENTION_LORA =
  /\b(?:(q?lora)(?:\s+adapters?)?\s+(?:only\s+)?(?:on|to|for|in)\s+(?:only\s+)?(?:the\s+)?attention(?:\s+(?:parameters|params|layers|modules|projections|weights|matrices|blocks))?|attention[- ]only\s+(q?lora))\b/g;
const DATA_COUNT =
  /(?<![\w.])(?<!batch[\w ]{0,20})\d+(?:\.\d+)?\s*k?\s+(?=(?:data|datas|samples?|examples?|rows|entries|records|conversations|documents|docs|instances|items|epochs?|steps|iterations|iters)\b(?!\s+(?:per|each|a|an)\s+(?:gpu|device|card|step|batch|iteration|forward)))/g;
const DATA_WORD = /\d\s*k?\s+(?:data|samp|exam|rows|entr|reco|conv|doc|inst|item|epoc|step|iter)/;
// "4 samples per GPU", "2 sequences per device": the micro-batch, said by what it holds.
const PER_GPU_BATCH = /(?<![\w.])(\d{1,4})\s+(?:samples?|examples?|sequences?|seqs)\s+(?:per|each|a|an)\s+(?:gpu|device|card)\b/g;

// Unsloth's notebooks: `fp16 = not is_bfloat16_supported(), bf16 = is_bfloat16_supported()` is the
// Trainer's autocast in whichever 16-bit type the card has (unsloth/__init__.py), never "bfloat16" itself.
const CARD_DTYPE_FLAG = /\b(?:fp16|bf16)\s*=\s*(?:not\s+)?is_bf(?:loat)?16_supported\(\)/g;
const CARD_DTYPE_CALL = /\bis_bf(?:loat)?16_supported\(\)/g;

// torchtune names its config folders and builders with '_' for the version's dot: llama3_1/8B_lora,
// llama3_2/1B_full, qwen2_5/7B_lora_single_device are Llama 3.1, Llama 3.2 and Qwen2.5 (not Llama 3,
// a "1B" of no family, Qwen2).
const UNDERSCORE_VERSION = /(?<![a-z0-9_.])(llama|qwen|gemma|phi|mistral)(\d)_(\d)(?![0-9])(?=[\/_\-\s.]|$)/g;

/**
 * Read before the config keys: they would take `bf16=` for a key with no value, and a torchtune
 * `--config llama3_1/8B_lora` for a value of theirs.
 */
export function cardDtypeFlags(text: MappedText): MappedText {
  const versioned = /\d_\d/.test(text.text) ? text.replace(UNDERSCORE_VERSION, (m) => `${m[1]}${m[2]}.${m[3]}`) : text;
  if (!versioned.text.includes('16_supported')) return versioned;
  return versioned.replace(CARD_DTYPE_FLAG, () => 'amp').replace(CARD_DTYPE_CALL, (m) => ' '.repeat(m[0].length));
}

// Huawei Ascend NPUs ("64张910A(32G)", "8卡910B", "Ascend 910B2"): not CUDA GPUs, so not a card
// the estimate models; set aside, said, so a GPU named beside them is the setup (LlamaFactory#4133).
const ASCEND =
  /(?<![\w.])(?:\d{1,4}\s*(?:[x×*]|张|卡|块|台)?\s*)?(?:(?:huawei|华为|ascend|昇腾)\s*)+(?:npu\s*)?910[a-c]?\d?(?![\w.])(?:\s*\(\s*\d+\s*g[b]?\s*\))?|(?<![\w.])(?:\d{1,4}\s*(?:[x×*]|张|卡|块|台)?\s*)?910[a-c]\d?(?![\w.])(?:\s*\(\s*\d+\s*g[b]?\s*\))?/g;

// "16 H100s across 2 nodes", "32 A100 80GB GPUs on 4 nodes": the GPUs in all, spread evenly over
// the nodes, i.e. "2 nodes of 8x H100" (the grammar reads a node count before the cards).
const CARDS_OVER_NODES =
  /(?<![\w.])(\d{1,4})\s*[x×*]?\s*(gpu(?=s?\s)|(?:(?:nvidia|tesla|geforce)\s+)?(?:rtx\s?)?[a-z]{0,3}\d{2,4}[a-z]*?(?:[-\s]?\d{2,3}\s?gb?)?)s?(?:\s+(?:gpus?|cards?))?\s+(?:(?:spread\s+|split\s+)?(?:over|across)|on|in)\s+(\d{1,3})\s+(?:nodes?|machines?|servers?|hosts?)\b/g;
const cardsOverNodes = (m: RegExpExecArray): string => {
  const [all, total, card, nodes] = [m[0], Number(m[1]), m[2]!, Number(m[3])];
  // "8 GPUs in 1 node": no card named, the count alone (over one node, or nodes of its share).
  if (/^gpu$/.test(card)) {
    if (nodes === 1) return `${total} gpus`.padEnd(all.length);
    return total % nodes === 0 ? `${nodes} nodes of ${total / nodes} gpus`.padEnd(all.length) : all;
  }
  const named = card.replace(/^(?:nvidia|tesla|geforce)\s+/, '');
  const known = gpuIdOf(named) ?? gpuIdOf(named.replace(/[-\s]?\d{2,3}\s?gb?$/, ''));
  if (!known || nodes < 2 || total % nodes !== 0) return all;
  return `${nodes} nodes of ${total / nodes}x ${named}`.padEnd(all.length);
};

// HF `optim` values written in prose ("with paged_adamw_8bit", "optim adamw_8bit"): one optimizer,
// not "adamw" and an "_8bit" read as 8-bit weights (which turned QLoRA into LoRA on int8).
const OPTIM_NAME =
  /(?<![\w.])(?:optim(?:izer)?\s*[:=]?\s*)?((?:paged_)?adamw?(?:_bnb)?_(?:8|32)bit|paged_adamw|adamw_torch_fused|adamw_torch)(?![\w.])/g;
const optimizerWords = (name: string): string =>
  /paged.*8bit/.test(name) ? 'paged adamw 8bit' : /paged/.test(name) ? 'paged adamw' : /8bit/.test(name) ? 'adamw 8bit' : /fused/.test(name) ? 'fused adamw' : 'adamw';

// "需要多少显存" / "显存要多少" (how much GPU memory does it need): the question every estimate answers,
// not a word left unread (a short Chinese line was refused for it).
const HOW_MUCH_MEMORY_ZH = /(?:需要|要|得)?多少(?=\s*(?:显存|内存|vram|memory|gb?\b))|(?<=(?:显存|vram)\s*)(?:需要|要|得)?多少/g;

export function readTrainingProse(text: MappedText, keep: (rewrite: Rewrite) => Rewrite, notes: string[] = []): MappedText {
  const has = (word: string) => text.text.includes(word);
  const never = NEVER;
  return text
    .replace(!has('多少') ? never : HOW_MUCH_MEMORY_ZH, keep((m) => ' '.repeat(m[0].length)))
    .replace(!has('attention') ? never : ATTENTION_LORA, keep((m) => `${m[1] ?? m[2]} q,k,v,o`.padEnd(m[0].length)))
    .replace(!has('910') ? never : ASCEND, keep((m) => {
      notes.push(`"${m[0].trim()}": Huawei Ascend NPUs are not modelled (CUDA GPUs only); set aside`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/\b(?:per|each|a|an)\s+(?:gpu|device|card)\b/.test(text.text) ? never : PER_GPU_BATCH, keep((m) => `bs ${m[1]}`.padEnd(m[0].length)))
    .replace(!/adam/.test(text.text) ? never : OPTIM_NAME, keep((m) => optimizerWords(m[1]!).padEnd(m[0].length)))
    .replace(!/node|machine|server|host/.test(text.text) ? never : CARDS_OVER_NODES, keep(cardsOverNodes))
    .replace(!DATA_WORD.test(text.text) ? never : DATA_COUNT, keep((m) => ' '.repeat(m[0].length)));
}
