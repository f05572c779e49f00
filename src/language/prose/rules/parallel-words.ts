import type { ProseRule } from '../types.js';

/**
 * Parallelism said in the words of the papers and launchers that first used them.
 */
export const PARALLEL_WORD_RULES: readonly ProseRule[] = [
  {
    // "with model parallel of 8" (facebookresearch/metaseq#210, c716): "model parallel" with a size is
    // the tensor split of Megatron-LM (Shoeybi et al. 2019, its `--model-parallel-size` before it was
    // renamed `--tensor-model-parallel-size`), fairseq and metaseq (`--model-parallel-size`) and
    // DeepSpeed inference (`mp_size`); the config key `model_parallel_size` already reads as tp. Without
    // a size ("naive model parallel", "use model parallelism") it is left to the vocabulary.
    id: 'prose.model-parallel-size',
    pattern: /(?<![\w-])(?<!naive\s)model[-_ ]parallel(?:ism|[-_ ]size|[-_ ]degree)?(?:\s+(?:of|is|=|:)|\s*[=:])?\s*(\d{1,3})(?![\d.]|\s*(?:gpus?|cards?|nodes?|x\b|[a-z]*\d))/g,
    when: (t) => t.includes('parallel'),
    write: (m) => `tp ${m[1]}`,
    example: 'Tried to train the model on 192 A100 40GB GPU with model parallel of 8, but results in OOM errors',
    source: 'facebookresearch/metaseq#210',
  },
];
