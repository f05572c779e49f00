import type { ProseRule } from '../types.js';

/**
 * What the run is for — training, RL or running the model — said by names and roles rather than by a
 * training word (issue 22, item 7; helper rmode2, b82–b84). Each rule reads the evidence a careful
 * colleague would: a program that only trains, a script named for pre-training, an RL pipeline's roles
 * or stage, and a noun that only looks like a running word (推理模型, a reasoning model). Where the
 * evidence names the mode but not its algorithm (an "RL stage", an actor beside a reward model), the
 * rule is weak, so the reply says the algorithm with the words it came from.
 */

/** An RL or preference algorithm the message names: it is the run's, and no guess is made. */
const ALGORITHM_NAMED = /(?<![a-z])(?:ppo|grpo|dapo|gspo|rloo|remax|reinforce|dpo|orpo|kto|simpo|rlhf)(?!\w)/;
/** A model an RLHF pipeline scores or values with: beside an actor, the run is RL. */
const REWARD_OR_CRITIC = /(?<![\w.])(?:reward|critic)(?:[ -]models?)?(?![\w.])|奖励模型|价值模型/;
/** A training word of the message (English or Chinese), beside which 推理模型 is a kind of model. */
const TRAINING_WORD = /(?<![a-z])(?:train\w*|fine-?tun\w*|finetun\w*|sft|rl|rlhf|grpo|ppo|pretrain\w*)(?![a-z])|训练|微调|强化学习/;

/** A training word as the pair writes it ("training/inference", "训练/推理"). */
const TRAIN_WORD = String.raw`train(?:ing)?|fine-?tun(?:e|ing)|finetun(?:e|ing)|训练|微调`;

/** "actor" as a role's word, not Ray's actors nor a path or a key's part. */
const ACTOR = /(?<![\w./-])(?<!ray\s)actor(?![\w./])/;

const pad = (word: string, length: number) => (word.length >= length ? word : ` ${word}`.padEnd(length));

export const RUN_PURPOSE_RULES: readonly ProseRule[] = [
  {
    // DeepSpeed-Chat's step 3 is RLHF with PPO (its step3_rlhf_finetuning/main.py: actor, critic, reference
    // and reward models on the GPUs at once): "OOM on step-3 for opt-6.7B" in its tracker, "DeepSpeed-Chat
    // step 3". Read as PPO, in place of the product's name, whose "-chat with" had read as chatting with
    // the model (c2791). Invented example after deepspeedai/DeepSpeedExamples#482 (c2790).
    id: 'training.deepspeed-chat-step3',
    pattern: /(?<![\w./-])deepspeed[- ]?chat(?:'s)?[\s,:(]*(?:step|stage)[\s_-]?3(?![\w.])/g,
    when: (t) => t.includes('chat'),
    write: (m) => pad('ppo', m[0].length),
    example: 'DeepSpeed-Chat step 3 with opt-1.3b actor runs out of memory on 1x a100-40g',
    source: 'deepspeedai/DeepSpeedExamples#482',
  },
  {
    // DeepSpeed-Chat is a training pipeline (its three steps: SFT, reward model, RLHF), not a chat program:
    // "the step 1 of deepspeed-chat with the default example" (deepspeedai/DeepSpeedExamples#551, c2791)
    // had read "chat with" as running the model. Its name says DeepSpeed trains; weak, since its step is
    // not always said (and its chat.py does run a trained model), so the reply says where it came from.
    id: 'training.deepspeed-chat',
    pattern: /(?<![\w./-])deepspeed[- ]?chat(?![\w.])(?!\/)/g,
    when: (t) => t.includes('chat'),
    write: () => ' deepspeed train ',
    weak: true,
    example: 'Hi I am trying out the step 1 of deepspeed-chat with the default example.',
    source: 'deepspeedai/DeepSpeedExamples#551',
  },
  {
    // An actor beside a reward or critic model is an RLHF run (DeepSpeed-Chat's, OpenRLHF's, TRL's PPO):
    // "I managed to train step 1 and step 2 for a 6.7B actor model and 350m reward model but … step 3"
    // (deepspeedai/DeepSpeedExamples#482, c2790) had read as a plain fine-tune. PPO is the algorithm with
    // both roles; weak, since a GRPO run keeps an actor and may score with a reward model too. Not where
    // the message names its algorithm, nor Ray's actors.
    id: 'training.actor-beside-reward',
    pattern: new RegExp(ACTOR.source, 'g'),
    when: (t) => t.includes('actor') && REWARD_OR_CRITIC.test(t) && !ALGORITHM_NAMED.test(t),
    write: (m) => (m.input.search(ACTOR) === m.index ? pad('ppo', m[0].length) : m[0]),
    weak: true,
    example: 'I managed to train step 1 and step 2 for a 6.7B actor model and 350m reward model but I keep running into an out of memory issue for step 3',
    source: 'deepspeedai/DeepSpeedExamples#482',
  },
  {
    // The RL stage of a pipeline that trains (MedicalGPT's pt → sft → rm → rl, "执行到RL阶段，报显存不足",
    // shibing624/MedicalGPT#175, c2869; "7B模型RL训练需要多少显存", openreasoner/openr#60, c2868): RL with no
    // algorithm named is read as PPO, the RLHF stage after a reward model; weak, said with its words
    // ("say grpo if not"). Not where the message names its algorithm.
    id: 'training.rl-stage',
    pattern: /(?<![a-z0-9_./-])rl(?![a-z0-9_./-])(?=\s*(?:阶段|训练|过程|时|的时候|报错|stage(?![a-z])|phase(?![a-z])|training(?![a-z])|step(?![a-z])))/g,
    when: (t) => /(?<![a-z])rl(?![a-z])/.test(t) && !ALGORITHM_NAMED.test(t),
    write: (m) => pad('ppo', m[0].length),
    weak: true,
    example: '您好，我使用了这个shibing624/chinese-alpaca-plus-7b-hf模型经过了pt，sft和rm，在rl报错了',
    source: 'shibing624/MedicalGPT#175',
  },
  {
    // 推理模型 beside a training word is a reasoning model (a kind of model, as DeepSeek-R1 is), not running
    // the model: "请问7B的推理模型结合7B的PRM训练需要多少显存" (openreasoner/openr#60, c2868) had read 推理 as
    // inference. After 的 it is a noun too. Blanked: the model is named elsewhere. Not before 时 ("训练完后推理模型时OOM":
    // when running the model, a verb).
    id: 'training.reasoning-model-zh',
    pattern: /推理(?:大)?模型(?!时|的时候|时候)/g,
    when: (t) => t.includes('推理模型') || t.includes('推理大模型'),
    write: (m) => (m.input[m.index - 1] === '的' || TRAINING_WORD.test(m.input) ? ' '.repeat(m[0].length) : m[0]),
    example: '请问7B的推理模型结合7B的PRM训练需要多少显存？',
    source: 'openreasoner/openr#60',
  },
  {
    // A script named for pre-training ("ds_pretrain_gpt_6.7B_dense_pipeclean.sh … This script runs on 8 GPUs",
    // ROCm/Megatron-LM#2, c2833; Megatron's pretrain_gpt.py, pretrain_llama.sh): the run is pre-training,
    // whatever verb runs it ("runs" had read as running the model). A size in its name is kept before it.
    id: 'training.pretrain-script',
    pattern: /(?<![\w./-])(?:[\w.-]+\/)*((?:[a-z0-9.]+[_-])*?)pretrain((?:[_-][a-z0-9.]+)*)\.(?:py|sh)(?![\w.])/g,
    when: (t) => t.includes('pretrain') && /pretrain[\w.-]*\.(?:py|sh)/.test(t),
    write: (m) => {
      const sizes = `${m[1]}${m[2]}`.split(/[_-]/).filter((p) => /^\d+(?:\.\d+)?[bm]$/.test(p));
      return ` ${[...sizes, 'pretrain'].join(' ')} `;
    },
    example: 'Added ds_pretrain_gpt_6.7B_dense_pipeclean.sh',
    source: 'ROCm/Megatron-LM#2',
  },
  {
    // Training and inference written as one pair ("This PR adds 4bit training/inference", h2oai/h2o-llmstudio#131,
    // c2846; "训练/推理"): both are offered, the larger run is the training, and the words beside it (a method, a
    // training setting) say how it trains. The running word of the pair is blanked; it had outweighed "training"
    // and the LoRA of the same message. A pair alone ("training/inference memory?") still reads training.
    id: 'training.inference-pair',
    pattern: new RegExp(String.raw`(?<![a-z])(${TRAIN_WORD})(\s?\/\s?)(?:inference|infer|推理)(?![a-z])|(?<![a-z])(?:inference|infer|推理)(\s?\/\s?)(${TRAIN_WORD})(?![a-z])`, 'g'),
    when: (t) => t.includes('/') && /(?:infer|推理)\s?\/|\/\s?(?:infer|推理)/.test(t),
    // The training word stays as written; only the running word goes.
    write: (m) => (m[1] ? m[1].padEnd(m[0].length) : ' '.repeat(m[0].length - m[4]!.length) + m[4]),
    // "training/inference" has a Hub id's shape (owner/name): the pair is read there too.
    insideHubIds: true,
    example: 'This PR adds 4bit training/inference.',
    source: 'h2oai/h2o-llmstudio#131',
  },
  {
    // EasyR1 is veRL's fork for vision-language RL (hiyouga/EasyR1): naming it names verl's trainer, which the
    // verl rules read ("使用EasyR1训练qwen2.5-vl-7b则出现内存oom", hiyouga/EasyR1#260, c2872).
    id: 'training.easyr1',
    pattern: /(?<![\w./-])easy-?r1(?![\w.-])(?!\/)/g,
    when: (t) => t.includes('easy'),
    write: () => ' verl ',
    example: '如题，同样的环境，在verl上训练qwen2.5可以正常跑，但是使用EasyR1训练qwen2.5-vl-7b则出现内存oom。',
    source: 'hiyouga/EasyR1#260',
  },
  {
    // "Hugging Face's text-generation-inference library", "Leverages Hugging Face's TGI" (nosana-ci/pipeline-templates#82,
    // c2826): the company named as TGI's maker, not its transformers library; read as a framework of its own, it
    // had set TGI aside as a second framework and the template was estimated as vLLM serving.
    id: 'training.tgi-maker',
    pattern: /(?<![\w./-])(?:hugging\s?face|hf)(?:['’]s)?\s+(?=(?:tgi|text[- ]generation[- ](?:inference|launcher))(?![\w-]))/g,
    when: (t) => (t.includes('face') || t.includes('hf')) && /(?:face|hf)(?:['’]s)?\s+(?:tgi|text[- ]generation)/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: "Leverages Hugging Face's TGI for efficient text generation.",
    source: 'nosana-ci/pipeline-templates#82',
  },
  {
    // TTRL (test-time reinforcement learning, PRIME-RL/TTRL) trains the whole policy with GRPO on majority-vote
    // rewards: "How can I run TTRL for Qwen3-8B under 8 * NVIDIA A100 80GB GPUs" (PRIME-RL/TTRL#41, c2800) had
    // read "run" as running the model. Weak: its scripts' algorithm, not the user's word.
    id: 'training.ttrl',
    pattern: /(?<![\w./-])ttrl(?![\w.-])(?!\/)/g,
    when: (t) => t.includes('ttrl') && !ALGORITHM_NAMED.test(t),
    write: () => ' grpo ',
    weak: true,
    example: 'How can I run TTRL for Qwen3-8B under 8 * NVIDIA A100 80GB GPUs',
    source: 'PRIME-RL/TTRL#41',
  },
];
