// Calls of the redemption-code page (spec §7 "Redemption", admin).
import { apiDelete, apiGet, apiPost, apiPut } from '@switchyard/console-kit';
import type {
  CreateRedemptionRequest,
  Page,
  RedemptionStatusRequest,
  RedemptionView,
  UpdateRedemptionRequest,
} from '@switchyard/contracts';

/** `page` counts from 1 as the list shows it; the server's `p` counts from 0. */
export const listRedemptions = (page: number, size: number): Promise<Page<RedemptionView>> =>
  apiGet('/api/redemption/', { params: { p: page - 1, size } });

export const searchRedemptions = (keyword: string): Promise<RedemptionView[]> =>
  apiGet('/api/redemption/search', { params: { keyword } });

/** Creates the codes; resolves to their keys. */
export const createRedemptions = (body: CreateRedemptionRequest): Promise<string[]> =>
  apiPost('/api/redemption/', { body });

export const updateRedemption = (body: UpdateRedemptionRequest): Promise<RedemptionView> =>
  apiPut('/api/redemption/', { body });

export const setRedemptionStatus = (body: RedemptionStatusRequest): Promise<RedemptionView> =>
  apiPut('/api/redemption/', { body, params: { status_only: true } });

export const deleteRedemption = (id: number): Promise<void> => apiDelete(`/api/redemption/${id}`);
