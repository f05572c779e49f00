/** The Slack error code of a Web API failure (`invalid_blocks`, `not_in_channel`), never a token. */
export function slackErrorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const withData = error as { data?: { error?: unknown }; code?: unknown; message?: unknown };
    if (typeof withData.data?.error === 'string') return withData.data.error;
    if (typeof withData.code === 'string') return withData.code;
    if (typeof withData.message === 'string') return withData.message;
  }
  return String(error);
}

/** What a user sees when Slack refuses an answer: polite, with the code for whoever runs the bot. */
export function politeFailure(code: string, errorId?: string): string {
  const why = errorId ? `${code}, error id ${errorId}` : code;
  return `Sorry, Slack would not take my answer (${why}). Please try again; if it keeps happening, tell whoever runs headroom.`;
}
