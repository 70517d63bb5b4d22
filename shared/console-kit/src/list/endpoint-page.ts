// The one place a list's page number (the table's, from 1) becomes an endpoint's `p`, which
// counts from the endpoint's page base (tokens, codes and channels from 0; users, logs, tasks 1).
import type { Endpoint } from '@switchyard/contracts/endpoints';

export const endpointPage = (endpoint: Endpoint, tablePage: number): number =>
  tablePage - 1 + (endpoint.pageBase ?? 1);
