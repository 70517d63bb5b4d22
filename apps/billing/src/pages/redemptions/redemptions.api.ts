// Calls of the redemption-code page (spec §7 "Redemption", admin), from the redemptions table.
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type {
  CreateRedemptionRequest,
  Page,
  RedemptionStatusRequest,
  RedemptionView,
  UpdateRedemptionRequest,
} from '@switchyard/contracts';
import { redemptionEndpoints } from '@switchyard/contracts/endpoints';

const redemptionsApi = createEndpointApi(redemptionEndpoints);

/** `page` counts from 1 as the list shows it. */
export const listRedemptions = (page: number, size: number): Promise<Page<RedemptionView>> =>
  redemptionsApi.list({ query: { p: endpointPage(redemptionEndpoints.list, page), size } });

export const searchRedemptions = (keyword: string): Promise<RedemptionView[]> =>
  redemptionsApi.search({ query: { keyword } });

/** Creates the codes; resolves to their keys. */
export const createRedemptions = (body: CreateRedemptionRequest): Promise<string[]> =>
  redemptionsApi.create({ body });

export const updateRedemption = (body: UpdateRedemptionRequest): Promise<RedemptionView> =>
  redemptionsApi.update({ body });

export const setRedemptionStatus = (body: RedemptionStatusRequest): Promise<RedemptionView> =>
  redemptionsApi.update({ body, query: { status_only: 'true' } });

export const deleteRedemption = (id: number): Promise<void> =>
  redemptionsApi.remove({ params: { id } });
