"""One scenario in one fresh process: build, train a few steps, report peaks as JSON.

Usage (the orchestrator measure.py calls it; run by hand to debug one scenario):
    python bench/gpu/worker.py '<scenario json>'      -> last stdout line `RESULT {...}`
    python bench/gpu/worker.py --probe [cuda|cpu]     -> environment facts only

A fresh process per scenario because the caching allocator, cuBLAS workspaces and the CUDA
context outlive any Python object: torch.cuda.empty_cache() does not return a process to zero.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
import traceback
from contextlib import nullcontext
from typing import Any, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from memory_probe import CpuProbe, CudaProbe, device_used_before_context  # noqa: E402
from scenarios import Scenario  # noqa: E402

RESULT_PREFIX = "RESULT "
LEARNING_RATE = 1e-5


def is_oom(error: BaseException) -> bool:
    """torch.cuda.OutOfMemoryError, plus the OOMs that surface as other errors: cuBLAS failing
    to allocate its workspace, or older torch raising a plain RuntimeError."""
    text = str(error)
    return type(error).__name__ == "OutOfMemoryError" or "out of memory" in text.lower() or "CUBLAS_STATUS_ALLOC_FAILED" in text


def environment(torch: Any, device: str) -> dict[str, Any]:
    import transformers

    env: dict[str, Any] = {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "alloc_conf": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "default"),
    }
    try:
        import peft

        env["peft"] = peft.__version__
    except Exception:
        env["peft"] = "missing"
    if device == "cuda":
        props = torch.cuda.get_device_properties(0)
        env.update(gpu_name=props.name, gpu_total_bytes=int(props.total_memory), cuda=torch.version.cuda,
                   cudnn=str(torch.backends.cudnn.version()), driver=driver_version())
    return env


def driver_version() -> Optional[str]:
    try:
        import pynvml  # type: ignore

        pynvml.nvmlInit()
        v = pynvml.nvmlSystemGetDriverVersion()
        return v.decode() if isinstance(v, bytes) else str(v)
    except Exception:
        pass
    try:
        import subprocess

        out = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20, check=True).stdout
        return out.strip().splitlines()[0]
    except Exception:
        return None


class Phase:
    """Where in the run we are, so an OOM row can say what ran out."""

    def __init__(self) -> None:
        self.step = 0
        self.name = "startup"


def train(s: Scenario, torch: Any, probe: Any, phase: Phase, result: dict[str, Any]) -> None:
    """Build, then `steps` optimizer steps on random tokens. Peaks of step 1 (which also creates
    the AdamW states) are read before reset_peak_memory_stats(); steps 2..n give the steady peak."""
    from build import build_model

    phase.name = "model build"
    model, facts = build_model(s)
    result.update(facts)
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=LEARNING_RATE, **{s.optimizer: True})
    generator = torch.Generator(device=s.device).manual_seed(0)
    tokens = torch.randint(0, s.model.vocab, (s.micro_batch, s.seq_len), device=s.device, generator=generator)
    autocast = torch.autocast(s.device, dtype=torch.bfloat16) if s.recipe == "amp" else nullcontext()

    probe.reset_peaks()  # the run starts after the model exists; construction is not training
    step_seconds: list[float] = []
    losses: list[float] = []
    first_step: dict[str, Any] = {}
    for step in range(1, s.steps + 1):
        phase.step = step
        sync(torch, s)
        started = time.perf_counter()
        phase.name = "forward"
        with autocast:
            # labels=input_ids: HF shifts internally and runs its default (unchunked) loss.
            loss = model(input_ids=tokens, labels=tokens, use_cache=False).loss
        probe.sample()
        phase.name = "backward"
        loss.backward()
        probe.sample()
        phase.name = "optimizer step"
        optimizer.step()
        probe.sample()
        optimizer.zero_grad(set_to_none=True)
        sync(torch, s)
        step_seconds.append(time.perf_counter() - started)
        losses.append(float(loss.detach().float().item()))
        del loss
        if step == 1:
            first_step = probe.peaks()
            result["first_step_peaks"] = first_step  # kept for an OOM in a later step
            probe.reset_peaks()
    phase.name = "done"
    steady = probe.peaks()
    result.update(step_seconds=step_seconds, losses=losses)
    record_peaks(result, first_step, steady)


def record_peaks(result: dict[str, Any], first: dict[str, Any], steady: dict[str, Any]) -> None:
    """Whole run = max(step 1, steps 2..n) for each metric; device method from the steady read."""
    for metric in ("allocated", "reserved", "device"):
        values = [v for v in (first.get(metric), steady.get(metric)) if v is not None]
        result[f"{metric}_run"] = max(values) if values else None
        result[f"{metric}_steady"] = steady.get(metric)
    result["device_method"] = steady.get("device_method") or first.get("device_method")
    for key in ("device_used_max", "nvml_process_max"):
        values = [v for v in (first.get(key), steady.get(key)) if v is not None]
        result[key] = max(values) if values else None


def sync(torch: Any, s: Scenario) -> None:
    if s.device == "cuda":
        torch.cuda.synchronize()


def run(s: Scenario) -> dict[str, Any]:
    result: dict[str, Any] = {"scenario": json.loads(s.to_json()), "status": "error"}
    # Before torch exists: what the device already holds (other processes, driver reservations).
    baseline, baseline_method = device_used_before_context() if s.device == "cuda" else (None, "cpu")
    import torch

    phase = Phase()
    probe: Any = CpuProbe()
    try:
        if s.device == "cuda":
            if not torch.cuda.is_available():
                raise RuntimeError("CUDA is not available to torch in this process")
            torch.cuda.init()
            torch.zeros(1, device="cuda")  # create the context now, so context_bytes is measured alone
            probe = CudaProbe(torch, baseline, baseline_method)
            probe.measure_context()
        result.update(env=environment(torch, s.device), baseline_used=baseline, context_bytes=probe.context_bytes)
        train(s, torch, probe, phase, result)
        result["status"] = "ok"
    except BaseException as error:  # noqa: BLE001 -- every failure must become a RESULT line
        if is_oom(error):
            result["status"] = "oom"
            result["oom"] = {"step": phase.step, "phase": phase.name, "message": str(error)}
            record_peaks(result, result.get("first_step_peaks", {}), probe.snapshot_on_oom())
        else:
            result["error"] = "".join(traceback.format_exception(type(error), error, error.__traceback__))[-4000:]
        result.setdefault("env", {})
    return result


def probe_environment(device: str) -> dict[str, Any]:
    """Facts shared by every row, checked once before the grid starts."""
    baseline, method = device_used_before_context() if device == "cuda" else (None, "cpu")
    import torch

    info: dict[str, Any] = {"status": "ok", "baseline_used": baseline, "baseline_method": method}
    try:
        if device == "cuda" and not torch.cuda.is_available():
            raise RuntimeError(f"torch {torch.__version__} sees no CUDA device (torch.version.cuda={torch.version.cuda})")
        info["env"] = environment(torch, device)
    except Exception as error:  # noqa: BLE001
        info.update(status="error", error=str(error))
    return info


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "--probe":
        report = probe_environment(argv[1] if len(argv) > 1 else "cuda")
    else:
        report = run(Scenario.from_json(argv[0]))
    print(RESULT_PREFIX + json.dumps(report), flush=True)
    return 0 if report["status"] in ("ok", "oom") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
