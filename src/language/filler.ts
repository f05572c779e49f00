import { ISSUE_COURTESY_WORDS } from './issue-courtesy-words.js';
import { LATIN_FILLER_WORDS } from './latin-filler.js';

/**
 * Words that carry no request meaning: ignored and reported back as ignored (DESIGN §2:
 * "Pure filler is ignored and listed as ignored"). A word not here and not a keyword is never
 * ignored: it is either close to a keyword (an error with a suggestion) or unknown (an error).
 * Follow-up glue ("now", "instead", "switch to", "and") is filler too: a follow-up is the
 * same items read as a patch.
 */
/**
 * Everyday English of questions and bug reports (issue 11: people write prose around the
 * items). None of these names a setting; each is listed as ignored. A word near a keyword
 * is never here (it would hide a typo), and no word here is a keyword spelling.
 */
const CHAT_ENGLISH = `
  has have had having get gets got getting go goes going went gone give gives given know knows knew known think thought
  see seen saw look looks looking want wants wanted wanting tried tries trying seems seem seemed appears appear found find
  say says said ask asks asked asking question questions answer issue issues problem problems error errors bug bugs
  help helps helped fail fails failed failing crash crashes crashed crashing happen happens happened happening
  wonder wondering wondered curious anyone someone somebody everyone people guys folks team all each every other another
  more most less least many few lot lots bit little very really quite too also even ever never always sometimes often
  same different similar new old first last next previous following above below before after since until because though
  although however therefore thus hence else otherwise either neither nor yet already soon later currently recently
  today now then than as of on off out over under into through between among within without against toward towards
  one's it'd i'd i've i'll we're we've you're they they're them their theirs he she his her him who whom what's how's
  don't doesn't didn't can't cannot couldn't won't wouldn't isn't aren't wasn't weren't haven't hasn't shouldn't
  dont doesnt didnt cant couldnt wont wouldnt isnt arent wasnt havent hasnt shouldnt im ive ill id youre thats theres
  good great fine bad better best worse worst well nice cool sure right wrong correct true false actually basically
  exactly probably maybe perhaps likely unlikely definitely certainly possibly simply just kinda sorta
  time times way ways thing things something anything nothing everything stuff case cases point example examples
  machine machines server servers box cluster clusters instance instances node's system systems setup setups
  environment env hardware computer pc laptop desktop workstation rig local locally cloud colab kaggle notebook
  code script scripts command commands cmd config configs configuration yaml yml json toml file files log logs output's line lines
  python python3 torchrun launch launched bash sh shell pip conda docker container terminal cli api endpoint openai
  model's models' weight checkpoint checkpoints adapter's dataset datasets data sample samples example's prompt prompts
  text token tokens tokenizer length's batch's step steps epoch epochs iteration iterations speed slow fast faster slower
  performance throughput latency usage used using uses utilize utilizing consume consumes consumed consuming allocate
  allocated allocation occupy occupied occupies reserved free available left remaining full's
  oom's crashes killed error's exception traceback warning message messages report reported
  cuda torch pytorch gpu's nvidia-smi's smi driver drivers version versions latest update updated install installed
  support supports supported supporting enable enables enabled disable disabled default defaults option options setting settings
  parameter's param's flag flags argument arguments arg args value values number numbers size sizes
  question's thread title description reproduce reproduction steps expected behavior behaviour actual result results
  test tests testing tested experiment experiments try tried attempt attempted attempting
  sequence's request requests response responses serve's served user users chat chatbot assistant bot
  large-scale small-scale smaller larger bigger biggest largest huge tiny
  minimum maximum min max least most limit limits limited upto up-to
  instead rather whole entire entirely only alone together separately each
  hours hour minutes minute seconds second days day week weeks month months year years
  gb's vram's memory's mem ram's capacity
  hi all hello everyone greetings dear sir madam regards thx ty cheers
  please kindly advice advise suggestion suggestions recommend recommended recommendation idea ideas tip tips hint hints pointer pointers
  why's how's where's when's who's here's there's that's
  above-mentioned mentioned following below attached screenshot image picture link
  works worked working fine okay good`;

/**
 * More everyday English of bug reports and forum questions: verbs of trying and failing, words
 * about plans, causes and results. Like CHAT_ENGLISH, none names a setting or sits near one.
 */
const REPORT_ENGLISH = `
  start started starting starts unable insufficient sufficient requirements requirement plan plans planning planned
  configured configure configuring choice choices choose chose chosen process processes encounter encountered
  encountering benchmark benchmarks benchmarking ideal matter matters initializing initialize initialized
  initialization based simple itself launching launches physical sharing share shared paths path such fixed fix fixes
  modifying modify modified reduced reduce reducing reduces note notes briefly saving save saved exists exist existing
  giving caused cause causes difference differences doing smoothly notice noticed noticing optimizations optimization
  turned turn switched pretty comfortably reports explore exploring program programs information info execution main
  manually platform moment compatible compatibility downloaded download downloading production lately specific
  specifically authors handle handling despite amount adopt raises raise raised runtime interestingly interesting
  initial call calls calling provided provide providing inputs input average entry hit hits calculation
  calculations guess far passed various accidentally added add adds adding method methods replying reply resulted
  access several tutorial tutorials snippet snippets style stored store increasing increase increased decreasing
  decrease decreased lol haha area returns return duplicated duplicate assumptions assumption ones applications
  application lower higher according table invalid longer shorter weaker stronger comes come coming back learning
  keep keeps kept keeping dies died dying startup
  move moving bump bumping shift shifting
  create created creating creates build builds building built rebuild aws gcp azure
  holidays finally changing changes persistent equipped feature features directly guidance efficient efficiently
  tier tiers level levels phase phases scenario scenarios
  approach approaches limitation limitations massive greater excessive suddenly section alternative alternatives sorry
  bother whereas reach reached equal language experience experiences reasonable suspect understandably rent renting
  playing updates instructions normally video mode modes reason reasons understand understood explain explanation
  possible impossible feasible able capable expect expecting expected hope hoping helpful thanks advance appreciate
  appreciated solution solutions solve solved workaround fixes related regarding relevant similar same issue's
  continue continued continues stuck hang hangs hanging freeze froze killed terminate terminated abort aborted
  successful successfully success failure failures unexpected unexpectedly strange weird odd normal usual usually
  expected enough plenty tight barely almost nearly roughly approximately estimate estimates estimating
  identical tweak tweaks tweaked listing listed constantly comment comments commented properly proper repository
  repositories`;

/**
 * The words most often listed as "not read" over the corpus that name nothing (issue 22, item 4:
 * filler is never listed; "or" is never listed either, parse.ts, but it is no filler: it keeps a line
 * prose, where "LoRA or full fine-tune?" is a pair to say), "one" as a pronoun ("which one": accounting.ts
 * counts no "one" as a number for that reason; "one GPU" is read by its own rules), verbs and adverbs of reports ("it takes",
 * "as follows", "throws", "occurs", "correctly"), and the closing question of a request ("what am I missing?",
 * a stranger's message, issue 22 item 4: its words ask for the answer and name no setting). Each was checked: no keyword, model or card
 * spelling, and no typo suggestion beside it when it was listed.
 */
const LISTED_ENGLISH = `
  due takes take taking follows followed describe shows showed were official e.g etc details detailed
  facing correctly causing confirm occurs occur throws quickly seeing checked checking perform resolve
  increases own allow meet gave significantly improve appeared ensure contains extremely consistently
  writing theoretically sense suggested figured resulting easy automatically means involves potential
  understanding made experiencing leaves believe inside consider immediately one
  missing miss overlooking overlook`;

/**
 * What the model is for ("I'd like around 16k context for RAG", "an agentic coding assistant", "summarization of
 * long reports"): the use names no setting; a length or a concurrency that goes with it is read by its own words.
 */
const USE_WORDS = `rag retrieval agent agents agentic coding summarization summarisation summarize summarise translation
  roleplay rp`;

/**
 * Words of serving-engine reports that name no setting the estimate reads: kernel libraries and
 * backends ("flashinfer backend"), the sliding window a model has (not a length the user sets).
 */
const ENGINE_WORDS = `flashinfer backend backends interested sliding window windowed`;

/** Vendor and form-factor words around a card name ("NVIDIA Tesla V100 SXM2"). */
const VENDOR_WORDS = `nvidia tesla geforce rtx gtx quadro amd instinct radeon intel gaudi pcie sxm sxm2 sxm3 sxm4 sxm5
  nvlink nvl hbm hbm2 hbm2e hbm3 gddr6 gddr6x ti super founders edition nvswitch dgx hgx
  gguf ggml safetensors rocm cuda12 cu118 cu121 cu124 linux ubuntu windows wsl mac macos`;

export const FILLER = new Set(
  `please pls plz can could would will shall should may might must i i'm im we you me my our us your
  a an the this that these those it its it's is are was be been being am do does did done
  model models llm network net with without for using use used via by in at to from into onto up
  fit fits fitting fitted work works working enough okay ok hey hi hello thanks thank
  what what's whats how much big large small memory vram ram need needs needed require requires
  required estimate estimated estimation check tell show give get and also plus then now instead
  switch change changed make set let let's lets try trying go just only still again same
  if when whether so but not yes no my our any some like about around roughly approx approximately
  per total overall during while both which whose there here where able possible
  mine ours yours theirs`
    .split(/\s+/)
    .concat(CHAT_ENGLISH.split(/\s+/), REPORT_ENGLISH.split(/\s+/), LISTED_ENGLISH.split(/\s+/), USE_WORDS.split(/\s+/), ENGINE_WORDS.split(/\s+/), VENDOR_WORDS.split(/\s+/), ISSUE_COURTESY_WORDS.split(/\s+/))
    .concat(LATIN_FILLER_WORDS)
    .filter(Boolean),
);

/** Vendor and form-factor words: they sit inside a card's name ("two NVIDIA 3090s"). */
export const VENDOR = new Set(VENDOR_WORDS.split(/\s+/).filter(Boolean));

export function isFiller(word: string): boolean {
  return FILLER.has(word.toLowerCase());
}
