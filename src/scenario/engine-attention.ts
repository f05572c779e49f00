import type { Resolution } from './resolution.js';

/**
 * A transformers attention switch (`attn_implementation='sdpa'`, `use_flash_attention_2=True`,
 * `_attn_implementation`) says which kernel `from_pretrained` wires into the transformers modeling
 * code. A served model's engine does not run that code: vLLM picks its own backend
 * (vllm/attention/selector.py, VLLM_ATTENTION_BACKEND: FlashAttention / FlashInfer / XFormers, all
 * over the paged KV cache, keeping no s² scores), LMDeploy's TurboMind and PyTorch engines their
 * own flash-decoding kernels, SGLang FlashInfer or Triton, TGI flash/paged attention. So under a
 * serving engine the key names the kernel of a transformers run the message holds beside it (the
 * bf16 transformers comparison under an LMDeploy pipeline, InternLM/lmdeploy, c919), not the
 * engine's: the engine's kernel is kept, said.
 */
const TRANSFORMERS_ATTENTION_KEY = /\b_?attn_implementation\b|\buse_flash_attention_2\b/i;

const SERVER_NAMES: Record<string, string> = { sglang: 'SGLang', lmdeploy: 'LMDeploy', mii: 'DeepSpeed-MII' };

export function engineKeepsItsAttention(r: Resolution): void {
  const s = r.s;
  if (s.mode !== 'inference' || s.inference.engine !== 'vllm') return;
  const said = r.patch.get<string>('attention');
  if (!said || !TRANSFORMERS_ATTENTION_KEY.test(said.item.text) || s.attention === 'flash') return;
  const engine = s.inference.namedEngine ?? (s.inference.server ? SERVER_NAMES[s.inference.server] : 'vLLM');
  s.attention = 'flash';
  r.assume(
    `"${said.item.text.trim()}" is a transformers setting: the served model runs the engine's own attention kernels (${engine}), keeping no attention scores; the kernel named is left to the transformers run (say "inference with transformers" if that is the run)`,
  );
}
