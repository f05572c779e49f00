#!/usr/bin/env bash
# One command on a GPU machine:   bash bench/gpu/run.sh            (full grid, < 8 minutes on one H200)
#                                 bash bench/gpu/run.sh --quick    (~2 minutes)
#                                 bash bench/gpu/run.sh --dry-run  (tiny models on CPU, no GPU needed)
# Other arguments go to measure.py (--max-minutes, --only, --list, --steps, --out).
# PYTHON=/path/to/python picks the interpreter; HEADROOM_NO_PIP=1 never calls pip.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1

missing_packages() {
  "$PYTHON" - <<'PY'
import importlib.util
print(" ".join(n for n in ("torch", "transformers", "peft", "pynvml") if importlib.util.find_spec(n) is None))
PY
}

if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "ERROR: no Python interpreter '$PYTHON' (set PYTHON=...)" >&2
  exit 1
fi

MISSING="$(missing_packages)"
if [ -n "$MISSING" ] && [ "${HEADROOM_NO_PIP:-0}" != "1" ]; then
  echo "Missing Python packages: $MISSING"
  echo "Trying: pip install -r $HERE/requirements.txt (fails fast without internet) ..."
  if timeout 600 "$PYTHON" -m pip install --retries 0 --timeout 15 -r "$HERE/requirements.txt"; then
    MISSING="$(missing_packages)"
  else
    echo "pip install failed (no internet or no index?): using what is installed."
  fi
fi

for pkg in $MISSING; do
  case "$pkg" in
    torch|transformers)
      echo "ERROR: '$pkg' is required and not installed for $PYTHON; install it (see $HERE/requirements.txt)." >&2
      exit 1 ;;
    peft)
      echo "WARNING: 'peft' is not installed: the LoRA scenarios will be skipped." ;;
    pynvml)
      echo "NOTE: 'pynvml' (package nvidia-ml-py) is not installed: device usage = cudaMemGetInfo minus the usage before the run." ;;
  esac
done


exec "$PYTHON" "$HERE/measure.py" "$@"
