"""CSV rows in exactly the columns and value conventions of shared/reference/measured.csv.

One row per (scenario, metric): allocated (-a), reserved (-r) and nvidia-smi-style device
usage (-d). The accuracy benchmark (bench/accuracy/gpu-rows.ts) rebuilds a request from the
columns, so these conventions are a contract:
  - method: full | lora;  grad_ckpt: yes | no;  lora_rank: the rank or empty;
  - weight_precision contains "fp32" only for the amp recipe (fp32 model + bf16 autocast);
  - optimizer names exactly one of "fused" / "foreach";
  - flash_attn contains "eager" only for eager attention;
  - notes contain "all-linear" only for all-linear LoRA;
  - peak_gb_per_gpu is decimal GB (1e9 bytes, like the reference) or "OOM".
"""

from __future__ import annotations

import csv
import io
from typing import Any

from scenarios import Scenario

COLUMNS = [
    "id", "source", "table_or_figure", "url_or_repo_path", "measured", "model", "params_b", "layers", "hidden",
    "heads", "kv_heads", "ffn", "vocab", "method", "weight_precision", "compute_precision", "optimizer",
    "zero_stage", "dp", "tp", "pp", "offload", "micro_batch", "seq_len", "grad_ckpt", "flash_attn", "lora_rank",
    "gpu", "peak_gb_per_gpu", "what_measured", "notes",
]

# (id suffix, what_measured, result key of the whole-run peak, result key of the steps-2..n peak)
METRICS = [
    ("a", "allocated", "allocated_run", "allocated_steady"),
    ("r", "reserved", "reserved_run", "reserved_steady"),
    ("d", "nvidia-smi", "device_run", "device_steady"),
]

SOURCE = "headroom bench/gpu/measure.py"
REPO_PATH = "bench/gpu/measure.py"
LORA_TARGET_MODULES = {"qv": "q_proj,v_proj", "all-linear": "all-linear"}


def gigabytes(n_bytes: int) -> str:
    """Decimal GB with MB resolution, the unit of the reference table."""
    return f"{n_bytes / 1e9:.3f}"


def params_billions(count: float) -> str:
    """Four significant digits, like the reference's 1.236 / 0.494 / 8.03."""
    return f"{count / 1e9:.4g}"


def gpu_label(device_name: str) -> str:
    """`NVIDIA H200` -> `H200`, `NVIDIA H100 80GB HBM3` -> `H100-80GB-HBM3`: NVIDIA's own name."""
    name = device_name.strip()
    if name.upper().startswith("NVIDIA "):
        name = name[len("NVIDIA "):]
    return "-".join(name.split()) or "unknown-gpu"


def weight_precision(s: Scenario) -> str:
    return "fp32 master + bf16 autocast" if s.recipe == "amp" else "bf16"


def compute_precision(s: Scenario) -> str:
    return "bf16 (mixed)" if s.recipe == "amp" else "bf16"


def optimizer_label(s: Scenario, trainable_dtypes: list[str]) -> str:
    states = "/".join(sorted({d.replace("torch.", "").replace("float32", "fp32").replace("bfloat16", "bf16") for d in trainable_dtypes}))
    return f"AdamW (torch, {s.optimizer}; states {states or 'unknown'})"


def flash_attn_label(s: Scenario) -> str:
    return "no (eager)" if s.attention == "eager" else "sdpa"


def knob_notes(s: Scenario, result: dict[str, Any]) -> list[str]:
    """How the run was configured, in words a reader can reproduce."""
    recipe = (
        "amp: fp32 model, torch.autocast(bfloat16) around forward+loss, no GradScaler"
        if s.recipe == "amp"
        else "pure bf16: model in bfloat16, no master copy"
    )
    notes = [
        "random weights via AutoModelForCausalLM.from_config (no download)",
        f"recipe={recipe}",
        f"attn_implementation={result.get('attn_implementation', s.attention)}",
        f"optimizer=torch.optim.AdamW({s.optimizer}=True) lr=1e-5",
        "loss=HF default (labels=input_ids, full fp32 logits; no chunked CE)",
        f"steps={s.steps} (step 1 creates optimizer states)",
        f"trainable_params={result.get('params_trainable', '?')}",
    ]
    if s.method == "lora":
        lora = result.get("lora", {})
        notes.append(
            f"lora targets={LORA_TARGET_MODULES[s.lora_targets]} r={s.lora_rank} alpha={lora.get('alpha', 2 * s.lora_rank)} "
            f"dropout={lora.get('dropout', 0.0)} adapters={','.join(result.get('trainable_dtypes', []))} (PEFT autocast_adapter_dtype)"
        )
    if s.grad_ckpt:
        notes.append("gradient_checkpointing_enable(use_reentrant=False)")
    return notes


def measurement_notes(metric: str, run_key: str, steady_key: str, result: dict[str, Any]) -> list[str]:
    notes = [
        f"value=whole run peak (steps 1..n, after model build) {result.get(run_key)} B",
        f"steady peak (steps 2..n after reset_peak_memory_stats) {result.get(steady_key)} B",
    ]
    if metric == "nvidia-smi":
        notes.append(f"device method={result.get('device_method')}")
        for key in ("device_used_max", "baseline_used", "nvml_process_max", "context_bytes"):
            if result.get(key) is not None:
                notes.append(f"{key}={result[key]} B")
    steps = result.get("step_seconds") or []
    if steps:
        notes.append("step_s=" + ",".join(f"{t:.3f}" for t in steps))
    if result.get("losses"):
        notes.append("loss=" + ",".join(f"{x:.3f}" for x in result["losses"]))
    return notes


def env_notes(env: dict[str, Any]) -> list[str]:
    keys = ("gpu_name", "gpu_total_bytes", "torch", "cuda", "cudnn", "transformers", "peft", "driver", "alloc_conf", "python")
    return [f"{k}={env[k]}" for k in keys if env.get(k) not in (None, "")]


def oom_notes(result: dict[str, Any]) -> list[str]:
    oom = result.get("oom") or {}
    message = " ".join(str(oom.get("message", "")).split())[:300]
    return [
        f"OOM at step {oom.get('step')} during {oom.get('phase')}",
        f"peak allocated before OOM {result.get('allocated_run')} B, reserved {result.get('reserved_run')} B",
        f"message: {message}",
    ]


def rows_for(result: dict[str, Any], run_label: str) -> list[dict[str, str]]:
    """The CSV rows of one finished scenario; none for a timeout or a crash (not a measurement)."""
    status = result.get("status")
    if status not in ("ok", "oom"):
        return []
    s = Scenario.from_json(result["scenario"]) if isinstance(result["scenario"], str) else Scenario(**result["scenario"])
    env = result.get("env", {})
    m = s.model
    params = result.get("params_total")
    common = {
        "source": SOURCE,
        "table_or_figure": run_label,
        "url_or_repo_path": REPO_PATH,
        "measured": "yes",
        "model": m.name,
        "params_b": params_billions(params or m.approx_params),
        "layers": str(m.layers),
        "hidden": str(m.hidden),
        "heads": str(m.heads),
        "kv_heads": str(m.kv_heads),
        "ffn": str(m.ffn),
        "vocab": str(m.vocab),
        "method": s.method,
        "weight_precision": weight_precision(s),
        "compute_precision": compute_precision(s),
        "optimizer": optimizer_label(s, result.get("trainable_dtypes", [])),
        "zero_stage": "0",
        "dp": "1",
        "tp": "1",
        "pp": "1",
        "offload": "none",
        "micro_batch": str(s.micro_batch),
        "seq_len": str(s.seq_len),
        "grad_ckpt": "yes" if s.grad_ckpt else "no",
        "flash_attn": flash_attn_label(s),
        "lora_rank": str(s.lora_rank) if s.method == "lora" else "",
        "gpu": gpu_label(env.get("gpu_name", "")) if s.device == "cuda" else "CPU (dry run)",
    }
    rows = []
    for suffix, metric, run_key, steady_key in METRICS:
        value = result.get(run_key)
        if status == "ok" and value is None:
            continue  # e.g. no way to read device usage: leave the metric out rather than guess
        peak = "OOM" if status == "oom" else gigabytes(value)
        detail = oom_notes(result) if status == "oom" else measurement_notes(metric, run_key, steady_key, result)
        if s.device == "cpu":
            detail = ["DRY RUN on CPU: values are process max RSS, not GPU memory"] + detail
        notes = "; ".join(detail + knob_notes(s, result) + env_notes(env) + [f"shape source {m.source}"])
        rows.append({**common, "id": f"HR-{s.id}-{suffix}", "peak_gb_per_gpu": peak, "what_measured": metric, "notes": notes})
    return rows


def csv_header() -> str:
    return to_csv([])


def to_csv(rows: list[dict[str, str]], header: bool = True) -> str:
    """RFC 4180 text, quoting only where needed, like the reference file."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n", extrasaction="raise")
    if header:
        writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
