/**
 * A list of device ids given to a flag or a keyword is the devices the run sees: its count is the run's GPUs, as
 * CUDA_VISIBLE_DEVICES's (s47, rhw5, "a device list is a count"). The programs write it in their own ways, one
 * evidence: a key that names devices or GPUs, then two or more small integers with commas, maybe each behind its
 * backend's name or the list in brackets or quotes:
 * - `--gpus 0,1,2,3` (many training scripts' argparse; mmcv / mmdetection's `--gpu-ids 4,5`, accelerate's `--gpu_ids 0,1`),
 * - `devices=[0, 1, 2, 3]` (Lightning's Trainer; torch.nn.DataParallel's `device_ids` is Docker Compose's key too, left out),
 * - `--devices gpu:0,1,2,3`, `--device cuda:0,1` (a backend's prefix on the first id).
 * What breaks the cue: one id alone ("--gpu 0", "gpu:0 is busy": a device named, not a list of the run's), a key of
 * another noun ("layers 0,1,2,3"), no key at all (prose "gpu 0,1 are busy" is left to the prose rules).
 * A launcher's process count stated beside the list is the count that trains (readers.ts launcherGpus weighs them).
 */
export interface DeviceListRule {
  id: string;
  pattern: RegExp;
  example: string;
  source?: string;
}

/** The keys that take a list of device ids (lower case; a flag's dashes or a keyword's underscores). */
// Not `device_ids`: Docker Compose's `device_ids: ['0']` is config.compose-gpus's (c901), and DataParallel's is left to the prose.
const KEYS = String.raw`gpus|gpu[_-]ids|devices|device|gpu[_-]devices|cuda[_-]devices`;

export const DEVICE_ID_LIST: DeviceListRule = {
  id: 'config.device-id-list',
  // Group 1: the key and what joins it to its value (a flag's space, "=" or ":"); group 2: an opening bracket or
  // quote; group 3: the ids, the first maybe behind "gpu:" / "cuda:" / "npu:"; the list ends at anything but a comma
  // and another id; group 4: the closing bracket or quote. Each run of characters is bounded by its neighbours' classes (linear).
  pattern: new RegExp(
    String.raw`((?<![\w.\-/])(?:--(?:${KEYS})(?:[ \t]*=[ \t]*|[ \t]+)|["']?(?:${KEYS})["']?[ \t]*[:=][ \t]*))([\[("']{0,2})((?:(?:gpu|cuda|npu|xpu):)?\d{1,2}(?:[ \t]*,[ \t]*(?:(?:gpu|cuda|npu|xpu):)?\d{1,2})+)(?![\d.]|[ \t]*,[ \t]*\d)([\])"']{0,2})`,
    'gi',
  ),
  example: 'python train.py --gpus 0,1,2,3 --model llama-2-7b lora, A100 40G',
  source: 'invented (s47 rhw5); torch.nn.DataParallel(device_ids=…), Lightning Trainer(devices=[…]), mmcv --gpu-ids',
};

/** The ids of a list the pattern found, joined as the pair reader's list values are ("0+1+2+3"), padded to its length. */
export function deviceIdsJoined(key: string, open: string, ids: string, close: string): string {
  const joined = ids.replace(/(?:gpu|cuda|npu|xpu):/gi, '').split(/[ \t]*,[ \t]*/).join('+');
  // A keyword's value ("device_ids=[0,1]") keeps "=" so the pair reader reads it; a flag keeps its space.
  return (key + joined).padEnd(key.length + open.length + ids.length + close.length);
}
