import type { GuardRole, HardwareRule } from './types.js';
import { VENDOR_WORDS } from './vendor-words.js';

/**
 * Memory a run used or needs, said in Chinese or Korean, is a measurement, never the card (issue 22, the
 * silent hardware of b52): "我在使用0.1.0版本的时候只用14G显存就足够了" (with 0.1.0 only 14G of GPU memory was
 * enough, InternLM/lmdeploy#1001, corpus c1916: read as one 14 GB card). rules.ts's not-hw.measurement reads
 * the English verbs ("uses", "cost", "peak", rhw3) and 占用 / 用了 after a word, reconcile/mentions.ts 需要 /
 * 占用 / 用了 / 消耗 (set aside as memory in use); these read the other verbs of use and need (只用 / 就用 /
 * 用掉 / 使用了 / 要 … N G 显存) and the Korean ones after the amount ("메모리 14GB 사용", "24GB를 소모", "40GB 정도 필요").
 * A card after the amount keeps it the card's: "用24G显存的卡" (a card of 24G), "要24G显存的3090", "只用一张
 * 24G的4090"; so does a card's name before a Korean amount ("A100 80GB를 사용해서", using an A100 80GB) and
 * "사용 가능" (24GB usable: what the card offers).
 */

/** Not a card's memory: no card word or name after the amount ("24G显存的卡", "24G的3090", "24GB GPU"). */
const NO_CARD_AFTER = String.raw`(?!\s*(?:的\s*)?(?:显存|内存|vram)?\s*(?:的\s*)?(?:显卡|卡|gpu|card|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`;
/** What may stand between the verb and the amount: about, nearly, at most, at least. */
const QUALIFIER_ZH = String.raw`(?:(?:大概|大约|约|不到|将近|接近|差不多|最多|至少|了)\s*)?`;
const AMOUNT = String.raw`\d+(?:\.\d+)?\s*(?:gb|g|gib)(?![a-z])`;

export const USAGE_CJK_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.usage-zh',
    role: 'measurement',
    // 用 alone is a choice of card as often ("用24G显存的卡跑", "用4090部署"): it is use only with 只 / 就 / 才 / 仅
    // before it or 掉 after it; 要 alone only before a memory word ("要14G显存"), never 需要's ("需要700G显存" is all the cards', b23). 需要, 占用, 用了 and 消耗 are
    // reconcile/mentions.ts's (set aside as memory in use, said): blanking "占用了32G多" here let c320's batch word
    // reach a number on the next line.
    pattern: new RegExp(
      String.raw`(?:(?:只|就|才|仅仅?|也就)\s*(?:使)?用(?:了|掉了?)?|用掉了?|使用了|耗费?了|(?:(?:只|就|才|至少|最少|起码|得)要|(?<![需主重想还])要)(?=\s*${QUALIFIER_ZH}${AMOUNT}\s*(?:的\s*)?(?:显存|内存|vram)))\s*${QUALIFIER_ZH}(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '我在使用0.1.0版本版本的时候只用14G显存就足够了',
    source: 'InternLM/lmdeploy#1001',
  },
  {
    // A verb of taking with the memory noun between it and the amount: "baichaun2-13b int4量化后占显存15g" (after int4
    // quantization it takes 15g of GPU memory, baichuan-inc/Baichuan2#101, corpus c2433: read as one 15 GB card),
    // "推理吃显存13G", "耗显存18G", "占了显存 9G", "吃掉显存20G". (占用 / 需要 / 消耗 with the noun between are
    // reconcile/mentions.ts's, said as memory in use.) Not before a card: "占显存24G的卡" is no phrasing of use.
    id: 'not-hw.usage-noun-zh',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:占(?!用)|吃|耗|费)(?:了|掉了?)?\s*(?:gpu\s*)?(?:显存|内存|vram)\s*(?:了|也|就|都)?\s*${QUALIFIER_ZH}(?:高达|达到了?|超过了?)?\s*(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: 'baichaun2-13b int4量化后占显存15g,这个是因为什么',
    source: 'baichuan-inc/Baichuan2#101 (corpus c2433)',
  },
  {
    // The memory a stage of the run takes, its stage word before the memory word: "之前启动显存32G , 现在启动占用129G"
    // (at launch it took 32G before, 129G now; ollama/ollama, corpus c1944, read as one 32 GB card), "加载后显存20G",
    // "推理时显存占用 18G", "训练的时候显存用量24G". What the card has is said with no stage ("显存32G", "32G显存的卡");
    // 运行内存 alone is RAM (a phone's or a machine's), so 运行 is a stage only with 时 / 后 after it.
    id: 'not-hw.stage-usage-zh',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:(?:启动|加载|载入|推理|训练|微调|部署|跑起来)(?:时|后|之后|的时候|过程中)?|运行(?:时|后|之后|的时候|过程中))(?:的)?(?:显存|内存|vram)\s*(?:占用|使用|用量|消耗)?(?:量)?\s*(?:为|是|有|在|[:：])?\s*${QUALIFIER_ZH}(?<n>${AMOUNT})${NO_CARD_AFTER}` +
        // With the stage's time word the memory noun may be left out or come after: "chatglm2-6B加载后是12.4GB左右" (after
        // loading it is about 12.4GB, shibing624/MedicalGPT#85, c2512: read as a 12.4 GB card), "模型加载完还是12.4GB显存",
        // "推理时占用 14.8G", "训练的时候大概 30G".
        String.raw`|(?:启动|加载|载入|推理|训练|微调|部署|跑起来|运行)(?:完(?:成|毕)?(?:后|之后|以后)?|后|之后|以后|时|的时候|过程中)\s*(?:(?:还|也|就|都|只)?\s*(?:是|为|有|在|占用?了?|用了?|要)\s*|[:：]\s*)?${QUALIFIER_ZH}(?<n2>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '之前启动显存32G , 现在启动占用129G',
    // (The second example, c2512: '不设置load_in_8bit时， chatglm2-6B加载后是12.4GB左右，符合预期'.)
    source: 'ollama/ollama (corpus c1944)',
  },
  {
    // Memory said to reach an amount, its noun before the verb of reaching: "为什么xinference v0.12版本使用vllma加载…
    // 显存会到22g这么多，原来旧版本v0.8只需要12g左右" (why does memory reach 22g, when the old one needed about 12g;
    // xorbitsai/inference#1797, corpus c2594: read as a 22 GB card, silent), "提问后和输出回答时显存在29g" (memory is at 29g
    // while answering, zai-org/GLM-4#359, c2589), "显存一下子就到了23G", "显存使用量达到了18G". The reaching verb alone
    // before the amount is a reading too ("提问后达到44G", c2589; "飙到22G"); so is an amount "这么多" (this much) and one
    // after a word of degree ("占用显存非常多22g", c2594). What the card has is said with 是 / 有 / 为 / 只有, never these;
    // a card after the amount keeps it the card's ("显存到24G的卡"). Usage said to become an amount, "2个小时后占用变成了20G" (after
    // two hours it became 20G, QwenLM/Qwen3-VL#55, c2768: read as two 20 GB cards), and held at one, "显存占用固定为差不多14G",
    // are the same reading.
    id: 'not-hw.reach-zh',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:(?:显存|内存|vram|gpu\s*memory)(?:占用|使用|用量|使用量|消耗)?\s*(?:[会就也还又都已能]\s*){0,2}(?:(?:很快|快速|迅速|直接|一下子?|马上|立刻|突然|已经|最高|最多|峰值)\s*)?(?:[会就也还又都]\s*)?(?:达到了?|升到了?|涨到了?|跳到了?|飙(?:升)?到了?|增加到了?|上升到了?|到了?|(?:固定|稳定|保持|维持)(?:为|在)|变成了?|变为)|(?:时|后|之后|以后|的时候|过程中)[,，]?\s*(?:的\s*)?(?:显存|内存|vram)(?:占用|使用|用量)?\s*(?:[会就也还又都]\s*)?(?:一直\s*)?在|(?:达到了?|飙(?:升)?到了?|暴涨到了?|激增到了?|上升到了?|增长到了?)|(?:占用|使用量?|用量)\s*(?:变成|变为|变到|涨到|增加到|增长到|升到)了?|(?:占用|消耗|占|吃|用)了?\s*(?:显存|内存)?\s*(?:非常|特别|很|太|好|巨|这么|那么)(?:多|大|高)了?\s*[,，:：]?\s*(?:有|达|到)?)\s*${QUALIFIER_ZH}(?<n>${AMOUNT})${NO_CARD_AFTER}` +
        String.raw`|(?<![\w.])(?<n2>${AMOUNT})(?=\s*(?:这么|那么|如此)(?:多|大|高))`,
      'g',
    ),
    example: '为什么xinference v0.12版本使用vllma加载Qwen1.5-14B-Chat-GPTQ-int4模型显存会到22g这么多',
    source: 'xorbitsai/inference#1797 (corpus c2594)',
  },
  {
    // What the memory in use became or stayed at, said with the noun of use and no memory noun: "一段时间内显存占用固定为差不多14G；
    // 然而在1个多小时之后，vllm显存占用变成了18G，2个小时后占用变成了20G" (memory held at about 14G, became 18G after an hour,
    // 20G after two; QwenLM/Qwen3-VL#55, corpus c2768: "2个小时后占用变成了20G" read as two 20 GB cards). 变成 / 变为 / 固定为 /
    // 稳定在 / 保持在 after 占用, 用量 or the memory noun are a reading of a run over time, never what the card has.
    id: 'not-hw.became-zh',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:显存|内存|vram|占用|用量|使用量|消耗)\s*(?:[会就也还又都已]\s*){0,2}(?:(?:逐渐|慢慢|最终|最后|一直)\s*)?(?:变成了?|变为了?|变到了?|固定为|固定在|稳定在|保持在|维持在)\s*${QUALIFIER_ZH}(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: '然而在1个多小时之后，vllm显存占用变成了18G，2个小时后占用变成了20G',
    source: 'QwenLM/Qwen3-VL#55 (corpus c2768)',
  },
  {
    id: 'not-hw.usage-ko',
    role: 'measurement',
    // The verb after the amount, a particle or "about" between: "메모리 14GB 사용", "24GB를 소모", "40GB 정도 필요",
    // "VRAM을 20GB나 차지". Not after a card's name ("A100 80GB를 사용해서"), nor "사용 가능" (what the card offers).
    pattern: new RegExp(
      String.raw`(?<!(?:[a-z]{1,3}\d{2,4}|\d{4})[\s-]*)(?<![\w.])(?<n>${AMOUNT})\s*(?:(?:를|을|이|가|나|만|밖에|정도|가량|이상|넘게|까지|쯤|의)\s*){0,2}(?:사용(?!\s*가능)|소모|소비|차지|필요|먹|점유|올라|오르|올랐|증가|늘어|늘었|치솟|튀어|찍)`,
      'g',
    ),
    example: '메모리 14GB 사용으로 충분했습니다',
  },
  {
    // The noun of use before the amount, the way Korean users report a reading: "VRAM 사용량이 15GB" (VRAM usage is
    // 15GB), "메모리 점유 9GB" (memory held: 9GB), "GPU 메모리 소모량 20GB"; the same phenomenon as English "usage is"
    // (rules.ts) and Chinese 显存占用 (c2433's "占显存15g"). Not "사용 가능" (available), and not before a card.
    id: 'not-hw.usage-noun-ko',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:사용량|점유량|소모량|소비량|사용\s*메모리|점유(?!율)|사용(?=이|은|는))\s*(?:(?:이|은|는|가|이나|만|은\s*약|도)\s*)?(?:(?:약|대략|거의|최대|무려|계속)\s*)?[:=]?\s*(?<n>${AMOUNT})${NO_CARD_AFTER}`,
      'g',
    ),
    example: 'mistral-7b 돌리면 VRAM 사용량이 15GB 입니다',
  },
  {
    // Japanese says what a run took after the amount, as Korean does: "131072でも27GiBに収まって全層がGPUに載り" (fits in
    // 27 GiB even at 131072, ncaq/dotfiles#1506, corpus c2642: read as a 27 GB card), "22GBを使用", "18GB消費", "20GBまで
    // 増えた", "24GBを超えて溢れる". Not "24GBで動く" (runs on 24GB: the card), nor a card's name before it ("RTX 4090 24GBを使用").
    id: 'not-hw.usage-ja',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?<!(?:[a-z]{1,3}\d{2,4}|\d{4})[\s-]*)(?<![\w.])(?<n>${AMOUNT})\s*(?:(?:に|を|が|も|まで|ほど|程度|くらい|ぐらい|前後|弱|強)\s*){0,2}(?:収ま|おさま|使用|使っ|使う|消費|占有|食っ|食う|増え|増加|膨ら|溢れ|あふれ|超え|達し)`,
      'g',
    ),
    example: '`qwen3.8:27b-mtp-q4_K_M`が131072でも27GiBに収まって全層がGPUに載り',
    source: 'ncaq/dotfiles#1506 (corpus c2642)',
  },
];
