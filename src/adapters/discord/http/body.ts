/** The capped raw-body reader is shared with the Slack HTTP port (src/ops/raw-body.ts). */
export { MAX_BODY_BYTES, readRawBody, type BodyResult } from '../../../ops/raw-body.js';
