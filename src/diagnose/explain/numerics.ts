import { gpuById } from '../../catalog/index.js';
import type { LossScale, NanLines, PrecisionHint } from '../findings.js';
import { explanation, type Explanation, type ThreadSetup } from './types.js';

/** fp16's largest finite value: anything above overflows to inf, and inf − inf is NaN. */
export const FP16_MAX = '65504';
export const FP32_BASELINE = 'Always: run a small fp32 baseline (same batch, a few steps). NaN there too means data or model, not precision.';

const scale = (s: number) => (Number.isInteger(s) || s >= 1 ? `${+s.toPrecision(6)}` : s.toExponential(2));

/** bf16 advice, unless the card (the thread's, or the one a question names) has no bf16 (V100, T4). */
export function bf16Action(gpuId: string | null | undefined): string {
  if (gpuId) {
    const gpu = gpuById(gpuId);
    if (!gpu.bf16) return `Your ${gpu.name} has no bf16: stay on fp16 with the scaler on, or train on an Ampere or newer card.`;
  }
  return 'Move to bf16 (Ampere or newer: A100, H100, RTX 30/40): fp32\'s range, same memory, no loss scaler needed.';
}

export function explainLossScale(f: LossScale, nan: NanLines | null, setup: ThreadSetup | null): Explanation {
  const first = f.scales[0];
  const last = f.scales.at(-1);
  const source = f.source === 'deepspeed' ? 'DeepSpeed fp16 loss scaler' : f.source === 'apex' ? 'apex.amp loss scaler' : 'fairseq loss scaler';
  const evidence: string[] = [];
  if (first !== undefined && last !== undefined) evidence.push(`Loss scale ${scale(first)} → ${scale(last)}: ${f.halvings} skipped step${f.halvings === 1 ? '' : 's'} in what you pasted.`);
  if (f.atMinimum) evidence.push('The scaler hit its minimum: it cannot lower the scale any further, so every step overflows.');
  if (nan) evidence.push(`The loss or gradient norm is NaN too: ${nan.first}`);
  const collapsed = f.atMinimum || (last !== undefined && last < 1);
  if (f.halvings <= 1 && !collapsed) {
    return explanation(
      'loss-scale-ok',
      source,
      `One skipped step (loss scale ${scale(first ?? 0)} → ${scale(last ?? 0)}): normal dynamic loss scaling, not a problem unless it keeps halving.`,
      evidence,
      ['Nothing to do if the scale settles; log it (scaler.get_scale() or DeepSpeed\'s step log) and look again if it keeps falling.'],
    );
  }
  const headline = collapsed
    ? `fp16 overflow: the loss scale was halved ${f.halvings} times down to ${scale(last ?? 0)} — the values overflow fp16 even unscaled.`
    : `fp16 overflow: the loss scale was halved ${f.halvings} times in a row (${scale(first ?? 0)} → ${scale(last ?? 0)}).`;
  if (!collapsed) evidence.push('A few halvings from a high start are the scaler calibrating; a scale that keeps falling is overflow.');
  return explanation('fp16-overflow', source, headline, evidence, [
    bf16Action(setup?.scenario.hardware?.gpuId),
    collapsed
      ? `Staying on fp16: a collapsed scale means something exceeds ${FP16_MAX} in the forward pass — clip gradients at 1.0, lower the learning rate, and check the inputs for extreme values.`
      : 'Staying on fp16: clip gradients at 1.0 and lower the learning rate; halvings only in the first steps are calibration (a lower initial scale, DeepSpeed initial_scale_power or GradScaler(init_scale=…), skips them).',
    FP32_BASELINE,
  ]);
}

function precisionOf(hint: PrecisionHint, setup: ThreadSetup | null): PrecisionHint {
  if (hint) return hint;
  const compute = setup?.scenario.compute;
  return compute === 'fp16' ? 'fp16' : compute === 'bf16' ? 'bf16' : null;
}

export function explainNan(f: NanLines, hint: PrecisionHint, setup: ThreadSetup | null): Explanation {
  const precision = precisionOf(hint, setup);
  const which = f.fields.join(' and ');
  const evidence = [`${f.lines} line${f.lines === 1 ? '' : 's'} with a NaN ${which}; the first: ${f.first}`];
  if (f.learningRate !== null) evidence.push(`Learning rate there: ${f.learningRate < 1e-3 ? f.learningRate.toExponential(3) : f.learningRate}.`);
  evidence.push(f.finiteBefore ? 'The loss was finite before: it blew up during training (a spike), not at the start.' : 'No finite loss before it in what you pasted: it may be NaN from the first step.');
  const start = f.finiteBefore
    ? 'A spike: lower the learning rate (or lengthen warm-up) and clip gradients at 1.0; find the batch that triggered it.'
    : 'From the first step: check the data (labels outside the vocabulary, sequences with every label masked, empty inputs) and that the weights loaded (no missing keys).';
  if (precision === 'fp16') {
    return explanation('nan-fp16', 'NaN in the training log', `NaN under fp16: most likely fp16 overflow (its largest value is ${FP16_MAX}).`, evidence, [
      bf16Action(setup?.scenario.hardware?.gpuId),
      'Staying on fp16: keep the loss scaler on and watch its scale; a scale that keeps halving confirms overflow.',
      start,
      FP32_BASELINE,
    ]);
  }
  if (precision === 'bf16') {
    return explanation('nan-bf16', 'NaN in the training log', 'NaN under bf16: not a range problem (bf16 has fp32\'s range) — look at the learning rate, gradient clipping and the data.', evidence, [
      start,
      'Clip gradients at 1.0 (max_grad_norm) and lower the learning rate; check the warm-up.',
      'Look for log(0), division by a zero norm, and labels outside the vocabulary.',
      FP32_BASELINE,
    ]);
  }
  return explanation('nan-unknown', 'NaN in the training log', 'NaN loss: under fp16 this is most likely overflow; under bf16 it points at the learning rate, clipping or the data.', evidence, [
    'Which precision is it? Under fp16, move to bf16 if the card has it; under bf16, clip gradients at 1.0 and lower the learning rate.',
    start,
    FP32_BASELINE,
  ]);
}
