// Contracts shared by the server and the console: domain constants, API schemas, pure math.
export * from './api';
export * from './channel-types';
export * from './domain';
export * from './option-api';
export * from './options';
export * from './pricing-defaults';
export * from './quota';
export * from './remotes';
export * from './status';
export * from './users';
