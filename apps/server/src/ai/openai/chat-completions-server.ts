import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received: its headers and its JSON body. */
export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface ChatCompletionsServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL an OpenAI client is given. */
  baseUrl: string;
  received: ReceivedRequest[];
  /** The next answers, in order: a recorded message content, or an HTTP status with no completion. */
  answers: Array<{ content: string } | { status: number }>;
  close(): Promise<void>;
}

export type RecordedAnswer = ChatCompletionsServer['answers'][number];

/**
 * A local endpoint speaking the chat-completions wire format (POST /v1/chat/completions) with recorded
 * answers, for tests of the OpenAI-compatible provider. `answerFor` picks an answer from the request's
 * body when the queue of `answers` is empty (a recording keyed by what was asked).
 */
export async function startChatCompletionsServer(answerFor?: (body: any) => RecordedAnswer | undefined): Promise<ChatCompletionsServer> {
  const received: ReceivedRequest[] = [];
  const answers: ChatCompletionsServer['answers'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
      const answer = answers.shift() ?? answerFor?.(received.at(-1)?.body);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || !answer) return send(res, 404, { error: { message: 'not found' } });
      if ('status' in answer) return send(res, answer.status, { error: { message: 'recorded failure', type: 'server_error' } });
      send(res, 200, {
        id: `chatcmpl-${received.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: received.at(-1)?.body?.model ?? 'unknown',
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  // retry-after-ms: 0 makes the client's one retry immediate, so a failing endpoint fails fast.
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '0' });
  res.end(JSON.stringify(body));
}
