"""Building a scenario's model: a real architecture with random weights, directly on the device
in its storage dtype (no fp32 CPU copy, no download), optionally wrapped with PEFT LoRA.

Imports torch/transformers/peft; only the worker process calls this.
"""

from __future__ import annotations

import os
from typing import Any

from scenarios import Scenario
from shapes import Shape

# PEFT's default lora_dropout is 0.0 (peft LoraConfig); alpha = 2r is the common recipe and does
# not change memory.
LORA_DROPOUT = 0.0
LORA_TARGETS = {"qv": ["q_proj", "v_proj"], "all-linear": "all-linear"}

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")


def hf_config(shape: Shape) -> Any:
    """The transformers config of a shape, from its published numbers. head_dim is left to its
    default hidden/heads, which equals the published value for every shape in shapes.py and keeps
    older transformers versions (no head_dim field) working."""
    import transformers

    cls = {"llama": transformers.LlamaConfig, "qwen2": transformers.Qwen2Config}[shape.model_type]
    return cls(
        vocab_size=shape.vocab,
        hidden_size=shape.hidden,
        intermediate_size=shape.ffn,
        num_hidden_layers=shape.layers,
        num_attention_heads=shape.heads,
        num_key_value_heads=shape.kv_heads,
        max_position_embeddings=shape.max_positions,
        rms_norm_eps=shape.rms_norm_eps,
        tie_word_embeddings=shape.tied_embeddings,
        use_cache=False,
    )


def _dtype_kwarg(transformers: Any) -> str:
    """transformers >= 4.56 renamed from_config's `torch_dtype` to `dtype` (the old name warns in 5.x)."""
    parts = transformers.__version__.split(".")
    major, minor = int(parts[0]), int("".join(ch for ch in parts[1] if ch.isdigit()) or 0)
    return "dtype" if (major, minor) >= (4, 56) else "torch_dtype"


def build_model(s: Scenario) -> tuple[Any, dict[str, Any]]:
    """Returns (model ready for training, facts about it for the CSV). Raises if the built model
    is not what was asked for (wrong dtype or attention kernel), so a silent fallback never
    produces a mislabelled row."""
    import torch
    import transformers

    dtype = torch.float32 if s.recipe == "amp" else torch.bfloat16
    torch.manual_seed(0)
    with torch.device(s.device):
        model = transformers.AutoModelForCausalLM.from_config(
            hf_config(s.model), attn_implementation=s.attention, **{_dtype_kwarg(transformers): dtype}
        )
    model.config.use_cache = False
    actual_attention = getattr(model.config, "_attn_implementation", None)
    if actual_attention != s.attention:
        raise RuntimeError(f"asked attn_implementation={s.attention}, model uses {actual_attention}")
    base_dtypes = {p.dtype for p in model.parameters()}
    if base_dtypes != {dtype}:
        raise RuntimeError(f"asked {dtype}, model parameters are {base_dtypes}")
    devices = {p.device.type for p in model.parameters()}
    if devices != {torch.device(s.device).type}:
        raise RuntimeError(f"asked for the model on {s.device}, parameters are on {devices}")
    params_total = sum(p.numel() for p in model.parameters())  # tied weights are counted once

    if s.grad_ckpt:
        # Non-reentrant checkpointing needs no requires_grad on the inputs (also under LoRA).
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})

    facts: dict[str, Any] = {"params_total": params_total, "attn_implementation": actual_attention,
                             "base_dtype": str(dtype)}
    if s.method == "lora":
        model, facts["lora"] = _wrap_lora(model, s)
    model.train()
    trainable = [p for p in model.parameters() if p.requires_grad]
    facts["params_trainable"] = sum(p.numel() for p in trainable)
    facts["trainable_dtypes"] = sorted({str(p.dtype) for p in trainable})
    return model, facts


def _wrap_lora(model: Any, s: Scenario) -> tuple[Any, dict[str, Any]]:
    from peft import LoraConfig, get_peft_model

    config = LoraConfig(
        r=s.lora_rank,
        lora_alpha=2 * s.lora_rank,
        lora_dropout=LORA_DROPOUT,
        target_modules=LORA_TARGETS[s.lora_targets],
        task_type="CAUSAL_LM",
    )
    # PEFT keeps adapters in fp32 on a bf16 base by default (autocast_adapter_dtype=True).
    wrapped = get_peft_model(model, config)
    adapted = sum(1 for name, _ in wrapped.named_modules() if name.endswith(".lora_A"))
    if adapted == 0:
        raise RuntimeError(f"LoRA targets {s.lora_targets} matched no module")
    return wrapped, {"alpha": 2 * s.lora_rank, "dropout": LORA_DROPOUT, "adapted_modules": adapted}
