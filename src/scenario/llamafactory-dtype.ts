import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/**
 * A 16-bit dtype said in words under LLaMA-Factory ("LLaMA-Factory … Lora 微调，bf16", "llama-factory
 * lora fp16") is the switch LLaMA-Factory has for it, the Hugging Face Trainer's `bf16: true` /
 * `fp16: true`: torch autocast over trainable weights kept in fp32 (model/adapter.py
 * `cast_trainable_params_to_fp32` unless pure_bf16), the amp recipe, as the key itself reads
 * (config-keys/precision.ts) and as the corpus README writes it ("HF Trainer / LLaMA-Factory
 * `bf16: true` → `bf16 amp`"; c1775). The preset's mixed stays where DeepSpeed or FSDP is said (the
 * engine's own 16-bit weights with fp32 masters: "zero3 bf16", c249, c670) and where no dtype is said.
 * Taken from the framework, not from the words: said with its switch.
 */
export function llamafactoryDtypeRecipe(r: Resolution, computeSaid: Scenario['compute'] | undefined, recipeSaid: boolean): void {
  const s = r.s;
  if (s.framework !== 'llama-factory' || recipeSaid || s.recipe !== 'mixed') return;
  if (computeSaid !== 'bf16' && computeSaid !== 'fp16') return;
  if (s.mode !== 'lora' && s.mode !== 'qlora' && s.mode !== 'full') return;
  if (r.patch.has('sharding') || r.patch.has('offload.optimizer') || r.patch.has('offload.params')) return;
  // The preset's full fine-tune over several GPUs is its DeepSpeed ZeRO-3 example (presets.ts): mixed there.
  if (s.mode === 'full' && r.presetSet.has('sharding')) return;
  s.recipe = 'amp';
  r.assume(
    `${computeSaid} under LLaMA-Factory read as its ${computeSaid}: true: the Hugging Face Trainer's ${computeSaid} autocast over fp32 trainable weights (amp precision); say mixed ${computeSaid} if DeepSpeed runs it`,
  );
}
