# The request language (DESIGN §2): a flat, order-free list of items.
# Whitespace, separators and filler words are removed before parsing (src/language/parse.ts),
# so `request -> items` is the DESIGN's `item (sep item):*` with the separators already gone.
# Each item starts with its own token and no item ends in an optional token that could start
# another, so every input has at most one parse (test/language/ambiguity.test.ts checks it).
# Meaning (ranges, contradictions, defaults) is checked after parsing, in src/scenario.

@preprocessor typescript
@{%
import { grammarLexer as lexer } from '../token-stream.js';
import * as b from '../build.js';
%}
@lexer lexer

request    -> items                                   {% b.request %}

# Lists are left-recursive with O(1) postprocessors: nearley runs a postprocessor every time its
# rule completes, i.e. after every token, so `item:+` (which copies the list each time) and a
# postprocessor that reads the whole list made a message of n items cost n² (issue 26).
items      -> item                                    {% b.firstItem %}
            | items item                              {% b.nextItem %}

item       -> simple                                  {% id %}
            | compare                                 {% id %}

compare    -> %compare simple %vs simple              {% b.compare %}
            | simple %vs simple                       {% b.compare %}

simple     -> %model                                  {% b.model %}
            | %hub                                    {% b.hub %}
            | %family:? sizeValue                     {% b.size %}
            | %archKw num                             {% b.arch %}
            | %mode                                   {% b.mode %}
            | %serve                                  {% b.serve %}
            | %lora loraOptions                       {% b.lora %}
            | %precision                              {% b.precision %}
            | %weights                                {% b.weights %}
            | %optimizer                              {% b.optimizer %}
            | %impl                                   {% b.impl %}
            | %sharding                               {% b.sharding %}
            | %offload                                {% b.offload %}
            | %parDim num                             {% b.parallel %}
            | %sp                                     {% b.sp %}
            | seq                                     {% id %}
            | %batchKw num                            {% b.batch %}
            | %recompute                              {% b.recompute %}
            | %attention                              {% b.attention %}
            | %loss                                   {% b.loss %}
            | %framework                              {% b.framework %}
            | hardware                                {% id %}
            | %question                               {% b.question %}
            | %howMany gpuTarget                      {% b.howMany %}
            | %help                                   {% b.help %}
            | %chart                                  {% b.chart %}
            | %genKw num                              {% b.gen %}
            | %completionKw num                       {% b.completion %}
            | %kvDtype                                {% b.kvDtype %}
            | %utilKw %number                         {% b.util %}
            | %rolloutUtilKw %number                  {% b.rolloutUtil %}
            | %rollout                                {% b.rollout %}
            | %batchedKw num                          {% b.batched %}
            | %maxSeqsKw %number                      {% b.maxSeqs %}
            | %clientLoadKw %number                   {% b.clientLoad %}
            | %cpuOffloadGbKw %number                 {% b.cpuOffloadGb %}
            | %mmLimitKw %number                      {% b.mmLimit %}
            | %skipMmProfiling                        {% b.skipMmProfiling %}
            | %quantisedAtLoad                        {% b.quantisedAtLoad %}
            | %hostRam %capacity                      {% b.hostRam %}
            | %enforceEager                           {% b.enforceEager %}
            | %vllmVersion                            {% b.vllmVersion %}
            | %tgiVersion                             {% b.tgiVersion %}
            | %lmdeployVersion                        {% b.lmdeployVersion %}
            | %tgiSharded                             {% b.tgiSharded %}
            | %unslothVersion                         {% b.unslothVersion %}
            | %torchtuneVersion                       {% b.torchtuneVersion %}
            | %llamafactoryVersion                    {% b.llamafactoryVersion %}
            | %transformersVersion                    {% b.transformersVersion %}
            | %nglKw %number                          {% b.ngl %}
            | %nCpuMoeKw %number                      {% b.cpuMoe %}
            | %cpuMoeKw                               {% b.cpuMoe %}
            | %llamacppBuildKw %number                {% b.llamacppBuild %}
            | %bpwKw %number                          {% b.exl2Bits %}
            | %allocator                              {% b.allocator %}
            | %rlTrainer                              {% b.rlTrainer %}
            | %batches                                {% b.batches %}
            | %layerSplit                             {% b.layerSplit %}
            | %evalKw                                 {% b.evaluation %}
            | %evalBatchKw num                        {% b.evalBatch %}
            | %number %nglPost                        {% b.ngl %}
            | %control                                {% b.control %}

# "13b", "8x7b", "llama 13b", "6.7e9 params"; a bare number needs "params".
sizeValue  -> %size %params:?
            | %moeSize %params:?
            | %number %params

loraOptions -> null                                   {% b.noLoraOptions %}
            | loraOptions loraOption                  {% b.addLoraOption %}

loraOption -> %loraRank
            | %rankKw %number
            | %loraAll
            | %loraTargets
            | %loraDropout %number
            | %loraAlpha %number

seq        -> %seqKw num                              {% b.seq %}
            | %seqPost                                {% b.seq %}
            | %knum                                   {% b.seq %}

num        -> %number                                 {% id %}
            | %knum                                   {% id %}

hardware   -> %on:? count:? hwTarget                  {% b.hardware %}
            | %on:? %nodes %of:? count:? hwTarget     {% b.hardware %}

count      -> %count                                  {% id %}
            | %number                                 {% b.wholeCount %}

hwTarget   -> %gpu
            | %capacity
            | %gpus hwOf:?

hwOf       -> %of %capacity
            | %of %gpu

gpuTarget  -> %gpu                                    {% id %}
            | %gpus                                   {% id %}
