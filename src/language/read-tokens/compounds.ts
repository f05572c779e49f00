import { isFiller } from '../filler.js';
import { type Token, tokenize } from '../lexer.js';
import { catalogSeries, seriesKey } from '../families.js';

/** Compound words the lexer could not read ("baichuan-7b", "qwen3.5-35b-a3b"), read again in parts. */

export const TAKES_NUMBER = new Set(['seqKw', 'batchKw', 'archKw', 'parDim', 'genKw', 'completionKw', 'utilKw', 'rolloutUtilKw', 'batchedKw', 'maxSeqsKw', 'clientLoadKw', 'cpuOffloadGbKw', 'nglKw', 'nCpuMoeKw', 'evalBatchKw', 'rankKw', 'loraDropout', 'loraAlpha', 'bpwKw', 'mmLimitKw']);

/**
 * A catalog series the lexer has no whole name for, written with its variant ("Qwen2.5-VL", "qwen3-vl", "qwen2_vl"):
 * one word, read by the series rules (model-names.ts nameSeries) with a size said beside it or apart ("Qwen2.5-VL，32B",
 * "Qwen2.5-VL (7B)", "the 7B Qwen2.5-VL", c2625's family of lines). Split into its parts it had read as Qwen 2.5 with
 * "vl" dropped: a text model's shape of that size, the vision tower lost, or "Which model?" with no size at all.
 */
export const isSeriesWord = (word: string) => /[a-z]/.test(word) && /\d|[-_]/.test(word) && catalogSeries().has(seriesKey(word));

/**
 * A word the lexer read whole because its parts are joined ("baichuan-7b", "distill-llama-70b",
 * "qwen3.5-35b-a3b") is lexed again with its joins as spaces; the parts keep their offsets.
 */
export function splitCompounds(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    // A joined word that is filler whole ("est-ce", "est-elle", "puis-je": French questions) is one
    // word, never its parts ("ce" is the loss keyword's spelling; a stranger's "Est-ce que ça rentre ?").
    if (t.type !== 'word' || !/[-_]|[a-z]{3}\d/.test(t.text) || isFiller(t.text) || isSeriesWord(t.text)) {
      out.push(t);
      continue;
    }
    // Parts at joins ("baichuan-7b") and where letters turn to digits ("finetune13b").
    const parts: Token[] = [];
    for (const m of t.text.matchAll(/[^-_]+|[-_]+/g)) {
      if (/^[-_]+$/.test(m[0])) {
        parts.push({ type: 'sep', value: m[0], text: m[0], offset: t.offset + m.index });
        continue;
      }
      // The part whole first ("mistral7b" is a name); split where letters turn to digits only if not.
      const whole = tokenize(m[0]);
      if (whole.some((p) => p.type !== 'word')) {
        for (const p of whole) parts.push({ ...p, offset: p.offset + t.offset + m.index });
        continue;
      }
      for (const piece of m[0].matchAll(/[a-z]{3,}(?=\d)|.+$/g)) {
        const base = t.offset + m.index + piece.index;
        for (const p of tokenize(piece[0])) parts.push({ ...p, offset: p.offset + base });
        if (piece[0].length === 0) break;
      }
    }
    // A name holding a size ("OA_SFT_Llama_30B_6", "llama-7b-sft") is a model's name: a training
    // word inside it names how the model was made, not what the user does.
    if (parts.some((p) => p.type === 'size' || p.type === 'moeSize')) {
      for (const p of parts) if (p.type === 'mode') Object.assign(p, { type: 'word', value: p.text });
      // …and a float dtype after the size ("WizardLM-30B-fp16", artidoro/qlora#184) is how the
      // checkpoint is stored, not the run's precision (a quantised load or the trainer sets that).
      const sizeAt = parts.findIndex((p) => p.type === 'size' || p.type === 'moeSize');
      for (const p of parts.slice(sizeAt + 1)) if (p.type === 'precision' && /^(?:fp16|bf16|fp32|f16|f32)$/.test(p.text)) Object.assign(p, { type: 'word', value: p.text });
    }
    // Only when a part is an item of its own ("zer3" is a typo, not "zer" and 3). A bare number
    // inside an identifier ("…_clip_vit_large_p14_336_lora…") is part of the name, never a count.
    if (parts.some((p) => !['word', 'sep', 'ws', 'number', 'knum'].includes(p.type))) {
      // (A version, "qwen2.5", stays a number: only long ones like 336 are name parts.)
      if (parts.some((p) => p.type === 'size' || p.type === 'moeSize')) for (const p of parts) if (p.type === 'number' && /^\d{3,}$/.test(p.text)) Object.assign(p, { type: 'word', value: p.text });
      out.push(...parts);
    }
    else out.push(t);
  }
  return out;
}

/**
 * "are three A100 nodes sufficient for deploying R1?" (sglang#3640): "R1" standing alone, with no
 * LoRA said anywhere (where "r1" would be a rank of 1), is DeepSeek-R1, stated.
 */

/**
 * The words optimizer spellings join to an optimizer's name (HF `optim` values adamw_torch_fused,
 * adamw_bnb_8bit, adamw_apex_fused, adamw_torch_npu_fused, paged_adamw_32bit; LLaMA-Factory's
 * galore_/apollo_ options; DeepSpeed's adam_w_mode): any other word beside the name makes the
 * whole identifier a name (a run, a tag, a folder).
 */
const OPTIMIZER_PIECES = new Set(
  `torch apex bnb hf anyprecision ao torchao npu xla cpu gpu triton fused foreach paged 8bit 32bit 4bit fp8 bf16 fp32 w mode
  use optim optimizer optimiser galore apollo lomo adalomo layerwise schedule free stable kahan grouped offload ds deepspeed
  momentum nesterov bitsandbytes mini`.split(/\s+/),
);

function namesARun(parts: readonly Token[]): boolean {
  if (!parts.some((p) => p.type === 'optimizer')) return false;
  return parts.some((p) => p.type === 'word' && /^[a-z]/i.test(p.text) && !OPTIMIZER_PIECES.has(p.text.toLowerCase()));
}

/**
 * An optimizer's name joined by "_" or "-" to a word no optimizer spelling has ("sophia_alpaca", the
 * job name of a DeepSpeed monitor in CoLLiE's printed config, OpenLMLab/collie, c587; "my_sgd_run",
 * "adafactor-test") names a run, a tag or a folder, not the optimizer the run uses: its optimizer
 * and implementation parts are words. Tokens are joined when nothing stands between them.
 */
export function optimizerInName(tokens: Token[]): Token[] {
  let start = 0;
  for (let k = 1; k <= tokens.length; k++) {
    const prev = tokens[k - 1]!;
    const t = tokens[k];
    const inName = (p: Token) => p.type !== 'ws' && (p.type !== 'sep' || /^[-_]+$/.test(p.text));
    const joined = t !== undefined && prev.offset + prev.text.length === t.offset && inName(t) && inName(prev);
    if (joined) continue;
    const run = tokens.slice(start, k);
    if (run.some((p) => p.type === 'sep' && /^[-_]+$/.test(p.text)) && namesARun(run)) {
      for (const p of run) if (p.type === 'optimizer' || p.type === 'impl') Object.assign(p, { type: 'word', value: p.text });
    }
    start = k;
  }
  return tokens;
}
