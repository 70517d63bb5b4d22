// Checks a registration form in the order the user reads the messages, then with the server's schema.
import { PASSWORD_MIN, type RegisterRequest } from '@switchyard/contracts';
import { registerRequestSchema } from '@switchyard/contracts/schemas';

export interface RegistrationForm {
  username: string;
  password: string;
  password2: string;
}

/** The `account:register.*` message key of the first problem, or null when the form is valid. */
export function validateRegistration(
  form: RegistrationForm,
  request: RegisterRequest,
): string | null {
  if (!form.username.trim() || !form.password) return 'register.fieldsRequired';
  if (form.password.length < PASSWORD_MIN) return 'register.passwordTooShort';
  if (form.password !== form.password2) return 'register.passwordMismatch';
  const parsed = registerRequestSchema.safeParse(request);
  if (parsed.success) return null;
  const field = parsed.error.issues[0]?.path[0];
  return field === 'username' ? 'register.usernameTooLong' : 'register.passwordTooLong';
}
