#!/usr/bin/env python3
"""Measure real training peaks on this machine's GPU for a grid of scenarios (GitHub issue 3).

    python bench/gpu/measure.py                 # full grid, < 8 minutes on one H200
    python bench/gpu/measure.py --quick         # ~2 minute subset
    python bench/gpu/measure.py --dry-run       # tiny models on CPU: checks the pipeline, no GPU
    python bench/gpu/measure.py --list          # the plan and its time estimates, runs nothing

Each scenario runs in a fresh worker process (worker.py) with a timeout; an out-of-memory
becomes an "OOM" row. Rows go to bench/gpu/results/<gpu>-<date>.csv in the columns of
shared/reference/measured.csv, with a .jsonl beside it holding every raw result. This process
imports no torch, so it holds no CUDA context while the workers measure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from typing import Any, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from budget import Calibration, estimate_seconds, fits_now, plan, timeout_seconds  # noqa: E402
from report import render_table, summary_line  # noqa: E402
from rows import csv_header, gpu_label, rows_for, to_csv  # noqa: E402
from scenarios import Scenario, dry_run_grid, full_grid, quick_grid  # noqa: E402

WORKER = os.path.join(HERE, "worker.py")
RESULT_PREFIX = "RESULT "
PROBE_TIMEOUT_S = 180.0
DEFAULT_MINUTES = {"full": 7.25, "quick": 2.0, "dry-run": 5.0}  # full stays under the 8-minute goal


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="the ~2 minute subset")
    mode.add_argument("--dry-run", action="store_true", help="tiny configs on CPU; writes to a temp dir")
    p.add_argument("--max-minutes", type=float, default=None, help="stop launching scenarios past this budget")
    p.add_argument("--steps", type=int, default=None, help="optimizer steps per scenario (>= 3)")
    p.add_argument("--only", action="append", default=[], help="keep scenario ids containing this text (repeatable)")
    p.add_argument("--list", action="store_true", help="print the plan and exit")
    p.add_argument("--out", default=None, help="CSV path (default bench/gpu/results/<gpu>-<date>.csv)")
    p.add_argument("--python", default=sys.executable, help="interpreter for the worker processes")
    return p.parse_args(argv)


def select_scenarios(args: argparse.Namespace, have_peft: bool) -> tuple[list[Scenario], list[str]]:
    """The grid for the mode, filtered; returns the scenarios and the reasons anything was dropped."""
    grid = dry_run_grid() if args.dry_run else quick_grid() if args.quick else full_grid()
    notes = []
    if args.steps is not None:
        grid = [replace(s, steps=args.steps) for s in grid]
    if args.only:
        grid = [s for s in grid if any(text in s.id for text in args.only)]
    if not have_peft:
        lora = [s for s in grid if s.method == "lora"]
        if lora:
            notes.append(f"peft is not importable: skipping {len(lora)} LoRA scenarios")
        grid = [s for s in grid if s.method != "lora"]
    return grid, notes


def worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        TOKENIZERS_PARALLELISM="false",
        CUDA_DEVICE_ORDER="PCI_BUS_ID",  # so NVML's and CUDA's device 0 are the same card
        PYTHONUNBUFFERED="1",
    )
    return env


def run_worker(python: str, arg: list[str], timeout: float) -> tuple[dict[str, Any], float]:
    """Runs worker.py; returns its RESULT (or a synthetic one for a timeout / crash) and the wall time."""
    started = time.monotonic()
    try:
        done = subprocess.run([python, WORKER, *arg], capture_output=True, text=True, timeout=timeout,
                              env=worker_env(), cwd=HERE)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "error": f"killed after {timeout:.0f} s"}, time.monotonic() - started
    wall = time.monotonic() - started
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(RESULT_PREFIX):
            return json.loads(line[len(RESULT_PREFIX):]), wall
    tail = (done.stderr or done.stdout)[-3000:]
    return {"status": "crash", "error": f"exit code {done.returncode}, no RESULT line; output tail:\n{tail}"}, wall


def output_path(args: argparse.Namespace, env: dict[str, Any], today: dt.date) -> str:
    if args.out:
        return args.out
    if args.dry_run:
        return os.path.join(tempfile.gettempdir(), f"headroom-gpu-dry-run-{today.isoformat()}.csv")
    base = os.path.join(HERE, "results", f"{gpu_label(env.get('gpu_name', 'gpu')).lower()}-{today.isoformat()}")
    path, n = base + ".csv", 2
    while os.path.exists(path):  # never overwrite an earlier run of the same day
        path, n = f"{base}-{n}.csv", n + 1
    return path


def print_plan(kept: list[Scenario], skipped: list[Scenario], budget_s: float) -> None:
    total = sum(estimate_seconds(s) for s in kept)
    print(f"plan: {len(kept)} scenarios, estimated {total / 60:.1f} min of a {budget_s / 60:.1f} min budget")
    for s in kept:
        print(f"  {estimate_seconds(s):6.1f} s  {s.id}")
    for s in skipped:
        print(f"  if time allows: {s.id} ({estimate_seconds(s):.1f} s)")


def main(argv: list[str]) -> int:
    started = time.monotonic()
    args = parse_args(argv)
    mode = "dry-run" if args.dry_run else "quick" if args.quick else "full"
    budget_s = 60.0 * (args.max_minutes if args.max_minutes is not None else DEFAULT_MINUTES[mode])
    have_peft = importlib.util.find_spec("peft") is not None
    try:
        grid, notes = select_scenarios(args, have_peft)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"note: {note}")
    kept, skipped = plan(grid, budget_s)
    print_plan(kept, skipped, budget_s)
    if args.list or not kept:
        return 0 if args.list else 1

    device = "cpu" if args.dry_run else "cuda"
    probe, _ = run_worker(args.python, ["--probe", device], PROBE_TIMEOUT_S)
    if probe.get("status") != "ok":
        print(f"error: environment check failed: {probe.get('error')}", file=sys.stderr)
        return 2
    env = probe.get("env", {})
    print("environment: " + ", ".join(f"{k}={v}" for k, v in sorted(env.items())))
    if env.get("peft") == "missing" and any(s.method == "lora" for s in grid):
        print("note: the workers' interpreter has no peft: LoRA scenarios are skipped")
        grid = [s for s in grid if s.method != "lora"]
    if probe.get("baseline_used") and probe["baseline_used"] > 2e9:
        print(f"warning: {probe['baseline_used'] / 1e9:.1f} GB already in use on the GPU; device rows subtract it")

    today = dt.datetime.now(dt.timezone.utc).date()
    path = output_path(args, env, today)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    label = f"GPU harness run {today.isoformat()} ({env.get('gpu_name', 'CPU dry run')})"
    # The whole grid goes in, in priority order: the per-launch guard with the calibrated
    # estimates decides, so a machine faster than the estimates also runs the tail.
    lines, failures, written = run_grid(args, grid, path, label, env, started, budget_s)

    print()
    print(render_table(lines))
    print(f"\n{written} rows -> {path}\nraw results -> {path[:-4]}.jsonl\n"
          f"total {(time.monotonic() - started) / 60:.1f} min")
    for scenario_id, error in failures:
        print(f"\nFAILED {scenario_id}:\n{error}", file=sys.stderr)
    return 1 if failures or written == 0 else 0


def run_grid(args: argparse.Namespace, grid: list[Scenario], path: str, label: str, env: dict[str, Any],
             started: float, budget_s: float) -> tuple[list[list[str]], list[tuple[str, str]], int]:
    """Launch each planned scenario while the budget allows; append its rows as soon as it ends,
    so an interrupted run keeps what it measured."""
    calibration = Calibration()
    lines: list[list[str]] = []
    failures: list[tuple[str, str]] = []
    written = 0
    with open(path, "w", encoding="utf-8", newline="") as csv_file, \
            open(path[:-4] + ".jsonl", "w", encoding="utf-8") as raw_file:
        csv_file.write(csv_header())
        for i, s in enumerate(grid, 1):
            elapsed = time.monotonic() - started
            if not fits_now(s, elapsed, budget_s, calibration.scale):
                lines.append(summary_line(s.id, {"status": "skipped (budget)"}, None))
                continue
            timeout = timeout_seconds(s, calibration.scale, elapsed, budget_s)
            print(f"[{i}/{len(grid)}] {s.id} (est {estimate_seconds(s) * calibration.scale:.0f} s, timeout {timeout:.0f} s) ...",
                  end=" ", flush=True)
            result, wall = run_worker(args.python, [s.to_json()], timeout)
            result.setdefault("scenario", json.loads(s.to_json()))
            result["env"] = {**env, **(result.get("env") or {})}
            result["wall_seconds"] = wall
            calibration.record(s, wall)
            print(f"{result['status']} in {wall:.1f} s", flush=True)
            rows = rows_for(result, label)
            csv_file.write(to_csv(rows, header=False))
            csv_file.flush()
            raw_file.write(json.dumps(result) + "\n")
            raw_file.flush()
            written += len(rows)
            lines.append(summary_line(s.id, result, wall))
            if result["status"] in ("error", "crash"):
                failures.append((s.id, str(result.get("error", ""))[-2000:]))
    return lines, failures, written


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
