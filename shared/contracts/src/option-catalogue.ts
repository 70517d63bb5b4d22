// `@switchyard/contracts/options`: every option with its kind, default and rules. The server's and
// the settings pages': kept out of the contracts' main entry, which every console page loads (its
// defaults hold the built-in price tables).
export * from './option-validation';
export * from './options';
