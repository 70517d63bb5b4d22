// Reasoning effort ↔ thinking budget: OpenAI speaks in efforts, Anthropic and Gemini in tokens.
import type { ChatRequest, ReasoningEffort } from './types';

const BUDGETS: Record<ReasoningEffort, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24576,
};

/** The token budget a request asks for: explicit, else from its effort; undefined for none. */
export function thinkingBudgetOf(request: ChatRequest): number | undefined {
  if (request.thinking_budget !== undefined) return request.thinking_budget;
  return request.reasoning_effort ? BUDGETS[request.reasoning_effort] : undefined;
}

/** The effort closest to a token budget (0 and below: no effort, thinking off). */
export function effortOf(budget: number): ReasoningEffort | undefined {
  if (budget <= 0) return undefined;
  if (budget <= BUDGETS.minimal) return 'minimal';
  if (budget <= BUDGETS.low) return 'low';
  if (budget <= BUDGETS.medium) return 'medium';
  return 'high';
}
