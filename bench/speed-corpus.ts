/**
 * A fixed corpus of requests for the speed benchmark: every combination of a few models,
 * modes, parallel setups and questions (deterministic, no randomness), plus bad inputs.
 */
const MODELS = ['7b', '13b', 'llama-3-8b', 'llama-2-70b', 'mistral-7b', 'qwen2.5-14b', 'mixtral-8x7b', 'gemma-2-9b'];
const MODES = ['', 'lora', 'qlora', 'bf16 zero3 gc', 'infer ctx 8192'];
const HARDWARE = ['on 4xA100-80G', 'on a 4090', 'on 8x H100', 'on 2 x 3090', ''];
const EXTRAS = ['', 'seq 4096', 'max batch'];

function build(): string[] {
  const out: string[] = [];
  for (const m of MODELS) for (const mode of MODES) for (const hw of HARDWARE) out.push([m, mode, hw].filter(Boolean).join(' '));
  let i = 0;
  for (const extra of EXTRAS) for (const m of MODELS) out.push([m, MODES[i++ % MODES.length], HARDWARE[i % HARDWARE.length], extra].filter(Boolean).join(' '));
  out.push('zer3 13b', 'seq 0', '', '13', '🙂🙂', 'oom', 'help', '13b bf16 zero3 seq 4096 on 4xA100-80G');
  return out;
}

export const SPEED_CORPUS: string[] = build();
