// Domain constants shared by the server and every console app.

export const Role = { guest: 0, common: 1, admin: 10, root: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Role 10 or more counts as admin (spec §6). */
export const isAdmin = (role: number | undefined | null): boolean => (role ?? 0) >= Role.admin;
/** Role 100 or more counts as super admin (spec §6). */
export const isRoot = (role: number | undefined | null): boolean => (role ?? 0) >= Role.root;

export const UserStatus = { enabled: 1, disabled: 2, cancelled: 3 } as const;
export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
export const RedemptionStatus = { unused: 1, disabled: 2, used: 3 } as const;
export const ChannelStatus = {
  unknown: 0,
  enabled: 1,
  manuallyDisabled: 2,
  autoDisabled: 3,
} as const;
export const LogType = { unknown: 0, topup: 1, consume: 2, manage: 3, system: 4 } as const;

/** 500000 quota units are one dollar. */
export const QUOTA_PER_DOLLAR = 500_000;

export const DEFAULT_GROUP = 'default';
export const ROOT_DEFAULT_USERNAME = 'root';
export const ROOT_DEFAULT_PASSWORD = '123456';
export const ROOT_INITIAL_QUOTA = 100_000_000;

export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const DISPLAY_NAME_MAX = 20;
export const EMAIL_MAX = 50;

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Mobile breakpoint in CSS pixels (spec §1). */
export const MOBILE_BREAKPOINT = 600;

/** Version suffix of spec §1: the footer shows `{version}-alpha.7`. */
export const VERSION_SUFFIX = 'alpha.7';
