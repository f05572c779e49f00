"""Time budget: estimate each scenario's wall time, pick what fits, and learn from what ran.

The grid must finish in under 8 minutes on one H200, so every launch is planned against a
wall-clock budget. Estimates are deliberately pessimistic; after each scenario the planner
rescales the rest by how far off it was (Calibration), so a slow box drops the tail of the
grid instead of running over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scenarios import Scenario

# A fresh process: Python + `import torch, transformers` (+ peft) + CUDA context and cuBLAS
# handle. Seen ~10-13 s on a busy 2-core CPU box for the imports alone; a 16-core GPU host is
# faster, so 12 s is the pessimistic side.
STARTUP_S = 12.0
# Effective bf16 throughput of an eager (uncompiled) HF training step. H200 SXM dense bf16 peak
# is 989 TFLOP/s (NVIDIA H200 datasheet); HF eager steps reach ~30-40 % MFU, we assume 25 %.
EFFECTIVE_FLOPS = 250e12
# HBM3e bandwidth 4.8 TB/s (H200 datasheet); elementwise optimizer kernels reach ~60 %.
EFFECTIVE_BYTES_PER_S = 3e12
# Building the model: allocation plus HF's normal_() init on the GPU, per parameter byte.
BUILD_BYTES_PER_S = 20e9
# Eager attention materialises scores and runs softmax in fp32: several times slower than SDPA.
EAGER_ATTENTION_SLOWDOWN = 3.0
CPU_DRY_RUN_S = 15.0  # tiny model on a CPU: the imports dominate


def step_flops(s: Scenario) -> float:
    """Matmul FLOPs of one training step (Kaplan et al. 2020 / Narayanan et al. 2021):
    forward 2*P*T; backward 4*P*T for full fine-tuning (grads of inputs and weights), 2*P*T for
    LoRA (frozen weights need no weight grads); recompute adds one forward. Attention scores
    and attn*V: 4*b*s^2*h per layer forward, 2x that backward."""
    params = s.model.approx_params
    tokens = s.micro_batch * s.seq_len
    backward_factor = 4 if s.method == "full" else 2
    forward_passes = 2 if s.grad_ckpt else 1
    linear = (2 * forward_passes + backward_factor) * params * tokens
    attention = 4 * s.micro_batch * s.seq_len**2 * s.model.hidden * s.model.layers * (forward_passes + 2)
    if s.attention == "eager":
        attention *= EAGER_ATTENTION_SLOWDOWN
    return linear + attention


def optimizer_seconds(s: Scenario) -> float:
    """AdamW reads param, grad, m, v and writes param, m, v: ~7 tensors of the trainable size
    (the ZeRO paper's 16 B/param states, read and written once). foreach also writes temporaries."""
    if s.method == "lora":
        return 0.01
    bytes_per_param = 4 if s.recipe == "amp" else 2
    traffic = 7 * bytes_per_param * s.model.approx_params
    if s.optimizer == "foreach":
        traffic *= 2
    return traffic / EFFECTIVE_BYTES_PER_S


def estimate_seconds(s: Scenario) -> float:
    """Pessimistic wall time of one scenario, process start to exit."""
    if s.device == "cpu":
        return CPU_DRY_RUN_S
    weight_bytes = (4 if s.recipe == "amp" else 2) * s.model.approx_params
    build = weight_bytes / BUILD_BYTES_PER_S
    step = step_flops(s) / EFFECTIVE_FLOPS + optimizer_seconds(s)
    return STARTUP_S + build + s.steps * step


# A launched scenario may overrun the --max-minutes deadline by at most this much.
DEADLINE_GRACE_S = 30.0


def timeout_seconds(s: Scenario, scale: float, elapsed: float, budget_seconds: float) -> float:
    """Kill a scenario that takes 3x its (calibrated) estimate, but never sooner than 60 s (a
    stuck process must not eat the grid, a slow one should still finish), and never later than
    the deadline plus a short grace (the whole grid must end on time)."""
    generous = max(60.0, 3.0 * estimate_seconds(s) * scale)
    return min(generous, max(1.0, budget_seconds - elapsed + DEADLINE_GRACE_S))


@dataclass
class Calibration:
    """Ratio of actual to estimated wall time over the scenarios run so far."""

    estimated: float = 0.0
    actual: float = 0.0
    samples: list[float] = field(default_factory=list)

    def record(self, scenario: Scenario, wall_seconds: float) -> None:
        self.estimated += estimate_seconds(scenario)
        self.actual += wall_seconds
        self.samples.append(wall_seconds)

    @property
    def scale(self) -> float:
        """Never below 0.5: one lucky run must not make the planner reckless."""
        if self.estimated <= 0:
            return 1.0
        return max(0.5, self.actual / self.estimated)


def plan(scenarios: list[Scenario], budget_seconds: float, scale: float = 1.0) -> tuple[list[Scenario], list[Scenario]]:
    """Keep scenarios in priority order while their scaled estimates fit the budget; a scenario
    that does not fit is skipped but cheaper ones after it may still run. Returns (kept, skipped)."""
    kept: list[Scenario] = []
    skipped: list[Scenario] = []
    used = 0.0
    for s in scenarios:
        cost = estimate_seconds(s) * scale
        if used + cost <= budget_seconds:
            kept.append(s)
            used += cost
        else:
            skipped.append(s)
    return kept, skipped


def fits_now(s: Scenario, elapsed: float, budget_seconds: float, scale: float) -> bool:
    """The --max-minutes guard, checked before every launch."""
    return elapsed + estimate_seconds(s) * scale <= budget_seconds
