// TanStack Query keys of the shell's reads.
export const queryKeys = {
  status: ['status'] as const,
  notice: ['notice'] as const,
  about: ['about'] as const,
  homePageContent: ['home-page-content'] as const,
  self: ['user', 'self'] as const,
};
