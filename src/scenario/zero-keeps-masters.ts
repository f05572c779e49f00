import type { Resolution } from './resolution.js';

/**
 * A model loaded in 16 bits (`torch_dtype: bfloat16`, `torch_dtype=torch.bfloat16`) and trained under
 * DeepSpeed ZeRO is not pure 16-bit: DeepSpeed's bf16/fp16 optimizer keeps fp32 master weights of every
 * partition (DeepSpeed config docs, "BFLOAT16 training options"; the corpus README's precision rule:
 * torch_dtype alone → pure, DeepSpeed's bf16 → mixed). The DeepSpeed evidence is often outside the config
 * that holds torch_dtype: open-r1's `accelerate launch --config_file …/zero3.yaml` beside a recipe YAML
 * with `torch_dtype: bfloat16` and `bf16: true` (huggingface/trl#3383, c2223), a `--deepspeed ds_z2.json`
 * flag, "deepspeed zero2" in prose. Said, with the switch back.
 */
export function pureLoadUnderZero(r: Resolution): void {
  const s = r.s;
  const recipe = r.patch.get<string>('recipe');
  if (s.mode === 'inference' || s.sharding.kind !== 'zero' || s.recipe !== 'pure' || !recipe || !/torch_dtype/i.test(recipe.item.text)) return;
  s.recipe = 'mixed';
  r.assume(
    `${s.compute} mixed precision with fp32 master weights: "${recipe.item.text.trim()}" loads the model in ${s.compute}, and under DeepSpeed ZeRO its ${s.compute} optimizer keeps fp32 masters (say pure ${s.compute} if yours runs without them)`,
  );
}
