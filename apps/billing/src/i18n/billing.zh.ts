// Chinese strings of the billing remote (namespace `billing`); its pages arrive with their issue.
export const billingZh = {} as const;
