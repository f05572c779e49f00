import type { ProseRule } from '../types.js';

/**
 * A training method the user removed is not the run's method (docs/reading.md "What the run is and which model it
 * trains", s46 rtask). "I took the LoRA pretraining script and removed everything peft", "在pt_with_peft的基础上只是把peft
 * 相关的都去掉了" (only the peft parts removed), "LoRA removed", "peft stripped out", "We dropped the LoRA adapters",
 * "LoRAなしで", "PEFT 없이": the adapter's name stayed the only method word, so the run read as LoRA (or as pre-training
 * that trains LoRA adapters), said nowhere. The adapter named with a verb that removes it, before or after it in its
 * clause, is written "without lora", which the vocabulary reads as the method off; the full fine-tune (or the
 * pre-training) is then what the other words say. A name the removal does not reach stays: "the LoRA pretraining
 * script" is the script's origin, and with the adapter removed the script trains all weights.
 * What breaks it: something else removed ("removed the dataset cache", "removed gradient checkpointing"): the verb
 * must reach the adapter's own name, with no clause break between them.
 */

/** The adapter's names: LoRA, QLoRA, PEFT, adapters, in Latin letters, Hangul or katakana. */
const ADAPTER = String.raw`(?:q?lora|peft|adapters?|로라|ローラ)`;
/** What may sit between a removing verb and the adapter it removes: "everything", "all of the", "the". */
const QUANTIFIER = String.raw`(?:(?:everything|all|any|the|of|its|my|our|those|these|related)\s+){0,3}`;
/** The English verbs that remove a thing, before it. */
const REMOVE_BEFORE = String.raw`(?:removed|removing|remove|stripped(?:\s+out)?|strip(?:ped)?\s+out|dropped|dropping|took\s+out|taken\s+out|ripped\s+out|got\s+rid\s+of|deleted|disabled)`;
/** The English verbs after it ("LoRA removed", "peft stripped out", "the adapters dropped"). */
const REMOVE_AFTER = String.raw`(?:(?:parts?|code|stuff|bits|config|layers)\s+)?(?:(?:is|are|was|were|got|has\s+been|have\s+been|all)\s+)?(?:removed|stripped(?:\s+out)?|dropped|taken\s+out|ripped\s+out|deleted|disabled)(?![\w-])`;
/** The Chinese and Japanese verbs after it ("peft相关的都去掉了", "LoRAなしで", "LoRAを外して"), and 去掉 / 删掉 before it. */
// Each blank follows a word of its own: four optional words with a \s* between each would try every split of a run of
// blanks after the name (a command the segments blanked, "--sft_type lora" then spaces: 115 ms of one message, c1845).
const CJK_AFTER = String.raw`(?:\s*(?:(?:相关的?|的)\s*)?(?:(?:部分|代码|东西|内容|模块|配置)\s*)?(?:(?:都|全|全部)\s*)?(?:去掉了?|删掉了?|删除了?|移除了?|拿掉了?|去除了?)|\s*(?:なしで|無しで|なしの|を外して|を外した|を使わず|を削除して?))`;
const CJK_BEFORE = String.raw`(?:去掉了?|删掉了?|删除了?|移除了?|拿掉了?|去除了?)\s*(?:(?:所有的?|全部的?)\s*)?`;

const write = (m: RegExpExecArray) => ` without ${/qlora/.test(m[0]) ? 'qlora' : 'lora'} `.padEnd(m[0].length);

export const METHOD_REMOVED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.method-removed-before',
    // "removed everything peft", "dropped the LoRA adapters", "got rid of all the lora code", "去掉了 peft".
    pattern: new RegExp(String.raw`(?<![\w-])(?:${REMOVE_BEFORE}\s+${QUANTIFIER}|${CJK_BEFORE})${ADAPTER}(?:[\s-]+(?:adapters?|parts?|code|stuff|layers))?(?![\w-])`, 'g'),
    when: (t) => /remov|strip|drop|took|taken|ripped|rid of|delet|disabl|去|删|移除|拿掉/.test(t),
    write,
    example: 'I took the LoRA pretraining script and removed everything peft, llama-2-7b on 4x a100-80g',
  },
  {
    id: 'prose.method-removed-after',
    // "LoRA removed", "peft stripped out", "peft相关的都去掉了", "LoRAなしで".
    pattern: new RegExp(String.raw`(?<![\w-])${ADAPTER}(?:\s+${REMOVE_AFTER}|${CJK_AFTER})`, 'g'),
    when: (t) => /remov|strip|drop|taken|ripped|delet|disabl|去|删|移除|拿掉|なし|無し|外し|使わず|削除/.test(t),
    write,
    example: '在pt_with_peft的基础上只是把peft相关的都去掉了，qwen2-7b 全量预训练',
  },
];
