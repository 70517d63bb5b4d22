// The pricing table's `list`: its reply carries group and group_ratio beside data, so read it whole.
import { callEnvelope } from '@switchyard/console-kit';
import type { PricingReply } from '@switchyard/contracts';
import { pricingEndpoints } from '@switchyard/contracts/endpoints';

export async function getPricing(): Promise<PricingReply> {
  const reply = await callEnvelope(pricingEndpoints.list);
  return { ...reply, data: reply.data ?? [] };
}
