// Public endpoints the shell reads at start and on its own pages. The status table loads on the
// first call of a page's text, so its zod schemas stay out of the start chunk.
import { apiGet, lazyEndpointApi } from '@switchyard/console-kit';
import type { PublicStatus } from '@switchyard/contracts';

const statusApi = lazyEndpointApi(() =>
  import('@switchyard/contracts/endpoints/status').then((module) => module.statusEndpoints),
);

// api-literal-allowed: read before the first paint, where loading the status table first would
// add a round trip (the table's path is the same: the endpoints test serves every entry).
export const getStatus = (): Promise<PublicStatus> => apiGet<PublicStatus>('/api/status');

// api-literal-allowed: the notice modal reads it on every page's start, /login's included, whose
// JS budget has no room for the status table's zod schemas.
export const getNotice = async (): Promise<string> => (await apiGet<string>('/api/notice')) ?? '';

export const getAbout = async (): Promise<string> => (await statusApi.about()) ?? '';

export const getHomePageContent = async (): Promise<string> =>
  (await statusApi.homePageContent()) ?? '';
