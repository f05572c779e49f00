import type { LineRule } from './types.js';

/**
 * Lines of launchers' and collective libraries' failure reports, and of engines' own loggers, named
 * by their shape (issue 22, b13). A failure summary is a log: its `rank : 1`, `exitcode : 1` and
 * `pid` are the failing process's, never a setting (corpus c530, where `rank : 1` had been read as
 * LoRA r1). Listed in the order they are tested; segments/rules.ts puts them with the other logs.
 */
export const LAUNCHER_RULES: readonly LineRule[] = [
  {
    // torchelastic's summary after a worker dies (torch/distributed/elastic/multiprocessing/errors/
    // error_handler.py): "Root Cause (first observed failure):", "<NO_OTHER_FAILURES>".
    id: 'log.torchelastic-summary',
    kind: 'log',
    pattern: /^\s*(?:root cause \(first observed failure\):|<no_other_failures>)/,
    example: 'Root Cause (first observed failure):',
    source: 'MoFHeka/LLaMA-Megatron#1',
  },
  {
    // The summary's fields ("  rank      : 1 (local_rank: 1)", "  error_file: /tmp/…"), its
    // "[0]:" index, "Failures:" and the failed script's line ("pretrain_llama.py FAILED"): a
    // config could write `rank: 1` too, so they only go on with a summary already open.
    id: 'log.torchelastic-field',
    kind: 'log',
    pattern: /^\s*(?:(?:time|host|rank|exitcode|error_file|traceback)\s*: |\[\d+\]:\s*$|failures:\s*$|[\w./-]+ failed\s*$)/,
    example: '  rank      : 1 (local_rank: 1)',
    source: 'MoFHeka/LLaMA-Megatron#1',
    continues: true,
  },
  {
    // A ruled line ("=====…", "-----…") between a log's parts; alone it is Markdown's rule, prose.
    id: 'log.rule-line',
    kind: 'log',
    pattern: /^\s*(?:={12,}|-{12,})\s*$/,
    example: '============================================================',
    source: 'MoFHeka/LLaMA-Megatron#1',
    continues: true,
  },
  {
    // Every line of a failing rank's output from torch 2.4 on: "[rank1]: Traceback …", "[rank0]:[W1010 …]".
    id: 'log.rank-prefix',
    kind: 'log',
    pattern: /^\s*\[rank\d+\]:/,
    example: '[rank1]:   File "/workspace/train.py", line 88, in <module>',
  },
  {
    // NCCL's debug lines ("host:pid:tid [dev] NCCL INFO …") and c10d's glog lines ("[E ProcessGroupNCCL.cpp:475] …",
    // "[W1010 12:00:00.123 socket.cpp:663] …", "E1010 12:00:00.123456 4242 file.cc:12] …").
    id: 'log.nccl',
    kind: 'log',
    pattern: /^\s*(?:\S+:\d+:\d+ \[\d+\] nccl (?:info|warn|error|abort)\b|\[[ewif](?:\d{4} \d\d:\d\d:\d\d[\d.]*)? [\w.]+\.(?:cpp|cc|h):\d+\]|[ewif]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.]+:\d+\])/,
    example: '[E ProcessGroupNCCL.cpp:475] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800123 milliseconds before timing out.',
  },
  {
    // A level word in capitals then one space ("WARNING: Can not find tokenizer.json."): a sentence
    // opens so too ("Error: it fails with bs 8"), so a level written so only goes on with a log
    // (lmdeploy's startup, c542), and only in the capitals loggers print.
    id: 'log.level-word',
    kind: 'log',
    pattern: /^\s*(?:warning|error|info|debug|critical|fatal|notice):\s\S/,
    asWritten: /^\s*(?:WARNING|ERROR|INFO|DEBUG|CRITICAL|FATAL|NOTICE):/,
    example: 'WARNING: Can not find tokenizer.json. It may take long time to initialize the tokenizer.',
    source: 'InternLM/lmdeploy#519',
    continues: true,
  },
];
