// Public endpoints the shell reads at start and on its own pages (contracts' status table).
import { createEndpointApi } from '@switchyard/console-kit';
import type { PublicStatus } from '@switchyard/contracts';
import { statusEndpoints } from '@switchyard/contracts/endpoints';

const statusApi = createEndpointApi(statusEndpoints);

export const getStatus = (): Promise<PublicStatus> => statusApi.status();

export const getNotice = async (): Promise<string> => (await statusApi.notice()) ?? '';

export const getAbout = async (): Promise<string> => (await statusApi.about()) ?? '';

export const getHomePageContent = async (): Promise<string> =>
  (await statusApi.homePageContent()) ?? '';
