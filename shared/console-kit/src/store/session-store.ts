// The one client-side session store: signed-in user, public status, theme and language, persisted
// under the localStorage keys of spec §3.
import type { Language, PublicStatus, SessionUser } from '@switchyard/contracts';
import { create } from 'zustand';
import { detectLanguage } from '../i18n/detect-language';
import { LOCAL_KEYS, readLocal, readLocalJson, removeLocal, writeLocal } from './local-settings';

export type Theme = 'light' | 'dark';

export interface SessionState {
  user: SessionUser | null;
  /** The user was signed out by the server (a 401), not by choice: the login page says so. */
  sessionExpired: boolean;
  status: PublicStatus | null;
  theme: Theme;
  language: Language;
  setUser: (user: SessionUser) => void;
  clearUser: (reason?: 'logout' | 'expired') => void;
  setStatus: (status: PublicStatus) => void;
  setTheme: (theme: Theme) => void;
  setLanguage: (language: Language) => void;
}

type SessionData = Pick<SessionState, 'user' | 'sessionExpired' | 'status' | 'theme' | 'language'>;

/** Status fields the reference console also keeps under their own keys. */
const STATUS_COPIES = [
  ['chat_link', LOCAL_KEYS.chatLink],
  ['chat_link2', LOCAL_KEYS.chatLink2],
  ['footer_html', LOCAL_KEYS.footerHtml],
  ['mj_notify_enabled', LOCAL_KEYS.mjNotifyEnabled],
  ['enable_data_export', LOCAL_KEYS.enableDataExport],
  ['enable_drawing', LOCAL_KEYS.enableDrawing],
  ['enable_task', LOCAL_KEYS.enableTask],
  ['default_collapse_sidebar', LOCAL_KEYS.defaultCollapseSidebar],
] as const satisfies readonly (readonly [keyof PublicStatus, string])[];

function persistStatus(status: PublicStatus): void {
  writeLocal(LOCAL_KEYS.status, JSON.stringify(status));
  for (const [field, key] of STATUS_COPIES) writeLocal(key, String(status[field] ?? ''));
}

/** Reads the persisted session (used at start and by tests). */
export function loadSessionData(): SessionData {
  return {
    user: readLocalJson<SessionUser>(LOCAL_KEYS.user),
    sessionExpired: false,
    status: readLocalJson<PublicStatus>(LOCAL_KEYS.status),
    theme: readLocal(LOCAL_KEYS.theme) === 'dark' ? 'dark' : 'light',
    language: detectLanguage(),
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...loadSessionData(),
  setUser: (user) => {
    writeLocal(LOCAL_KEYS.user, JSON.stringify(user));
    set({ user, sessionExpired: false });
  },
  clearUser: (reason = 'logout') => {
    removeLocal(LOCAL_KEYS.user);
    set({ user: null, sessionExpired: reason === 'expired' });
  },
  setStatus: (status) => {
    persistStatus(status);
    set({ status });
  },
  setTheme: (theme) => {
    writeLocal(LOCAL_KEYS.theme, theme);
    set({ theme });
  },
  setLanguage: (language) => {
    writeLocal(LOCAL_KEYS.language, language);
    set({ language });
  },
}));

/** Outside React: the current session without subscribing. */
export const getSession = (): SessionState => useSessionStore.getState();
