// `@switchyard/contracts/pricing`: the built-in price tables and the quota a request costs. The
// server's: kept out of the contracts' main entry, which the console shares, so no page load
// carries them.
export * from './model-context-windows';
export * from './model-output-limits';
export * from './model-price-table';
export * from './pricing-defaults';
export * from './token-cost';
