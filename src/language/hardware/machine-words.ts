/**
 * The words that name a machine of GPUs and the kind of machine, shared by the hardware part rules (rules.ts).
 */

/**
 * Words that name a machine. "Sets" of cards are machines only before "of" and a count: "3 sets of 8*A100 (40G)"
 * (nlpxucan/WizardLM#190, c1076: read as 8 GPUs). A Kubernetes pod that holds a node's cards is one ("each vLLM
 * replica has 2 pods … 8 GPUs per pod", kubernetes-sigs/lws#185, c2654: refused as 8 GPUs under tp 8 × pp 2).
 */
export const MACHINE = String.raw`(?:nodes?|servers?|machines?|boxes|box|hosts?|pods?|sets?(?=\s+of\s+\d)|结点|节点|机器|服务器|노드|서버)`;

/**
 * A word for the kind of machine between its count and its noun: "4 compute nodes", "3 worker nodes", "4 k8s pods".
 * Never "gpu": "a 24GB 8GPU machine" is one machine of eight GPUs (haotian-liu/LLaVA#1577, c1350).
 */
export const MACHINE_KIND = String.raw`(?:compute|worker|k8s|kubernetes|cluster|training|inference)`;
