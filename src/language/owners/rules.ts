import { ADAPTED_FROM } from './adapted-from.js';

/**
 * Whose run a clause describes (issue 22): the words that say a clause is about the run the user
 * asks about, about one of their own earlier runs (or one that works), or about someone else's
 * (a paper, a README, an example, a colleague). Each cue is a named rule with a real or invented
 * example; `clauses.ts` is the one engine that applies them.
 */

/**
 * - `request`: the run asked about or the one that fails ("I want to", "can I", "OOM when", 想).
 * - `past`: the user's own other run, earlier or one that works ("previously", "worked fine", 之前).
 * - `reference`: someone else's run ("the paper uses", "the README says", "they use", 官方).
 */
export type Owner = 'request' | 'past' | 'reference';

/** Rules whose clause reports a run that works: beside a run that fails, its settings are what differs. */
export const WORKING_RUN_RULES: ReadonlySet<string> = new Set(['owner.past.works', 'owner.past.could-run', 'owner.past.largest-that-fit', 'owner.past.made-it-run', 'owner.past.works-zh', 'owner.past.works-ko', 'owner.past.ran-using']);

export interface OwnerRule {
  /** Dotted and stable: `owner.request.…`, `owner.past.…`, `owner.reference.…`. */
  id: string;
  owner: Owner;
  /** Global and case-insensitive, on the user's text; it cannot backtrack badly (no nested quantifiers). */
  pattern: RegExp;
  /** Words the pattern needs, one of which the lower-cased text must hold: a message without any costs a few `includes`. */
  when?: readonly string[];
  /** A real or invented clause the rule marks. */
  example: string;
  /** The thread or corpus line it came from, where there is one. */
  source?: string;
  /** The cue says whose its own clause is and lends that to no clause around it (a template's name). */
  ownClauseOnly?: boolean;
}

/**
 * A `>` line of a quote block that opens the message or follows a line not ending in a colon (the
 * block's first line decides for up to eight lines after it), whose words start with a letter or a
 * digit and carry no clock time. The lookbehind runs only where a line opens with `>`.
 */
const QUOTE_START = String.raw`(?:^\s*|(?:^|\n)(?![ \t]*>)[^\n]*[^:：\s][ \t]*\n(?:[ \t]*\n)*)`;
const QUOTED_REPLY = new RegExp(
  String.raw`(?:^|(?<=\n))(?=[ \t]*>)(?<=${QUOTE_START}(?:[ \t]*>[^\n]*\n){0,8})[ \t]*>(?=[ \t]*[\p{L}\d])(?![^\n]*\b\d{1,2}:\d{2}:\d{2}\b)`,
  'gu',
);

/** "doesn't work", "not working", "never worked": a failure, not a run that works. */
const NOT = String.raw`(?<!(?:n't|\bnot|\bnever|\bno longer)\s+)`;

export const OWNER_RULES: readonly OwnerRule[] = [
  // The user's own earlier run, or one that works.
  {
    id: 'owner.past.earlier',
    owner: 'past',
    when: ['previous', 'earlier', 'past', 'last', 'other', 'used to', 'formerly', 'before that', 'old'],
    pattern: /\b(?:previously|earlier|in the past|last time|the other day|used to|formerly|before that)\b|\b(?:my|our|the|a) (?:previous|last|earlier|old|other) (?:run|setup|experiment|attempt|job|training|config|machine)\b/gi,
    example: 'I previously trained a 7b on 8 GPUs',
  },
  {
    id: 'owner.past.before-at-end',
    owner: 'past',
    // "before" closing its clause ("it worked before", "before and now…"), never the preposition ("before the OOM").
    when: ['before'],
    pattern: /\bbefore(?=\s*(?:[,.;!?)]|$)|\s+(?:and|but|so|while)\b)/gim,
    example: 'llama-2-13b ran on two 3090s before.',
  },
  {
    id: 'owner.past.works',
    owner: 'past',
    when: ['work', 'run', 'ran', 'fit', 'load', 'able to', 'managed', 'succe', 'no problem', 'no issue', 'without', 'correctly', 'properly'],
    pattern: new RegExp(
      String.raw`${NOT}\b(?:works?|worked|working|runs?|ran|fits?|fit|loads?|loaded) (?:fine|well|perfectly|great|ok(?:ay)?|smoothly|normally)\b(?![ \t]+until\b)|\b(?:it|that|this) ${NOT}(?:worked|works)\b|\b(?:was|were|am|i'm|we're) able to\b|(?<=^|[\n.!?][ \t]*)able to\b|\bmanaged to\b|\bsucceeded\b|\bsuccessfully\b|\b(?:is|was|were|are|be|been) successful\b|\b(?:no|without any|without) (?:problems?|issues?)\b`
        // "every steps worked well until I went to this step "mlc_chat_cli --model Llama-2-7b-chat-hf-q4f16_1", it pops up
        // … OUT_OF_DEVICE_MEMORY" (mlc-ai/mlc-llm#974, c1618; "works fine until all epochs are done. And then I get a
        // CUDA OOM", c739): what works "until" a step is the run up to the failure, whose settings are that step's.
        // "when I try to fine-tune the model with torchtune, I am able to train using the same GPU setup without
        // any problems, even with … only using activation checkpointing + cpu offload" (huggingface/accelerate#3647,
        // c904): the run the user is able to do, beside the one that OOMs.
        // "I find 13B models run with a lot of headroom so I'd love to try squeezing in a 34B"
        // (turboderp-org/exllamav2#35, c723): a run with room to spare is one that works.
        // "run run_train.sh correctly only when set model_max_length = 256" (facebookresearch/LLM-QAT#16, c997,
        // beside the default length that OOMs): a run said to go correctly or properly works; never one that
        // fails to ("Might be failing to load the model correctly in bf16", c890).
        // An issue title that drops its subject ("Able to run 70B 4Q Llama2 on MacBook -- but unexpectedly not 2Q version",
        // meta-llama/llama#964, corpus c1612) says a run that works as "I am able to" does.
        // "Using chatglm3-6b model QUANTIZE_8bit can be successful, but QUANTIZE_4bit is invalid … OOM"
        // (eosphoros-ai/DB-GPT#1481, corpus c2008): a setting said to be successful is the working run's.
        + String.raw`|(?<!(?:n't|\bnot|\bnever|\bfail(?:s|ed|ing)? to|\bunable to|\bcannot)\s+)\b(?:works?|worked|runs?|ran|trains?|trained|loads?|loaded)(?: [\w.-]+){0,3}? (?:correctly|properly)\b`
        // The adverb before the verb: "When I set up `cpu_offload_gb=8` then model correctly loads" (vllm-project/vllm
        // #18478, c876, beside the call that OOMs: the offload is the fix, not the failing run's setting).
        + String.raw`|(?<!(?:n't|\bnot|\bnever)\s+)\b(?:correctly|properly)\s+(?:works?|worked|runs?|ran|trains?|trained|loads?|loaded|starts?|started)\b`
        + String.raw`|\b(?:runs?|ran|running|fits?|fitting) (?:[\w.-]+ ){0,3}?with (?:a lot of|lots of|plenty of|some|enough|room|space|memory)(?: \w+)? (?:headroom|room|space|to spare|left)\b`,
      'gi',
    ),
    example: 'TP4 works fine with it',
    source: 'vllm-project/vllm#2856',
  },
  {
    id: 'owner.past.works-on-device',
    owner: 'past',
    // A device the run works on, said with no adverb: "works on RTX 4070 but doesn't on GTX1650 4GB VRAM", "fine on
    // A100, OOM on my 4090", "runs on a RTX A6000 at work but OOMs at home" (the brief's two-device messages, s29).
    // Only before "on" and a device's name or "my"/"a": "it runs on 2 GPUs" with no contrast reads as before.
    // "fits" / "fitted" too, never the bare "fit" a question asks with ("will it fit on a 4090?"); a count may come
    // before the card: "Llama-2 13B fits on my 2x 3090 but 70B OOMs" (invented, rmodel8).
    when: ['work', 'run', 'ran', 'fine', 'ok', 'fits', 'fitted'],
    pattern: new RegExp(String.raw`${NOT}\b(?:works?|worked|runs?|ran|fits|fitted|(?:is |was |it's |its )?(?:fine|ok(?:ay)?)) on (?:(?:a|an|the|my|our)\s+)?(?:\d\s*[x×*]\s*)?(?:nvidia\s+|geforce\s+|rtx\s*|gtx\s*|tesla\s+)*(?:[a-z]{1,3}\d{2,4}|\d{4})`, 'gi'),
    example: 'works on RTX 4070 but doesn\'t on GTX1650 4GB VRAM',
  },
  {
    id: 'owner.past.could-run',
    owner: 'past',
    // "I can train it when cpt": the run the user can do, beside the one that fails. A card that
    // "can do a batch size of 4" (huggingface/text-generation-inference#1007, c858: "I've tested the 24GB
    // RTX 3090 and it can do a batch size of 4 … OOMs when attempting 8") is such a run too.
    // A setup that "can run", said as a statement, is such a run too: "Qwen-7B-Chat:Precision (INT4_SYM) + … can run
    // on ARC with below number" beside "… Precision (FP16) … can not run due to out of memory" (intel/ipex-llm#11219,
    // c1171); "NeMo-Aligner will OOM at mbs=8, but can run at mbs=4" (c689). Never a question ("Which model can run on
    // RTX 4090 24GB?", c070; "a model that can run on a T4 GPU?", c1163) or a wish ("hope all layers can run on gpus", c1132).
    when: ['i can', 'i could', 'we can', 'we could', 'it can', 'it could', 'can run'],
    pattern:
      /\b(?:i|we|it) (?:can|could) (?:successfully )?(?:train|run|fine-?tune|finetune|load|fit|serve|do|handle)\b|\bcan(?<!\b(?:what|which|whether|if|how|who|hope|hoping|wish|want|so that|that)\b[^.?!\n]{0,80}can)(?<!\b(?:i|we|it) can) run\b(?![^.?!\n]*\?)/gi,
    example: 'I can train it when cpt, why grpo failed',
    source: 'verl-project/verl#3364',
  },
  {
    id: 'owner.past.largest-that-fit',
    owner: 'past',
    // "On the 13B, the largest per device batch size I could use was `2` before it OOM" (artidoro/qlora#193,
    // c810): the largest value a run could use is that run's, which worked; the run asked about is the
    // one beyond it ("On the 7B, I will expect … `4` but it will OOM").
    when: ['largest', 'biggest', 'max', 'highest'],
    pattern: /\b(?:largest|biggest|max(?:imum)?|highest)\b[^.?!\n,;]{0,40}?\b(?:i|we) (?:could|can|was able to|were able to) (?:only )?(?:use|fit|run|get|set|reach)\b/gi,
    example: 'On the 13B, the largest per device batch size I could use was `2` before it OOM.',
    source: 'artidoro/qlora#193',
  },
  {
    id: 'owner.past.made-it-run',
    owner: 'past',
    when: ['made', 'allowed', 'enabled', 'helped'],
    pattern: /\b(?:made|allowed|enabled|helped) (?:my|me|us|it|the)\b[^.?!\n]{0,40}?\b(?:run|train|load|fine-?tune)\b/gi,
    example: 'Love Ollama which made my intel mac can run llama 7b',
    source: 'ollama/ollama#391',
  },
  {
    id: 'owner.past.earlier-zh',
    owner: 'past',
    pattern: /之前|以前|上次|曾经/g,
    example: '之前用baichuan1-base',
    source: 'baichuan-inc/Baichuan2#162',
  },
  {
    id: 'owner.past.works-zh',
    owner: 'past',
    // Never a condition or a question: 才能跑 ("needed to run", zai-org/GLM-4#149, c435), 能不能跑, 不能跑.
    // "单块GPU是可以运行的" (one GPU can run it, HiKapok/SSD.TensorFlow#128, beside the two cards that 报OOM);
    // a clause closed by 可以 ("用4张A100全参微调可以，2张就报错OOM"): never 可以吗 or 可以不, which ask.
    // "同样的main运行q_4的权重没有任何问题" (the same main runs the q_4 weights without any problem, li-plus/chatglm.cpp#23,
    // c990, beside the unquantised f16 weights that OOM): 没有任何问题 / 没什么问题 say 没问题 with a word between;
    // 有没有(什么)问题 asks.
    // "SFT的时候batch size可以设置为4" (with SFT the batch size could be set to 4, hiyouga/LlamaFactory#10175,
    // beside the DPO run whose batch 2 OOMs): a value a run could be set to is that run's, which worked.
    // 够用 is enough, 不够用 not enough: "MiniCPM-V 2.6 int4 24G显存不够用" (OpenBMB/MiniCPM-V, c1345), "为什么24g显存不够用"
    // (c816) report the failing run, never one that works.
    // "使用QwenVL等模型，可以正常发送40000左右的token对话不报错" (with QwenVL models, ~40000 tokens send normally, no
    // error: vllm-project/vllm, c1010, beside the InternVL run that OOMs at 6000): 正常发送 / 使用 / 对话 and 不报错 say it worked.
    // A run that does not run out of memory works: "尝试过在单卡A100 80G开了pure_bf16则不会OOM" (tried pure_bf16 on one
    // A100 80G: no OOM then; hiyouga/LlamaFactory#4199, corpus c504, beside the A40s that OOM), 没有爆显存, 不再溢出; never
    // 会不会OOM or 是否/能否不会, which ask.
    // 正常 closing its clause ("训练qwen2.5-7B-Instruct模型时正常，但训练qwen2.5-72B-Instruct时出现OOM", OpenRLHF/OpenRLHF,
    // corpus c2194): the run went normally; never 不正常 / 异常, which fail, nor 正常吗, which asks.
    // Nor a clause that ends by asking (吗 / 么 / 嘛 / ？): "seq 8192能跑吗" asks whether the run will fit, it
    // reports no run that worked.
    // Nor a success negated before it: "全参微调，无法跑通" (could not get it running, TigerResearch/TigerBot, corpus
    // c2851) reports the run that failed; 不成功 / 没成功 / 没跑起来了 likewise.
    pattern:
      /(?:(?<!不|没|未|无法|没有|没能|未能)成功|(?<!没|没有|无法|不能|没能)跑起来了|(?<!不|没|未|无法|不能|没有|没能|未能)跑通了?|(?<!才|不|否)(?:可以|能)(?:跑|运行|训练|推理)|(?<!不|否)(?:可以|能)(?:设置?|设定|开)(?:为|到|成)|跑得起来|正常(?:运行|微调|训练|推理|跑|发送|使用|对话|加载)|(?<![有会])(?:不|没有?)报错|(?<!有)没有?(?:任何|什么)?问题|(?<![会否])(?:不会|不再|没有?)\s*(?:[oO][oO][mM]|爆显存|(?:显存)?溢出)|就够了|(?<!不)够用|都可以|是可以的|(?<!不|否|才|可不)可以(?=\s*(?:[，,。；;！!]|\n|$))|(?<![不异非])正常(?=\s*(?:[，,。；;！!]|\n|$|但|可是)))(?![^，,。；;！!\n]{0,8}?[吗么嘛？?])/g,
    example: '之前推理Qwen2-VL 7B 都可以的',
    source: 'hiyouga/LlamaFactory#7131',
  },
  {
    id: 'owner.past.works-ko',
    owner: 'past',
    // Korean says a run that works with 잘 (well) before the verb, 문제없이 (without a problem) or 정상적으로 (normally):
    // "A100 40GB 한 장에서 llama-3-8b 추론은 잘 되는데 llama-3-70b 4bit 은 OOM 납니다" (invented beside the Chinese
    // 正常 of c2194). Never a question ("잘 될까요?", "문제없이 돌아갈까요?").
    pattern: /(?:잘|문제\s*없이|정상적으로)\s*(?:돼|되|됩|됐|돌아|돌|작동|동작|실행|올라|로드|학습|추론)(?![^,.，。!?\n]{0,10}[?？])/g,
    example: 'llama-3-8b 추론은 잘 되는데',
  },
  {
    id: 'owner.past.ran-using',
    owner: 'past',
    // A run whose memory is reported as already used ran: "全参数微调InternVL2-2B就已经八卡全部都消耗了约78G的显存，
    // 微调InternVL2-8B就直接OOM了" (OpenGVLab/InternVL, corpus c842): beside the run that OOMs it is the one that went
    // through, as one said to work. "already" is the cue: a bare "uses 70GB" may be the failing run's own reading.
    pattern: /已经[^，,。；;！!？?\n]{0,12}?(?:消耗|占用|占了|用了|吃了)|\balready (?:uses?|used|using|takes?|took|consumes?|consumed|occupies|occupied|eats?)\b/gi,
    example: 'InternVL2-2B already uses 78GB per card',
  },
  // Someone else's run: a paper, a README, an example, the maintainers, a colleague, other issues.
  {
    id: 'owner.reference.document',
    owner: 'reference',
    // A document said to run something ("the paper uses", "according to the README"); a document
    // the user follows or changes ("Sets micro_batch_size from 4 to 2 in the example", c014) is theirs.
    // "As reported in the technical report, the bs: 256 …" (FreedomIntelligence/LLMZoo, c1629) is the authors'.
    when: ['paper', 'readme', 'doc', 'blog', 'tutorial', 'example', 'guide', 'model card', 'benchmark', 'report', 'author'],
    pattern:
      /\b(?:the|their|your|this|that)(?: official)? (?:paper|readme|docs?|documentation|blog(?: post)?|tutorial|examples?|guide|model card|benchmark|report|authors?)(?:'s?)? (?:says?|said|uses?|used|runs?|ran|trains?|trained|recommends?|suggests?|claims?|reports?|reported|lists?|shows?|mentions?|states?|gets?|got)\b|\b(?:according to|as (?:stated|mentioned|described|shown|reported) in|in) (?:the|their|your|this)(?: official| technical| tech| original)? (?:paper|readme|docs?|documentation|blog(?: post)?|model card|benchmark|report)\b|'s example (?:uses?|used|runs?|ran|trains?|sets?)\b/gi,
    example: 'the paper uses 64 A100s for the 65b',
  },
  {
    id: 'owner.reference.notebook',
    owner: 'reference',
    // An example notebook's card is the notebook's ("I can see the example notebook on colab t4",
    // Unsloth's Colab notebooks run on a free T4): the user's own notebook ("my notebook") is theirs.
    when: ['notebook'],
    pattern: /\b(?:the|an|their|this|that|unsloth'?s|official)(?: official| free| provided)? (?:example|sample|demo|official|provided|colab|kaggle)(?: colab| kaggle)? notebooks?\b/gi,
    example: 'I can see the example notebook on colab t4.',
    source: 'unslothai/unsloth (corpus c596)',
  },
  {
    id: 'owner.reference.people',
    owner: 'reference',
    when: ['they', 'colleague', 'someone', 'author', 'previous', 'mentioned', 'official', 'other', 'people', 'friend', 'coworker', 'co-worker', '同事', '朋友', '동료', '친구', '同僚'],
    // "Here is how I did it if someone else wants to try it as well:" before the user's own `ollama show`
    // commands (ollama/ollama#7072, c1262): a reader the steps are shared with ("if someone", "in case
    // someone", "for someone", "helps someone") runs nothing yet; the run shown is the user's own. Nor does
    // someone asked ("did someone have any success in awq quantize gemma2-27b-it", casper-hansen/AutoAWQ#638, c3080;
    // "has someone", "can someone"): the question is about the user's own setup.
    pattern:
      /\bthey (?:use|used|train|trained|ran|run|recommend)\b|\b(?:a|my|our) colleague\b|(?<!\b(?:if|in case|for|helps?|should|did|has|does|can|could) )\bsomeone\b|\bthe authors?\b|\bprevious (?:issues?|threads?|posts?|discussions?)\b|\b(?:as )?mentioned (?:in|by)\b|\bofficial (?:benchmark|results?|numbers?|figures?|setup|recipe|recommendation)s?\b|\bothers (?:in this (?:thread|issue)|here)\b|\bother (?:people|users|folks)\b|\bpeople (?:here|in this (?:thread|issue))\b|\bmy (?:friend|coworker|co-worker)(?:'s)?(?= )|(?:我|我的)?(?:同事|朋友)(?:的|用|在)|동료|친구|同僚/gi,
    // Other people and friends (s46 rdev): "Others in this thread run 4090s and dual 3090s. I only have a 7900 XTX", "my
    // friend's 4090", "朋友的A100", "동료는 H100에서", "同僚のA6000": their cards are theirs, not the user's.
    example: "Some previous issues mentioned zero3 doesn't work well with PPO either.",
    source: 'CarperAI/trlx#431',
  },
  {
    id: 'owner.reference.addressee',
    owner: 'reference',
    // "I used the same GPUs as yours (4 * A6000), I wonder why I can't finetuned 7B which caused OOM on only
    // 2 A6000?" (tatsu-lab/stanford_alpaca#112, c806): a setup named as the one addressed ("as yours", "like
    // yours", "the same … as you") is the other poster's run; the user's own run is the one that fails.
    when: ['yours', ' as you', 'like you', 'your '],
    // So is "your A100 environment" ("Could you please help me to test it under your A100 environment",
    // eosphoros-ai/DB-GPT-Hub#151, c822, beside the user's own V100 that fails).
    // Not a form's heading: vLLM's issue template asks the poster for "### Your current environment" (their own; rserve14,
    // prose/rules/engine-templates.ts).
    pattern: /\b(?:same|similar)\b[^.?!\n,;]{0,30}?\bas (?:yours|you(?:r (?:setup|config|machine|server|gpus?|cards?))?)\b|\blike yours\b|(?<!(?:^|\n)[ \t]*#{1,6}[ \t]*)\byour (?:[\w.-]+ ){0,2}(?:environment|env|setup|machine|server|cluster)\b/gi,
    example: 'I used the same GPUs as yours (4 * A6000), I wonder why I can\'t finetuned 7B which caused OOM on only 2 A6000?',
    source: 'tatsu-lab/stanford_alpaca#112',
  },
  {
    id: 'owner.reference.adapted-from',
    owner: 'reference',
    // The template a config was changed from (adapted-from.ts): the example's model, not the run's.
    when: ['from', '根据', '照着', '参考', '仿照', '基于'],
    pattern: ADAPTED_FROM,
    example: '数据用的 alpaca, 代码根据 llama3_8b_full_alpaca_e3 改了下',
    source: 'InternLM/xtuner#842',
    ownClauseOnly: true,
  },
  {
    id: 'owner.reference.zh',
    owner: 'reference',
    // 官方 names the maintainers' setup; 官方脚本 / 官方代码 is the script the user runs, and
    // 采用官方默认的加载精度 (QwenLM/Qwen#52, c288) a default the user adopts.
    // What a project's introduction, README or manual says ("我看介绍说30B大模型训练lora只需要64GB",
    // hiyouga/LlamaFactory#7559, c676: its 30B became the model), 听说 and 据说 (I heard, reportedly)
    // report another's figure; 介绍一下 (introduce) is no cue. So do 评论说 / 有人说 / 网上说 (comments, someone,
    // the web say): "我看一些评论说正常 1B 参数 fp32 推理需要 4G左右" (QwenLM/Qwen#1297, c945: its fp32 became the weights).
    // An example config the user says they use is theirs: "使用的是readme中的deepspeed zero stage2示例配置"
    // (I use the README's DeepSpeed ZeRO-2 example config; hiyouga/LlamaFactory#1221, c475: its zero2 is the run's).
    // A document the user feeds the model is no documentation: "文档换成了一个1.2mb大小的txt文档，L20 48G单卡发现不够用" (the
    // document became a 1.2 MB txt; one L20 48G was not enough; zai-org/GLM-4#359, corpus c2589: the L20 was set aside as
    // someone else's run), "传入265kb大小的txt文档", "文档解读" (reading a document). Cards "被别人占用" (held by others'
    // processes) are the machine's busy cards, no other run's settings: "0,2被别人长期占用，所以设置了CUDA_VISIBLE_DEVICES=1,3".
    // Example code stays the example's even when used: "代码采用github主页中提供的示例代码" over a Qwen-7B-Chat
    // snippet while the user serves the 72B (QwenLM/Qwen#870, c770).
    pattern: /(?<!采用|使用|用|按照|按)官方(?!脚本|代码|的脚本|的代码|镜像|仓库|默认)|论文|(?<!txt|pdf|docx?|word|md|json|个|份|篇|传入|上传|输入|读取)\s*文档(?!解读|问答|大小|内容|长度|换成|换为|改成|改为)|教程|示例(?!配置)|示例配置(?<!(?:使用|采用|用的|用了|按照|参考)[^。，,；;!！?？\n]{0,40}示例配置)|例子|(?<!被)别人|同事|介绍(?:里|中|上|说)|readme(?:里|中|上)?说|说明(?:里|中|上)?说|听说|据说|评论(?:里|中|上)?说|有人说|网上说/g,
    example: '官方benchmark说用2张A100 80G',
  },
  {
    id: 'owner.reference.advice',
    owner: 'reference',
    // A tip addressed to the reader is a suggestion, not a run anyone made: "You can set `--max-model-len` to preserve
    // memory. `--max-model-len=65536` is usually good for most scenarios." (a recipe guide's tips under its
    // `vllm serve` command, vllm-project/recipes#30, c2107: read as the served length). "you can/could/may/should
    // set …", "… is usually good / generally enough", "we recommend", "it is recommended to"; "can you set" asks.
    when: ['you ', 'usually', 'generally', 'typically', 'recommend', 'suggest'],
    pattern:
      /\byou (?:can|could|may|might|should) (?:also |then |just )?(?:set|use|try|lower|raise|increase|reduce|decrease|adjust|pass|add|tune)\b|\b(?:is|are) (?:usually|generally|typically) (?:good|enough|fine|sufficient|recommended)\b|\bwe (?:would )?(?:recommend|suggest)\b|\bit is (?:recommended|suggested) to\b/gi,
    example: '`--max-model-len=65536` is usually good for most scenarios.',
    source: 'vllm-project/recipes#30',
  },
  {
    id: 'owner.reference.quoted-reply',
    owner: 'reference',
    // A reply that quotes the words it answers ("> 40GB *1 GPUs in BF16 format\n\n3*24G 4090 GPU doesn't
    // work?", deepseek-ai/DeepSeek-Coder-V2#11, c780; "> We could finetune it on 32 GPUs with zero2.\n\n
    // 请问…", QwenLM/Qwen3-VL#1601, c772): the quoted lines are someone else's, and the user's own run
    // follows. A quote block the user introduces with a colon ("The error message looks like this:\n>
    // torch.cuda.OutOfMemoryError", c497; "This is the performance:\n\n> Output generated in…", c508) is
    // their own paste, and so is a quoted log line (a clock time: "> 2023-06-20 22:13:50 INFO:Loading",
    // c038) or command ("> 'python finetune/lora.py", c496): those stay the user's.
    when: ['>'],
    pattern: QUOTED_REPLY,
    example: '> 40GB *1 GPUs in BF16 format\n\n3*24G 4090 GPU doesn’t work?',
    source: 'deepseek-ai/DeepSeek-Coder-V2#11',
  },
  // The run asked about, or the one that fails.
  {
    id: 'owner.request.own',
    owner: 'request',
    // The user's own machine or run, said as theirs ("I have 2 3090s", 我是A40 48G 显存).
    when: ['i have', "i've", 'i got', 'we have', 'my', 'our', '我'],
    pattern: /\b(?:i have|i've got|i got|we have|my|our)\b|我有|我是|我的|我们的|我这/gi,
    example: '我是A40 48G 显存，采用官方默认的加载精度(fp32)',
    source: 'QwenLM/Qwen#52',
  },
  {
    id: 'owner.request.wants',
    owner: 'request',
    when: ['i ', 'we ', "'d ", '’d ', 'want', 'trying', 'now'],
    pattern:
      /\b(?:i|we) (?:want|wanna|would like|would love|need|plan|am trying|'m trying|are trying|'re trying|try|tried) to\b|\b(?:i|we)(?:'d|’d) (?:like|love) to\b|\bwant to\b|\btrying to\b|\b(?:i|we)(?: am|'m| are|'re) (?:running|training|fine-?tuning|finetuning|using|serving)\b|\b(?:i|we) (?:run|use)\b|\bnow\b/gi,
    example: 'now I want to fine-tune 13b on 4 GPUs',
  },
  {
    id: 'owner.request.question',
    owner: 'request',
    when: ['can ', 'could ', 'will ', 'would ', 'should ', 'possible', 'how ', 'what ', 'wonder', 'required to', 'any '],
    pattern:
      /\b(?:can|could|will|would|should) (?:i|we|it|this|that)\b|\bis it possible\b|\bhow (?:much|many|can|do|to|should)\b|\bwhat (?:kind|size|gpus?|hardware)\b|\bwonder(?:ing)?\b|\brequired to\b|\bany (?:advices?|suggestions?|ideas?)\b/gi,
    example: 'Just wonder what kind of mac device are required to run llama 2 70B?',
    source: 'ollama/ollama#391',
  },
  {
    id: 'owner.request.fails',
    owner: 'request',
    // A setting said to be invalid ("QUANTIZE_8bit can be successful, but QUANTIZE_4bit is invalid", corpus c2008)
    // is the run that fails, beside one said to work: the contrast clause is the request, not the working run's by
    // being in its sentence. Not "doesn't work": "Some previous issues mentioned zero3 doesn't work well with PPO"
    // (CarperAI/trlx#431, c438) reports someone else's run, and "the context is set to 150k but that didn't fit"
    // (c2023) a default the user left.
    // Korean: 메모리 부족 (out of memory), 에러 / 오류 (an error), 터져요 / 터집니다 (it blows up).
    when: ['oom', 'out of memory', 'crash', 'fail', 'error', 'invalid', "'t ", 'not ', '부족', '에러', '오류', '터'],
    // "but doesn't on GTX1650 4GB" (beside a device it works on): a device the run does not work on is the one that fails;
    // only before a device's name ("that didn't fit on my system", c2023, is a default the user left).
    pattern: /\b(?:oom|ooms|oomed|out of memory|crash(?:es|ed)?|fails?|failed|errors?)\b|\b(?:is|was|are|were) invalid\b|\b(?:doesn't|does not|didn't|did not|won't|can't|cannot)(?: (?:work|run|load|fit))? on (?:(?:a|an|the|my|our)\s+)?(?:nvidia\s+|geforce\s+|rtx\s*|gtx\s*|tesla\s+)*(?:[a-z]{1,3}\d{2,4}|\d{4})|메모리\s*부족|에러|오류|터(?:져|집|졌)/gi,
    example: 'got cuda OOM on 8 A100s',
    source: 'CarperAI/trlx#431',
  },
  {
    id: 'owner.request.takes',
    owner: 'request',
    // What the run asked about needs ("使用了vllm后，要两张A100才能跑起来", vllm-project/vllm#3494, c549;
    // "with vLLM it takes two A100s to run it"): the setup the user is stuck with, beside the run that worked.
    when: ['才', 'take', 'took', 'need', 'requir', 'had to', 'have to'],
    pattern:
      /(?:要|需要|得)[^，。,；;！？!?\n]{0,12}?才(?:能|可以|行)|才(?:能|可以)(?:跑|运行|加载|训练|推理|部署)|\bit (?:takes|took|needs|needed|requires|required)\b|\b(?:needs?|needed|requires?|required|had to use|have to use)\s+(?:at least\s+)?(?:\d+|two|three|four|eight)\s+(?:x\s*)?(?:gpus?|cards?|[a-z]{0,3}\d{2,4}s?)\b/gi,
    example: '使用了vllm后，要两张A100才能跑起来',
    source: 'vllm-project/vllm#3494',
  },
  {
    id: 'owner.request.zh',
    owner: 'request',
    // 不行 (it won't do), 跑不起来 / 跑不动 (won't run): the run that fails ("2张A100 80G 不行").
    // 是否 (whether), 够吗 / 够不够 (enough?), 行吗 / 支持吗 (does it work / support?) ask too ("如果不开offload的情况下…是否支持", c504).
    pattern: /想|能不能|能否|可不可以|可以吗|需要多少|多少显存|报错|出错|显存不足|显存溢出|爆显存|oom|不行|跑不(?:起来|动|了)|请问|怎么|如何|求助|是否|够不够|够吗|行吗|支持吗/gi,
    example: '想基于70b训练一部分数据',
    source: 'linyiLYi/snake-ai#26',
  },
];
