// Prompt tokens of a canonical request by the local tokenizer (count_tokens, countTokens):
// messages, tool calls made, tool results and the tool definitions.
import { countChatPrompt, countText } from '../tokenizer';
import type { ChatRequest } from './types';

export async function countCanonicalPrompt(request: ChatRequest): Promise<number> {
  let tokens = await countChatPrompt(request.model, request.messages);
  let extra = '';
  for (const message of request.messages) {
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? [])
        extra += call.function.name + call.function.arguments;
    }
  }
  if (request.tools?.length) extra += JSON.stringify(request.tools.map((tool) => tool.function));
  if (extra) tokens += await countText(request.model, extra);
  return tokens;
}
