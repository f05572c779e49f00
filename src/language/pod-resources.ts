import type { MappedText } from './mapped-text.js';

/**
 * A Kubernetes container's resources (kubernetes.io, "Resource Management for Pods and Containers";
 * NVIDIA's and AMD's device plugins): `nvidia.com/gpu: 8` (or `amd.com/gpu`) is the GPUs the pod
 * holds, and `memory: 1311Gi` beside `cpu:` is the pod's host memory, never a card's — no card has
 * a terabyte ("resources: requests: cpu: 146, memory: 1311Gi, nvidia.com/gpu : 8",
 * GoogleCloudPlatform/kubernetes-engine-samples#1681, corpus c2733, read as one 1311 GB card). A
 * manifest states them twice, under `requests:` and `limits:`: the first of each is read, the other
 * set aside as the same; the pod's disk (`ephemeral-storage: 600Gi`) is set aside too. The memory keeps its figure as GB (Gi is 7% more, the corpus's convention
 * for host RAM, as slurm.ts does for --mem).
 */
export const POD_RESOURCES_RULE = {
  id: 'config.pod-resources',
  example: 'resources:\n  requests:\n    cpu: 146\n    memory: 1311Gi\n    nvidia.com/gpu : 8',
  source: 'GoogleCloudPlatform/kubernetes-engine-samples#1681',
} as const;

/** The device plugins' resource names and their count. */
const GPU_RESOURCE = /(?<![\w.-])["']?(?:nvidia|amd)\.com\/gpu["']?[ \t]*:[ \t]*["']?(\d{1,3})\b["']?/g;
/** A pod's memory in Kubernetes' quantity suffixes (Gi, G, Ti, T); Mi and Ki are no host's size. */
const POD_MEMORY = /(?<![\w.-])["']?memory["']?[ \t]*:[ \t]*["']?(\d{1,5}(?:\.\d{1,2})?)(gi|g|ti|t)\b["']?/g;
/** The pod's scratch disk ("ephemeral-storage: 600Gi"): no memory of the run, set aside. */
const POD_STORAGE = /(?<![\w.-])["']?(?:ephemeral-)?storage["']?[ \t]*:[ \t]*["']?\d{1,6}(?:\.\d{1,2})?(?:[kmgtp]i?)?\b["']?/g;
/** A resources block's own keys, so a bare `memory:` elsewhere (a tool's setting) is not read as a pod's. */
const RESOURCES_BLOCK = /(?<![\w.-])(?:requests|limits)["']?[ \t]*:/;

/**
 * Docker Compose's GPU reservation (docs.docker.com, "Enable GPU access with Docker Compose"): under
 * `deploy: resources: reservations: devices:`, a device entry with `driver: nvidia` or `capabilities: [gpu]` and
 * `count: 2` reserves two GPUs; `device_ids: ['0', '3']` names them (two). `count: all` names no number and is left.
 * Invented example; the brief of session 38 (rhw4) saw the count left unread.
 */
export const COMPOSE_GPUS_RULE = {
  id: 'config.compose-gpus',
  example: 'deploy:\n  resources:\n    reservations:\n      devices:\n        - driver: nvidia\n          count: 2\n          capabilities: [gpu]',
} as const;

const COMPOSE_RESERVATION = /(?<![\w.-])reservations["']?[ \t]*:[\s\S]{0,40}?(?<![\w.-])devices["']?[ \t]*:/;
const COMPOSE_GPU_DEVICE = /(?<![\w.-])driver["']?[ \t]*:[ \t]*["']?nvidia\b|(?<![\w.-])capabilities["']?[ \t]*:[^\n]{0,40}\bgpu\b/;
const COMPOSE_COUNT = /(?<![\w.-])["']?count["']?[ \t]*:[ \t]*["']?(\d{1,2})\b["']?/;
const COMPOSE_DEVICE_IDS = /(?<![\w.-])["']?device_ids["']?[ \t]*:[ \t]*\[([^\]\n]{1,80})\]/;

/** The GPUs a compose file's device reservation holds, written " N gpus " over its count (or its device list). */
function readComposeGpus(text: MappedText): MappedText {
  const block = COMPOSE_RESERVATION.exec(text.text);
  if (!block) return text;
  const rest = text.text.slice(block.index + block[0].length, block.index + block[0].length + 400);
  if (!COMPOSE_GPU_DEVICE.test(rest)) return text;
  const count = COMPOSE_COUNT.exec(rest) ?? COMPOSE_DEVICE_IDS.exec(rest);
  if (!count) return text;
  const n = count[0].includes('[') ? count[1]!.split(',').filter((x) => x.trim()).length : Number(count[1]);
  if (n < 1) return text;
  const at = block.index + block[0].length + count.index;
  return text.replaceSpansEach([{ at, to: at + count[0].length, result: ` ${n} gpus `.padEnd(count[0].length), rule: COMPOSE_GPUS_RULE.id }]);
}

export function readPodResources(given: MappedText): MappedText {
  const text = readComposeGpus(given);
  if (!/\.com\/gpu/.test(text.text) || !RESOURCES_BLOCK.test(text.text)) return text;
  let gpuSeen = false;
  let memorySeen = false;
  const gpus = text.replace(GPU_RESOURCE, (m) => {
    const first = !gpuSeen;
    gpuSeen = true;
    return first ? ` ${m[1]} gpus `.padEnd(m[0].length) : ' '.repeat(m[0].length);
  }, POD_RESOURCES_RULE.id);
  return gpus.replace(POD_STORAGE, (m) => ' '.repeat(m[0].length), POD_RESOURCES_RULE.id).replace(POD_MEMORY, (m) => {
    const first = !memorySeen;
    memorySeen = true;
    const gb = Math.round(Number(m[1]) * (m[2]!.startsWith('t') ? 1024 : 1));
    return first ? ` hostram ${gb}gb `.padEnd(m[0].length) : ' '.repeat(m[0].length);
  }, POD_RESOURCES_RULE.id);
}
