import type { Finding, Reading } from '../findings.js';
import { Paste } from '../text.js';
import { detectBareCudaOom, detectCublas, detectNccl } from './libraries.js';
import { detectLossScale, detectNan, precisionHint } from './numerics.js';
import { detectTorchOom } from './pytorch.js';
import { detectLlamaCpp, detectTgi, detectVllm, detectVllmProfile } from './serving.js';

/**
 * Markers of a pasted error even when no detector can read it: a Python traceback, an
 * exception class followed by a colon, a CUDA/NCCL error, a stack frame. Requests never contain
 * these, so a request is never mistaken for a log.
 */
export const ERROR_MARKERS = /Traceback \(most recent call last\)|\b[A-Z][A-Za-z]{1,40}(?:Error|Exception):|CUDA error|NCCL error|File "[^"\n]{1,300}", line \d|Segmentation fault|core dumped/;

/**
 * A word every detector's anchor and every error marker needs, case ignored: a text holding none
 * of them reads as no log, so `diagnose` skips the detectors (most texts are requests: issue 11,
 * request path). Each needs: PyTorch "Tried to allocate", llama.cpp "failed to allocate" →
 * allocat; vLLM "is larger than" → larger; vLLM "No available memory", TGI "Not enough memory",
 * llama.cpp and bare CUDA "out of memory" → memory; CUBLAS_STATUS_ALLOC_FAILED → cublas;
 * "NCCL WARN" → nccl; DeepSpeed/fairseq "loss scale", NaN "loss"/"grad_norm" fields → loss,
 * grad_norm; apex/fairseq "overflow" → overflow; ERROR_MARKERS → traceback, error, exception,
 * file, fault, dumped. Whole words within a line, so the flattening of fences and spaces cannot
 * make one appear (test/diagnose/properties.test.ts holds it on any text that reads as a log).
 */
export const LOG_WORDS = /allocat|larger|memory|cublas|nccl|loss|grad_norm|overflow|traceback|error|exception|file|fault|dumped/i;

/** Everything the detectors can read in a pasted text. Pure; never throws on any string. */
export function readPaste(text: string): Reading & { work: number; length: number } {
  const paste = new Paste(text);
  const findings: Finding[] = [
    ...detectTorchOom(paste),
    ...detectVllm(paste),
    ...detectTgi(paste),
    ...detectLlamaCpp(paste),
    ...detectCublas(paste),
    ...detectNccl(paste),
    ...detectLossScale(paste),
    ...detectNan(paste),
  ];
  // A bare "CUDA error: out of memory" only counts when nothing more precise was read.
  if (!findings.some((f) => f.kind === 'torch-oom' || f.kind === 'llamacpp-alloc' || f.kind === 'nccl-oom')) findings.push(...detectBareCudaOom(paste));
  const profile = findings.some((f) => f.kind.startsWith('vllm')) ? detectVllmProfile(paste) : null;
  if (profile) findings.push(profile);
  const errorLike = findings.length > 0 || paste.match(paste.raw, ERROR_MARKERS) !== null;
  return { findings, errorLike, precision: precisionHint(paste), work: paste.work, length: paste.raw.length };
}
