// Contracts shared by the server and the console: domain constants, API types, pure math.
// Zod schemas live behind `@switchyard/contracts/schemas`, so the console's first load needs no zod.
export type {
  AdminUser,
  AffTransferRequest,
  CreateUserRequest,
  ManageAction,
  ManageUserReply,
  ManageUserRequest,
  ResetPasswordRequest,
  TelegramLogin,
  UpdateUserRequest,
  UserPage,
  UserSearchQuery,
} from './account';
export * from './api';
export * from './channel-types';
export * from './domain';
export type { OptionEntry, UpdateOptionRequest } from './option-api';
export * from './options';
export * from './pricing-defaults';
export * from './quota';
export * from './remotes';
export type { PublicStatus } from './status';
export type {
  LoginRequest,
  RegisterRequest,
  SelfUser,
  SessionUser,
  UpdateSelfRequest,
} from './users';
