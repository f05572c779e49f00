import { tgiRelease } from '../memory/tgi-release.js';
import type { Resolution } from './resolution.js';

/**
 * TGI's launcher without --num-shard (and without --sharded) takes the device count from
 * CUDA_VISIBLE_DEVICES, else NVIDIA_VISIBLE_DEVICES, else 1 (launcher/src/main.rs `find_num_shards`:
 * `(None, None) => num_cuda_devices().unwrap_or(1)`; `num_cuda_devices` counts the comma-separated
 * entries, v1.0.0 → v3.3.6). Its Docker image is built on nvidia/cuda, whose NVIDIA_VISIBLE_DEVICES
 * is "all": one entry, so `docker run --gpus all …` serves the whole model from one GPU. v3.3.1
 * (TGI#3230) counted the GPUs for "all" but handed back the count as one string, still one entry;
 * v3.3.7 (TGI#3346) joins their UUIDs with commas and shards over every GPU. A release before 3.3.7
 * named, with no tp or --num-shard, is therefore one shard, said with how to ask for the split —
 * the README's `docker run --gpus all` (v1.2.0 → v2.x). Docker itself writes the variable for the
 * other forms of --gpus (moby daemon/nvidia_linux.go setNvidiaGPUs: a device list joined by commas,
 * a count as "0,1,…", -1 as "all"), so a count read from `--gpus 2` or `--gpus '"device=0,1"'` is
 * the launcher's count too, and shards.
 * Unnamed, the newest release shards over every GPU (resolve-sharding.ts splitForServing).
 */
export const TGI_COUNTS_ALL_GPUS_FROM: readonly [number, number, number] = [3, 3, 7];

export function tgiServesOneShard(r: Resolution): boolean {
  const s = r.s;
  if (s.framework !== 'tgi' || s.mode !== 'inference' || r.gpus() <= 1) return false;
  if (r.patch.has('par.tp') || r.patch.has('par.pp') || r.patch.has('par.dp') || s.parallel.tp !== 1 || s.parallel.pp !== 1) return false;
  if (!(r.isNew || r.modeChanged())) return false;
  // --sharded true (SHARDED=true in a compose file), read through TGI's option list as `tgi sharded`
  // (engines/tgi.ts), asks for the split over the devices it counts (find_num_shards:
  // `(Some(true), None)` takes num_cuda_devices and refuses one): the user's cards.
  if (r.patch.has('tgiSharded')) return false;
  // A count Docker wrote into NVIDIA_VISIBLE_DEVICES (`--gpus 2`, a device list) is counted by the launcher.
  if (/--gpus\b/.test(r.patch.get('gpuCount')?.item.text ?? '')) return false;
  const version = r.patch.value<string>('tgiVersion') ?? s.inference.tgiVersion;
  const release = tgiRelease({ ...s, inference: { ...s.inference, tgiVersion: version } });
  if (release === null) return false;
  const [a, b, c] = TGI_COUNTS_ALL_GPUS_FROM;
  return release[0] < a || (release[0] === a && (release[1] < b || (release[1] === b && release[2] < c)));
}

export function tgiOneShardAssumption(r: Resolution): string {
  const n = r.gpus();
  return `one shard on one GPU: TGI before 3.3.7 without --num-shard counts the devices in CUDA_VISIBLE_DEVICES, and its Docker image's NVIDIA_VISIBLE_DEVICES=all as one (launcher/src/main.rs num_cuda_devices); say tp ${n} (--num-shard ${n}) to split the model over the ${n} GPUs`;
}
