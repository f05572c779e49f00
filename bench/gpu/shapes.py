"""Model shapes the harness builds with random weights.

Numbers are copied from each model's published Hugging Face `config.json` (source named per
entry) so the measured memory belongs to the real architecture; the weights are random because
memory does not depend on their values. Only fields that change memory are listed: RoPE
scaling, rope_theta and the tokenizer do not allocate anything that scales with the model.
`name` is the catalog name headroom's language resolves (src/catalog/models/*.ts).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    key: str
    name: str
    model_type: str  # "llama" -> transformers.LlamaConfig, "qwen2" -> transformers.Qwen2Config
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int
    tied_embeddings: bool
    max_positions: int
    rms_norm_eps: float
    source: str

    @property
    def approx_params(self) -> float:
        """Parameter count from the shape, for time budgeting only (the CSV uses the built model's count).
        Llama layer: q,o h*h each; k,v h*(g*d) each; SwiGLU 3*h*f; two RMSNorms 2*h (DESIGN.md §3.1)."""
        head_dim = self.hidden // self.heads
        attention = 2 * self.hidden * self.hidden + 2 * self.hidden * self.kv_heads * head_dim
        mlp = 3 * self.hidden * self.ffn
        per_layer = attention + mlp + 2 * self.hidden
        embeddings = self.vocab * self.hidden * (1 if self.tied_embeddings else 2)
        return self.layers * per_layer + embeddings + self.hidden


QWEN25_05B = Shape(
    key="qwen2.5-0.5b", name="Qwen2.5-0.5B", model_type="qwen2",
    layers=24, hidden=896, heads=14, kv_heads=2, ffn=4864, vocab=151936,
    tied_embeddings=True, max_positions=32768, rms_norm_eps=1e-6,
    source="huggingface.co/Qwen/Qwen2.5-0.5B/blob/main/config.json",
)

LLAMA32_1B = Shape(
    key="llama-3.2-1b", name="Llama-3.2-1B", model_type="llama",
    layers=16, hidden=2048, heads=32, kv_heads=8, ffn=8192, vocab=128256,
    tied_embeddings=True, max_positions=131072, rms_norm_eps=1e-5,
    source="huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json",
)

LLAMA32_3B = Shape(
    key="llama-3.2-3b", name="Llama-3.2-3B", model_type="llama",
    layers=28, hidden=3072, heads=24, kv_heads=8, ffn=8192, vocab=128256,
    tied_embeddings=True, max_positions=131072, rms_norm_eps=1e-5,
    source="huggingface.co/meta-llama/Llama-3.2-3B/blob/main/config.json",
)

LLAMA31_8B = Shape(
    key="llama-3.1-8b", name="Llama-3.1-8B", model_type="llama",
    layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=128256,
    tied_embeddings=False, max_positions=131072, rms_norm_eps=1e-5,
    source="huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json",
)

# --dry-run only: exercises the whole pipeline on CPU in seconds. Not a real model; its rows
# never go to bench/gpu/results/.
TINY = Shape(
    key="tiny", name="tiny-llama (dry run)", model_type="llama",
    layers=2, hidden=64, heads=4, kv_heads=2, ffn=128, vocab=256,
    tied_embeddings=False, max_positions=512, rms_norm_eps=1e-5,
    source="bench/gpu/shapes.py (dry-run test shape)",
)

SHAPES = {s.key: s for s in (QWEN25_05B, LLAMA32_1B, LLAMA32_3B, LLAMA31_8B, TINY)}
