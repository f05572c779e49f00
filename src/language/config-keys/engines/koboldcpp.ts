import { cpuMoeLayers, overrideTensors } from './cpu-moe.js';
import { promptBatch } from '../serving.js';
import { IGNORE, isFalse, say, unquote, type Handler } from '../values.js';
import { tensorSplit } from './tensor-split.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledSwitch, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * --quantkv: the KV cache's type for K and V both, by name or by its old number (0 f16, 1 q8_0,
 * 2 q4_0; koboldcpp.py's choices "f16","bf16","q8_0","q5_1","q4_0","0","1","2","3"). q8_0 is sized
 * as an 8-bit cache, as llama.cpp's -ctk q8_0 is (config-keys/serving.ts); below 8 bits is not modelled.
 */
const quantKv: Handler = (v) => {
  const type = ({ 0: 'f16', 1: 'q8_0', 2: 'q4_0', 3: 'q5_1' } as Record<string, string>)[unquote(v)] ?? unquote(v).toLowerCase();
  if (type === 'f16' || type === '') return IGNORE;
  if (type === 'bf16') return say('kv bf16');
  if (type === 'q8_0') return say('kv fp8', 'KoboldCpp --quantkv q8_0 sized as an 8-bit KV cache (q8_0 adds a 16-bit scale per 32 values, about 6% more)');
  return { ignore: true, note: `KoboldCpp --quantkv ${type} (a KV cache below 8 bits) is not modelled: an f16 KV cache assumed` };
};

/** --noflashattention / -nofa: a switch; the attention scores are then computed in the compute buffer. */
const noFlash: Handler = (v) => (isFalse(v) && unquote(v) !== '' ? IGNORE : say('no flash'));

/**
 * KoboldCpp: llama.cpp underneath (its own build of ggml and llama.cpp, gpttype_adapter.cpp), with
 * its own option spellings — the argparse of koboldcpp.py (LostRuins/koboldcpp, read at commit
 * 8f8b164, 2026). The same settings mean what llama.cpp's do: --contextsize is -c, the KV cache's
 * tokens; --gpulayers is -ngl (-1 there is "try autodetect", not "all"); --blasbatchsize is -b.
 */
export const KOBOLDCPP: Engine = {
  id: 'koboldcpp',
  name: 'KoboldCpp',
  named: /kobold[._ -]?cpp/i,
  source: 'LostRuins/koboldcpp koboldcpp.py argparse (commit 8f8b164)',
  says: 'koboldcpp',
  // Its own run-together spellings (koboldcpp.py argparse): no other engine or framework in
  // config-keys/ spells an option so, so they are read as KoboldCpp's where the program goes unnamed.
  ownWords: ['gpulayers', 'contextsize', 'blasbatchsize', 'quantkv', 'usecublas', 'noflashattention'],
  get options() {
    return optionsOnce(this, () => [
      // The first spelling of a shared option is the key the tables read it as (llama.cpp's).
      shared('--ctx-size', '--contextsize', '-c'),
      shared('--n-gpu-layers', '--gpulayers', '--gpu-layers', '-ngl'),
      shared('--model'),
      shared('--flash-attn', '--flashattention', '-fa'),
      reads(noFlash, '--noflashattention', '--no-flash-attn'),
      reads(quantKv, '--quantkv'),
      // Prompt tokens per step (llama.cpp's n_batch), not a batch of requests.
      reads(promptBatch, '--batchsize', '--blasbatchsize', '--batch-size', '-b'),
      // --usecuda [lowvram|normal|rowsplit|mmq|GPU id]: lowvram keeps the KV cache off the GPU, rowsplit splits rows.
      unmodelledWhen((v) => /lowvram|rowsplit/.test(v), 'lowvram keeps the KV cache in CPU memory; rowsplit splits rows of each matrix over the GPUs', 'kv cache', '--usecuda', '--usecublas', '--usehipblas'),
      unmodelledSwitch('the KV cache kept in CPU memory', 'kv cache', '--lowvram', '--no-kv-offload', '-nkvo'),
      unmodelledWhen((v) => v === 'row', 'rows of each matrix split over the GPUs', 'parallelism', '--splitmode', '--split-mode', '-sm'),
      reads(tensorSplit('koboldcpp'), '--tensor_split', '--tensorsplit', '--tensor-split', '-ts'),
      unmodelledSwitch('layers placed to fit by KoboldCpp itself, whatever else is set', 'weights', '--autofit', '--fit'),
      reads(overrideTensors('koboldcpp'), '--overridetensors', '--override-tensor', '-ot'),
      reads(cpuMoeLayers, '--moecpu', '--n-cpu-moe', '-ncmoe'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--draftmodel', '--model-draft', '-md'),
      unmodelled("the draft model's layers on the GPU", 'weights', '--draftgpulayers', '--gpu-layers-draft', '--n-gpu-layers-draft', '-ngld'),
      unmodelled("a LoRA adapter's weights beside the model", 'weights', '--lora'),
      unmodelled("the multimodal projector's weights beside the model", 'weights', '--mmproj'),
      unmodelledSwitch('a sliding-window KV cache for SWA layers (smaller than the full one)', 'kv cache', '--useswa'),
      unmodelledSwitch('a second context for classifier-free guidance', 'kv cache', '--enableguidance'),
      unmodelled('parallel slots of continuous batching', 'kv cache', '--continuous-batching', '--contbatch'),
      unmodelledSwitch('pipeline parallelism over several GPUs turned off (it holds more memory)', 'peak', '--nopipelineparallel'),
      // Other models loaded beside the text model (image generation, speech, embeddings, music).
      unmodelled('an image-generation model loaded beside the text model', 'weights', '--sdmodel'),
      unmodelled('a Whisper model loaded beside the text model', 'weights', '--whispermodel'),
      unmodelled('a text-to-speech model loaded beside the text model', 'weights', '--ttsmodel'),
      unmodelled('an embeddings model loaded beside the text model', 'weights', '--embeddingsmodel'),
      unmodelled('a music model loaded beside the text model', 'weights', '--musicllm'),
      none('--maingpu', '--main-gpu'),
      none('--blasthreads', '--batchthreads', '--threadsbatch', '--threads-batch'),
      none('--noshift', '--no-context-shift'),
      none('--usemlock', '--mlock'),
      none('--nommap', '--no-mmap'),
      none('--mmprojcpu', '--no-mmproj-offload'),
      none('--visionmintokens', '--image-min-tokens'),
      none('--visionmaxtokens', '--image-max-tokens'),
      none('--draftamount', '--draft-max', '--draft-n'),
      none('--jinja_tools', '--jinja-tools', '--jinjatools'),
      none('--jinja_kwargs', '--jinja-kwargs', '--jinjakwargs', '--chat-template-kwargs'),
      none('--jinjatemplate', '--chat-template-file'),
      none('--genlimit', '--promptlimit'),
      none('--overridekv', '--override-kv'),
      none('--sdclip1', '--sdclipl'),
      none('--sdclip2', '--sdclipg'),
      ...noneEach(`--port --host --launch --config --threads --usevulkan --usecpu --version --analyze --nommq
        --loramult --nofastforward --swapadding --smartcache --ropeconfig --overridenativecontext --usemmap --noavx2
        --failsafe --debugmode --onready --benchmark --prompt --cli --multiuser --multiplayer --websearch --remotetunnel
        --highpriority --foreground --preloadstory --savedatafile --quiet --ssl --nocertify --visionmaxres
        --draftgpusplit --password --ratelimit --ignoremissing --chatcompletionsadapter --jinja --smartcontext --unpack
        --exportconfig --exporttemplate --nomodel --moeexperts --defaultgenamt --nobostoken --maxrequestsize --showgui
        --skiplauncher --singleinstance --gendefaults --gendefaultsoverwrite --mcpfile --device --downloaddir
        --autofitpadding --hordemodelname --hordeworkername --hordekey --hordemaxctx --hordegenlen --sdthreads
        --sdclamped --sdclampedsoft --sdt5xxl --sdphotomaker --sdupscaler --sdflashattention --sdoffloadcpu --sdvaecpu
        --sdclipgpu --sdconvdirect --sdvae --sdvaeauto --sdquant --sdlora --sdloramult --sdtiledvae --sdmaingpu
        --ttswavtokenizer --ttsgpu --ttsmaxlen --ttsthreads --ttsdir --musicembeddings --musicdiffusion --musicvae
        --musiclowvram --embeddingsmaxctx --embeddingsgpu --admin --adminpassword --admindir --adminunloadtimeout
        --routermode --reqtimeout --autoswapmode --baseconfig --hordeconfig --sdconfig --noblas --pipelineparallel
        --sdnotile --forceversion --sdgendefaults --testmemory`),
    ]);
  },
};
