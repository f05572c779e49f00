import { z } from 'zod';

/**
 * A run's memory as its OOM message reported it, kept with the thread (ThreadState.measured) so
 * later answers in the thread can say how far off the estimate was. The prediction is the one
 * made for `canonical`, the setup the thread had when the log was pasted.
 */
export const measurementSchema = z.object({
  canonical: z.string(),
  /** PyTorch's allocated bytes when the allocation failed. */
  allocatedBytes: z.number().nonnegative(),
  /** The allocation that failed. */
  requestedBytes: z.number().nonnegative(),
  /** Allocated plus reserved-but-unallocated (torch.cuda.memory_reserved at the failure), if printed. */
  reservedBytes: z.number().nonnegative().nullable(),
  /** This process on the card, including non-PyTorch memory (what nvidia-smi shows for it), if printed. */
  processBytes: z.number().nonnegative().nullable(),
  capacityBytes: z.number().nonnegative().nullable(),
  /** The estimate's max_memory_allocated for that setup. */
  predictedAllocatedBytes: z.number().nonnegative(),
  /** The estimate's device total (nvidia-smi) for that setup. */
  predictedDeviceBytes: z.number().nonnegative(),
});

export type Measurement = z.infer<typeof measurementSchema>;
