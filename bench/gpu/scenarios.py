"""The measurement grid: which training configurations to run, in priority order.

Pure Python (no torch) so the grid, its ids and its time budget are unit-testable anywhere.
A scenario is one fresh process: one model, one recipe, a few optimizer steps.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from shapes import LLAMA31_8B, LLAMA32_1B, LLAMA32_3B, QWEN25_05B, SHAPES, TINY, Shape

METHODS = ("full", "lora")
# pure: model (and so torch AdamW's m, v) in bf16 -- torchtune / litgpt bf16-true / HF with a bf16 model.
# amp: fp32 model + torch.autocast(bf16) -- HF Trainer with an fp32 model (DESIGN.md §3.2 table).
RECIPES = ("pure", "amp")
OPTIMIZERS = ("fused", "foreach")  # torch.optim.AdamW(fused=True) vs (foreach=True)
ATTENTIONS = ("sdpa", "eager")  # transformers attn_implementation
LORA_TARGETS = ("qv", "all-linear")


@dataclass(frozen=True)
class Scenario:
    shape: str  # key into shapes.SHAPES
    method: str = "full"
    recipe: str = "pure"
    optimizer: str = "fused"
    attention: str = "sdpa"
    micro_batch: int = 1
    seq_len: int = 2048
    grad_ckpt: bool = False
    lora_rank: int = 0
    lora_targets: str = ""
    steps: int = 4
    device: str = "cuda"

    def __post_init__(self) -> None:
        checks = [
            (self.shape in SHAPES, f"unknown shape {self.shape!r}"),
            (self.method in METHODS, f"method must be one of {METHODS}"),
            (self.recipe in RECIPES, f"recipe must be one of {RECIPES}"),
            (self.optimizer in OPTIMIZERS, f"optimizer must be one of {OPTIMIZERS}"),
            (self.attention in ATTENTIONS, f"attention must be one of {ATTENTIONS}"),
            (self.micro_batch >= 1 and self.seq_len >= 2, "micro_batch >= 1 and seq_len >= 2"),
            # Step 1 creates the optimizer states; the steady-state peak needs steps 2..n.
            (self.steps >= 3, "steps must be >= 3"),
            ((self.method == "lora") == (self.lora_rank > 0), "lora_rank > 0 exactly when method is lora"),
            ((self.method == "lora") == (self.lora_targets in LORA_TARGETS), f"lora needs lora_targets in {LORA_TARGETS}"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(f"invalid scenario {self}: {message}")

    @property
    def model(self) -> Shape:
        return SHAPES[self.shape]

    @property
    def id(self) -> str:
        """Readable and unique per configuration, e.g. llama-3.2-1b-lora16qv-pure-fused-sdpa-b1-s2048-nogc."""
        method = f"lora{self.lora_rank}{self.lora_targets.replace('-', '')}" if self.method == "lora" else "full"
        ckpt = "gc" if self.grad_ckpt else "nogc"
        return f"{self.shape}-{method}-{self.recipe}-{self.optimizer}-{self.attention}-b{self.micro_batch}-s{self.seq_len}-{ckpt}"

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @staticmethod
    def from_json(text: str) -> "Scenario":
        return Scenario(**json.loads(text))


def _full(shape: Shape, **knobs) -> Scenario:
    return Scenario(shape=shape.key, method="full", **knobs)


def _lora(shape: Shape, rank: int, targets: str, **knobs) -> Scenario:
    return Scenario(shape=shape.key, method="lora", lora_rank=rank, lora_targets=targets, **knobs)


def quick_grid() -> list[Scenario]:
    """~2 minutes: one row per knob value that decides most verdicts, an expected OOM included.
    Together these cover every value of every knob (asserted in test_measure.py)."""
    return [
        _full(LLAMA32_1B),
        _full(LLAMA32_1B, recipe="amp"),
        _full(LLAMA32_1B, optimizer="foreach", grad_ckpt=True),
        _lora(LLAMA32_1B, 16, "qv"),
        _full(LLAMA32_1B, attention="eager", seq_len=4096),
        _full(LLAMA31_8B, grad_ckpt=True),
        _lora(LLAMA31_8B, 16, "all-linear"),
        # fp32 weights + grads + Adam m, v = 16 B/param = 128 GB, plus foreach temporaries: expected OOM on 141 GB.
        _full(LLAMA31_8B, recipe="amp", optimizer="foreach", grad_ckpt=True, seq_len=512),
        _full(QWEN25_05B, micro_batch=4),
    ]


def full_grid() -> list[Scenario]:
    """The quick grid first, then sweeps, in priority order (the budget drops the tail first)."""
    sweeps = [
        # Micro-batch sweep (1 is in the quick grid): activations and logits grow linearly with b.
        *[_full(LLAMA32_1B, micro_batch=b) for b in (2, 4, 8)],
        # Sequence sweep 512..8192 at b=1.
        *[_full(LLAMA32_1B, seq_len=s) for s in (512, 1024, 4096, 8192)],
        # Gradient checkpointing on/off pairs.
        _full(LLAMA32_1B, grad_ckpt=True),
        _full(LLAMA32_1B, grad_ckpt=True, micro_batch=8),
        # Eager attention keeps a*s^2 scores; at 8192 on 1B this should not fit in 141 GB.
        _full(LLAMA32_1B, attention="eager"),
        _full(LLAMA32_1B, attention="eager", seq_len=8192),
        # AdamW fused vs foreach (foreach makes parameter-sized temporaries at the step).
        _full(LLAMA32_1B, optimizer="foreach"),
        _full(LLAMA32_3B),
        _full(LLAMA32_3B, optimizer="foreach"),
        _full(LLAMA32_3B, recipe="amp"),
        _full(LLAMA32_3B, grad_ckpt=True, seq_len=4096),
        # LoRA: rank and target sweep on 3B, with recipe and checkpointing variants.
        _lora(LLAMA32_3B, 8, "qv"),
        _lora(LLAMA32_3B, 16, "qv"),
        _lora(LLAMA32_3B, 16, "all-linear"),
        _lora(LLAMA32_3B, 16, "qv", grad_ckpt=True),
        _lora(LLAMA32_3B, 16, "qv", recipe="amp"),
        _lora(LLAMA32_1B, 8, "all-linear", micro_batch=4),
        # 8B: the sizes people ask about on one card.
        _full(LLAMA31_8B),
        _full(LLAMA31_8B, optimizer="foreach"),
        _full(LLAMA31_8B, grad_ckpt=True, seq_len=8192),
        _full(LLAMA31_8B, grad_ckpt=True, micro_batch=4),
        # amp on 8B with fused AdamW (no temporaries): 128 GB of states, borderline on 141 GB.
        _full(LLAMA31_8B, recipe="amp", grad_ckpt=True, seq_len=512),
        _lora(LLAMA31_8B, 8, "qv"),
        _lora(LLAMA31_8B, 16, "qv", seq_len=8192, grad_ckpt=True),
        _lora(LLAMA31_8B, 16, "all-linear", micro_batch=4),
        # Qwen2.5-0.5B: vocabulary 151,936 makes the loss the dominant transient.
        _full(QWEN25_05B),
        _full(QWEN25_05B, micro_batch=8, seq_len=4096),
        _lora(QWEN25_05B, 16, "all-linear", micro_batch=8),
    ]
    return _unique(quick_grid() + sweeps)


def dry_run_grid() -> list[Scenario]:
    """The quick grid's knob combinations on the tiny shape, on CPU, with small tensors."""
    return _unique([
        replace(s, shape=TINY.key, micro_batch=min(s.micro_batch, 2), seq_len=32, steps=3, device="cpu")
        for s in quick_grid()
    ])


def _unique(scenarios: list[Scenario]) -> list[Scenario]:
    seen: set[str] = set()
    out = []
    for s in scenarios:
        if s.id not in seen:
            seen.add(s.id)
            out.append(s)
    return out
