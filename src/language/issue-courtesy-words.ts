/**
 * The words of an issue's courtesy paragraph (issue 22, found by bench:variations' greeting-paragraph
 * shape): thanks for the project, praise of it, and "I have read the docs and searched the issues".
 * They name no setting, so a greeting of two or three sentences before a setup is filler, not words
 * counted against the message ("most of this message is words I do not read").
 *
 * Seen: c413 01-ai/Yi#246 "Thanks for your great repo", c536 huggingface/alignment-handbook#22
 * "Hi, thank you for your great work!", c466 Beomi/KoAlpaca#13 (a greeting, then the setup).
 * No word here is a keyword spelling or one edit from one (it would hide a typo). A message that is
 * only an acknowledgement ("thanks!") is courtesy.ts's, a different job: that message gets no reply.
 */
export const ISSUE_COURTESY_WORDS = `
  project projects repo repos docs documentation read reading searched search searching googled
  saved saves amazing awesome wonderful fantastic excellent brilliant contribution contributions
  library libraries community maintainers developers answers grateful`;
