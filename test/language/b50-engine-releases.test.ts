import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b48-b50 (issue 22): a vLLM release the message states was not read. Its API server prints it first
 * ("vLLM API server version 0.7.2", vllm-project/vllm#13124, c1847; #13677, c1789), a log line whose numbers
 * set nothing else; a sentence says it with its patch suffix ("my vllm version is 0.2.1.post1",
 * vllm-project/vllm#1765, c1159). The release changes what vLLM holds at start-up (memory/vllm-release.ts).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const release = (text: string) => read(text).scenario.inference.vllmVersion;

const serverLog = (version: string) =>
  `vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 8192 on an l4\n\`\`\`\nINFO 02-12 13:31:04 api_server.py:840] vLLM API server version ${version}\nINFO 02-12 13:31:04 api_server.py:841] args: Namespace(host=None, port=8000)\n\`\`\``;

describe('a vLLM release the message states', () => {
  it.each([
    ['c1847', '0.7.2'],
    ['c1789', '0.7.3'],
    ['c1159', '0.2.1'],
  ])('%s: vllm %s', (id, version) => {
    expect(release(line(id).text)).toBe(version);
  });

  it.each([
    ['0.6.3', '0.6.3'],
    ['0.8.5.post1', '0.8.5'],
    ['0.10.1', '0.10.1'],
  ])('the API server’s own line: %s', (printed, version) => {
    expect(release(serverLog(printed))).toBe(version);
  });

  it('after a vLLM process name on the same line', () => {
    const text = 'serving llama-3.1-8b with vllm on one a10g\n```\n(APIServer pid=1) INFO 08-01 10:00:00 [api_server.py:1805] vLLM API server version 0.10.0\n```';
    expect(release(text)).toBe('0.10.0');
  });

  it('a dev build the item language has no release for is left out', () => {
    expect(release(serverLog('0.6.4.dev12+g1234abc'))).toBeUndefined();
  });

  it('the user’s own words win over the log', () => {
    expect(release(`I use vllm 0.6.3\n${serverLog('0.7.2')}`)).toBe('0.6.3');
  });

  it.each([
    ['my vllm version is 0.6.3.post1, serving qwen2.5-7b on an a10', '0.6.3'],
    ['vLLM version: 0.5.4 — qwen2-7b served on a 4090', '0.5.4'],
    ['vllm版本是0.4.2，用vllm部署qwen1.5-14b，4090', '0.4.2'],
    ['installed vllm==0.7.2 and serving llama-3-8b on a 3090', '0.7.2'],
    ['llama-3-8b served on a 3090 with vLLM v0.6.1.post2', '0.6.1'],
  ])('said in a sentence: %s', (text, version) => {
    expect(release(text)).toBe(version);
  });
});
