import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * Pasted code says what runs; a title's tutorial name does not (rule `reconcile.code-kind`, docs/reading.md "What the
 * run is and which model it trains", s46 rtask). A post titled "Qwen1.5-7B LoRA fine-tuning: OOM when running the LoRA"
 * over code that loads a base model and an adapter (`PeftModel.from_pretrained`) and calls `generate` — no Trainer, no
 * optimizer, no backward — runs the model with its adapter: the title names how the adapter was made. Code with
 * `Trainer(...).train()`, `loss.backward()` or `optimizer.step()` trains, whatever the title calls it ("inference
 * question"). The code's kind beats the words outside it where they disagree; with no code, or code that does both (a
 * training script that generates for evaluation), the words decide as before. What is set aside is said, with the switch.
 */
export const CODE_KIND_RULES = [
  { id: 'reconcile.code-generates', example: 'Qwen1.5-7B LoRA fine-tuning: OOM\n```python\nmodel = PeftModel.from_pretrained(base, "./out")\nmodel.generate(**x)\n```' },
  { id: 'reconcile.code-trains', example: 'Qwen1.5-7B inference question: OOM\n```python\ntrainer = Trainer(model=model)\ntrainer.train()\n```' },
] as const;

/** A call that generates with the model: HF's generate, a pipeline, ChatGLM's and Qwen's chat helpers. */
const GENERATES = /(?<![\w])[a-z_]\w*(?:\.[a-z_]\w*)*\.(?:generate|chat|stream_chat)\(|(?<![\w.])pipeline\(\s*["']text-generation|(?<![\w.])pipe\(/i;
/** A call that trains: a trainer's train(), a backward pass, an optimizer's step, a trainer built, adapters made trainable. */
const TRAINS = /\.train\(\s*(?:resume_from_checkpoint[^)]*)?\)|\.backward\(|optimizer\.step\(|\b(?:sft|dpo|grpo|ppo|orpo|kto|reward|seq2seq)?trainer\(|\bget_peft_model\(|prepare_model_for_(?:kbit|int8)_training\(|\.fit\(|accelerator\.prepare\(/i;
/** An RL or preference algorithm named in the words: a training run's ("GRPO tutorial"). */
const RL_ALGORITHMS = new Set(['grpo', 'ppo', 'dpo', 'orpo', 'reward']);
/** Where the code is: fenced blocks, and lines that are Python statements (an assignment or a call with a dotted name). */
const FENCE = /```[^\n]*\n[\s\S]*?(?:```|$)/g;

function codeSpans(text: string): { at: number; end: number }[] {
  return [...text.matchAll(FENCE)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }));
}

export function codeKind(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text.includes('(')) return items;
  const spans = codeSpans(text);
  const code = spans.map((s) => text.slice(s.at, s.end)).join('\n');
  if (!code) return items;
  const generates = GENERATES.test(code);
  const trains = TRAINS.test(code);
  if (generates === trains) return items;
  const outside = (i: Item) => !spans.some((s) => i.at >= s.at && i.end <= s.end);
  const training = (i: Item) =>
    (i.kind === 'mode' && (i.value === 'train' || i.value === 'full' || i.value === 'pretrain')) || i.kind === 'lora' || (i.kind === 'framework' && RL_ALGORITHMS.has(i.value));
  const running = (i: Item) => i.kind === 'mode' && (i.value === 'inference' || i.value === 'run');
  // The code generates: the words' training is how the model was made; it trains: the words' running is not the run.
  // An adapter the generating code loads (`PeftModel.from_pretrained(base, "./lora-out")`) runs beside the model: no method.
  const against = items.filter((i) => (generates ? training(i) : outside(i) && running(i)));
  if (!against.length) return items;
  // Training code: only where its training is read (a trainer's train() left as a training word, a LoRA config).
  if (trains && !items.some(training)) return items;
  const words = against.map((i) => `"${i.text.trim()}"`).join(', ');
  for (const i of against) recordAside(owned, i, generates ? 'the pasted code only generates' : 'the pasted code trains');
  notes.push(
    generates
      ? `${words} set aside as the run: the pasted code loads the model and generates (no Trainer, optimizer or backward), so it runs the model — the words name how it was made (say "train" if the OOM is in training)`
      : `${words} set aside as the run: the pasted code trains (a trainer's train(), a backward pass or an optimizer step), so the run is training (say "inference" if you only run the model)`,
  );
  return items.filter((i) => !against.includes(i));
}
