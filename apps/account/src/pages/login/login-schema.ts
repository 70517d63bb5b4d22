// The sign-in form's schema on its own, so the lazy chunk of use-login-schema holds this one schema
// and the part of zod it uses, not the whole schemas entry.
export { loginRequestSchema } from '@switchyard/contracts/schemas';
