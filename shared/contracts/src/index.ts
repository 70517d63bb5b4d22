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
export * from './billing';
export type {
  CreateRedemptionRequest,
  CreateTokenRequest,
  PageQuery,
  PayRequest,
  RedeemRequest,
  RedemptionStatusRequest,
  TokenStatusRequest,
  TopUpAmountRequest,
  UpdateRedemptionRequest,
  UpdateTokenRequest,
} from './billing.schemas';
export * from './channel-info';
export * from './channel-rules';
export * from './channel-types';
export type {
  BalanceCurrency,
  BalanceUpdateSummary,
  BatchDeleteChannelsRequest,
  Channel,
  ChannelBalance,
  ChannelListQuery,
  ChannelPage,
  ChannelSearchQuery,
  CreateChannelRequest,
  CreateChannelsResult,
  FetchModelsInput,
  FetchModelsRequest,
  UpdateChannelRequest,
} from './channels';
export * from './domain';
export * from './field-issues';
export type {
  AuditEntry,
  AuditPage,
  AuditQuery,
  SecondFactorRequest,
  SecondFactorRequired,
  SessionEntry,
  SignOutEverywhereRequest,
  TwoFactorEnableRequest,
  TwoFactorSetupReply,
  TwoFactorStatus,
} from './identity';
export * from './observability';
export type {
  AsyncTaskQuery,
  DrawingTaskQuery,
  LogListQuery,
  LogStatQuery,
  SelfLogStatQuery,
  TokenCacheQuery,
  UsageDataQuery,
} from './observability.schemas';
export type { OptionEntry, UpdateOptionRequest } from './option-api';
export * from './orgs';
export type {
  OrgInviteRequest,
  OrgLogListQuery,
  OrgLogStatQuery,
  OrgMemberUpdateRequest,
  OrgNameRequest,
} from './orgs.schemas';
export type {
  PasskeyEntry,
  PasskeyLoginRequest,
  PasskeyOptions,
  PasskeyRegisterRequest,
} from './passkeys';
export * from './pending-sign-in';
export * from './plans';
export type { PlanFields, SubscribeRequest, UpdatePlanRequest } from './plans.schemas';
export * from './quota';
export * from './remotes';
export * from './sign-in';
export type { PublicStatus } from './status';
export {
  STATUS_WINDOW_SHAPES,
  STATUS_WINDOWS,
  type StatusBucket,
  type StatusChannelRow,
  type StatusFigures,
  type StatusModelRow,
  type StatusModelsReply,
  type StatusWindow,
} from './status-page';
export * from './username';
export type {
  LoginRequest,
  RegisterRequest,
  SelfUser,
  SessionUser,
  UpdateSelfRequest,
} from './users';
export * from './wallet-history';
