// Public endpoints the shell reads at start and on its own pages.
import { apiGet } from '@switchyard/console-kit';
import type { PublicStatus } from '@switchyard/contracts';

export const getStatus = (): Promise<PublicStatus> => apiGet<PublicStatus>('/api/status');

export const getNotice = async (): Promise<string> => (await apiGet<string>('/api/notice')) ?? '';

export const getAbout = async (): Promise<string> => (await apiGet<string>('/api/about')) ?? '';

export const getHomePageContent = async (): Promise<string> =>
  (await apiGet<string>('/api/home_page_content')) ?? '';
