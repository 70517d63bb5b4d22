// The referral code: `?aff=` is remembered in localStorage `aff` and sent as aff_code (spec §2).
import { LOCAL_KEYS, readLocal, writeLocal } from '@switchyard/console-kit';

export function rememberAffCode(fromQuery: string | null): string | undefined {
  const code = fromQuery?.trim();
  if (code) {
    writeLocal(LOCAL_KEYS.aff, code);
    return code;
  }
  return readLocal(LOCAL_KEYS.aff) || undefined;
}
