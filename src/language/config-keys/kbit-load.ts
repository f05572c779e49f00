import { loraContext } from './adapters.js';
import { IGNORE, isTrue, numberOf, say, type Handler, type KeyTable } from './values.js';

/**
 * The training scripts' own switches for loading the frozen base through bitsandbytes in 4 or 8 bits,
 * beside the LoRA they train: each is `BitsAndBytesConfig(load_in_4bit=…, bnb_4bit_quant_type="nf4")` or
 * `load_in_8bit` in its script, so a LoRA over it is QLoRA (4 → NF4) or LoRA over LLM.int8 (8 → int8).
 * A width said by a key's value ("--load_in_bits 4") had been left unread, and the run read as LoRA on a
 * 16-bit base, silently (LlamaChinese/Llama-Chinese#243, c2338: `--load_in_bits 4 --lora_r 8`).
 *
 * - `load_in_bits` — Llama-Chinese train/sft/finetune_clm_lora.py (4 → load_in_4bit, nf4; 8 → load_in_8bit);
 * - `load_in_kbits` — Chinese-LLaMA-Alpaca-2 scripts/training/run_clm_sft_with_peft.py (`load_in_4bit=
 *   training_args.load_in_kbits == 4`, bnb_4bit_quant_type "nf4"; 16 loads no quantisation);
 * - `bits` — artidoro/qlora qlora.py (`--bits 4`, quant_type nf4) and LLaVA / FastChat train.py
 *   (`--bits 4 --lora_enable True`, `--quant_type nf4`); Ludwig's `quantization: {bits: 4}` the same (4 → NF4,
 *   its default bnb_4bit_quant_type; ludwig-ai/ludwig#3492, #3783, c1179). Elsewhere a bare `bits` is also
 *   AutoGPTQ's width (`BaseQuantizeConfig(bits=4, group_size=128)`): read only under `quantization` or
 *   beside a LoRA key, and never beside GPTQ's own keys;
 * - `train_4bit` / `train_8bit` — h2oGPT finetune.py (`--train_4bit=True`; h2oai/h2ogpt#573, c1074).
 */
const width: Handler = (v) => {
  const n = numberOf(v);
  return n === 4 ? say('nf4') : n === 8 ? say('int8') : IGNORE;
};

/** AutoGPTQ's and GPTQ-for-LLaMa's own keys: a `bits` beside them is a GPTQ width, not a bitsandbytes load. */
const GPTQ_KEYS = ['group_size', 'groupsize', 'desc_act', 'damp_percent', 'wbits', 'sym', 'act_order'];

const bits: Handler = (v, ctx) => {
  // Beside GPTQ's own keys the width is the GPTQ checkpoint's: alpaca_lora_4bit's `load_llama_model_4bit_low_ram(…,
  // groupsize=-1, seqlen=2048, bits=4)` (johnsmith0031/alpaca_lora_4bit#146, c2776, had read bitsandbytes' NF4 from
  // the loader's name), AutoGPTQ's `BaseQuantizeConfig(bits=4, group_size=128)`. 8 bits is 8-bit weights (int8).
  if (GPTQ_KEYS.some((k) => ctx.keys.has(k))) {
    const n = numberOf(v);
    return n === 4 ? say('gptq') : n === 8 ? say('int8') : null;
  }
  // Outside `quantization`, a script's flag (`--bits 4` beside `--lora_enable`): a config's bare `bits:` key is
  // no load switch of any trainer that reads YAML (Ludwig keeps it under quantization, ludwig-quantization-bits test).
  if (ctx.parent !== 'quantization' && !(loraContext(ctx) && ctx.spelling?.startsWith('-'))) return null;
  return width(v, ctx);
};

const loadsIn =
  (weights: 'nf4' | 'int8'): Handler =>
  (v) =>
    isTrue(v) ? say(weights) : IGNORE;

export const KBIT_LOAD_KEYS: KeyTable = {
  load_in_bits: { reads: width, source: 'Llama-Chinese train/sft/finetune_clm_lora.py; LlamaChinese/Llama-Chinese#243' },
  load_in_kbits: { reads: width, source: 'Chinese-LLaMA-Alpaca-2 scripts/training/run_clm_sft_with_peft.py' },
  bits: { reads: bits, source: 'artidoro/qlora qlora.py; haotian-liu/LLaVA llava/train/train.py; Ludwig QuantizationConfig' },
  train_4bit: { reads: loadsIn('nf4'), source: 'h2oGPT finetune.py; h2oai/h2ogpt#573' },
  train_8bit: { reads: loadsIn('int8'), source: 'h2oGPT finetune.py' },
};
