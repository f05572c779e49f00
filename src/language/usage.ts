/** The help text (`help`): the request items in short, with examples (DESIGN §2 table). */
export const EXAMPLES: string[] = [
  '13b bf16 zero3 seq 4096 on 4x A100-80G',
  'llama-3-8b qlora r64 q,v seq 2048 on a 4090',
  'mistral-7b lora r16 all-linear bs 4 gc on 24GB',
  'llama-3.1-70b fsdp gc seq 8192 on 8x H100 max batch',
  'llama-2-70b vllm gen 512 seq 4096 on 2x A100-80G',
  '7b vs 13b on 4x A100-80G',
];

/** The items and how to follow up, without the examples (a chat help shows those apart, once). */
export const USAGE_ITEMS = [
  'Describe the run in a few words, in any order. Items:',
  '  model      13b · 350m · 8x7b · llama-3-8b · mistral-7b · qwen2.5-14b   (overrides: layers 40 hidden 5120 heads 40 kv 8 ffn 13824 vocab 32000)',
  '  mode       full · pretrain · lora r16 q,v · lora rank 64 all-linear · qlora r64 · inference · serve / vllm',
  '  precision  bf16 · fp16 · fp8 · fp32 · amp · pure bf16 (bf16-true)      weights: int8 · nf4 · nf4 dq · gptq · awq',
  '  optimizer  adamw · adam8bit · paged adamw · sgd momentum · adafactor · lion · sophia · fused / foreach',
  '  sharding   ddp · zero1 · zero2 · zero3 · fsdp · fsdp shard_grad_op · hsdp      offload: offload optimizer · offload params · nvme offload',
  '  parallel   tp 8 · pp 4 · sp · cp 2 · ep 8 · dp 16',
  '  shape      seq 4096 · 4k context · 32k · bs 8 · ga 4 · gbs 1024',
  '  memory     gc · selective recompute · no gc · flash · sdpa · eager · chunked ce · fused ce · loss bf16 · packed',
  '  framework  hf · deepspeed · fsdp · megatron · torchtune · litgpt',
  '  hardware   on 4x A100-80G · 8x H100 · on a 4090 · on 24GB · 4 gpus of 48GB · 2 nodes of 8x H100',
  '  inference  gen 256 · kv fp8 · util 0.9',
  '  questions  max batch · max seq · how many h100 · which gpu · compare zero2 vs zero3 · 7b vs 13b',
  '  help       oom · nan · loss scale · why · measure · help       charts: chart · sweep · sweep seq · timeline',
  'Follow up in the thread with changes: "now zero2", "seq 8192", "on H100", "lora instead", "undo", "reset".',
].join('\n');

export const USAGE = [USAGE_ITEMS, 'Examples:', ...EXAMPLES.map((e) => `  ${e}`)].join('\n');
