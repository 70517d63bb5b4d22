// Server state of the tokens page: the list (paged or searched), models and the mutations.
import {
  type CreateTokenRequest,
  TOKEN_KEY_PREFIX,
  type TokenStatusRequest,
  type TokenView,
  type UpdateTokenRequest,
} from '@switchyard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { batchNames } from './token-batch';
import {
  createToken,
  deleteToken,
  listTokens,
  listUserModels,
  searchTokens,
  setTokenStatus,
  updateToken,
} from './tokens.api';

const TOKENS_KEY = ['billing', 'tokens'] as const;

export interface TokenRows {
  rows: TokenView[];
  total: number;
  /** Search results come whole; the table pages them itself. */
  serverPaged: boolean;
}

export function useTokenRows(page: number, size: number, keyword: string, key: string) {
  const searching = keyword !== '' || key !== '';
  return useQuery({
    queryKey: [...TOKENS_KEY, { page, size, keyword, key }],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<TokenRows> => {
      if (!searching) {
        const result = await listTokens(page, size);
        return { rows: result.items, total: result.total, serverPaged: true };
      }
      const rows = await searchTokens(keyword, key.replace(TOKEN_KEY_PREFIX, ''));
      return { rows, total: rows.length, serverPaged: false };
    },
  });
}

export function useUserModels(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'user-models'],
    queryFn: listUserModels,
    enabled,
    meta: { silent: true },
  });
}

export function useTokenMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: TOKENS_KEY });
  return {
    /** Creates `count` tokens one after another (the first keeps the name); resolves to them. */
    create: useMutation({
      mutationFn: async ({ input, count }: { input: CreateTokenRequest; count: number }) => {
        const created: TokenView[] = [];
        for (const name of batchNames(input.name, count)) {
          created.push(await createToken({ ...input, name }));
        }
        return created;
      },
      onSuccess,
      // The drawer's form shows a failed save itself (under the fields when the server names them).
      meta: { silent: true },
    }),
    update: useMutation({
      mutationFn: (input: UpdateTokenRequest) => updateToken(input),
      onSuccess,
      meta: { silent: true },
    }),
    setStatus: useMutation({
      mutationFn: (input: TokenStatusRequest) => setTokenStatus(input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteToken(id), onSuccess }),
  };
}
