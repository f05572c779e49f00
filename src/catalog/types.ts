import type { Architecture } from '../scenario/schema.js';

export type { Architecture };

export interface ModelSpec {
  /** Canonical id used in canonical request text, e.g. "llama-2-13b". */
  id: string;
  /** Display name, e.g. "Llama-2-13B". */
  name: string;
  family: string;
  /** Extra spellings people type, lower-case; separators are normalised by the lexer. */
  aliases: string[];
  arch: Architecture;
  /** Published total parameter count (from the model card or paper). */
  publishedParams: number;
  /** Where the architecture and total come from (config.json path, model card, paper). */
  source: string;
  /**
   * A later generation of the family replaced it at the same sizes (Qwen1.5 and Qwen2 by
   * Qwen2.5): named, it is used; a bare size ("qwen 14b") does not pick it.
   */
  superseded?: boolean;
  /**
   * Named only with its size ("qwen-7b", "opt-13b"): the name without one is not this model's series
   * — "qwen" alone is the family's current generation, not Qwen 1; "opt" is a word ("/opt/conda",
   * "I opt for") before it is Meta's OPT — so a bare name never picks it (families.ts seriesTable).
   */
  sizeOnly?: boolean;
  /**
   * The sizes the release itself was named by, lower-case ("345m": OpenAI published GPT-2 medium as
   * "345M", later recounted as 355M): a size written so names this checkpoint, alone or after its
   * family word (scenario/released-sizes.ts). Only labels no other release uses.
   */
  releasedAs?: string[];
}

export interface GpuSpec {
  /** Canonical id, e.g. "a100-80g". */
  id: string;
  /** Display name, e.g. "A100 80GB". */
  name: string;
  aliases: string[];
  /**
   * Memory as the datasheet labels it, in GB: the number people write ("a 24GB card", "A100 80G"),
   * which is neither nvidia-smi's total (24 564 MiB on an RTX 4090) nor what a process can use.
   */
  nominalGB: number;
  /** Memory nvidia-smi / rocm-smi reports as total, in MiB. */
  totalMiB: number;
  /** Memory a process can actually allocate (total less driver/ECC reservations), in MiB. */
  usableMiB: number;
  bf16: boolean;
  fp8: boolean;
  vendor: 'nvidia' | 'amd';
  /** Typical CUDA/ROCm context + kernels footprint in MiB on this card. */
  contextMiB: number;
  /** Approximate on-demand price class, for "cheapest card" answers (relative units). */
  priceRank: number;
  source: string;
}
