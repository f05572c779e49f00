import { fraction, numeric, serving } from '../readers.js';
import { IGNORE, say, unquote, type Handler } from '../values.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledSwitch, type Engine, optionsOnce } from './types.js';

/** --pa-cache-type auto|f8e4m3: the PagedAttention KV cache in FP8 (mistralrs-core PagedCacheType). */
const paCacheType: Handler = (v) => (/f8e4m3|fp8/i.test(unquote(v)) ? say('kv fp8') : IGNORE);

/**
 * mistral.rs: mistralrs-server's flags (mistralrs-server/src/main.rs `struct Args`) and its model
 * subcommand's (`plain -m … --max-seq-len … --dtype …`), read at EricLBuehler/mistral.rs commit
 * 6463ff2 (2025). On CUDA, PagedAttention is on unless --no-paged-attn, and with none of
 * --pa-gpu-mem, --pa-gpu-mem-usage, --pa-ctxt-len its KV cache takes `MemoryGpuConfig::Utilization(0.9)`
 * ("default is to use 90% of memory", mistralrs-server-core/src/mistralrs_for_server_builder.rs
 * `configure_paged_attn`): the card's total × 0.9 less what is used after loading — vLLM's
 * gpu_memory_utilization budget, which the vLLM estimate models (its 0.9 default is the same).
 * --max-seqs defaults to 16 (`defaults::MAX_SEQS`).
 */
export const MISTRAL_RS: Engine = {
  id: 'mistral.rs',
  name: 'mistral.rs',
  named: /mistral\.rs|mistralrs(?:[-_]server)?(?![\w.])/i,
  source: 'EricLBuehler/mistral.rs mistralrs-server/src/main.rs Args, mistralrs-server-core/src/mistralrs_for_server_builder.rs (commit 6463ff2)',
  says: 'serve',
  get options() {
    return optionsOnce(this, () => [
      // --pa-gpu-mem-usage is vLLM's --gpu-memory-utilization: total × f less what is used after loading.
      reads(serving(fraction('util')), '--pa-gpu-mem-usage'),
      reads(serving(numeric('max seqs')), '--max-seqs'),
      shared('--max-seq-len'),
      shared('--model-id'),
      shared('--dtype'),
      reads(paCacheType, '--pa-cache-type'),
      unmodelled('a KV cache of this many MB in place of 0.9 of the card', 'kv cache', '--pa-gpu-mem'),
      unmodelled('a KV cache for this many tokens in place of 0.9 of the card', 'kv cache', '--pa-ctxt-len'),
      unmodelledSwitch('no PagedAttention: each sequence grows its own KV cache, no pool', 'kv cache', '--no-paged-attn'),
      unmodelledSwitch('no KV cache at all', 'kv cache', '--no-kv-cache'),
      unmodelled('weights quantised in place at load (ISQ) to this type', 'weights', '--isq'),
      unmodelled('layers placed on each GPU (the rest on the CPU)', 'weights', '--num-device-layers'),
      unmodelled('prompt tokens per step', 'activations', '--prompt-batchsize', '--prompt-chunksize'),
      unmodelled("the prefix caches held on the GPU", 'kv cache', '--prefix-cache-n'),
      unmodelledSwitch("a BERT model loaded beside for web search", 'weights', '--enable-search'),
      // The model subcommand's sizing of its automatic device map: not an allocation.
      none('--max-batch-size'),
      ...noneEach(`--serve-ip --seed --port --log --truncate-sequence --chat-template --jinja-explicit --token-source
        --interactive-mode --pa-blk-size --paged-attn --cpu --search-bert-model --enable-thinking --mcp-port --mcp-config
        --tokenizer-json --arch --from-uqff --write-uqff --topology --hf-cache-path`),
    ]);
  },
};
