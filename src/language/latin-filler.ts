/**
 * Function words of the Latin-script languages people ask in besides English (issue 22, item 4, as
 * foreign-filler.ts is for Chinese, Korean and Japanese): articles, prepositions, conjunctions,
 * pronouns, auxiliaries, question and courtesy words. None names a setting, so none is ever a
 * setting nor listed as not read ("fine-tuning QLoRA de Qwen2.5-32B sur une seule RTX 4090 avec un
 * contexte de 4096 tokens. Est-ce que ça rentre ?", a stranger's test; jsboige/CoursIA#15640 "sur 8 Go").
 *
 * The one-letter conjunctions "e", "y", "u" are not here: "e" sits in code and logs pasted into prose
 * ("e == cudaSuccess", mlc-ai/mlc-llm#1999, c407), where making it filler hid that nothing was read. The
 * article "o" (Portuguese "the", Spanish "or") is: "Consigo rodar o llama-3-8b" (the bench moved no line).
 * Left out on purpose: words that carry a setting (negations sans / sin / sem / ohne / senza,
 * number words, "seule" / "sola" = single, memory, length, batch and training words: read by
 * prose/rules/latin-words.ts), and words that are English keywords or near one. Each list is from
 * the language's closed classes (a grammar's function words), checked against the keyword, model
 * and card tables: no spelling of one is here. The verbs of a request (do / make, want, use: "¿Se puede
 * hacer fine-tuning … Quiero un contexto de 2048", a stranger's test of 2026-12-03) are filler as
 * "want" and "use" are in English. The word for "model" (modèle, modelo, Modell, modello) is
 * filler as "model" is in English (filler.ts): the model is read from its own name. The verbs of "is it
 * enough?" and "I plan to" (alcanza, basta, suffisent, reicht, planeo, pretendo: a stranger's "¿alcanza la
 * memoria?", issue 22 item 4) ask the question the estimate answers, as "enough" and "plan" do in English.
 */
const FRENCH = `
  le la les l' un une des du de d' au aux et ou mais donc car ni que qu' qui quoi quel quelle quels quelles
  dont où ce cet cette ces ceci cela ça je j' tu il elle on nous vous ils elles me m' te t' se s' moi toi lui
  leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos est-ce est-il est-elle c'est n'est est sont
  suis es êtes sommes être ai as a avons avez ont avoir été y à chez sur dans avec pour par en entre vers
  pendant depuis comme si bien très plus moins aussi encore déjà merci bonjour salut svp cordialement
  voici voilà ne n' pas non oui tout tous toute toutes même autre autres quand comment pourquoi combien
  peut peux pouvez pouvons puis-je possible faut suffisant suffisante suffisante suffit rentre rentrer
  assez marche fonctionne j'ai j'essaye j'utilise utilise utiliser mon ma besoin avoir quelqu'un
  svp s'il plaît d'avance modèle modèles faire veux voudrais
  suffisent suffira suffirait prévois compte`;

const SPANISH = `
  el la los las lo un una unos unas de del al pero que qué quien quién cual cuál cuales como cómo
  cuando cuándo donde dónde cuanto cuánto cuánta cuántos cuántas por para con en sobre entre hasta desde
  mi mis tu tus su sus nuestro nuestra yo tú él ella nosotros ustedes usted me te se le les es son soy
  está están estoy ser estar hay tengo tiene tienen tener puedo puede pueden poder posible muy más menos
  también ya gracias hola saludos alguien algo este esta estos estas ese esa eso sí todo todos suficiente
  cabe caben funciona necesito modelo modelos hacer quiero quisiera usar uso
  alcanza alcanzan alcanzaría alcanzará basta bastan bastaría bastará planeo pienso`;

const PORTUGUESE = `
  o os as um uma uns umas do da dos das no na nos nas em ao aos à às ou mas quem qual quais quando onde
  quanto quanta quantos quantas pelo pela para com sobre entre até desde meu minha meus minhas seu sua eu
  você vocês ele ela nós lhe é são sou está estão estou ser estar tem tenho têm ter posso pode podem
  consigo consegue possível muito mais menos também já obrigado obrigada olá oi alguém algo isso isto esse
  essa sim não todo todos suficiente cabe funciona preciso modelo modelos fazer quero usar
  basta bastam bastaria chega dá planejo pretendo`;

const GERMAN = `
  der die das den dem des ein eine einen einem einer eines und oder aber auf für von zu zum zur bei mit
  nach aus über unter wie wieviel welche welcher welches warum wann wo ich du er sie es wir ihr mein meine
  meinen meinem meiner dein deine ist sind bin bist hat habe haben hast wird werden kann können könnte
  möchte auch noch schon nur sehr mehr weniger hallo danke bitte möglich genug reicht passt
  jemand etwas diese dieser dieses damit dass ob modell modelle machen nutzen verwenden
  reichen genügt genügen ausreichend plane vor`;

const ITALIAN = `
  il lo gli un uno una di del della dei delle degli dal dalla nel nella con su sul sulla tra fra ed ma che
  chi cosa come quando dove quanto quanta quanti quante perché mio mia miei mie tuo io lui lei noi voi loro
  mi ti si ci è sono siamo essere ho hai ha abbiamo hanno avere posso può possono possibile molto più meno
  anche già grazie ciao salve questo questa quello quella sì tutto tutti sufficiente basta funziona entra entrano modello modelli
  fare voglio usare
  bastano basterà basterebbe prevedo penso`;

/** Every language's function words, lower-case (the reader's words are lower-cased by normalise.ts). */
export const LATIN_FILLER_WORDS: readonly string[] = [
  ...new Set([FRENCH, SPANISH, PORTUGUESE, GERMAN, ITALIAN].flatMap((list) => list.split(/\s+/).filter(Boolean))),
];
