// GET /v1/responses/{id}?stream=true for a response the gateway kept: the stored Response replayed
// as the typed event sequence a stream of it would have sent (created, in_progress, each output
// item's added / deltas / done, then completed, incomplete or failed), numbered by
// sequence_number; `starting_after` skips the events up to that number, as OpenAI's does.

type Item = Record<string, unknown>;

function itemEvents(item: Item, index: number, emit: (type: string, data: Item) => void): void {
  const at = { output_index: index, item_id: item.id };
  if (item.type === 'message') {
    emit('response.output_item.added', {
      output_index: index,
      item: { ...item, status: 'in_progress', content: [] },
    });
    for (const [part, content] of ((item.content ?? []) as Item[]).entries()) {
      const text = String(content.text ?? content.refusal ?? '');
      const place = { ...at, content_index: part };
      emit('response.content_part.added', { ...place, part: { ...content, text: '' } });
      if (content.type === 'refusal') {
        emit('response.refusal.delta', { ...place, delta: text });
        emit('response.refusal.done', { ...place, refusal: text });
      } else {
        emit('response.output_text.delta', { ...place, delta: text });
        emit('response.output_text.done', { ...place, text });
      }
      emit('response.content_part.done', { ...place, part: content });
    }
  } else if (item.type === 'reasoning') {
    emit('response.output_item.added', { output_index: index, item: { ...item, summary: [] } });
    for (const [part, summary] of ((item.summary ?? []) as Item[]).entries()) {
      const text = String(summary.text ?? '');
      const place = { ...at, summary_index: part };
      emit('response.reasoning_summary_part.added', {
        ...place,
        part: { type: 'summary_text', text: '' },
      });
      emit('response.reasoning_summary_text.delta', { ...place, delta: text });
      emit('response.reasoning_summary_text.done', { ...place, text });
      emit('response.reasoning_summary_part.done', { ...place, part: summary });
    }
  } else if (item.type === 'function_call') {
    const args = String(item.arguments ?? '');
    emit('response.output_item.added', {
      output_index: index,
      item: { ...item, arguments: '', status: 'in_progress' },
    });
    emit('response.function_call_arguments.delta', { ...at, delta: args });
    emit('response.function_call_arguments.done', { ...at, arguments: args });
  } else {
    emit('response.output_item.added', { output_index: index, item });
  }
  emit('response.output_item.done', { output_index: index, item });
}

const FINAL: Record<string, string> = {
  completed: 'response.completed',
  incomplete: 'response.incomplete',
  failed: 'response.failed',
};

/** The SSE body replaying a stored Response (its JSON text). */
export function replayResponse(json: string, startingAfter = -1): string {
  const response = JSON.parse(json) as Item;
  let sequence = 0;
  let out = '';
  const emit = (type: string, data: Item) => {
    const number = sequence++;
    if (number <= startingAfter) return;
    out += `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: number, ...data })}\n\n`;
  };
  const start = { ...response, status: 'in_progress', output: [], usage: null };
  emit('response.created', { response: start });
  emit('response.in_progress', { response: start });
  for (const [index, item] of ((response.output ?? []) as Item[]).entries()) {
    itemEvents(item, index, emit);
  }
  emit(FINAL[String(response.status)] ?? 'response.completed', { response });
  return out;
}
