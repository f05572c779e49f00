/**
 * The environment variables that list the devices a process may use, one per vendor's runtime. Each
 * means what CUDA_VISIBLE_DEVICES means: `HIP_VISIBLE_DEVICES=4,5,6,7 … -tp 4` (vllm-project/vllm#13305,
 * corpus c2820, on AMD cards: the list went unread and the run had no GPU count) runs on four.
 * - CUDA_VISIBLE_DEVICES: NVIDIA's CUDA runtime.
 * - NVIDIA_VISIBLE_DEVICES: the NVIDIA Container Toolkit's, the GPUs a container sees (`-e NVIDIA_VISIBLE_DEVICES=0,1`).
 * - HIP_VISIBLE_DEVICES and ROCR_VISIBLE_DEVICES: AMD ROCm (HIP's runtime and the ROCr runtime under it;
 *   ROCm's documentation, "GPU isolation techniques").
 * - ASCEND_RT_VISIBLE_DEVICES: Huawei Ascend NPUs (CANN; LLaMA-Factory's README runs its NPU examples with it).
 */
export const VISIBLE_DEVICE_VARIABLES = ['cuda_visible_devices', 'nvidia_visible_devices', 'hip_visible_devices', 'rocr_visible_devices', 'ascend_rt_visible_devices'] as const;

/** Any of them, as an alternation for a larger pattern (lower case; callers add the `i` flag where the text keeps its case). */
export const VISIBLE_DEVICES_WORDS = String.raw`(?:cuda|nvidia|hip|rocr|ascend_rt)_visible_devices`;

/** Any of them in an item's words. */
export const VISIBLE_DEVICES = new RegExp(VISIBLE_DEVICES_WORDS, 'i');
