// iFlytek Spark over WebSocket: checks the signed URL (base64 authorization with api_key and an
// HMAC-SHA256 signature over host, date and request line, recomputed with the APISecret), refusing
// the handshake with 401 like the real gateway; then answers the request frame with reply frames.
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { CREDENTIALS } from './credentials';
import type { FakeState } from './provider-fake';
import { COMPLETION_TOKENS, FLOOD, lastText, PROMPT_TOKENS, REPLY_PIECES, TOOL_CALL } from './wire';

const wss = new WebSocketServer({ noServer: true });

function refuse(socket: Socket, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} Unauthorized\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function signatureProblem(req: IncomingMessage): string | null {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const date = url.searchParams.get('date') ?? '';
  const host = url.searchParams.get('host') ?? '';
  if (host !== req.headers.host) return 'HMAC signature cannot be verified: host mismatch';
  const origin = Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString(
    'utf8',
  );
  const fields = Object.fromEntries(
    [...origin.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  if (fields.api_key !== CREDENTIALS.spark.apiKey) return 'HMAC signature cannot be verified';
  if (Math.abs(Date.parse(date) - Date.now()) > 300_000)
    return 'HMAC signature does not match, a valid date is required';
  const expected = createHmac('sha256', CREDENTIALS.spark.apiSecret)
    .update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`)
    .digest('base64');
  return fields.signature === expected ? null : 'HMAC signature cannot be verified';
}

export function sparkUpgrade(
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
  state: FakeState,
): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const problem = signatureProblem(req);
  if (problem) {
    refuse(socket, 401, problem);
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    ws.once('message', (data) => {
      const frame = JSON.parse(data.toString()) as {
        header?: { app_id?: string };
        payload?: { functions?: unknown };
      };
      state.calls.push({
        method: 'WS',
        path: `/ws${url.pathname}`,
        query: url.searchParams,
        headers: req.headers,
        raw: Buffer.from(data.toString()),
        body: frame,
      });
      const header = (status: number) => ({ code: 0, message: 'Success', sid: 'cht000', status });
      if (frame.header?.app_id !== CREDENTIALS.spark.appId) {
        ws.send(
          JSON.stringify({
            header: {
              code: 11200,
              message: 'AppIdNoAuthError:(11200)auth no license',
              sid: 'cht000',
              status: 2,
            },
          }),
        );
        ws.close();
        return;
      }
      const usage = {
        text: {
          question_tokens: 4,
          prompt_tokens: PROMPT_TOKENS,
          completion_tokens: COMPLETION_TOKENS,
          total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
        },
      };
      const text = (frame.payload as { message?: { text?: unknown } } | undefined)?.message?.text;
      if (lastText(text) === FLOOD) {
        ws.send(
          JSON.stringify({
            header: {
              code: 11202,
              message: 'licc limit: too many requests per second',
              sid: 'cht000',
              status: 2,
            },
          }),
        );
        ws.close();
        return;
      }
      if (frame.payload?.functions) {
        ws.send(
          JSON.stringify({
            header: header(2),
            payload: {
              choices: {
                status: 2,
                seq: 0,
                text: [
                  {
                    content: '',
                    role: 'assistant',
                    index: 0,
                    content_type: 'text',
                    function_call: TOOL_CALL,
                  },
                ],
              },
              usage,
            },
          }),
        );
        ws.close();
        return;
      }
      if ((frame.header as { uid?: string } | undefined)?.uid === 'slow') {
        // The first frame only; the rest never comes, so only the gateway can end the socket.
        ws.send(
          JSON.stringify({
            header: header(0),
            payload: {
              choices: {
                status: 0,
                seq: 0,
                text: [{ content: REPLY_PIECES[0], role: 'assistant', index: 0 }],
              },
            },
          }),
        );
        ws.once('close', () => {
          state.sparkClosedEarly += 1;
        });
        return;
      }
      REPLY_PIECES.forEach((content, seq) => {
        const status = seq === 0 ? 0 : seq === REPLY_PIECES.length - 1 ? 2 : 1;
        ws.send(
          JSON.stringify({
            header: header(status),
            payload: {
              choices: { status, seq, text: [{ content, role: 'assistant', index: 0 }] },
              ...(status === 2 ? { usage } : {}),
            },
          }),
        );
      });
      ws.close();
    });
  });
}
