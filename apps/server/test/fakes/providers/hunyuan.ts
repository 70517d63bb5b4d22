// Tencent Hunyuan: recomputes the TC3-HMAC-SHA256 signature from the secret of the SecretId
// (canonical request over content-type and host, date-scoped derived key) and answers
// ChatCompletions; failures are HTTP 200 with Response.Error like Tencent Cloud's API.
import { createHash, createHmac } from 'node:crypto';
import { CREDENTIALS } from './credentials';
import type { FakeCall, Route } from './provider-fake';
import {
  COMPLETION_TOKENS,
  FLOOD,
  lastText,
  PROMPT_TOKENS,
  REPLY_PIECES,
  REPLY_TEXT,
  sendJson,
  sendSse,
  TOOL_CALL,
} from './wire';

const hex = (value: string) => createHash('sha256').update(value).digest('hex');
const mac = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest();

function signatureError(call: FakeCall): { Code: string; Message: string } | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/hunyuan\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(call.headers.authorization ?? ''),
    );
  if (!match)
    return {
      Code: 'AuthFailure.SignatureFailure',
      Message: 'The provided credentials could not be validated.',
    };
  const [, secretId, date, signed, signature] = match as unknown as string[];
  if (secretId !== CREDENTIALS.hunyuan.secretId)
    return {
      Code: 'AuthFailure.SecretIdNotFound',
      Message: 'The SecretId is not found, please ensure that your SecretId is correct.',
    };
  const timestamp = String(call.headers['x-tc-timestamp'] ?? '');
  const headers = (signed ?? '')
    .split(';')
    .map(
      (name) =>
        `${name}:${String(call.headers[name] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonical = ['POST', '/', '', headers, signed, hex(call.raw.toString('utf8'))].join('\n');
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/hunyuan/tc3_request`, hex(canonical)].join(
    '\n',
  );
  const key = mac(
    mac(mac(`TC3${CREDENTIALS.hunyuan.secretKey}`, date ?? ''), 'hunyuan'),
    'tc3_request',
  );
  if (createHmac('sha256', key).update(toSign).digest('hex') !== signature) {
    return {
      Code: 'AuthFailure.SignatureFailure',
      Message:
        'The provided credentials could not be validated. Please check your signature is correct.',
    };
  }
  return null;
}

const Usage = {
  PromptTokens: PROMPT_TOKENS,
  CompletionTokens: COMPLETION_TOKENS,
  TotalTokens: PROMPT_TOKENS + COMPLETION_TOKENS,
};

export const hunyuanRoutes: Route = (call, res) => {
  if (call.path !== '/' || call.headers['x-tc-action'] !== 'ChatCompletions') return false;
  const error = signatureError(call);
  if (error) return sendJson(res, 200, { Response: { Error: error, RequestId: 'req-1' } });
  const body = call.body ?? {};
  if (lastText(body.Messages) === FLOOD) {
    return sendJson(res, 200, {
      Response: { Error: { Code: 'LimitExceeded', Message: '超过配额限制。' }, RequestId: 'req-9' },
    });
  }
  if (Array.isArray(body.Tools)) {
    return sendJson(res, 200, {
      Response: {
        Id: 'h1',
        Created: 1,
        Choices: [
          {
            FinishReason: 'tool_calls',
            Message: {
              Role: 'assistant',
              Content: '',
              ToolCalls: [
                {
                  Id: 'call_1',
                  Type: 'function',
                  Index: 0,
                  Function: { Name: TOOL_CALL.name, Arguments: TOOL_CALL.arguments },
                },
              ],
            },
          },
        ],
        Usage,
        RequestId: 'req-2',
      },
    });
  }
  if (body.Stream) {
    return sendSse(
      res,
      REPLY_PIECES.map((Content, index) => {
        const last = index === REPLY_PIECES.length - 1;
        return {
          data: JSON.stringify({
            Note: '以上内容为AI生成',
            Choices: [{ Delta: { Role: 'assistant', Content }, FinishReason: last ? 'stop' : '' }],
            Created: 1,
            Id: 'h1',
            Usage: last ? Usage : { ...Usage, CompletionTokens: index + 1 },
          }),
        };
      }),
    );
  }
  return sendJson(res, 200, {
    Response: {
      Id: 'h1',
      Created: 1,
      Note: '以上内容为AI生成',
      Choices: [{ FinishReason: 'stop', Message: { Role: 'assistant', Content: REPLY_TEXT } }],
      Usage,
      RequestId: 'req-3',
    },
  });
};
