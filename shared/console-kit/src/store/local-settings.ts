// The localStorage keys of spec §3 "Local settings" and safe access to them.

export const LOCAL_KEYS = {
  user: 'user',
  status: 'status',
  chatLink: 'chat_link',
  chatLink2: 'chat_link2',
  footerHtml: 'footer_html',
  mjNotifyEnabled: 'mj_notify_enabled',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  pageSize: 'page-size',
  theme: 'theme-mode',
  language: 'lang',
  notice: 'notice',
  aff: 'aff',
  /** The channel list's id-sort toggle (spec §9). */
  idSort: 'id-sort',
  /** The org scope chosen in the top bar (issue 32): 0 personal, else an org id. */
  orgScope: 'org-scope',
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

// Storage can be missing or throw (private mode, quota): the console then runs without persistence.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readLocal(key: LocalKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Persistence is best effort.
  }
}

export function removeLocal(key: LocalKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Persistence is best effort.
  }
}

export function readLocalJson<T>(key: LocalKey): T | null {
  const raw = readLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
