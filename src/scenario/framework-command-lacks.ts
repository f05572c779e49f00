import type { MentionRow } from './framework-mentions.js';

/**
 * A tool named as the one the command shown uses, where that command holds nothing of it: "I had tried
 * DeepSpeed with this command `OMP_NUM_THREADS=1 torchrun --standalone --nnodes=1 --nproc_per_node=8
 * ./finetune_demo/finetune_vision.py …`" (zai-org/GLM-4#281, c854: the demo runs plain DDP, and its
 * maintainer says DeepSpeed does not work with it). The user's word is the only evidence and the
 * command says otherwise: still read, but said with its words on the first screen.
 *
 * The command is the one the sentence points at ("with this command", "using the following script:")
 * in backticks or a fence right after; each tool's own marks are looked for in it (its name, or for
 * DeepSpeed a ds_config / --zero_stage / ZeRO word). A tool with none of them in the command is the
 * user's account, not the command's.
 */
const POINTS_AT = /^\s+(?:with|using|via|by|through|in)\s+(?:this|these|the\s+following|the\s+below|my|the)\s+(?:command|cmd|script|launch(?:er)?|command\s+line)s?\s*[:：]?\s*(?:\n\s*)?(`{1,3})/i;

/** What marks each tool in a command, beyond its own name. */
const OWN_MARKS: Record<string, RegExp> = {
  deepspeed: /deep[-_ ]?spee?d|ds_config|ds_z\d|zero[-_]?stage|zero[-_]?[0-3]\b/i,
};

const squashed = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export const COMMAND_LACKS_ROW: MentionRow = {
  id: 'mention.command-lacks-it',
  kind: 'contrast',
  words: (text, at, end) => {
    const pointed = POINTS_AT.exec(text.slice(end, end + 80));
    if (!pointed) return null;
    const open = end + pointed.index + pointed[0].length;
    const close = text.indexOf(pointed[1]!, open);
    if (close < 0 || close - open > 1500) return null;
    const command = text.slice(open, close);
    const name = squashed(text.slice(at, end));
    // Misspelt names ("Deepseed") are the same tool: their marks, not their letters.
    const marks = OWN_MARKS[name] ?? (name.startsWith('deeps') ? OWN_MARKS.deepspeed! : null);
    if (squashed(command).includes(name) || marks?.test(command)) return null;
    return `${text.slice(at, end)}${pointed[0].replace(/`+$/, '')}`.trim();
  },
  example: 'I had tried DeepSpeed with this command `OMP_NUM_THREADS=1 torchrun --standalone --nnodes=1 --nproc_per_node=8  ./finetune_demo/finetune_vision.py ./data/  THUDM/glm-4v-9b finetune_demo/configs/lora.yaml`',
  source: 'zai-org/GLM-4#281 (c854)',
};
