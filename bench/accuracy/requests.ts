/**
 * Each row of ../shared/reference/measured.csv written as a request in headroom's own language:
 * the text a user would type. `null` marks a row the language cannot express yet (a gap), with
 * the reason. The benchmark runs every text through `respond`, the terminal assistant's path.
 */
export interface RowRequest {
  text: string | null;
  gap?: string;
}

const litgpt = 'litgpt on a100-40g';
// litgpt's resource tables were measured with --precision bf16-true (tutorials/resource-tables.md,
// each row's notes); without it the fine-tuning scripts pick bf16-mixed (scenario/presets.ts).
const litgptTrue = `bf16-true ${litgpt}`;
// A full fine-tune in the PEFT comparison (full-finetuning-… .json); "train" says so, since a request with no
// training word or setting runs the model (DESIGN §2). The LoRA rows add their method to it.
const peftMetaMath = 'train llama-3.2-3b pure bf16 bs 4 seq 768 sdpa on l40s';
// The README's "+ Packed Dataset" row states its flags: no activation checkpointing, full CE,
// torch AdamW, no optimizer-in-backward (each is a later row), which the torchtune preset turns on.
const torchtune = 'llama-3.2-3b torchtune bs 2 seq 4096 flash no gc full ce adamw on a100-80g';

export const ROW_REQUESTS: Record<string, RowRequest> = {
  GT001: { text: null, gap: 'T5 encoder-decoder (T0_3B) is not in the architecture model' },
  GT002: { text: null, gap: 'T5 encoder-decoder (T0_3B)' },
  GT003: { text: null, gap: 'T5 encoder-decoder (T0_3B)' },
  GT004: { text: null, gap: 'T5 encoder-decoder (mt0-xxl)' },
  GT005: { text: null, gap: 'T5 encoder-decoder (mt0-xxl)' },
  GT006: { text: 'bloomz-7b1 lora r8 q,k,v fp32 bs 8 seq 64 eager on a100-80g' },
  GT007: { text: 'bloomz-7b1 lora r8 q,k,v fp32 deepspeed zero3 offload optimizer offload params bs 8 seq 64 eager on a100-80g' },
  // The run is PEFT's full-fine-tuning baseline: said, since a setup with no training word is read as serving (DESIGN §2).
  GT008: { text: peftMetaMath },
  GT009: { text: `${peftMetaMath} lora r32 q,v` },
  GT010: { text: `${peftMetaMath} lora r64 q,v` },
  GT011: { text: null, gap: 'DoRA (weight-decomposed LoRA) is not in the language' },
  GT012: { text: `${peftMetaMath} lora r10 gate,up,down` },
  GT013: { text: 'llama-2-70b lora r8 all-linear bf16 deepspeed zero3 bs 8 ga 4 seq 2048 gc flash packed on 8xh100' },
  GT014: { text: 'llama-2-70b qlora r8 all-linear nf4 dq deepspeed zero3 bs 2 ga 2 seq 2048 gc flash packed on 2xa100-40g' },
  GT015: { text: 'llama-2-70b lora r8 all-linear bf16 fsdp bs 8 ga 4 seq 2048 gc flash packed on 8xh100' },
  GT016: { text: 'llama-2-70b qlora r8 all-linear nf4 dq fsdp offload params bs 2 ga 2 seq 2048 gc flash packed on 2x4090' },
  GT017: { text: 'llama-2-70b qlora r8 all-linear nf4 dq fsdp bs 2 ga 2 seq 2048 gc flash packed on 2xa100-40g' },
  GT018: { text: torchtune },
  GT019: { text: null, gap: 'torch.compile changes which intermediates are kept (no compile item in the language)' },
  GT020: { text: null, gap: 'torch.compile (with chunked CE)' },
  GT021: { text: null, gap: 'torch.compile (with chunked CE and gc)' },
  GT022: { text: null, gap: 'optimizer-in-backward (no item in the language)' },
  GT023: { text: null, gap: 'activation offloading to CPU' },
  GT024: { text: null, gap: 'activation offloading to CPU' },
  GT025: { text: null, gap: 'activation offloading to CPU (LoRA)' },
  GT026: { text: null, gap: 'activation offloading to CPU (QLoRA)' },
  GT046: { text: `phi-1.5 lora r8 q,v bs 1 seq 1044 ${litgptTrue}` },
  GT047: { text: `phi-1.5 qlora r8 q,v nf4 bs 1 seq 1044 ${litgptTrue}` },
  GT048: { text: `phi-1.5 qlora r8 q,v nf4 dq bs 1 seq 1044 ${litgptTrue}` },
  GT049: { text: `phi-1.5 lora r8 q,v bs 2 seq 1044 ${litgptTrue}` },
  GT050: { text: `phi-1.5 lora r8 q,v bs 4 seq 1044 ${litgptTrue}` },
  GT051: { text: `stablelm-base-alpha-3b lora r8 q,v bs 1 seq 1034 ${litgptTrue}` },
  GT052: { text: `stablelm-base-alpha-3b qlora r8 q,v nf4 bs 1 seq 1034 ${litgptTrue}` },
  GT053: { text: `stablelm-base-alpha-3b qlora r8 q,v nf4 dq bs 1 seq 1034 ${litgptTrue}` },
  GT054: { text: `stablelm-base-alpha-3b lora r8 q,v bs 2 seq 1034 ${litgptTrue}` },
  GT055: { text: `stablelm-base-alpha-3b lora r8 q,v bs 4 seq 1034 ${litgptTrue}` },
  GT056: { text: `llama-2-7b lora r8 q,v bs 1 seq 1304 ${litgptTrue}` },
  GT057: { text: `llama-2-7b qlora r8 q,v nf4 bs 1 seq 1304 ${litgptTrue}` },
  GT058: { text: `llama-2-7b qlora r8 q,v nf4 dq bs 1 seq 1304 ${litgptTrue}` },
  GT059: { text: `llama-2-7b lora r8 q,v bs 2 seq 1304 ${litgptTrue}` },
  GT060: { text: `llama-2-13b lora r8 q,v bs 1 seq 1304 ${litgptTrue}` },
  GT061: { text: `llama-2-13b qlora r8 q,v nf4 bs 1 seq 1304 ${litgptTrue}` },
  GT062: { text: `llama-2-13b qlora r8 q,v nf4 dq bs 1 seq 1304 ${litgptTrue}` },
  // lit-gpt 8641822 finetune/lora.py, the tables' commit: batch_size 128, gradient_accumulation_iters =
  // batch_size // micro_batch_size, accumulated under fabric.no_backward_sync (memory/fsdp-no-sync.ts).
  GT063: { text: 'llama-2-7b lora r8 q,v bs 1 ga 128 seq 1304 bf16-true litgpt on 2xa100-40g' },
  GT064: { text: 'llama-2-7b lora r8 q,v bs 2 ga 64 seq 1304 bf16-true litgpt on 2xa100-40g' },
  GT065: { text: 'llama-2-7b lora r8 q,v bs 4 ga 32 seq 1304 bf16-true litgpt on 2xa100-40g' },
  GT066: { text: 'llama-2-13b lora r8 q,v bs 1 ga 128 seq 1304 bf16-true litgpt on 4xa100-40g' },
  GT067: { text: `phi-1.5 infer ctx 56 gen 50 ${litgpt}` },
  GT068: { text: `phi-1.5 infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT069: { text: `phi-1.5 infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT070: { text: `stablelm-base-alpha-3b infer ctx 56 gen 50 ${litgpt}` },
  GT071: { text: `stablelm-base-alpha-3b infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT072: { text: `stablelm-base-alpha-3b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT073: { text: `llama-2-7b infer ctx 56 gen 50 ${litgpt}` },
  GT074: { text: `llama-2-7b infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT075: { text: `llama-2-7b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT076: { text: `llama-2-13b infer ctx 56 gen 50 ${litgpt}` },
  GT077: { text: `llama-2-13b infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT078: { text: `llama-2-13b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT079: { text: `codellama-34b infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT080: { text: `codellama-34b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT081: { text: `falcon-40b infer nf4 ctx 56 gen 50 ${litgpt}` },
  GT082: { text: `falcon-40b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  GT083: { text: `llama-2-70b infer nf4 dq ctx 56 gen 50 ${litgpt}` },
  // HF Trainer's default optimizer in transformers 4.27 was its own AdamW ("adamw_hf"), which
  // updates one tensor at a time: no all-parameter temporaries, the memory of a fused step.
  GT112: { text: 'bert-large fp32 fused adamw bs 4 seq 512 eager fixed length on v100-16g' },
  GT113: { text: 'bert-large fp32 fused adamw bs 1 ga 4 seq 512 eager fixed length on v100-16g' },
  GT114: { text: 'bert-large fp32 fused adamw bs 1 ga 4 seq 512 gc eager fixed length on v100-16g' },
  GT115: { text: 'bert-large amp fp16 fused adamw bs 4 seq 512 eager fixed length on v100-16g' },
  GT116: { text: 'bert-large amp fp16 fused adamw bs 1 ga 4 seq 512 gc eager fixed length on v100-16g' },
  GT117: { text: 'bert-large fp32 adafactor bs 4 seq 512 eager fixed length on v100-16g' },
  GT118: { text: 'bert-large amp fp16 adafactor bs 1 ga 4 seq 512 gc eager fixed length on v100-16g' },
  GT119: { text: 'bert-large fp32 adam8bit bs 4 seq 512 eager fixed length on v100-16g' },
  GT120: { text: 'bert-large amp fp16 adam8bit bs 1 ga 4 seq 512 gc eager fixed length on v100-16g' },
  GT121: { text: 'bert-large infer fp32 ctx 1 on v100-16g' },
  GT128: { text: '7.5b fp16 adam ddp on 64 gpus of 80GB' },
  GT129: { text: '7.5b fp16 adam zero1 on 64 gpus of 80GB' },
  GT130: { text: '7.5b fp16 adam zero2 on 64 gpus of 80GB' },
  GT131: { text: '7.5b fp16 adam zero3 on 64 gpus of 80GB' },
};

/**
 * OOM cases stated in SOURCES.md, which must be predicted as not fitting: PEFT's README (full
 * fine-tuning of mt0-xxl and bloomz-7b1 on one A100 80GB ran out of memory) and litgpt's
 * resource tables (Llama 2 7B LoRA micro-batch 4 and 13B micro-batch 2 on a 40 GB A100, and
 * Falcon-40B LoRA, ran out of memory).
 */
export const OOM_CASES: { source: string; text: string }[] = [
  { source: 'PEFT README: bloomz-7b1 full fine-tune, fp32, A100 80GB', text: 'bloomz-7b1 full fp32 adamw bs 8 seq 64 eager on a100-80g' },
  { source: 'litgpt: Llama 2 7B LoRA micro-batch 4, A100 40GB', text: `llama-2-7b lora r8 q,v bs 4 seq 1304 ${litgptTrue}` },
  { source: 'litgpt: Llama 2 13B LoRA micro-batch 2, A100 40GB', text: `llama-2-13b lora r8 q,v bs 2 seq 1304 ${litgptTrue}` },
  { source: 'litgpt: Falcon 40B LoRA micro-batch 1, A100 40GB', text: `falcon-40b lora r8 q,v bs 1 seq 1079 ${litgptTrue}` },
];

/**
 * Rows whose error stays above 15%, with the component that carries it. Printed next to the
 * worst rows so a large error is never silent.
 */
export const EXPLANATIONS: Record<string, string> = {
  GT007:
    "gathered: modelled now are the ZeRO-3 contiguous gradient bucket (reduce_bucket_size 5e8 × 4 B, stage3.py) and live parameters (max_live_parameters, the 1.03 B tied embedding fetched whole); the other ~8 GB (the non-offloaded GT006 run less its fp32 weights leaves 5.7 GB) is not explained by DeepSpeed's stage3.py buffers; PEFT's README unit is ambiguous",
  GT016: 'gathered: FSDP CPU-offload staging of unsharded QLoRA flat parameters is not modelled; the value was read off a screenshot (metric unknown)',
  GT112: "gradients: torch of that era zeroed gradients in place (zero_grad(set_to_none=False)), so 1.3 GB of fp32 gradients stay alive through forward; plus the cached pool nvidia-smi reads after training",
  GT115: 'gradients: as GT112 (kept across steps by zero_grad(set_to_none=False))',
  GT117: 'gradients: as GT112 (kept across steps by zero_grad(set_to_none=False))',
  GT119: 'gradients: as GT112 (kept across steps by zero_grad(set_to_none=False))',
  GT068: 'weights: bitsandbytes quantisation on load in litgpt leaves more than the NF4 payload on small models',
  GT069: 'weights: as GT068',
};
