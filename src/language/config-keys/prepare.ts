import { DEVICE_ID_LIST, deviceIdsJoined } from './device-id-lists.js';
import { NEVER, type MappedText } from '../mapped-text.js';
import {
  ASKED_VALUE,
  COMMENTED_KEY,
  DEEPSPEED_INCLUDE,
  DEVICE_LIST,
  KEY_IS_VALUE,
  KEY_SET_TO,
  NUMBER_THEN_BATCH_KEY,
  NUMBER_THEN_KEY,
  LIMIT_OF_ANOTHER,
  VALUE_OF_AUTHORS,
  LIST_PAIR,
  MEMORY_SPLIT,
  TENSOR_SPLIT,
  SET_KEY_TO,
  TRAILING_COMMENT,
  YAML_LIST,
} from './patterns.js';
import { MODELFILE_ADAPTER } from './engines/ollama.js';
import { handlerOf, keyName } from './table.js';
import { BLOCK_ONLY_KEYS } from './trainer-spellings.js';
import { KEY_CHANGED, readKeyChange } from './key-changed.js';
import { KEY_COMPARED, readKeyCompared } from './key-compared.js';

/**
 * A data key given several names in one value ("dataset: identity,alpaca_gpt4_en", LLaMA-Factory's
 * comma-separated `dataset`, hiyouga/LlamaFactory#4263): the names after the first are more data
 * sets, never a model; they go with the key, which is read as known to change nothing.
 */
const DATASET_LIST = /((?<![\w.\-/])(?:--)?["']?(?:data_path|data_paths|datasets?|dataset_names?|dataset_path|data_files|train_files?|eval_dataset|train_dataset)["']?(?:[ \t]*[:=][ \t]*|[ \t]+)["']?[\w.\-/]+)((?:[ \t]*,[ \t]*[\w.\-/]+)+)/g;

/** A table row: optional diff mark, a bar, a key (in backticks, quotes or bold), a bar, one value (a number or a word). */
const PROPERTY_ROW = /^[ \t]*[+>]?[ \t]*\|?[ \t]*[`*"']*([a-z][a-z0-9_.\-]*[a-z0-9])[`*"']*[ \t]*\|[ \t]*[`*"']*(\d[\d.]*)[`*"']*(?=[ \t]*(?:\||$))/gm;

/** An environment variable set from Python or a notebook: `os.environ["K"] = "V"`, `%env K=V`. */
const PYTHON_ENVIRONMENT = /\bos\.environ\[[ \t]*(["'])([a-z_][a-z0-9_]*)\1[ \t]*\][ \t]*=[ \t]*(["'])([^"'\n]*)\3|%env[ \t]+([a-z_][a-z0-9_]*)[ \t]*=?[ \t]*([^\s"']+)/g;

/** A flag as one item of a list, then the separator before its value (the next item, no flag). */
const ARGV_LIST_VALUE = /(?<=[[,][ \t\r\n]*["']?)(--[a-z][a-z0-9_.\-]*)(["']?[ \t]*,[ \t\r\n]*["']?)(?![-\]["'])([^\s,"'\][]+)(["']?)(?=[ \t\r\n]*[,\]])/g;

/** A data flag's first value, then the Hub ids (org/name) after it, across spaces and lines. */
const DATASET_IDS = /((?<![\w-])--(?:data_path|data_paths|datasets?|dataset_names?|dataset_path|data_files|train_files)(?:[ \t]+|[ \t]*=[ \t]*)(?![-\\])[^\s\\]+)((?:\s+[\w.-]+\/[\w.-]+(?![\w/]))+)/g;

/**
 * A CPU key's value is one name however many words it has ("cpu: ryzen 3900xt", "CPU: Intel(R) Core(TM)
 * i7-14700F", "CPU:Xeon 6454s x2"): joined into one value, the ignored key takes it whole. Left as words,
 * the key took "ryzen" and "3900xt" stayed behind for the hardware grammar, read as 3900 GPUs
 * (ollama/ollama, corpus c1673). Up to a comma or the line's end, so "CPU: …, GPU: RTX 4090" keeps its card.
 */
const CPU_KEY_VALUE = /((?<![\w.\-/])["'*]*(?:cpus?)["'*]*[ \t]*[:=][ \t]*)([a-z0-9(][\x20-\x7e]*?)(?=[ \t]*(?:[,;|\n]|$))/g;

/**
 * The text made ready for the pair reader: keys given a value in prose become `key=value`, shell
 * continuations and comments go, and list values written bare ("lora_target: q_proj, v_proj",
 * "CUDA_VISIBLE_DEVICES=0,1,2,3", "fsdp: full_shard auto_wrap offload") become one value: their
 * commas and spaces become '+'. Cheap guards: most messages hold none of the marks these passes
 * look for, in `before` (the text as it was before commands and verl's settings were read).
 */
export function prepareConfig(text: MappedText, before: string): MappedText {
  const has = (mark: string) => before.includes(mark);
  const pairs = has('=') || has(':');
  const snakeCase = /_[a-z0-9]/.test(before);
  return (
    text
      // "Sets micro_batch_size from 4 to 2", "n_ctx from 4096 to 2000, then it works fine": the value of the run
      // the outcome words name (key-changed.ts).
      .replaceEach(has('from') || has('从') || has('由') || has('에서') ? KEY_CHANGED : NEVER, readKeyChange)
      // "with max_seq_length 1024 it uses 30GB, with 4096 it uses 70GB": two runs compared, read by what each did (key-compared.ts).
      .replaceEach(snakeCase ? KEY_COMPARED : NEVER, readKeyCompared)
      // "per_device_train_batch_size==4": Python's comparison typed for an assignment; a key we read
      // takes its value ("flash_attn==2.5.8", a pinned package, is no key here and stays a version).
      .replace(
        has('==') ? /(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[ \t]*==[ \t]*(?=[\w.])/g : NEVER,
        (m) => (handlerOf(keyName(m[1]!)) ? `${m[1]}=`.padEnd(m[0].length) : m[0]),
        'config.key-double-equals',
      )
      // "num_ctx limited to 8192", "gpu_memory_utilization set to 0.95", "max_model_len capped at 4096"
      // (akitaonrails/Tiny-Qwen-CLI#2): a key named in prose with the value it was given.
      // A value given as an example or a guess ("set to, for example, 40960"; patterns.ts VALUE_HEDGE) is weak, said.
      .replaceEach(snakeCase ? KEY_SET_TO : NEVER, (m) => ({ result: `${m[1]}=${m[3]}`.padEnd(m[0].length), rule: m[2] ? { id: 'config.key-example-value', weak: true } : { id: 'config.key-set-to' } }))
      // "gpu_memory_utilization is 0.7", "`gpu_memory_utilization`, for example, 0.99" (patterns.ts KEY_IS_VALUE): a key we
      // read, with its value. Weak, said with its words: prose may name another run's key ("but TP_size is 8" of verl's
      // rollout engine, c295), and an example's value is one the user tried or would try.
      // The same in Chinese, Korean and Japanese (connectives.ts): "cutoff_len设的2048" and "cutoff_len을 4096으로 설정" set the
      // key (config.key-set-value, as "set to" does); "batch_size为1", "max_model_len은 16384" are copulas, weak as "is" is.
      .replaceEach(snakeCase ? KEY_IS_VALUE : NEVER, (m) => {
        if (!handlerOf(keyName(m[1]!)) || BLOCK_ONLY_KEYS.has(keyName(m[1]!))) return null;
        const result = `${m[1]}=${m[6]}`.padEnd(m[0].length);
        if (m[5]) return { result, rule: { id: 'config.key-example-value', weak: true } };
        if (m[2] !== undefined || m[7] !== undefined) return { result, rule: { id: 'config.key-set-value' } };
        return { result, rule: { id: 'config.key-is-value', weak: true } };
      })
      .replace(snakeCase && has('batch_size') ? NUMBER_THEN_BATCH_KEY : NEVER, (m) => `${m[2]}=${m[1]}`.padEnd(m[0].length), 'config.number-then-batch-key')
      .replace(snakeCase ? NUMBER_THEN_KEY : NEVER, (m) => (!/batch_size$/.test(m[2]!) && handlerOf(keyName(m[2]!)) ? `${m[2]}=${m[1]}`.padEnd(m[0].length) : m[0]), 'config.number-then-key')
      .replaceEach(snakeCase ? SET_KEY_TO : NEVER, (m) => ({ result: `${m[1]}=${m[3]}`.padStart(m[0].length), rule: m[2] ? { id: 'config.key-example-value', weak: true } : { id: 'config.set-key-to' } }))
      // A systemd unit's environment line, `Environment="OLLAMA_CONTEXT_LENGTH=8192"` (`systemctl edit ollama`:
      // ollama/ollama#14130, c1132), sets the variable inside the quotes: read as `OLLAMA_CONTEXT_LENGTH=8192`.
      .replace(has('nvironment=') ? /\benvironment=(["']?)([a-z_][a-z0-9_]*=[^"'\s]*)\1/gi : NEVER, (m) => `${m[2]}`.padStart(m[0].length - m[1]!.length).padEnd(m[0].length), 'config.systemd-environment')
      // Python sets the same variables in its script: `os.environ['CUDA_VISIBLE_DEVICES'] = '3'` (modelscope/ms-swift, c2193:
      // the device went unread, two 4090s taken), a notebook's `%env KEY=VALUE`: read as `KEY=VALUE`, as the shell's.
      .replace(has('environ[') || has('%env') ? PYTHON_ENVIRONMENT : NEVER, (m) => `${m[2] ?? m[5]}=${m[4] ?? m[6]}`.padStart(m[0].length), 'config.python-environment')
      // A shell line continuation is no flag value: "--gradient_checkpointing \" (huggingface/open-r1#506).
      .replace(has('\\') ? /(?<=\s)\\(?=[ \t]*\n)/g : NEVER, () => ' ', 'config.line-continuation')
      // …nor is one glued to the value ("--gradient_accumulation_steps 4\", modelscope/ms-swift#4146)
      // or ending the paste ("--gradient_checkpointing \" as the last line, OpenRLHF/OpenRLHF#392; glued,
      // "--batch_size 4\" where a quoted command is cut, huggingface/transformers#24242, c965).
      .replace(has('\\') ? /(?<=[\w"'])\\(?=[ \t]*(?:\n|$))|(?<=\s)\\(?=[ \t]*$)/g : NEVER, () => ' ', 'config.line-continuation')
      // A command folded in a YAML list of args ends a line at a flag and starts the next with its value
      // ("--gpu-memory-utilization⏎            0.95 --max-model-len 262144", vllm-project/vllm-ascend, c3884): the fold is a space.
      .replace(has('\n') ? /(?<=(?<![\w-])--[a-z][\w-]*)[ \t]*\n[ \t]*(?=[^\s\\-][^\s]*[ \t]+--?[a-z])/g : NEVER, (m) => ' '.repeat(m[0].length), 'config.folded-flag-value')
      // …nor is Windows cmd's caret ("--fp16 ^" in a .bat script, shibing624/MedicalGPT#410, c874).
      .replace(has('^') ? /(?<=\s)\^(?=[ \t]*(?:\r?\n|$))/g : NEVER, () => ' ', 'config.line-continuation')
      // An Ollama Modelfile's ADAPTER line is a setting (engines/ollama.ts).
      .replace(has('adapter') && /ollama|modelfile/.test(before) ? MODELFILE_ADAPTER : NEVER, (m) => `${m[1]}adapter=`, 'config.modelfile-adapter')
      .replace(has('#') ? COMMENTED_KEY : NEVER, (m) => ' '.repeat(m[0].length), 'config.commented-key')
      .replace(has('#') ? TRAILING_COMMENT : NEVER, (m) => m[1]! + ' '.repeat(m[0].length - m[1]!.length), 'config.trailing-comment')
      // A list whose "=" became a space gets it back, so the key reads the whole list as its value.
      .replace(pairs || has('visible_devices') ? DEVICE_LIST : NEVER, (m) => (/[:=]/.test(m[1]!) ? m[1]! : m[1]!.replace(/[ \t]$/, '=')) + m[2]!.replace(/[,\s]/g, '+'), 'config.device-list')
      // "--gpus 0,1,2,3", "device_ids=[0,1]", "--devices gpu:0,1,2,3": a key's list of device ids (device-id-lists.ts).
      .replace(has(',') ? DEVICE_ID_LIST.pattern : NEVER, (m) => deviceIdsJoined(m[1]!, m[2]!, m[3]!, m[4]!), DEVICE_ID_LIST.id)
      // ColossalAI's benchmark `-c 70b` (hpcaitech/ColossalAI#5068): the flag names the model config
      // by its size, which the prose reader reads; the flag's letter is no word of it.
      .replace(has('-c ') ? /(?<![\w-])-c[ \t]+(?=\d+(?:\.\d+)?b(?![\w.]))/g : NEVER, (m) => ' '.repeat(m[0].length), 'config.model-config-flag')
      .replace(has('gpu_split') ? MEMORY_SPLIT : NEVER, (m) => m[1]! + m[2]!.replace(/[ \t]*,[ \t]*/g, '+').padEnd(m[2]!.length), 'config.memory-split')
      .replace(has('split') || has('-ts') ? TENSOR_SPLIT : NEVER, (m) => m[1]! + m[2]!.replace(/[ \t]*,[ \t]*|[ \t]+/g, '+').padEnd(m[2]!.length), 'config.tensor-split')
      // The devices the launcher runs on, one process each: the run's count, one included (readers.ts launcherGpus).
      .replace(
        DEEPSPEED_INCLUDE,
        (m) => ` ${[...m[1]!.matchAll(/\d+/g)].length} gpus `.padEnd(m[0].length),
        'config.key.include',
      )
      // A data flag given several Hub datasets ("--data_path Dahoas/rm-static Dahoas/full-hh-rlhf",
      // DeepSpeed-Chat's step 3, microsoft/DeepSpeedExamples): the ids after its first value are
      // more datasets, never a model to fetch; they go with the flag (newlines kept).
      .replace(has('--data') ? DATASET_IDS : NEVER, (m) => m[1]! + m[2]!.replace(/[^\n]/g, ' '), 'config.dataset-ids')
      .replace(has('data') && has(',') ? DATASET_LIST : NEVER, (m) => m[1]! + ' '.repeat(m[2]!.length), 'config.dataset-list')
      // An argv written as a list, each word its own item (a Kubernetes container's `args: ["--max-total-tokens", "4096"]`,
      // huggingface/text-generation-inference#890, c456; a Python subprocess list): the item after a flag is its value
      // when it is no flag itself; the comma and quotes between them go, so the pair reads as `--flag value` does.
      .replace(has('[') && has('--') ? ARGV_LIST_VALUE : NEVER, (m) => m[1]! + ' '.repeat(m[2]!.length) + m[3]! + ' '.repeat(m[4]!.length), 'config.argv-list')
      // A shell assignment (`CUDA_VISIBLE_DEVICES=0,1 python -m …`) ends at the first space: the
      // words after it are the command, never more of the list.
      // "memory: ddr4 64g" (ollama/ollama, c1673): the host's RAM by its kind, read as "ram: 64g" is.
      .replace(has('ddr') ? /(?<![\w.\-/])["'*]*(?:memory|ram|system[ _]memory)["'*]*[ \t]*:[ \t]*ddr\d[ \t]+(?=\d+(?:\.\d+)?[ \t]*(?:gb|g|gib|tb|t)(?![\w.]))/g : NEVER, (m) => 'ram:'.padEnd(m[0].length), 'config.ddr-memory')
      .replace(has('cpu') ? CPU_KEY_VALUE : NEVER, (m) => m[1]! + m[2]!.replace(/[\s,;{}()[\]"']/g, '_'), 'config.cpu-value')
      .replace(LIST_PAIR, (m) => {
        // "my device: four A100 80G" (hpcaitech/ColossalAI#4899 writes it "4*A100 80G"; ms-swift#2753 "device:  NVIDIA
        // RTX A6000 48G *4"; DB-GPT#839 "Device:A10*2 GPU"): a device key whose words are not device ids names the
        // machine in prose, for the hardware reader; joined into one list its count and card were lost (read 1×).
        if (/^["']?device\b/.test(m[1]!) && !/^(?:(?:\d+|cuda|cpu|mps|npu|xpu|auto)(?:[ \t]*,[ \t]*|[ \t]+|$))+$/.test(m[2]!)) return m[0];
        const shellWord = /^[a-z0-9_]+=$/.test(m[1]!) ? /^\S+/.exec(m[2]!)![0] : m[2]!;
        return m[1]! + shellWord.replace(/[,\s]/g, '+') + m[2]!.slice(shellWord.length);
      }, 'config.list-value')
      .replace(
        YAML_LIST,
        (m) => `${m[1]}: ${[...m[2]!.matchAll(/-[ \t]*["']?([\w.]+)/g)].map((x) => x[1]).join('+')}`.padEnd(m[0].length) + (m[0].endsWith('\n') ? '\n' : ''),
        'config.yaml-list',
      )
      // A property table's row ("| `max_input_len` | 4096 | Maximum input tokens |", basetenlabs/truss-examples#351, c2472:
      // a README's table of the engine's settings, read as 131,072): a key we read in its first cell with one value in the
      // next is that key set, as its config line would be. A sweep's column (a key heading numbers in rows) is no row of it.
      .replace(has('|') ? PROPERTY_ROW : NEVER, (m) => (handlerOf(keyName(m[1]!)) ? `${m[1]}=${m[2]}`.padStart(m[0].length) : m[0]), 'config.property-table-row')
      // A length asked of a model or of any card is its limit, no question about the user's run: left to question.limit-of-another.
      // Every question ASKED_VALUE reads opens with "what": a text without it is not scanned (issue 22).
      .replace(has('what') ? ASKED_VALUE : NEVER, (m) => ((m[2] ? LIMIT_OF_ANOTHER : VALUE_OF_AUTHORS).test(m.input.slice(m.index + m[0].length)) ? m[0] : (m[1] ? 'max batch' : 'max seq').padEnd(m[0].length)), 'config.asked-value')
  );
}
