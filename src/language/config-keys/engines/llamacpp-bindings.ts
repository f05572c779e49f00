import { promptBatch } from '../serving.js';
import { none, noneEach, reads, shared, type Engine, optionsOnce } from './types.js';

/**
 * llama.cpp through a binding that spells its options in PascalCase: LLamaSharp's `ModelParams`
 * (SciSharp/LLamaSharp LLama/Common/ModelParams.cs: ContextSize, GpuLayerCount, BatchSize, UBatchSize)
 * and LocalAI's gRPC `ModelOptions`, which its debug log prints whole ("Loading model with options:
 * {… ContextSize:700 … NBatch:512 … NGPULayers:20 …}", mudler/LocalAI backend/backend.proto). They mean
 * what llama.cpp's -c, -ngl and -b mean: BatchSize and NBatch are the prompt tokens per step, never a
 * batch of requests. "ContextSize = 4096, GpuLayerCount = 12, … BatchSize = 128" (SciSharp/LLamaSharp#359,
 * c1257) had read as seq 4096 and a batch of 128 sequences with every layer on the card; LocalAI's
 * "NGPULayers:20" (mudler/LocalAI#1981, c972) went unread.
 */
export const LLAMA_CPP_BINDINGS: Engine = {
  id: 'llama.cpp-bindings',
  name: 'llama.cpp (LLamaSharp / LocalAI)',
  named: /llama[ ._-]?sharp|(?<![\w-])local[ -]?ai(?![\w-])|\bnew\s+modelparams\b|ngpulayers|gpulayercount/i,
  source: 'SciSharp/LLamaSharp LLama/Common/ModelParams.cs; mudler/LocalAI backend/backend.proto ModelOptions',
  says: 'llamacpp',
  // PascalCase run together: no other program in config-keys/ spells an option so.
  ownWords: ['gpulayercount', 'ngpulayers', 'nbatch', 'ubatchsize'],
  get options() {
    return optionsOnce(this, () => [
      // The first spelling of a shared option is the key the tables read it as (llama.cpp's).
      shared('--ctx-size', 'contextsize'),
      shared('--n-gpu-layers', 'gpulayercount', 'ngpulayers'),
      reads(promptBatch, 'batchsize', 'nbatch', 'ubatchsize', 'nubatch'),
      none('maingpu'),
      ...noneEach(`seed threads batchthreads usememorymap usememorylock mmap mlock embeddingmode embeddings f16memory
        vocabonly lowvram numa tensorsplit tensorsplits`),
    ]);
  },
};
