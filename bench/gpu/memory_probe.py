"""Reading GPU memory three ways, as DESIGN.md §3.5 defines them:

- allocated: torch.cuda.max_memory_allocated() -- live tensors;
- reserved:  torch.cuda.max_memory_reserved()  -- plus the caching allocator's slack;
- device:    what nvidia-smi shows for this process -- plus the CUDA context, kernels and the
             cuBLAS/cuDNN workspaces that live outside PyTorch's allocator.

`device` has no peak counter, so it is sampled at every phase of every step (after forward,
backward and the optimizer step). Without torch.cuda.empty_cache() the allocator never returns
memory, so the maximum sample is the peak up to the allocator's own behaviour on an OOM retry.
Preference order: NVML's per-process usage for our pid (exactly nvidia-smi's process row);
else cudaMemGetInfo (total - free) minus the device usage before our context was created;
else raw total - free.
"""

from __future__ import annotations

import os
import resource
import subprocess
from typing import Any, Optional


def _nvml() -> Any:
    """pynvml (package nvidia-ml-py) if importable and initialisable, else None."""
    try:
        import pynvml  # type: ignore

        pynvml.nvmlInit()
        return pynvml
    except Exception:
        return None


def _nvml_handle(nvml: Any) -> Any:
    """The NVML handle of CUDA device 0 of this process. The orchestrator sets
    CUDA_DEVICE_ORDER=PCI_BUS_ID so CUDA and NVML indices agree."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    try:
        if visible.startswith(("GPU-", "MIG-")):
            return nvml.nvmlDeviceGetHandleByUUID(visible)
        return nvml.nvmlDeviceGetHandleByIndex(int(visible) if visible else 0)
    except Exception:
        return None


def device_used_before_context() -> tuple[Optional[int], str]:
    """Bytes in use on the device before this process touches CUDA (other processes, driver
    reservations). Must run before `import torch` creates a context."""
    nvml = _nvml()
    if nvml is not None:
        handle = _nvml_handle(nvml)
        if handle is not None:
            try:
                return int(nvml.nvmlDeviceGetMemoryInfo(handle).used), "nvml"
            except Exception:
                pass
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits", "-i", "0"],
            capture_output=True, text=True, timeout=20, check=True,
        ).stdout.strip().splitlines()
        return int(float(out[0])) * 2**20, "nvidia-smi"  # nounits: MiB
    except Exception:
        return None, "unavailable"


class CudaProbe:
    """Peak counters of the caching allocator plus sampled device usage."""

    def __init__(self, torch: Any, baseline_used: Optional[int], baseline_method: str):
        self.torch = torch
        self.baseline_used = baseline_used
        self.baseline_method = baseline_method
        self.nvml = _nvml()
        self.handle = _nvml_handle(self.nvml) if self.nvml is not None else None
        self.pid = os.getpid()
        self.used_max = 0  # max of cudaMemGetInfo total - free
        self.process_max: Optional[int] = None  # max of NVML per-process usage
        self.context_bytes: Optional[int] = None

    def _process_usage(self) -> Optional[int]:
        if self.handle is None:
            return None
        try:
            procs = self.nvml.nvmlDeviceGetComputeRunningProcesses(self.handle)
        except Exception:
            return None
        mine = [p for p in procs if p.pid == self.pid]
        # In a container NVML may report host pids; a lone process on the device is then us.
        if not mine and len(procs) == 1:
            mine = procs
        values = [p.usedGpuMemory for p in mine if isinstance(p.usedGpuMemory, int)]
        return max(values) if values else None

    def sample(self) -> None:
        free, total = self.torch.cuda.mem_get_info()
        self.used_max = max(self.used_max, total - free)
        proc = self._process_usage()
        if proc is not None:
            self.process_max = proc if self.process_max is None else max(self.process_max, proc)

    def measure_context(self) -> None:
        """Device usage right after the context exists (before the model), minus the baseline:
        the fixed cost DESIGN.md §3.5 adds on top of reserved."""
        self.sample()
        if self.baseline_used is not None:
            self.context_bytes = self.used_max - self.baseline_used

    def reset_peaks(self) -> None:
        self.torch.cuda.synchronize()
        self.torch.cuda.reset_peak_memory_stats()
        self.used_max = 0
        self.process_max = None

    def peaks(self) -> dict[str, Any]:
        self.torch.cuda.synchronize()
        self.sample()
        device, method = self.device_bytes()
        return {
            "allocated": int(self.torch.cuda.max_memory_allocated()),
            "reserved": int(self.torch.cuda.max_memory_reserved()),
            "device": device,
            "device_method": method,
            "device_used_max": self.used_max,
            "nvml_process_max": self.process_max,
        }

    def device_bytes(self) -> tuple[int, str]:
        if self.process_max is not None:
            return self.process_max, "nvml per-process usedGpuMemory (nvidia-smi process row)"
        if self.baseline_used is not None:
            return self.used_max - self.baseline_used, f"cudaMemGetInfo total-free minus pre-context usage ({self.baseline_method})"
        return self.used_max, "cudaMemGetInfo total-free, raw (includes driver reservations and other processes)"

    def snapshot_on_oom(self) -> dict[str, Any]:
        """Peaks after an OOM: the counters still hold the high-water mark before the failure."""
        try:
            return self.peaks()
        except Exception:
            return {}


class CpuProbe:
    """--dry-run stand-in: the process max RSS for every metric, so the CSV path is exercised.
    Not GPU memory; such rows carry a DRY RUN note and never go to results/."""

    baseline_used = None
    context_bytes = None

    def sample(self) -> None:
        pass

    def measure_context(self) -> None:
        pass

    def reset_peaks(self) -> None:
        pass

    def peaks(self) -> dict[str, Any]:
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux reports KiB
        return {"allocated": rss, "reserved": rss, "device": rss, "device_method": "dry run: max RSS",
                "device_used_max": None, "nvml_process_max": None}

    def snapshot_on_oom(self) -> dict[str, Any]:
        return self.peaks()
