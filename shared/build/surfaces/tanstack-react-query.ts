// What the console shares as `@tanstack/react-query`: the client and its caches, the provider, the
// query and mutation hooks and options helpers; not hydration, streaming, prefetch-in-render and
// the suspense-only hooks, which no page uses. Provided by the shell in place of the package (see
// SURFACES in src/shared-deps.ts) under another name (an alias in src/federation-common.ts).
// A name a page imports must be listed here (a test in src/build.test.ts checks every import).
export {
  CancelledError,
  focusManager,
  hashKey,
  infiniteQueryOptions,
  isCancelledError,
  keepPreviousData,
  MutationCache,
  mutationOptions,
  notifyManager,
  onlineManager,
  QueryCache,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  QueryErrorResetBoundary,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useMutationState,
  useQueries,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
} from '@switchyard-surface-source/tanstack-react-query';
