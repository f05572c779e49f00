import type { NcclOom } from '../findings.js';
import { showSize } from '../sizes.js';
import { explanation, type Explanation } from './types.js';

const CHECK_CARD = 'Check nvidia-smi for other processes on the card, and that each process uses the device you meant (CUDA_VISIBLE_DEVICES, torch.cuda.set_device).';

export function explainCublas(): Explanation {
  return explanation(
    'library-oom',
    'cuBLAS handle allocation',
    'Out of memory: CUBLAS_STATUS_ALLOC_FAILED means cuBLAS could not allocate its handle or workspace — the card was already full when the first matmul ran.',
    ['cuBLAS allocates outside PyTorch\'s cache, so the message carries no numbers: the memory was gone before this call.'],
    [CHECK_CARD, 'Then treat it as an OOM at the first step: the model states did not fit (see "oom" tips, or tell me the setup).'],
  );
}

export function explainNccl(f: NcclOom): Explanation {
  const size = f.bytes !== null ? ` (${showSize(f.bytes)} on that rank)` : '';
  return explanation(
    'library-oom',
    'NCCL buffer allocation',
    `Out of memory in NCCL: it could not allocate its communication buffers${size}; the card was full when the collective started.`,
    ['NCCL buffers live outside PyTorch\'s cache and grow with the number of peers and channels.'],
    [
      'Leave headroom beside the model: smaller DDP buckets (bucket_cap_mb) or DeepSpeed reduce_bucket_size / allgather_bucket_size.',
      CHECK_CARD,
      'If it only happens with several GPUs, ZeRO-2 instead of DDP frees the gradient buckets.',
    ],
  );
}

export function explainBareCudaOom(): Explanation {
  return explanation(
    'library-oom',
    'CUDA runtime allocation',
    'Out of memory outside PyTorch\'s allocator: a CUDA context, a library workspace or a kernel could not get memory — the card was already full.',
    ['"CUDA error: out of memory" carries no numbers: the allocation happened outside the caching allocator.'],
    [CHECK_CARD, 'Run with CUDA_LAUNCH_BLOCKING=1 to see which call failed.'],
  );
}
