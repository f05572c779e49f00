import type { Item, ReportedTopic } from './items.js';
import { unquantisedConfig } from './reconcile/unquantised-config.js';
import { cards, launched, launcherPicksTheRun, launcherUsesPart, reportedMachineServesSplit, slurmAllocationWins, sizeSaidAgain, someOfTheCards } from './reconcile/cards.js';
import type { Doubt } from './item-trace.js';
import { templateChecklists } from './reconcile/boilerplate.js';
import { compares } from './reconcile/compares.js';
import { enginesByEvidence } from './reconcile/engine-evidence.js';
import { programOrEngine } from './reconcile/program-or-engine.js';
import { releasesOfOtherEngines } from './reconcile/other-engine-releases.js';
import { impliedFrameworks } from './reconcile/framework-evidence.js';
import { algorithmOverRewardModel, algorithmOverUnsloth } from './reconcile/rl-algorithm.js';
import { algorithmOverBackend } from './reconcile/rl-backend.js';
import { negatedHardware } from './reconcile/negated-hardware.js';
import { trainerShare } from './reconcile/trainer-share.js';
import { multiNodeLaunch } from './reconcile/multi-node-launch.js';
import { engineWorldSize } from './reconcile/engine-world-size.js';
import { goalLengths } from './reconcile/goal-lengths.js';
import { boundValues } from './reconcile/bound-values.js';
import { limitLengths } from './reconcile/limit-lengths.js';
import { globalBesideMicro } from './reconcile/global-beside-micro.js';
import { promptProcessingBatches } from './reconcile/prompt-batches.js';
import { tokenCountLengths } from './reconcile/token-count-lengths.js';
import { speedTokens } from './reconcile/speed-tokens.js';
import { rlPromptBatches } from './reconcile/rl-prompt-batch.js';
import { batchSaidByKey, plainBatchOverGpus } from './reconcile/batch-meaning.js';
import { parallelAcrossSentences } from './reconcile/parallel-reach.js';
import { countsWithoutCue, modelWindows, reachedLengths, throughputTokens } from './reconcile/cues.js';
import { nameContextTags } from './reconcile/name-contexts.js';
import { keywordsAcrossSentences } from './reconcile/keyword-reach.js';
import { askedRun } from './reconcile/asked-run.js';
import { cardAsked } from './reconcile/asked-card.js';
import { minimumOnCard } from './reconcile/minimum-on-card.js';
import { countTakesAskedCard } from './reconcile/asked-card-count.js';
import { actualSetup, contrasted, expectations, usageQuotes, workingRuns, workingSettings } from './reconcile/mentions.js';
import { models, weights } from './reconcile/models.js';
import { otherModelExamples } from './reconcile/other-models.js';
import { modelClasses } from './reconcile/model-classes.js';
import { otherRuns, rolloutsInTraining, type OwnedRuns } from './reconcile/owners.js';
import { rolloutEngineWords } from './reconcile/rollout-engine.js';
import { mergedAdapters } from './reconcile/merged-adapter.js';
import { adapterPretraining, engines, frameworks, loras, narrativeHelp, seqs, sequenceSplitWithoutDegree, switches } from './reconcile/settings.js';
import { vllmEngines } from './reconcile/vllm-engine.js';
import { severalReleases } from './reconcile/several-releases.js';
import { seriesSizes } from './reconcile/series-sizes.js';
import { ktCpuExperts, loaderCannotLoad, quantisationTargets } from './reconcile/weights-evidence.js';
import { removedFormats } from './reconcile/removed-formats.js';
import { triedAlternatives } from './reconcile/tried-alternatives.js';
import { triedLayouts } from './reconcile/tried-layouts.js';
import { contrastedMethods } from './reconcile/contrasted-methods.js';
import { plannedSettings } from './reconcile/planned-settings.js';
import { triedAdapters } from './reconcile/tried-adapters.js';
import { comparedFormats } from './reconcile/compared-formats.js';
import { variantsTried } from './reconcile/variant-tried.js';
import { namedSetups } from './reconcile/named-setups.js';
import { switchedModel, switchedTo } from './reconcile/switched-to.js';
import { failedSwitches } from './reconcile/failed-switch.js';
import { leftTries } from './reconcile/left-tries.js';
import { fp8WeightsWord } from './reconcile/fp8-weights-word.js';
import { bareOffloadWords } from './reconcile/offload-word.js';
import { zero3Offload } from './reconcile/zero3-offload.js';
import { formerFrameworks } from './reconcile/former-frameworks.js';
import { mentionedFrameworks } from './reconcile/mentioned-frameworks.js';
import { trainerOverDeepSpeed } from './reconcile/trainer-deepspeed.js';
import { launchedReplicas } from './reconcile/launched-replicas.js';
import { askedDefaultShardings, keyedShardings, shardedNotSplit } from './reconcile/sharding-evidence.js';
import { swiftDeviceMap } from './reconcile/swift-device-map.js';
import { countTakesMachineCard } from './reconcile/machine-card.js';
import { comparedCards } from './reconcile/compared-cards.js';
import { machineSplitBetweenProcesses } from './reconcile/split-machine.js';
import { otherRunCards } from './reconcile/other-run-cards.js';

/**
 * Prose says the same thing twice (issue 11): a title names "Llama-2-7B", the command
 * `--model meta-llama/Llama-2-7b-hf`; a card is "8x A100 80GB" and later "80GB"; the memory
 * a log printed ("51GB used") sits next to the card. In prose (never in a short request,
 * where two such items stay a contradiction to report) restatements of one thing collapse to
 * the most specific, and a memory figure that cannot be the named card's is not read as a
 * card size, with a note. Genuinely different values stay, for the resolver to report.
 */
export function reconcile(items: Item[], notes: string[], ignored: string[], text = '', owned?: OwnedRuns, reports?: { said: readonly ReportedTopic[]; reported: ReportedTopic[] }): Item[] {
  // An issue template's checklist lines are the template's words: nothing read there is the setup.
  // A model given as an example of other models is another run's (reconcile/other-models.ts).
  // The model switched to ("switched from mistral-7b to llama-3-8b") is the run, before two names of one size are taken for one (reconcile/switched-to.ts).
  // A size said alone beside a model of one series at another size is that series' member ("Llama 3.1 70B and 405B"), weak (reconcile/series-sizes.ts).
  // Two cards compared, one of them named again (a path's folder, a config value), is that card's setup (reconcile/compared-cards.ts).
  // A series named as a class of models ("qwen3 and qwen3.5 models") beside a sized model of its family is no run's model (reconcile/model-classes.ts).
  let out = models(modelClasses(switchedModel(otherModelExamples(compares(comparedCards(seriesSizes(templateChecklists(items, text, ignored), notes, owned?.doubts), text, notes), notes), text, notes), text, notes, owned), text, notes), notes, text);
  // A launch for N nodes beside the cards said in prose: the same job, or one node of it (reconcile/multi-node-launch.ts).
  out = multiNodeLaunch(out, notes);
  // "batch size is more than 1", "小于64": a strict bound is not the run's value (reconcile/bound-values.ts).
  out = boundValues(out, text, notes, owned);
  // Cards the user says they do not have are no setup of theirs, whoever else's run they are.
  out = negatedHardware(out, text, notes, owned);
  // Machines named in one message ("my home setup … my work setup"): the one the failure is said on is the setup (reconcile/named-setups.ts).
  out = namedSetups(out, text, notes, owned);
  // The same cards said again with their size ("8x A100" … "p4d.24xlarge"): one setup, not two runs (reconcile/cards.ts).
  out = sizeSaidAgain(out, notes);
  // "one device for training, another for vllm": the trainer's share of the machine is the run's count (reconcile/trainer-share.ts).
  out = trainerShare(out, text, notes, owned);
  // A training run's rollouts are no serving request; then whose run each setting is, by its
  // clause's cue words (owners/): the request's clause wins.
  const beforeOwners = out;
  out = rolloutsInTraining(out, text, notes);
  // An engine named only by its name beside its sleep, wake-up or rollouts, with no word that trains: an RL trainer's (reconcile/rollout-engine.ts).
  out = rolloutEngineWords(out, text, notes, owned);
  // An adapter merged into the model, in a message that runs the merged model, is how the model was made (reconcile/merged-adapter.ts).
  out = mergedAdapters(out, text, notes, owned);
  out = models(otherRuns(out, text, notes, owned));
  out = countsWithoutCue(out, notes);
  out = keywordsAcrossSentences(out, notes);
  out = parallelAcrossSentences(out, notes);
  out = throughputTokens(out, text, notes);
  out = modelWindows(out, text, notes);
  // "14b-16k", "…-ctx8192": a length tagged in a model's name is its trained window (reconcile/name-contexts.ts).
  out = nameContextTags(out, text, notes);
  out = reachedLengths(out, text, notes);
  // A lone length said as where the run stops ("can't get over 8k") is kept, weak (reconcile/limit-lengths.ts).
  out = limitLengths(out, text, notes, owned);
  // "速度只有5tokens左右", "7 tokens a second": a token count in a clause about speed is a rate (reconcile/speed-tokens.ts).
  out = speedTokens(out, text, notes, owned);
  // "an output of 101 tokens": a length from a token count alone is weak (reconcile/token-count-lengths.ts).
  out = tokenCountLengths(out, text, notes, owned);
  // An RL run's "train batch size" counts over every GPU, never per GPU (reconcile/rl-prompt-batch.ts).
  out = rlPromptBatches(out, text, notes);
  // "MicroBatch = 1, Batch = 4": a plain batch beside a micro-batch is the global batch (reconcile/global-beside-micro.ts);
  // beside llama.cpp or LM Studio both are prompt tokens a step (reconcile/prompt-batches.ts).
  out = globalBesideMicro(promptProcessingBatches(out, text, notes), text, notes, owned?.doubts);
  // A plain batch that a global key of the message states, or one of 64+ over several GPUs (reconcile/batch-meaning.ts).
  out = plainBatchOverGpus(batchSaidByKey(out, text, notes), text, notes, owned?.doubts);
  out = goalLengths(out, text, notes);
  out = usageQuotes(out, text, notes);
  out = workingRuns(out, text, notes);
  out = workingSettings(out, text, notes);
  out = expectations(out, text, notes);
  out = contrasted(out, text, notes);
  // Of an RL algorithm and a supervised run set against each other, the one that fails or is asked about is the run (reconcile/contrasted-methods.ts).
  out = contrastedMethods(out, text, notes);
  // Rival ZeRO stages or offloads joined by "and"/"or"/还是 are the things tried, not the run (reconcile/tried-alternatives.ts).
  out = triedAlternatives(out, text, notes);
  // Parallel degrees and shardings named under a word of trying, all said to fail, are tried configurations (reconcile/tried-layouts.ts).
  out = triedLayouts(out, text, notes);
  // A setting said as a plan or a remedy asked about ("I will try fsdp", "would offload help?") is not the run's (reconcile/planned-settings.ts).
  out = plannedSettings(out, text, notes, owned);
  // LoRA and QLoRA both run are compared, not folded into one (reconcile/tried-adapters.ts).
  out = triedAdapters(out, text, notes);
  // Two formats in parallel clauses, each with its own figure, are compared, not one run (reconcile/compared-formats.ts).
  out = comparedFormats(out, text, notes);
  // A setting switched to ("后面改用ZeRO2", "then switched to LoRA") replaces the one said before it (reconcile/switched-to.ts).
  out = switchedTo(out, text, notes, owned);
  // A setting tried and left ("I tried zero3 but …, so now zero2", "first bf16, then fp32"): the run now is the later saying (reconcile/left-tries.ts).
  out = leftTries(out, text, notes, owned);
  // Checkpointing the user fails to turn on, or asks how to, is not on (reconcile/failed-switch.ts).
  out = failedSwitches(out, text, notes);
  // "fp8" beside fp8 weights and a 16-bit dtype names the weights (reconcile/fp8-weights-word.ts).
  out = fp8WeightsWord(out, notes);
  // A bare "offload" beside another offload the command sets, or in a torchtune run, is no optimizer offload (reconcile/offload-word.ts).
  out = bareOffloadWords(out, text, notes);
  // "ZeRO-3 offload" with no object offloads the optimizer states and the parameters (reconcile/zero3-offload.ts).
  out = zero3Offload(out, text, notes);
  // A ZeRO stage or FSDP set by a flag, key or config file beats one said in prose (reconcile/sharding-evidence.ts).
  out = shardedNotSplit(keyedShardings(askedDefaultShardings(out, text, notes), notes, text), notes);
  // Of the user's own runs said alike, the one asked about or the one that fails, once the mentions said to be
  // used memory, a working run's, an expectation or a contrast are gone (reconcile/asked-run.ts).
  // A card said in the sentence of a model that step set aside is that other run's card (reconcile/other-run-cards.ts).
  out = models(otherRunCards(out, askedRun(out, text, notes, owned), text, notes, owned));
  out = slurmAllocationWins(out, notes);
  out = someOfTheCards(out, notes);
  // The launcher's count before the cards said twice collapse: "单卡" and `CUDA_VISIBLE_DEVICES=0` say one GPU alike, and the launcher's saying is the one that picks the machine's card.
  // One ms-swift process over several visible devices splits the model by device_map (reconcile/swift-device-map.ts).
  // A device_map split under a launcher of several processes is one replica per process (reconcile/launched-replicas.ts).
  // A machine split between a trainer and its generation engine is the run's machine, not the trainer's part (reconcile/split-machine.ts).
  out = machineSplitBetweenProcesses(out, text, notes);
  out = launched(swiftDeviceMap(launchedReplicas(out, text, notes), text, notes), notes);
  out = launcherPicksTheRun(out, notes);
  out = launcherUsesPart(out, notes);
  out = reportedMachineServesSplit(out, notes);
  out = engineWorldSize(out, text, notes);
  out = cards(out, notes, owned?.doubts);
  // A count left with no card, its machine's card set aside as another run: that card, said weak (reconcile/machine-card.ts).
  out = countTakesMachineCard(out, beforeOwners, notes, owned?.doubts);
  // A card named with no count beside "how many GPUs" is the card asked about (reconcile/asked-card.ts).
  // The least setup asked of a card named with no count is that card's count (reconcile/minimum-on-card.ts).
  out = countTakesAskedCard(cardAsked(minimumOnCard(out, text, notes), notes), notes);
  out = actualSetup(out, text, notes);
  // A format the GPU never holds: a loader's mistake, kt-kernel's CPU experts, a quantisation's output (reconcile/weights-evidence.ts).
  out = quantisationTargets(ktCpuExperts(loaderCannotLoad(out, text, notes, owned), text, notes, owned), text, notes, owned);
  // A format the message says it removed ("So I delete the load_in_4bit") is not the run's (reconcile/removed-formats.ts).
  out = removedFormats(out, text, notes, owned);
  // A quantised variant named as one more try, a fallback weighed or the one that works is not the run (reconcile/variant-tried.ts).
  out = variantsTried(out, text, notes, owned);
  out = weights(out);
  out = seqs(out, notes);
  out = switches(out, notes);
  out = sequenceSplitWithoutDegree(out, notes);
  // A config that says its base is not quantised is the run; "QLoRA" elsewhere the other one (reconcile/unquantised-config.ts).
  out = unquantisedConfig(out, text, notes);
  out = loras(out);
  out = adapterPretraining(out, notes);
  // Of a serving engine and a program running the model (transformers, TGI, llama.cpp) said in prose, the one left, weighed or said to work is not the run's (reconcile/program-or-engine.ts).
  out = enginesByEvidence(programOrEngine(out, text, notes), notes, text);
  out = engines(out, notes);
  // A release of an engine other than the run's ("pip install lmdeploy==0.5.1" beside an SGLang run) is not the run's (reconcile/other-engine-releases.ts).
  out = severalReleases(vllmEngines(releasesOfOtherEngines(out, notes), notes), notes);
  out = impliedFrameworks(out, notes, text);
  // An RL or preference algorithm fills the one framework slot over Unsloth, in either order (reconcile/rl-algorithm.ts).
  out = algorithmOverUnsloth(algorithmOverRewardModel(out, notes), notes, text);
  // An RL algorithm beside the Megatron backend that trains its policy is the algorithm's run (reconcile/rl-backend.ts).
  out = algorithmOverBackend(out, notes);
  // A framework only asked about or set against the run yields to the one the message runs (reconcile/mentioned-frameworks.ts).
  // DeepSpeed beside the Hugging Face Trainer's own argument or class is ZeRO's provider, the Trainer the run's (reconcile/trainer-deepspeed.ts).
  out = frameworks(trainerOverDeepSpeed(mentionedFrameworks(formerFrameworks(out, text, notes), text, notes), text, notes), text);
  out = narrativeHelp(out, ignored, reports?.said, reports?.reported);
  return out;
}

/**
 * The same thing said twice in the item language itself ("DeepSeek-V3 671B", "int4 awq"): one
 * saying, as the tolerant reader keeps one; different values stay, for the resolver to report.
 */
export function restatements(items: Item[], text = '', notes: string[] = [], doubts: Doubt[] = []): Item[] {
  // A framework an artefact only suggests is no contradiction of one named (reconcile/framework-evidence.ts).
  // Rival stages joined by "and"/"or" ("ZeRO-2 / ZeRO-3 both OOM") are the things tried, in a short request too.
  // An algorithm named beside the program that runs it ("unsloth DPO") fills the framework slot (reconcile/rl-algorithm.ts).
  // A card with a memory it was never sold with ("on 4x rtx-2080-ti 22gb", a modified 22 GB card) is read as
  // prose reads it (reconcile/cards.ts: the memory as written, said as weak), not refused as two GPU types.
  // "batch 32, micro batch 2" is the global batch and its micro-batch, as prose reads it (reconcile/global-beside-micro.ts);
  // "batch size 512 on 64x h100" is said weak, as prose says it (reconcile/batch-meaning.ts).
  const read = plainBatchOverGpus(globalBesideMicro(promptProcessingBatches(cards(items, notes, doubts), text, notes), text, notes, doubts), text, notes, doubts, true);
  return zero3Offload(algorithmOverBackend(algorithmOverUnsloth(algorithmOverRewardModel(impliedFrameworks(adapterPretraining(weights(models(triedAlternatives(read, text, notes), undefined, text)), []), [], text), notes), notes, text), notes), text, notes);
}
