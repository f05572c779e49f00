/** Deduplication lives with the store (src/state/claims.ts); the local half is re-exported for the Slack tests. */
export { SeenRecently } from '../../state/seen-recently.js';
