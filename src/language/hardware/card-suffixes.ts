/**
 * Cards sold under a catalog card's name with a suffix of their own, and the memory they have (rhw11, s32): the
 * suffix is part of the card, never dropped. "同样的问题，8*H20-3e vllm 0.9.0" (vllm-project/vllm#13074, corpus c2348)
 * had been read as eight 96 GB H20s, its "3e" left unread: the H20-3e is the 141 GB HBM3e refresh of the H20, the
 * thread's "16 GPUs with 141GB VRAM Each". The China-market GeForce parts keep the stock card's memory or change it
 * ("RTX 4090 D" 24 GB, "RTX 5090 D" 32 GB, "RTX 5090 D v2" 24 GB). A card of a memory the catalog's card lacks is read
 * by its memory, with its name said; one of the same memory is the catalog's card, said.
 */
export interface KnownVariant {
  /** The catalog card the name is sold under. */
  card: string;
  /** The suffix, on the normalised text right after the card's name ("-3e", " D v2"). */
  after: RegExp;
  /** How the reply names it. */
  name: string;
  memoryGB: number;
  spec: string;
}

export const KNOWN_VARIANTS: readonly KnownVariant[] = [
  { card: 'h20', after: /^[\s-]*3e(?![\w.])/, name: 'H20-3e', memoryGB: 141, spec: 'NVIDIA H20 141GB HBM3e (vllm-project/vllm#13074: "16 GPUs with 141GB VRAM Each")' },
  { card: 'rtx-5090', after: /^[\s-]*d[\s-]*v2(?![\w.])/, name: 'RTX 5090 D v2', memoryGB: 24, spec: 'https://www.nvidia.cn/geforce/graphics-cards/50-series/rtx-5090-d/' },
  { card: 'rtx-5090', after: /^[\s-]*d(?![\w.])/, name: 'RTX 5090 D', memoryGB: 32, spec: 'https://www.nvidia.cn/geforce/graphics-cards/50-series/rtx-5090-d/' },
  { card: 'rtx-4090', after: /^[\s-]*d(?![\w.])/, name: 'RTX 4090 D', memoryGB: 24, spec: 'https://www.nvidia.cn/geforce/graphics-cards/40-series/rtx-4090-d/' },
];

/** The variant whose suffix follows the card's name, and the suffix's length. */
export function variantAfter(gpuId: string, after: string): { variant: KnownVariant; length: number } | null {
  for (const variant of KNOWN_VARIANTS) {
    if (variant.card !== gpuId) continue;
    const m = variant.after.exec(after);
    if (m) return { variant, length: m[0].length };
  }
  return null;
}

/**
 * The variant a memory the catalog's card never had names ("H20 141G", "8卡 H20 141GB": the H20-3e), where only one
 * variant of the card has it.
 */
export function variantOfMemory(gpuId: string, gib: number): KnownVariant | undefined {
  const found = KNOWN_VARIANTS.filter((v) => v.card === gpuId && Math.abs(v.memoryGB - gib) <= 0.05 * v.memoryGB);
  return found.length === 1 ? found[0] : undefined;
}
