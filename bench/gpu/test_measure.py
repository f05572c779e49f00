"""Tests of the GPU harness that run anywhere: `python3 -m unittest discover -s bench/gpu`.

The pure-Python parts (grid, budget, CSV rows, table, orchestration) need nothing installed.
Tests that build models need torch + transformers (+ peft) and skip without them; none needs a GPU.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import os
import random
import re
import sys
import tempfile
import textwrap
import unittest
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import budget  # noqa: E402
import measure  # noqa: E402
import report  # noqa: E402
import rows  # noqa: E402
import worker  # noqa: E402
from memory_probe import CudaProbe  # noqa: E402
from scenarios import ATTENTIONS, LORA_TARGETS, METHODS, OPTIMIZERS, RECIPES, Scenario, dry_run_grid, full_grid, quick_grid  # noqa: E402
from shapes import LLAMA31_8B, LLAMA32_1B, LLAMA32_3B, QWEN25_05B, SHAPES  # noqa: E402

HAVE_TORCH = all(importlib.util.find_spec(m) is not None for m in ("torch", "transformers"))
HAVE_PEFT = importlib.util.find_spec("peft") is not None
REFERENCE_CSV = "/work/shared/reference/measured.csv"


def random_scenario(rng: random.Random) -> Scenario:
    method = rng.choice(METHODS)
    lora = method == "lora"
    return Scenario(
        shape=rng.choice([s for s in SHAPES if s != "tiny"]), method=method, recipe=rng.choice(RECIPES),
        optimizer=rng.choice(OPTIMIZERS), attention=rng.choice(ATTENTIONS), micro_batch=rng.choice([1, 2, 4, 8]),
        seq_len=rng.choice([512, 1024, 2048, 4096, 8192]), grad_ckpt=rng.random() < 0.5,
        lora_rank=rng.choice([8, 16, 64]) if lora else 0, lora_targets=rng.choice(LORA_TARGETS) if lora else "",
    )


def expected_lora_params(s: Scenario) -> int:
    """LoRA adds r*(d_in + d_out) per adapted matrix (Hu et al. 2021; DESIGN.md §3.2)."""
    m = s.model
    kv = m.kv_heads * m.hidden // m.heads
    matrices = {"q": (m.hidden, m.hidden), "k": (m.hidden, kv), "v": (m.hidden, kv), "o": (m.hidden, m.hidden),
                "gate": (m.hidden, m.ffn), "up": (m.hidden, m.ffn), "down": (m.ffn, m.hidden)}
    targets = ("q", "v") if s.lora_targets == "qv" else tuple(matrices)
    return m.layers * sum(s.lora_rank * sum(matrices[t]) for t in targets)


def ok_result(s: Scenario, **extra) -> dict:
    base = {
        "scenario": json.loads(s.to_json()), "status": "ok", "params_total": 1_235_814_400, "params_trainable": 1_235_814_400,
        "trainable_dtypes": ["torch.bfloat16"], "attn_implementation": s.attention,
        "allocated_run": 12_345_678_901, "allocated_steady": 12_000_000_000, "reserved_run": 13_000_000_000,
        "reserved_steady": 13_000_000_000, "device_run": 14_000_000_000, "device_steady": 14_000_000_000,
        "device_method": "nvml per-process", "step_seconds": [1.0, 0.5, 0.5, 0.5], "losses": [11.9, 11.9, 11.8, 11.8],
        "env": {"gpu_name": "NVIDIA H200", "torch": "2.5.1", "transformers": "4.46.0"},
    }
    base.update(extra)
    return base


class ShapeTests(unittest.TestCase):
    def test_shape_parameter_counts_match_published_totals(self):
        # Totals: KerasHub presets / safetensors indexes, as in src/catalog/models/*.ts.
        self.assertEqual(LLAMA32_1B.approx_params, 1_235_814_400)
        self.assertEqual(LLAMA32_3B.approx_params, 3_212_749_824)
        self.assertEqual(LLAMA31_8B.approx_params, 8_030_261_248)
        # Qwen2.5 has q, k, v biases (h + 2*g*d per layer) that the budgeting count leaves out.
        biases = QWEN25_05B.layers * (QWEN25_05B.hidden + 2 * QWEN25_05B.kv_heads * QWEN25_05B.hidden // QWEN25_05B.heads)
        self.assertEqual(QWEN25_05B.approx_params + biases, 494_032_768)


class GridTests(unittest.TestCase):
    def test_ids_are_unique_and_full_grid_starts_with_the_quick_grid(self):
        full = full_grid()
        self.assertEqual(len({s.id for s in full}), len(full))
        self.assertEqual([s.id for s in full[: len(quick_grid())]], [s.id for s in quick_grid()])

    def test_quick_grid_covers_every_value_of_every_knob(self):
        quick = quick_grid()
        self.assertEqual({s.method for s in quick}, set(METHODS))
        self.assertEqual({s.recipe for s in quick}, set(RECIPES))
        self.assertEqual({s.optimizer for s in quick}, set(OPTIMIZERS))
        self.assertEqual({s.attention for s in quick}, set(ATTENTIONS))
        self.assertEqual({s.grad_ckpt for s in quick}, {True, False})
        self.assertEqual({s.lora_targets for s in quick if s.method == "lora"}, set(LORA_TARGETS))

    def test_full_grid_has_the_sweeps_the_issue_asks_for(self):
        full = full_grid()
        base_1b = [s for s in full if s.shape == LLAMA32_1B.key and s.method == "full" and s.recipe == "pure"
                   and s.optimizer == "fused" and s.attention == "sdpa" and not s.grad_ckpt]
        self.assertTrue({1, 2, 4, 8} <= {s.micro_batch for s in base_1b if s.seq_len == 2048})
        self.assertTrue({512, 1024, 2048, 4096, 8192} <= {s.seq_len for s in base_1b if s.micro_batch == 1})
        self.assertEqual({s.shape for s in full}, {QWEN25_05B.key, LLAMA32_1B.key, LLAMA32_3B.key, LLAMA31_8B.key})
        self.assertTrue({8, 16} <= {s.lora_rank for s in full if s.method == "lora"})

    def test_dry_run_grid_is_tiny_on_cpu_with_the_quick_knobs(self):
        dry = dry_run_grid()
        self.assertTrue(all(s.device == "cpu" and s.shape == "tiny" and s.seq_len <= 64 for s in dry))
        knobs = lambda s: (s.method, s.recipe, s.optimizer, s.attention, s.grad_ckpt, s.lora_targets)  # noqa: E731
        self.assertEqual({knobs(s) for s in dry}, {knobs(s) for s in quick_grid()})

    def test_invalid_scenarios_are_rejected(self):
        for bad in (dict(steps=2), dict(method="lora"), dict(lora_rank=8), dict(method="lora", lora_rank=8, lora_targets="k"),
                    dict(recipe="fp8"), dict(shape="gpt-5"), dict(micro_batch=0)):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                Scenario(**{"shape": LLAMA32_1B.key, **bad})

    def test_json_round_trip(self):
        rng = random.Random(1)
        for _ in range(50):
            s = random_scenario(rng)
            self.assertEqual(Scenario.from_json(s.to_json()), s)


class BudgetTests(unittest.TestCase):
    def test_estimates_grow_with_work(self):
        """More tokens, recompute, eager attention, foreach or fp32 weights never make a scenario cheaper."""
        rng = random.Random(2)
        for _ in range(300):
            s = random_scenario(rng)
            cost = budget.estimate_seconds(s)
            for more in (replace(s, seq_len=s.seq_len * 2), replace(s, micro_batch=s.micro_batch * 2),
                         replace(s, grad_ckpt=True), replace(s, attention="eager"), replace(s, optimizer="foreach"),
                         replace(s, recipe="amp")):
                self.assertGreaterEqual(budget.estimate_seconds(more), cost, (s.id, more.id))

    def test_default_grids_fit_their_budgets_by_estimate(self):
        for grid, minutes in ((quick_grid(), measure.DEFAULT_MINUTES["quick"]), (full_grid(), measure.DEFAULT_MINUTES["full"])):
            kept, _ = budget.plan(grid, minutes * 60)
            self.assertLessEqual(sum(budget.estimate_seconds(s) for s in kept), minutes * 60)
            self.assertGreaterEqual(len(kept), len(grid) * 0.7, "the default grid should mostly fit its budget")
        self.assertLess(measure.DEFAULT_MINUTES["full"] * 60 + budget.DEADLINE_GRACE_S, 8 * 60)

    def test_plan_never_exceeds_the_budget_and_keeps_priority_order(self):
        rng = random.Random(3)
        grid = full_grid()
        for _ in range(200):
            limit, scale = rng.uniform(0, 900), rng.uniform(0.5, 3)
            kept, skipped = budget.plan(grid, limit, scale)
            self.assertLessEqual(sum(budget.estimate_seconds(s) * scale for s in kept), limit + 1e-9)
            self.assertEqual(sorted(s.id for s in kept + skipped), sorted(s.id for s in grid))
            order = [s.id for s in grid]
            self.assertEqual([s.id for s in kept], sorted((s.id for s in kept), key=order.index))

    def test_timeouts_are_generous_but_end_by_the_deadline(self):
        rng = random.Random(4)
        for _ in range(300):
            s, scale = random_scenario(rng), rng.uniform(0.5, 3)
            elapsed, limit = rng.uniform(0, 500), 450.0
            t = budget.timeout_seconds(s, scale, elapsed, limit)
            self.assertLessEqual(elapsed + t, max(limit + budget.DEADLINE_GRACE_S, elapsed + 1))
            if budget.fits_now(s, elapsed, limit, scale):
                self.assertGreater(t, budget.estimate_seconds(s) * scale)

    def test_calibration_learns_the_ratio_with_a_floor(self):
        c = budget.Calibration()
        self.assertEqual(c.scale, 1.0)
        s = quick_grid()[0]
        c.record(s, 2 * budget.estimate_seconds(s))
        self.assertAlmostEqual(c.scale, 2.0)
        fast = budget.Calibration()
        fast.record(s, 0.01)
        self.assertEqual(fast.scale, 0.5)


class RowTests(unittest.TestCase):
    def test_columns_are_exactly_the_reference_header(self):
        self.assertEqual(len(rows.COLUMNS), 31)
        self.assertEqual(rows.csv_header().strip(), ",".join(rows.COLUMNS))
        if os.path.exists(REFERENCE_CSV):
            with open(REFERENCE_CSV, encoding="utf-8") as f:
                self.assertEqual(next(csv.reader(f)), rows.COLUMNS)

    def test_an_ok_run_gives_allocated_reserved_and_device_rows_in_decimal_gb(self):
        s = quick_grid()[0]
        out = rows.rows_for(ok_result(s), "run")
        self.assertEqual([r["id"] for r in out], [f"HR-{s.id}-a", f"HR-{s.id}-r", f"HR-{s.id}-d"])
        self.assertEqual([r["what_measured"] for r in out], ["allocated", "reserved", "nvidia-smi"])
        self.assertEqual([r["peak_gb_per_gpu"] for r in out], ["12.346", "13.000", "14.000"])
        self.assertIn("12345678901 B", out[0]["notes"])
        self.assertEqual(out[0]["gpu"], "H200")
        self.assertEqual(out[0]["params_b"], "1.236")

    def test_oom_gives_oom_rows_and_timeouts_give_none(self):
        s = quick_grid()[7]
        oom = ok_result(s, status="oom", oom={"step": 1, "phase": "optimizer step", "message": "CUDA out of memory. Tried to allocate 32.00 GiB"})
        out = rows.rows_for(oom, "run")
        self.assertEqual({r["peak_gb_per_gpu"] for r in out}, {"OOM"})
        self.assertIn("optimizer step", out[0]["notes"])
        for status in ("timeout", "crash", "error"):
            self.assertEqual(rows.rows_for({"status": status, "scenario": json.loads(s.to_json())}, "run"), [])

    def test_a_missing_device_reading_drops_only_that_row(self):
        out = rows.rows_for(ok_result(quick_grid()[0], device_run=None), "run")
        self.assertEqual([r["what_measured"] for r in out], ["allocated", "reserved"])

    def test_columns_follow_the_accuracy_benchmark_parser(self):
        """The regexes of bench/accuracy/gpu-rows.ts, applied to every scenario of the full grid."""
        for s in full_grid():
            r = rows.rows_for(ok_result(s), "run")[0]
            with self.subTest(s.id):
                self.assertEqual(bool(re.search("fp32", r["weight_precision"], re.I)), s.recipe == "amp")
                self.assertEqual(bool(re.search("foreach", r["optimizer"], re.I)), s.optimizer == "foreach")
                self.assertEqual(bool(re.search("fused", r["optimizer"], re.I)), s.optimizer == "fused")
                self.assertEqual(bool(re.search("eager", r["flash_attn"], re.I)), s.attention == "eager")
                self.assertEqual(bool(re.search("all-linear", r["notes"], re.I)), s.lora_targets == "all-linear")
                self.assertEqual(r["grad_ckpt"], "yes" if s.grad_ckpt else "no")
                self.assertEqual(r["lora_rank"], str(s.lora_rank) if s.method == "lora" else "")
                self.assertEqual(re.sub(r"\s*\(.*\)\s*$", "", r["model"]).replace("-like", ""), s.model.name)
                self.assertIn(r["method"], ("full", "lora"))

    def test_csv_text_round_trips_through_a_csv_reader(self):
        s = quick_grid()[3]
        out = rows.rows_for(ok_result(s, error='x, "quoted"\nnewline'), "run, with comma")
        text = rows.to_csv(out)
        self.assertEqual(list(csv.DictReader(io.StringIO(text))), out)

    def test_gpu_label_is_nvidias_name_without_the_vendor(self):
        self.assertEqual(rows.gpu_label("NVIDIA H200"), "H200")
        self.assertEqual(rows.gpu_label("NVIDIA H100 80GB HBM3"), "H100-80GB-HBM3")
        self.assertEqual(rows.gpu_label(""), "unknown-gpu")


class ReportTests(unittest.TestCase):
    def test_table_lines_up_and_marks_oom_as_a_lower_bound(self):
        s = quick_grid()[0]
        lines = [report.summary_line(s.id, ok_result(s), 12.3),
                 report.summary_line("x", ok_result(s, status="oom"), 3.0),
                 report.summary_line("y", {"status": "skipped (budget)"}, None)]
        table = report.render_table(lines).splitlines()
        self.assertEqual(len({len(line.rstrip()) for line in table[:2]}), 1)
        self.assertIn("12.35", table[2])
        self.assertIn("0.50", table[2])  # median of the steady steps, not step 1
        self.assertIn(">12.35", table[3])


class OrchestrationTests(unittest.TestCase):
    def fake_worker(self, body: str) -> str:
        path = os.path.join(tempfile.mkdtemp(), "fake_worker.py")
        with open(path, "w") as f:
            f.write(textwrap.dedent(body))
        return path

    def run_fake(self, body: str, timeout: float = 30.0) -> dict:
        original = measure.WORKER
        measure.WORKER = self.fake_worker(body)
        try:
            return measure.run_worker(sys.executable, ["{}"], timeout)[0]
        finally:
            measure.WORKER = original

    def test_the_last_result_line_wins_over_noise(self):
        result = self.run_fake('print("warning: RESULT soon"); print(\'RESULT {"status": "ok", "x": 1}\')')
        self.assertEqual(result, {"status": "ok", "x": 1})

    def test_a_hung_worker_times_out(self):
        self.assertEqual(self.run_fake("import time; time.sleep(30)", timeout=1)["status"], "timeout")

    def test_a_crashed_worker_is_a_crash_with_its_output(self):
        result = self.run_fake('import sys; sys.stderr.write("Segmentation fault"); sys.exit(139)')
        self.assertEqual(result["status"], "crash")
        self.assertIn("Segmentation fault", result["error"])

    def test_only_and_missing_peft_filter_the_grid(self):
        args = measure.parse_args(["--quick", "--only", "llama-3.1-8b"])
        grid, _ = measure.select_scenarios(args, have_peft=True)
        self.assertTrue(grid and all("llama-3.1-8b" in s.id for s in grid))
        grid, notes = measure.select_scenarios(measure.parse_args([]), have_peft=False)
        self.assertTrue(notes and all(s.method == "full" for s in grid))

    def test_dry_run_never_writes_into_results_and_runs_never_overwrite(self):
        dry = measure.output_path(measure.parse_args(["--dry-run"]), {}, measure.dt.date(2025, 1, 2))
        self.assertNotIn(os.path.join("bench", "gpu", "results"), dry)
        real = measure.output_path(measure.parse_args([]), {"gpu_name": "NVIDIA H200"}, measure.dt.date(2025, 1, 2))
        self.assertTrue(real.endswith(os.path.join("results", "h200-2025-01-02.csv")) or "h200-2025-01-02-" in real)


class FakeCuda:
    def __init__(self):
        self.used, self.total, self.peak_alloc, self.peak_reserved = 0, 100, 0, 0

    def mem_get_info(self):
        return self.total - self.used, self.total

    def max_memory_allocated(self):
        return self.peak_alloc

    def max_memory_reserved(self):
        return self.peak_reserved

    def synchronize(self):
        pass

    def reset_peak_memory_stats(self):
        self.peak_alloc = self.peak_reserved = 0


class FakeTorch:
    def __init__(self):
        self.cuda = FakeCuda()


class ProbeTests(unittest.TestCase):
    def probe(self, baseline):
        p = CudaProbe(FakeTorch(), baseline, "test")
        p.handle = None  # no NVML in this test
        return p

    def test_device_usage_is_the_sampled_maximum_minus_the_baseline(self):
        p = self.probe(baseline=10)
        for used in (30, 70, 50):
            p.torch.cuda.used = used
            p.sample()
        p.torch.cuda.peak_alloc, p.torch.cuda.peak_reserved = 40, 55
        peaks = p.peaks()
        self.assertEqual((peaks["allocated"], peaks["reserved"], peaks["device"]), (40, 55, 60))

    def test_without_a_baseline_the_raw_reading_is_used_and_said(self):
        p = self.probe(baseline=None)
        p.torch.cuda.used = 20
        device, method = p.peaks()["device"], p.device_bytes()[1]
        self.assertEqual(device, 20)
        self.assertIn("raw", method)

    def test_nvml_process_usage_wins_when_present(self):
        p = self.probe(baseline=5)
        p.process_max = 33
        self.assertEqual(p.device_bytes()[0], 33)

    def test_whole_run_is_the_max_of_step_one_and_the_steady_steps(self):
        result = {}
        worker.record_peaks(result, {"allocated": 10, "reserved": 30, "device": None},
                            {"allocated": 20, "reserved": 25, "device": 40, "device_method": "m"})
        self.assertEqual((result["allocated_run"], result["reserved_run"], result["device_run"]), (20, 30, 40))
        self.assertEqual((result["allocated_steady"], result["reserved_steady"]), (20, 25))

    def test_oom_detection(self):
        class OutOfMemoryError(RuntimeError):
            pass

        self.assertTrue(worker.is_oom(OutOfMemoryError("x")))
        self.assertTrue(worker.is_oom(RuntimeError("CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling cublasCreate")))
        self.assertTrue(worker.is_oom(RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")))
        self.assertFalse(worker.is_oom(RuntimeError("mat1 and mat2 shapes cannot be multiplied")))


@unittest.skipUnless(HAVE_TORCH, "torch and transformers are not installed")
class ModelBuildTests(unittest.TestCase):
    def test_real_shapes_build_with_their_published_parameter_counts(self):
        """On the meta device: the configs, not the weights, decide the count."""
        import torch
        import transformers
        from build import hf_config

        published = {"qwen2.5-0.5b": 494_032_768, "llama-3.2-1b": 1_235_814_400, "llama-3.2-3b": 3_212_749_824,
                     "llama-3.1-8b": 8_030_261_248}
        for key, total in published.items():
            with torch.device("meta"):
                model = transformers.AutoModelForCausalLM.from_config(hf_config(SHAPES[key]))
            self.assertEqual(sum(p.numel() for p in model.parameters()), total, key)

    def test_tiny_scenarios_build_with_the_requested_dtype_kernel_and_trainables(self):
        for s in dry_run_grid():
            if s.method == "lora" and not HAVE_PEFT:
                continue
            with self.subTest(s.id):
                from build import build_model

                model, facts = build_model(s)
                self.assertEqual(facts["attn_implementation"], s.attention)
                self.assertEqual(facts["base_dtype"], "torch.float32" if s.recipe == "amp" else "torch.bfloat16")
                if s.method == "full":
                    self.assertEqual(facts["params_trainable"], facts["params_total"])
                else:
                    self.assertEqual(facts["params_trainable"], expected_lora_params(s))
                    self.assertEqual(facts["trainable_dtypes"], ["torch.float32"])  # PEFT's fp32 adapters
                    self.assertGreater(facts["lora"]["adapted_modules"], 0)

    def test_an_oom_in_training_becomes_an_oom_result_with_its_phase(self):
        import torch

        def failing_train(s, torch_module, probe, phase, result):
            phase.step, phase.name = 2, "backward"
            raise torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 9.00 GiB")

        original = worker.train
        worker.train = failing_train
        try:
            result = worker.run(dry_run_grid()[0])
        finally:
            worker.train = original
        self.assertEqual(result["status"], "oom")
        self.assertEqual((result["oom"]["step"], result["oom"]["phase"]), (2, "backward"))
        self.assertEqual({r["peak_gb_per_gpu"] for r in rows.rows_for(result, "run")}, {"OOM"})

    def test_one_tiny_scenario_end_to_end_in_a_worker_process(self):
        s = dry_run_grid()[0]
        result, _ = measure.run_worker(sys.executable, [s.to_json()], 300)
        self.assertEqual(result["status"], "ok", result.get("error"))
        self.assertEqual(len(result["step_seconds"]), s.steps)
        self.assertTrue(all(x == x for x in result["losses"]), "losses must not be NaN")
        self.assertEqual(len(rows.rows_for(result, "run")), 3)


if __name__ == "__main__":
    unittest.main()
