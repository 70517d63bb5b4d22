// Chinese strings of the channels remote (namespace `channels`); its pages arrive with their issue.
export const channelsZh = {} as const;
