import { KEY, isProseLine, re } from './patterns.js';
import type { Transform } from './transforms.js';

/**
 * Shapes a stranger's message arrives in (issue 22, bench:variations' second family): the same setup
 * wrapped in prose, after a greeting paragraph, with an unrelated log pasted after it, or with its
 * config fenced. None adds or removes a setting: each `keeps` view takes the added words away again.
 */

/** A text with a fixed block added after it: the view takes the block off again. */
function appended(block: string): Pick<Transform, 'apply' | 'keeps'> {
  const tail = `\n\n${block}`;
  return {
    apply: (t) => (t.trimEnd().endsWith(block) ? null : `${t.trimEnd()}${tail}`),
    keeps: (t) => (t.endsWith(tail) ? t.slice(0, -tail.length) : t.trimEnd()),
  };
}

/** Two or three sentences that hold no setup: no number, card, model or framework. */
const GREETING_PARAGRAPH =
  'Hi everyone,\n\nFirst of all, thank you for this great project, it has saved us a lot of time. ' +
  'I have read the docs and searched the issues, but I could not find an answer to my question.\n\n';

/** "to work", not "running": a verb of running would state inference, which the wrap must not add. */
const WRAP_OPEN = "I'm trying to get this to work: ";
const WRAP_CLOSE = ' — any idea why it OOMs?';

/** The tail of a `pip install`: versions and a Python path, every digit of it no setting. */
const PIP_TAIL = [
  'Requirement already satisfied: torch>=1.13.0 in /opt/conda/lib/python3.10/site-packages (from peft) (2.1.2+cu121)',
  'Requirement already satisfied: numpy>=1.17 in /opt/conda/lib/python3.10/site-packages (from peft) (1.26.4)',
  'Installing collected packages: accelerate, peft',
  'Successfully installed accelerate-0.27.2 peft-0.10.0',
].join('\n');

/** nvidia-smi's header: a driver and a CUDA version, and no card row (a card row would state a card). */
const SMI_HEADER = [
  'Tue Mar 12 10:21:07 2024',
  '+---------------------------------------------------------------------------------------+',
  '| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |',
  '|-----------------------------------------+----------------------+----------------------+',
].join('\n');

/** tqdm bars: shard loading and training steps, with counts, rates and times. */
const TQDM_BARS = [
  'Loading checkpoint shards: 100%|██████████| 4/4 [00:05<00:00,  1.31s/it]',
  '  3%|▎         | 30/1000 [00:41<21:58,  1.44it/s]',
].join('\n');

/** A traceback that is no out-of-memory error: line numbers and a path with a version. */
const OTHER_TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/home/user/train.py", line 87, in <module>',
  '    trainer.train()',
  '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 1539, in train',
  '    return inner_training_loop(',
  "KeyError: 'labels'",
].join('\n');

/** A line a pasted config or command is made of: `key: value`, `key=value`, `--flag value`, a continued command. */
const CONFIG_ISH = re(String.raw`^[ \t]*(?:${KEY}[ \t]*[:=][ \t]*\S.*|--[\w-]+(?:[ =]\S+)?[ \t]*\\?|\S.*[ \t]\\)$`, '');

/** Runs of two or more config-ish lines fenced, in a text that holds no fence yet. */
function fenceConfigRuns(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && CONFIG_ISH.test(lines[end]!)) end++;
    if (end - i >= 2) {
      const run = lines.slice(i, end);
      const yaml = run.every((l) => re(String.raw`^[ \t]*${KEY}:[ \t]`, '').test(l));
      out.push(yaml ? '```yaml' : '```', ...run, '```');
      i = end;
    } else {
      out.push(lines[i]!);
      i++;
    }
  }
  return out.join('\n');
}

export const WRAPPER_SHAPES: readonly Transform[] = [
  {
    id: 'greeting-paragraph',
    description: 'a greeting paragraph of three sentences that hold no setup, before the request',
    seen: 'c413 01-ai/Yi#246 "Hi team,\\nThanks for your great repo, …", c317 vllm-project/vllm#4821 "Hello. Would anyone have …"',
    apply: (t) => (t.startsWith(GREETING_PARAGRAPH) ? null : GREETING_PARAGRAPH + t),
    keeps: (t) => (t.startsWith(GREETING_PARAGRAPH) ? t.slice(GREETING_PARAGRAPH.length) : t),
  },
  {
    id: 'prose-wrapped',
    description: `the first line wrapped in prose: "${WRAP_OPEN}… — any idea why it OOMs?"`,
    seen: 'c092 oobabooga/textgen#912 "Hello I\'m trying to load Vicuna … on my Nvidia RTX 2060 6gb model and it says"',
    apply: (t) => {
      const [first, ...rest] = t.split('\n');
      // A Markdown heading, a greeting or a line in another script is not a sentence this English wrap can hold.
      if (!first || !isProseLine(first) || first.startsWith(WRAP_OPEN) || /^\s*#|^\s*(?:hi|hello|hey|dear)\b|[^\x00-\u024f\u2000-\u206f]/i.test(first)) return null;
      return [`${WRAP_OPEN}${first.trimEnd()}${WRAP_CLOSE}`, ...rest].join('\n');
    },
    keeps: (t) => {
      const [first, ...rest] = t.split('\n');
      const inner = first?.startsWith(WRAP_OPEN) && first.endsWith(WRAP_CLOSE) ? first.slice(WRAP_OPEN.length, -WRAP_CLOSE.length) : (first ?? '');
      return [inner.trimEnd(), ...rest].join('\n');
    },
  },
  {
    id: 'pip-tail-after',
    description: 'the tail of a `pip install` pasted after the request ("Successfully installed peft-0.10.0")',
    seen: 'bitsandbytes-foundation/bitsandbytes#1312 ("Requirement already satisfied: torch in …/python3.10/site-packages (from bitsandbytes==0.43.3) (2.4.0+cu124)")',
    ...appended(PIP_TAIL),
  },
  {
    id: 'nvidia-smi-header-after',
    description: "nvidia-smi's header, with its driver and CUDA versions, pasted after the request",
    seen: 'c375 NVIDIA/TensorRT-LLM#2043 "Driver Version: 525.105.17 / CUDA Version: 12.4" beside the setup',
    ...appended(SMI_HEADER),
  },
  {
    id: 'tqdm-after',
    description: 'tqdm progress bars with it/s and s/it pasted after the request',
    seen: 'c527 huggingface/trl#2719 "Loading checkpoint shards:  25%|██▌       | 1/4 [00:08<00:24,  8.08s/it]"',
    ...appended(TQDM_BARS),
  },
  {
    id: 'traceback-after',
    description: "a traceback that is not an OOM (KeyError: 'labels') pasted after the request",
    seen: 'c126 vllm-project/vllm#8188 "ValueError: The model\'s max seq len (131072) is larger than …" beside the setup',
    ...appended(OTHER_TRACEBACK),
  },
  {
    id: 'config-fenced',
    description: 'a pasted config or command put in a fenced code block (```yaml … ```)',
    seen: 'c013 axolotl-ai-cloud/axolotl#2412 "```yaml\\nbase_model: HuggingFaceTB/SmolLM2-1.7B …" beside c001 tloen/alpaca-lora#389 (the same shape unfenced)',
    apply: (t) => (/```|~~~/.test(t) ? null : ((v) => (v === t ? null : v))(fenceConfigRuns(t))),
    keeps: (t) =>
      t
        .split('\n')
        .filter((l) => !/^```(?:yaml)?$/.test(l))
        .join('\n'),
  },
];
