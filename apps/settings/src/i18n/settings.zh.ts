// Chinese strings of the settings remote (namespace `settings`); its pages arrive with their issue.
export const settingsZh = {} as const;
