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
  ChannelStatusInfo,
  CreateChannelRequest,
  CreateChannelsResult,
  FetchModelsInput,
  FetchModelsRequest,
  ResponsesApiCheck,
  ResponsesApiMode,
  UpdateChannelRequest,
} from './channels';
export { channelInfoOf, RESPONSES_API_MODES, responsesApiModeOf } from './channels';
export * from './domain';
export * from './field-issues';
export {
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  PENDING_SIGN_IN_COOKIE,
  type SecondFactorRequest,
  type SecondFactorRequired,
  type SessionEntry,
  type SignOutEverywhereRequest,
  type TwoFactorEnableRequest,
  type TwoFactorSetupReply,
  type TwoFactorStatus,
} from './identity';
export * from './observability';
export type {
  AsyncTaskQuery,
  DrawingTaskQuery,
  LogListQuery,
  LogStatQuery,
  SelfLogStatQuery,
  UsageDataQuery,
} from './observability.schemas';
export type { OptionEntry, UpdateOptionRequest } from './option-api';
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
