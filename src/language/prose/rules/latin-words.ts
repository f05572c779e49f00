import { LATIN_LETTERS } from '../../letters.js';
import type { ProseRule } from '../types.js';

/**
 * The setup words of French, Spanish, Portuguese, German and Italian, written as the words the item
 * language reads (as prose.chinese-words does for Chinese): the card ("carte graphique", "tarjeta
 * gráfica", "placa de vídeo", "Grafikkarte", "scheda video"), memory ("mémoire", "memoria", "Speicher"),
 * the length ("contexte", "longueur de séquence", "Sequenzlänge"), the batch ("taille de lot",
 * "tamaño de lote", "Batchgröße"), training and running ("entraînement", "Feinabstimmung",
 * "inférence", "faire tourner"), "without" ("sans", "sin", "ohne", "sem", "senza"), "single" ("une
 * seule", "una sola") and the number words two to eight, so that "deux GPU", "zwei Karten" are counts
 * as "two GPUs" is (prose.number-word-card reads them next). Function words are filler
 * (latin-filler.ts). A bare "lot" / "lote" / "Stapel" is no batch (a lot of, a pile): only with its "size".
 */
const LATIN_SETUP_WORDS: Record<string, string> = {
  // cards
  'carte graphique': 'gpu', 'cartes graphiques': 'gpus', 'carte gpu': 'gpu', 'cartes gpu': 'gpus', carte: 'card', cartes: 'cards',
  'tarjeta gráfica': 'gpu', 'tarjetas gráficas': 'gpus', 'tarjeta de video': 'gpu', 'tarjetas de video': 'gpus', tarjeta: 'card', tarjetas: 'cards',
  'placa de vídeo': 'gpu', 'placas de vídeo': 'gpus', 'placa de video': 'gpu', 'placas de video': 'gpus', 'placa gráfica': 'gpu', 'placas gráficas': 'gpus',
  grafikkarte: 'gpu', grafikkarten: 'gpus', karte: 'card', karten: 'cards',
  'scheda video': 'gpu', 'schede video': 'gpus', 'scheda grafica': 'gpu', 'schede grafiche': 'gpus', scheda: 'card', schede: 'cards',
  // memory
  mémoire: 'memory', 'mémoire vidéo': 'vram', 'mémoire gpu': 'vram', memoria: 'memory', memória: 'memory', 'memoria de video': 'vram',
  speicher: 'memory', grafikspeicher: 'vram', videospeicher: 'vram', 'mémoire vive': 'ram',
  // length
  contexte: 'context', contexto: 'context', kontext: 'context', contesto: 'context', kontextlänge: 'context',
  // "32k de contexto", "8k de contexte", "16k di contesto": the number before its length noun, as "32k of context" reads
  // (prose.tokens-of-context); a stranger's "¿alcanza la memoria para 32k de contexto?" had read 32k by position only.
  'de contexto': 'of context', 'de contexte': 'of context', 'di contesto': 'of context', 'do contexto': 'of context',
  'longueur de contexte': 'context', 'longitud de contexto': 'context', 'tamanho do contexto': 'context', 'lunghezza del contesto': 'context',
  'longueur de séquence': 'seq', 'longueur de sequence': 'seq', 'longitud de secuencia': 'seq', 'comprimento de sequência': 'seq',
  'comprimento da sequência': 'seq', sequenzlänge: 'seq', 'lunghezza della sequenza': 'seq', 'lunghezza di sequenza': 'seq',
  // batch (with its size only)
  'taille de lot': 'batch size', 'taille du lot': 'batch size', 'taille de batch': 'batch size', 'taille du batch': 'batch size',
  'tamaño de lote': 'batch size', 'tamaño del lote': 'batch size', 'tamaño de batch': 'batch size', 'tamanho do lote': 'batch size',
  'tamanho de lote': 'batch size', 'tamanho do batch': 'batch size', batchgröße: 'batch size', stapelgröße: 'batch size',
  'dimensione del batch': 'batch size',
  // training and running
  entraînement: 'training', entrainement: 'training', entraîner: 'train', entrainer: 'train', entraîne: 'train',
  'réglage fin': 'finetune', affinage: 'finetune', entrenamiento: 'training', entrenar: 'train', 'ajuste fino': 'finetune',
  treinamento: 'training', treinar: 'train', treino: 'training', trainieren: 'train', feinabstimmung: 'finetune',
  addestramento: 'training', addestrare: 'train', finetuner: 'finetune', finetiner: 'finetune',
  inférence: 'inference', inferencia: 'inference', inferência: 'inference', inferenz: 'inference', inferenza: 'inference',
  // serving (the infinitive only: "sirve" is "is it any use", "une 4090 suffit-elle à servir…" a stranger's verb, issue 22 item 4)
  servir: 'serve', servire: 'serve',
  'faire tourner': 'run', exécuter: 'run', ejecutar: 'run', correr: 'run', rodar: 'run', executar: 'run', ausführen: 'run', eseguire: 'run',
  // without, single
  sans: 'without', sin: 'without', ohne: 'without', sem: 'without', senza: 'without',
  seule: 'single', seul: 'single', sola: 'single', solo: 'single', única: 'single', único: 'single', einzige: 'single', einzigen: 'single',
  // number words (two to eight; "un", "une", "ein" are articles first, and "due", "sei" English or Italian words)
  deux: 'two', trois: 'three', quatre: 'four', cinq: 'five', sept: 'seven', huit: 'eight',
  dos: 'two', tres: 'three', cuatro: 'four', cinco: 'five', seis: 'six', siete: 'seven', ocho: 'eight',
  dois: 'two', duas: 'two', três: 'three', quatro: 'four', sete: 'seven', oito: 'eight',
  zwei: 'two', drei: 'three', vier: 'four', fünf: 'five', sechs: 'six', sieben: 'seven', acht: 'eight',
  tre: 'three', quattro: 'four', cinque: 'five', sette: 'seven', otto: 'eight',
};

/** A whole word or phrase of Latin letters: no letter or digit touches it. */
const WORDS = Object.keys(LATIN_SETUP_WORDS).sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+'));

export const LATIN_WORD_RULES: ProseRule[] = [
  {
    id: 'prose.latin-words',
    pattern: new RegExp(`(?<![${LATIN_LETTERS}0-9])(?:${WORDS.join('|')})(?![${LATIN_LETTERS}0-9])`, 'g'),
    write: (m) => LATIN_SETUP_WORDS[m[0].replace(/\s+/g, ' ')] ?? m[0],
    example: 'fine-tuning QLoRA de Qwen2.5-32B sur une seule RTX 4090 avec un contexte de 4096 tokens et un batch de 1.',
    source: 'jsboige/CoursIA#15640',
  },
];
