import { noEffect, shared, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * PEFT's LoraConfig and the PeftConfig it extends (huggingface/peft v0.20.0+47
 * src/peft/tuners/lora/config.py `class LoraConfig`, src/peft/config.py). The rank and the
 * targeted modules set the adapters (adapters.ts reads them); the options below that train more
 * than the adapters (whole modules saved, DoRA's magnitude vectors and its extra activations,
 * adapters on expert parameters) or fewer (some layers only) are said as not modelled.
 */
const SOURCE = 'huggingface/peft v0.20.0 src/peft/tuners/lora/config.py';

export const PEFT: Framework = {
  id: 'peft',
  name: 'PEFT LoraConfig',
  source: `${SOURCE}; src/peft/config.py`,
  named: /\bpeft\b|loraconfig|get_peft_model/,
  get options() {
    return optionsOnce(this, () => [
      ...shared('r target_modules lora_alpha lora_dropout peft_type fan_in_fan_out bias task_type inference_mode'),
      unmodelled('modules_to_save', 'these modules are trained and saved whole, beside the adapters', ['lora'], SOURCE),
      unmodelled('use_dora', "DoRA's magnitude vectors and the weight norm it computes each step", ['lora'], SOURCE),
      unmodelled(['layers_to_transform', 'layers_pattern'], 'adapters on some layers only', ['lora'], SOURCE),
      unmodelled(['rank_pattern', 'alpha_pattern'], 'a rank of its own for some modules', ['lora'], SOURCE),
      unmodelled('target_parameters', 'adapters on parameters (MoE experts), not modules', ['lora'], SOURCE),
      unmodelled('trainable_token_indices', 'some embedding rows trained', ['lora'], SOURCE),
      unmodelled('layer_replication', 'layers repeated in the model (its depth grows)', ['lora'], SOURCE),
      // How adapters are initialised or scaled, the base model's name, the Megatron wrapper's names,
      // and the runtime's offload of DoRA's base weights while loading: no memory of the step.
      ...noEffect(
        'exclude_modules use_rslora init_lora_weights megatron_config megatron_core loftq_config eva_config corda_config lora_ga_config velora_config alora_invocation_tokens use_qalora qalora_group_size monteclora_config runtime_config ephemeral_gpu_offload lora_bias use_bdlora arrow_config kasa_config ensure_weight_tying auto_mapping peft_version base_model_name_or_path revision',
        SOURCE,
      ),
    ]);
  },
};
