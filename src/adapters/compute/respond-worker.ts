import { parentPort } from 'node:worker_threads';
import { respond } from '../../core/assistant.js';
import { threadClock } from '../../ops/cpu-charge.js';
import { hubIdsIn, noHubModels } from '../../hub/prefetch.js';
import type { RespondTask, WorkerMessage } from './protocol.js';
import { chatTurn } from './chat-turn.js';

/**
 * A compute thread of the respond pool (respond-pool.ts): loads the core once, then answers
 * tasks one at a time, each with the compute it took. respond() never throws; a Turn that cannot
 * be cloned back would, and is reported as an error for that task rather than killing the thread.
 */
const port = parentPort;
if (!port) throw new Error('respond-worker.js runs only as a worker thread (see respond-pool.ts)');

const send = (message: WorkerMessage) => port.postMessage(message);

port.on('message', (task: RespondTask) => {
  const started = threadClock();
  const cpuMs = () => threadClock() - started;
  try {
    if (task.lookForHubIds) {
      const hubIds = hubIdsIn(task.text);
      // The ids go back to be fetched; this thread keeps the text's reading for the answer (language/early-stages.ts).
      if (hubIds.length > 0) return send({ id: task.id, hubIds, cpuMs: cpuMs() });
    }
    const turn = respond(task.text, task.previous, task.lookForHubIds ? noHubModels() : task.hub);
    // Only chat adapters use the pool: the console's trace stays here (chat-turn.ts).
    send({ id: task.id, turn: chatTurn(turn), cpuMs: cpuMs() });
  } catch (error) {
    send({ id: task.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), cpuMs: cpuMs() });
  }
});
send({ ready: true });
