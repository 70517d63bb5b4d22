// Every endpoint table, by domain. A domain not listed here still declares its routes by hand.
import { dataEndpoints } from './data';
import type { Endpoint } from './define';
import { groupEndpoints } from './groups';
import { logEndpoints } from './logs';
import { metaEndpoints } from './meta';
import { optionEndpoints } from './options';
import { planEndpoints, subscriptionEndpoints } from './plans';
import { pricingEndpoints } from './pricing';
import { redemptionEndpoints } from './redemptions';
import { statusEndpoints } from './status';
import { taskEndpoints } from './tasks';

export * from './define';
export {
  dataEndpoints,
  groupEndpoints,
  logEndpoints,
  metaEndpoints,
  optionEndpoints,
  planEndpoints,
  pricingEndpoints,
  redemptionEndpoints,
  statusEndpoints,
  subscriptionEndpoints,
  taskEndpoints,
};

export const ENDPOINT_TABLES: Record<string, Record<string, Endpoint>> = {
  data: dataEndpoints,
  groups: groupEndpoints,
  logs: logEndpoints,
  meta: metaEndpoints,
  options: optionEndpoints,
  plans: planEndpoints,
  pricing: pricingEndpoints,
  redemptions: redemptionEndpoints,
  status: statusEndpoints,
  subscriptions: subscriptionEndpoints,
  tasks: taskEndpoints,
};

/** Every declared endpoint, with its domain and name (for the registry test and the reference). */
export const allEndpoints = (): { domain: string; name: string; endpoint: Endpoint }[] =>
  Object.entries(ENDPOINT_TABLES).flatMap(([domain, table]) =>
    Object.entries(table).map(([name, endpoint]) => ({ domain, name, endpoint })),
  );
