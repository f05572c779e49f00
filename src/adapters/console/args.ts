/**
 * The terminal's command line, apart from the terminal itself: main.ts reads it before it knows
 * whether this process is the terminal or a bot, and a bot never loads the terminal (its core,
 * renderers and session) in its main thread.
 */
export interface ConsoleOptions {
  json: boolean;
  /** Print how the message was read (its segments) before the answer. */
  trace: boolean;
  png: string | null;
  request: string | null;
}

/** Parses `headroom [--json] [--trace] [--png FILE] [request words…]`. */
export function parseArgs(argv: string[]): ConsoleOptions {
  const options: ConsoleOptions = { json: false, trace: false, png: null, request: null };
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--trace') options.trace = true;
    else if (arg === '--png') options.png = argv[++i] ?? null;
    else words.push(arg);
  }
  options.request = words.length ? words.join(' ') : null;
  return options;
}
