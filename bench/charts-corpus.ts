import type { ChartKind } from '../src/render/chart/index.js';

/**
 * Sample inputs for timing chart rendering in `npm run bench:speed`: each request goes through
 * respond() once, then chartSvg / chartPng are timed per kind (target: < 50 ms per PNG).
 * The set covers a run that does not fit, one that fits, inference, LoRA and no hardware.
 */
export const CHART_CORPUS: readonly { request: string; kinds: readonly ChartKind[] }[] = [
  { request: '13b bf16 zero3 seq 4096 on 4xA100-80G', kinds: ['breakdown', 'sweep-batch', 'sweep-seq', 'timeline'] },
  { request: 'llama3-8b lora r16 seq 8192 on a 4090', kinds: ['breakdown', 'sweep-seq'] },
  { request: 'llama-2-70b infer int4 seq 4096 on 2 x 3090', kinds: ['breakdown', 'sweep-batch', 'timeline'] },
  { request: 'mistral-7b qlora r64 bs 4 on 24GB', kinds: ['breakdown', 'sweep-batch'] },
  { request: '7b full adamw seq 2048', kinds: ['breakdown', 'timeline'] },
];
