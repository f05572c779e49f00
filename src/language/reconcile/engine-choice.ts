import type { Item } from '../items.js';
import { sentenceStart } from '../sentence-ends.js';
import { clausesOf, ownerOf, type Clause } from '../owners/index.js';
import { inProse, runStanding } from './asked-run.js';

/**
 * Which of two serving engines named alike (both in prose, both in a command) is the run's (rserve8,
 * twenty-fifth session). engine-evidence.ts leads with the engine of the strongest evidence, but two
 * engines said as strongly kept the first one said, unsaid: "Switched from vLLM to SGLang for qwen2.5-32b …
 * now OOM", "之前用vllm跑得好好的，换成sglang部署…就爆显存了", "vllm 대신 sglang으로 … 서빙하는데 OOM", "lmdeploy works
 * fine; with vllm qwen2-7b goes OOM" were all read as the engine the user left or that works. What the
 * user moved away from is not the run; what they moved to is; and, as for the model and the cards
 * (asked-run.ts), a clause asked about or failing outweighs a plain one, which outweighs one said to work
 * or said of an earlier run. The real line behind it: InternLM/lmdeploy#2049 (c421: "在 Ollama 上大概 40 GB
 * 显存就能跑，vLLM 上大概要 44 GB 以上", the run lmdeploy's).
 */
export const ENGINE_CHOICE_RULE = {
  id: 'reconcile.engine-choice',
  example: 'Switched from vLLM to SGLang for qwen2.5-32b on an A100 80G, now OOM',
  source: 'invented variations of InternLM/lmdeploy#2049 (c421)',
} as const;

/**
 * Right before the engine, in its sentence: the engine the user left ("from", "instead of", "used to run it with", 代替, 之前用),
 * or rules out ("## Why not vLLM" heading a PR that moves the cards to llama.cpp, c2650; "stop using vLLM", "no longer on",
 * "dropped", 不用, 不再用, 放弃).
 */
const LEFT_BEFORE =
  /(?:\breplac(?:e|es|ed|ing)\s+(?:our\s+|my\s+|this\s+)?|(?:以前|前|昔|元々|もともと|最初)は|(?:전에는|예전에는|이전에는|처음에는)\s*|\bwhy\s+not|\b(?:stop(?:ped)?|quit|no\s+longer|moved?\s+away\s+from|drop(?:ped)?|ditch(?:ed)?|abandon(?:ed)?)\s+(?:using\s+|running\s+on\s+|on\s+|with\s+)?|不用了?|不再用|放弃了?|弃用|\bfrom|\b(?:better|faster|worse|slower|cheaper|leaner)\s+than|\bcompared\s+(?:to|with)|\bunlike|\binstead\s+of|\brather\s+than|\bused\s+to\s+(?:\w+\s+){0,3}?(?:with|on|in|via|through|use)|\b(?:previously|formerly|originally|before)\s+(?:\w+\s+){0,3}?(?:with|on|in|via|through|using|used)|代替|替代|替换掉?|(?:之前|以前|原来|原先|此前)(?:是|一直)?(?:用|在|使用|通过))\s*(?:the\s+|using\s+)?$/i;
/**
 * Right after the engine: "vllm 대신" (instead of vLLM), "tried TGI before", "vllm之前", "sglang之类的方案" (one of the alternatives),
 * "TGI is faster", "vllm보다" (than vLLM: one weighed, rserve9: "I heard TGI is faster, but we serve mistral-7b with vLLM").
 */
const LEFT_AFTER = /^\s*(?:(?:is|are|would\s+be|might\s+be|seems?\s+to\s+be)\s+(?:\w+\s+)?(?:faster|better|cheaper|leaner|lighter|more\s+efficient)\b|(?:was|were|felt|got)\s+(?:\w+\s+){0,3}?(?:too\s+(?:heavy|slow|big|much|hungry)|slower|worse|heavier|overkill)\b|placeholder\b|대신|말고|보다|에\s*비해|代わりに|より|と比べ|(?:was\s+|were\s+)?(?:before|previously|earlier)\b|以前|之前|之类|等(?:其[它他])?(?:框架|方案|引擎)|(?:,\s*)?(?:or|and)\s+(?:something|the\s+like|similar|other\s+engines?)\b)/i;
/**
 * Right before the engine: one of the alternatives weighed ("should I use sglang", "other engines like sglang", "或者其它的sglang",
 * "别的"), a move only thought of ("thinking about moving to vLLM", rserve9: no move made).
 */
const ALTERNATIVE_BEFORE = /(?:\b(?:heard|read|told)\s+(?:that\s+)?|\b(?:should|could|would|can|shall)\s+(?:i|we)\s+(?:\w+\s+)?(?:use|try|switch\s+to|move\s+to|go\s+with)|\b(?:think\w*|consider\w*|plan\w*|want\w*|hop\w*|would\s+like|may|might)\s+(?:about\s+|of\s+|on\s+)?(?:to\s+)?(?:switch|mov|migrat|chang|port|go)\w*\s+(?:[\w.:/-]+\s+){0,4}?to|\bother\s+(?:\w+\s+){0,2}?(?:like|such\s+as|e\.g\.)|\balternatives?\s+(?:\w+\s+){0,2}?(?:like|such\s+as)|\bsomething\s+like|其[它他]的?|别的)\s*$/i;
/**
 * Right before the engine: the one the user moved to ("switched to", "from vLLM to", "now on", 换成, 改用, 切换到), or
 * runs now ("Currently I run llama-3-8b with vllm" after "Is sglang better than vllm?", rserve9: a model's name may
 * stand between, hyphens and all).
 */
const TAKEN_BEFORE =
  /(?:\breplac\w*\s+(?:[\w.:/-]+\s+){0,4}?with|(?:今|現在|今で)は|(?:지금은|이제는)\s*|\b(?:switch|mov|migrat|chang|port|went|go|going)\w*\s+(?:\w+\s+){0,4}?to|\bfrom\s+\S+\s+to|\b(?:now|currently|these\s+days)\s+(?:[\w.:/-]+\s+){0,4}?(?:on|with|using|in|via|through)|换成|换用|改用|改成|切换到|切换成|切到|转到|迁移到|换到|现在用|现在在|(?:으로|로)\s*(?:바꿔|바꾸|전환))\s*(?:the\s+|using\s+)?$/i;

/**
 * Right after the engine: the one the user says they run ("llama.cpp is what I run, vLLM was too heavy"; s47, rname: an
 * engine said as the subject of the user's run, beside another set aside).
 */
const TAKEN_AFTER = /^\s*(?:is|was)\s+what\s+(?:i|we)\s+(?:run|use|serve|deploy)\b|^\s*(?:is|as)\s+(?:my|our)\s+(?:engine|backend|server|runtime)\b/i;

/** How much the words around one engine's name say it is the run's: moved to +3, left −3. */
function frameOf(text: string, i: Item): number {
  const words = i.text.trim();
  const at = i.at + (i.text.length - i.text.trimStart().length);
  const before = text.slice(sentenceStart(text, at, Math.max(0, at - 80)), at);
  const after = text.slice(at + words.length, at + words.length + 24);
  if (LEFT_BEFORE.test(before) || LEFT_AFTER.test(after) || ALTERNATIVE_BEFORE.test(before)) return -3;
  if (TAKEN_BEFORE.test(before) || TAKEN_AFTER.test(after)) return 3;
  return 0;
}

/** An engine said of an earlier run or someone else's (owners/: "previously", 之前, "the docs use"): below a plain one. */
function ownerWeight(clauses: readonly Clause[], i: Item): number {
  const owner = ownerOf(clauses, i.at, i.end)?.owner;
  return owner === 'past' || owner === 'reference' ? -1 : 0;
}

export interface EngineChoice {
  /** The mention read as the run's engine. */
  lead: Item;
  /** Whether it won on the words around it: false where two engines stayed tied and the first said is read. */
  decided: boolean;
}

/**
 * Of serve items naming different engines with the same evidence, the one the words make the run's:
 * the highest of frame × 3 + the clause's run evidence + its owner. The first said where the top is shared.
 */
export function engineOfTheRun(named: readonly Item[], text: string, engineOf: (i: Item) => string | null): EngineChoice {
  const clauses = clausesOf(text);
  // A mention on a command's line or in a fenced block is the command the post runs (c371: `vllm serve DeepSeek-R1`
  // in a fence, "或者其它的sglang之类的方案" asked beside it): it outweighs any prose around another engine.
  const scored = named.map((i) => ({ i, s: (inProse(text, i) ? 0 : 12) + frameOf(text, i) * 3 + runStanding(text, clauses, i) + ownerWeight(clauses, i) }));
  const top = Math.max(...scored.map((x) => x.s));
  const first = [...scored].sort((a, b) => a.i.at - b.i.at);
  const lead = first.find((x) => x.s === top)!.i;
  // Decided where every mention of another engine scores lower than the lead.
  return { lead, decided: scored.every((x) => engineOf(x.i) === engineOf(lead) || x.s < top) };
}
