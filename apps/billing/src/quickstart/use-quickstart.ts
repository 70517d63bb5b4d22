// What a quickstart needs besides the key: the gateway's base URL, a model the key may call and
// the user's balance (to warn that calls fail at $0).
import { useSessionStore } from '@switchyard/console-kit';
import type { TokenView } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { listUserModels } from '../pages/tokens/tokens.api';
import { getSelf } from '../pages/wallet/wallet.api';
import { trimBaseUrl } from './snippets';

/** The query key of the user's own record, shared with the wallet page. */
export const SELF_KEY = ['billing', 'self'] as const;
export const USER_MODELS_KEY = ['billing', 'user-models'] as const;

/** The option ServerAddress when the administrator set it, else the address this page came from. */
export function gatewayBaseUrl(serverAddress: string | undefined, origin: string): string {
  return trimBaseUrl(serverAddress?.trim() ? serverAddress : origin);
}

/** The first model both open to the user and allowed by the token's model limits, if any. */
export function pickModel(models: readonly string[], token: TokenView | null): string | null {
  if (token?.model_limits_enabled && token.model_limits) {
    const allowed = token.model_limits.split(',').filter(Boolean);
    return allowed.find((model) => models.includes(model)) ?? allowed[0] ?? null;
  }
  return models[0] ?? null;
}

export function useSelf() {
  return useQuery({ queryKey: SELF_KEY, queryFn: getSelf, staleTime: 0 });
}

export function useQuickstart(token: TokenView | null) {
  const serverAddress = useSessionStore((state) => state.status?.server_address);
  const models = useQuery({
    queryKey: USER_MODELS_KEY,
    queryFn: listUserModels,
    meta: { silent: true },
  });
  const self = useSelf();
  return {
    baseUrl: gatewayBaseUrl(serverAddress, window.location.origin),
    model: models.data ? pickModel(models.data, token) : null,
    modelsLoaded: models.isSuccess,
    /** Null until known. */
    balance: self.data ? self.data.quota : null,
  };
}
