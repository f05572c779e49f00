/**
 * A config or script the user's own was adapted from names the template's model, not the run's:
 * "代码根据 llama3_8b_full_alpaca_e3 改了下" (the code was changed from XTuner's 8B config) beside
 * `xtuner train …/llama3_70b_full_alpaca_e3.py` (InternLM/xtuner#842, c635). The template is the
 * example's run (owner `reference`); the run's own file names the run. Only a change made *from*
 * something: "基于llama2-7b微调" (fine-tune on top of a model) is the run itself, and a file "copied from
 * llama-factory" (c476) is the user's own copy, run as it is.
 */
export const ADAPTED_FROM = /\b(?:adapted|modified|changed|forked)(?:\s+(?:it|this|them|mine|ours|the (?:config|code|script)))?\s+from\s+\S+|(?:代码|配置|脚本)?(?:根据|照着|参考|仿照|基于)\s*\S{1,60}?\s*(?:改了(?:一?下)?|修改|改的|改成|改写|改动)/gi;
