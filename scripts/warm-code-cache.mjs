// `node scripts/warm-code-cache.mjs dist/cli/terminal.cjs`: runs the terminal script (from
// source), answers the requests below as the CLI would (no Hub: nothing leaves the machine), then
// writes V8's code cache for the script beside it (src/ops/cached-script.ts reads it). Run by
// scripts/bundle-cli.mjs with the same node and no flags, as the bin is started.
//
// V8 puts in the cache every function compiled so far, so a function these answers ran starts
// compiled; one they did not compiles on first use, as without a cache. The requests are the
// kinds of answer a terminal gives (training, fine-tuning, serving, a pasted config, JSON, a
// trace, a refusal), not the benchmark's line: bench:speed's cold start reads one they do not hold.
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Command-line arguments and the exit status the CLI gives them (2: a request it refuses). */
const WARM_UP = [
  [['70b full fine-tune bf16 zero3 seq 8192 on 8x H100 80GB'], 0],
  [['--json', 'llama-3-8b qlora on a 4090'], 0],
  [['--trace', 'serve mistral 7b with vllm, max-model-len 32768, on 2x L40S'], 0],
  [['per_device_train_batch_size=8 gradient_checkpointing=True bf16=True qwen2.5 14b lora on 1x A100 40GB'], 0],
  [['zer3', '13b', 'bf16', 'seq'], 2],
];

const file = resolve(process.argv[2] ?? '');
const { runCachedScript, cachePathOf } = await import(new URL('../dist/src/ops/cached-script.js', import.meta.url).href);
const { exports: terminal, script } = runCachedScript(file);
for (const [args, expected] of WARM_UP) {
  const status = await terminal.answerOnce(terminal.parseArgs(args), () => undefined, null);
  if (status !== expected) throw new Error(`warm-up request ${JSON.stringify(args)} answered with status ${status}, not ${expected}`);
}
// Written whole, then renamed: a CLI starting meanwhile reads the old cache or the new, not half of one.
const cache = cachePathOf(file);
writeFileSync(`${cache}.tmp`, script.createCachedData());
renameSync(`${cache}.tmp`, cache);
