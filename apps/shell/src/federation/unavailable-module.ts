// The marker the fallback runtime plugin puts on the module it substitutes for a failed remote.

export const UNAVAILABLE_MARK = '__switchyardRemoteUnavailable';

export interface UnavailableModule {
  __esModule: true;
  default: unknown;
  [UNAVAILABLE_MARK]: { id: string; error: unknown };
}

export function isUnavailableModule(value: unknown): value is UnavailableModule {
  return typeof value === 'object' && value !== null && UNAVAILABLE_MARK in value;
}
