// Server state of the redemption-code page.
import type { RedemptionView } from '@switchyard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRedemptions,
  deleteRedemption,
  listRedemptions,
  searchRedemptions,
  setRedemptionStatus,
  updateRedemption,
} from './redemptions.api';

const CODES_KEY = ['billing', 'redemptions'] as const;

export function useRedemptionRows(page: number, size: number, keyword: string) {
  return useQuery({
    queryKey: [...CODES_KEY, { page, size, keyword }],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<{ rows: RedemptionView[]; total: number; serverPaged: boolean }> => {
      if (!keyword) {
        const result = await listRedemptions(page, size);
        return { rows: result.items, total: result.total, serverPaged: true };
      }
      const rows = await searchRedemptions(keyword);
      return { rows, total: rows.length, serverPaged: false };
    },
  });
}

export function useRedemptionMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: CODES_KEY });
  return {
    // The drawer's form shows a failed save itself (under the fields when the server names them).
    create: useMutation({ mutationFn: createRedemptions, onSuccess, meta: { silent: true } }),
    update: useMutation({ mutationFn: updateRedemption, onSuccess, meta: { silent: true } }),
    setStatus: useMutation({ mutationFn: setRedemptionStatus, onSuccess }),
    remove: useMutation({ mutationFn: deleteRedemption, onSuccess }),
  };
}
