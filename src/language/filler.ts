/**
 * Words that carry no request meaning: ignored and reported back as ignored (DESIGN §2:
 * "Pure filler is ignored and listed as ignored"). A word not here and not a keyword is never
 * ignored: it is either close to a keyword (an error with a suggestion) or unknown (an error).
 * Follow-up glue ("now", "instead", "switch to", "and") is filler too: a follow-up is the
 * same items read as a patch.
 */
export const FILLER = new Set(
  `please pls plz can could would will shall should may might must i i'm im we you me my our us your
  a an the this that these those it its it's is are was be been being am do does did done
  model models llm network net with without for using use used via by in at to from into onto up
  fit fits fitting fitted run running runs work works working enough okay ok hey hi hello thanks thank
  what what's whats how much big large small memory vram ram need needs needed require requires
  required estimate estimated estimation check tell show give get and also plus then now instead
  switch change changed make set let let's lets try trying go just only still again same
  if when whether so but not yes no my our any some like about around roughly approx approximately
  per total overall during while both which whose there here where able possible`
    .split(/\s+/)
    .filter(Boolean),
);

export function isFiller(word: string): boolean {
  return FILLER.has(word.toLowerCase());
}
