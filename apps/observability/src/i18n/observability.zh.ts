// Chinese strings of the observability remote (namespace `observability`); its pages arrive with their issue.
export const observabilityZh = {} as const;
