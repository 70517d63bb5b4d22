// The zod schemas of the API: the server validates with them, console forms reuse them.

export * from './account';
export * from './billing.schemas';
export * from './channels';
export * from './identity';
export * from './observability.schemas';
export * from './option-api';
export { validateOptionValue } from './option-validation';
export * from './orgs.schemas';
export * from './paging';
export * from './passkeys';
export * from './plans.schemas';
export * from './status';
export * from './status-page.schemas';
export * from './users';
