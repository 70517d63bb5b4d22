// GET /api/pricing: its reply carries group and group_ratio beside data, so read it whole.
import { http } from '@switchyard/console-kit';
import type { PricingReply } from '@switchyard/contracts';

export async function getPricing(): Promise<PricingReply> {
  const reply = await http.get<PricingReply>('/api/pricing');
  return reply.data;
}
