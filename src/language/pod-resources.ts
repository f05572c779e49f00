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

export function readPodResources(text: MappedText): MappedText {
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
