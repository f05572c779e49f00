import type { Token } from '../lexer.js';
import { modelIdOf } from '../lexicon.js';
import type { NameGuess } from './model-names.js';

/**
 * Projects people name as the model (issue 22, r-left item 1): "fine-tune alpaca-lora model"
 * (tloen/alpaca-lora#149, c510) is the LLaMA-7B that project's finetune.py trains. Each entry is the
 * model the project's own README trains or releases, with that source. Weak evidence: the project
 * name stands for the model only by habit, so the model is said on the first screen with the words
 * it came from. Read only where the message names no model of its own (a size or a checkpoint wins:
 * "Chinese-Vicuna-lora-13b" is the 13B); a project's method comes from its own words (alpaca-lora is
 * also a framework: its preset's 8-bit LoRA, presets.ts).
 */

export interface ProjectModel {
  id: string;
  /** The project's name as one token's text, or two words joined by a space. */
  names: RegExp;
  /** The model it trains, as the item language names it. */
  model: string;
  /** Where the project says so. */
  source: string;
  example: string;
  /** Other models the project releases under its name: said as the options, so the user can pick (issue 22 §5). */
  others?: readonly string[];
}

export const PROJECT_MODELS: readonly ProjectModel[] = [
  {
    id: 'names.project.alpaca-lora',
    names: /^alpaca[-_ ]?lora$/,
    model: 'llama-7b',
    source: "tloen/alpaca-lora README: finetune.py --base_model 'decapoda-research/llama-7b-hf', weights tloen/alpaca-lora-7b; c510",
    example: 'When I try to fine-tune alpaca-lora model seems like this memory not enough on 24gb a10 gpu',
  },
  {
    id: 'names.project.chinese-vicuna',
    names: /^chinese[-_ ]?vicuna$/,
    model: 'llama-7b',
    source: 'Facico/Chinese-Vicuna README: LLaMA-7B with LoRA in 8-bit on one RTX 2080 Ti (13B checkpoints are named with their size)',
    example: 'training chinese-vicuna on one 2080ti 11g',
  },
  {
    id: 'names.project.stanford-alpaca',
    names: /^stanford[-_ ]alpaca$/,
    model: 'llama-7b',
    source: 'tatsu-lab/stanford_alpaca README: fine-tunes LLaMA-7B (the released Alpaca 7B) on 4 A100 80GB with FSDP',
    example: 'reproduce stanford alpaca training on 4x a100-80g',
  },
  {
    // Beomi/KoAlpaca README: "KoAlpaca-Polyglot-5.8B" and "KoAlpaca-Polyglot-12.8B" (polyglot-ko bases);
    // corpus c675 ("KoAlpaca를 training하는데 … A100두개"), c727 (polyglot-ko 5.8b with alpaca-lora).
    id: 'names.project.koalpaca',
    names: /^koalpaca$/,
    model: 'polyglot-ko-5.8b',
    others: ['polyglot-ko-12.8b'],
    source: 'Beomi/KoAlpaca README: KoAlpaca-Polyglot-5.8B and KoAlpaca-Polyglot-12.8B; c675',
    example: '안녕하세요, KoAlpaca를 training하는데 torch.cuda.OutOfMemoryError: CUDA out of memory. 떠서',
  },
  {
    // databrickslabs/dolly README: Dolly (v1) fine-tunes EleutherAI's GPT-J-6B with training/trainer.py;
    // dolly-v2 fine-tunes Pythia (2.8B, 6.9B, 12B). Corpus c805 (databrickslabs/dolly#5, the repository
    // only in its paths: "--deepspeed ./dolly/config/ds_z3_bf16_config.json").
    id: 'names.project.dolly',
    names: /^dolly$/,
    model: 'gpt-j-6b',
    others: ['pythia-12b', 'pythia-6.9b', 'pythia-2.8b'],
    source: 'databrickslabs/dolly README: Dolly v1 on GPT-J-6B, dolly-v2 on Pythia 2.8B / 6.9B / 12B; c805',
    example: 'I ran python dolly/training/trainer.py on 8 V100 32GB with zero3 and got OOM',
  },
];

/** The project a token (or a token and the word after it) names, with the tokens it spans. */
function projectAt(tokens: Token[], i: number): { project: ProjectModel; last: number } | null {
  const t = tokens[i]!;
  // The next word past blanks, found by walking from the token (a copy of the rest per token was quadratic in a long message).
  let next = i + 1;
  while (next < tokens.length && tokens[next]!.type === 'ws') next++;
  const after = tokens[next];
  for (const project of PROJECT_MODELS) {
    if (project.names.test(t.text)) return { project, last: i };
    if (after && t.type === 'word' && after.type === 'word' && project.names.test(`${t.text} ${after.text}`)) return { project, last: next };
  }
  return null;
}

/**
 * A project named as the model, in a message that names no model of its own: its model, said as a
 * guess. A framework token (alpaca-lora) stays for its preset; the project's plain words become the model.
 */
export function nameProjects(tokens: Token[], notes: string[], guesses: NameGuess[]): void {
  // A size said anywhere names the model's size ("alpaca-lora 13b"): the project's model is only for a message with none.
  if (tokens.some((t) => t.type === 'model' || t.type === 'hub' || t.type === 'size')) return;
  for (let i = 0; i < tokens.length; i++) {
    const found = projectAt(tokens, i);
    if (!found) continue;
    const id = modelIdOf(found.project.model);
    if (!id) return;
    const first = tokens[i]!;
    const lastToken = tokens[found.last]!;
    const end = lastToken.offset + lastToken.text.length;
    const text = tokens.slice(i, found.last + 1).map((t) => t.text).join('');
    const others = found.project.others?.length ? `; it also releases ${found.project.others.join(', ')}: say which you run` : '';
    const note = `"${text}" read as ${id}: the model that project trains (${found.project.source.split(':')[0]})${others}`;
    notes.push(note);
    guesses.push({ at: first.offset, end, note, rule: found.project.id });
    const model: Token = { type: 'model', value: id, text, offset: first.offset };
    if (first.type === 'framework') tokens.splice(i, 0, model);
    else tokens.splice(i, found.last - i + 1, model);
    return;
  }
}
