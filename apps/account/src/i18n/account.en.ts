// English strings of the account remote (namespace `account`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { accountZh } from './account.zh';

export const accountEn: TranslationOf<typeof accountZh> = {
  auth: {
    brandFallback: 'Switchyard',
    username: 'Username',
    password: 'Password',
  },
  login: {
    title: 'Log in',
    subtitle: 'Continue with your account',
    usernamePlaceholder: 'Username or email',
    passwordPlaceholder: 'Password',
    submit: 'Log in',
    expired: 'You are not logged in or your session has expired. Please log in again!',
    fieldsRequired: 'Please enter your username and password!',
    success: 'Logged in successfully',
    noAccount: 'No account yet?',
    register: 'Sign up',
    forgot: 'Forgot your password?',
    reset: 'Reset it',
    passwordLoginDisabled: 'The administrator has turned off password login.',
  },
  defaultPassword: {
    title: 'Change the default password now',
    content:
      'You signed in with the initial account and its default password, which anyone can use. Change the password immediately.',
    change: 'Change it now',
    later: 'Later',
  },
  register: {
    title: 'Sign up',
    subtitle: 'Create a new account',
    usernamePlaceholder: 'Username, at most 12 characters',
    passwordPlaceholder: 'Password, 8 to 20 characters',
    password2: 'Confirm password',
    password2Placeholder: 'Enter the password again',
    submit: 'Sign up',
    fieldsRequired: 'Please enter your username and password!',
    passwordTooShort: 'Password length must not be below 8!',
    passwordTooLong: 'Password length must not exceed 20!',
    usernameTooLong: 'Username length must not exceed 12!',
    passwordMismatch: 'The two passwords do not match',
    success: 'Registered successfully',
    haveAccount: 'Already have an account?',
    login: 'Log in',
    closed: 'The administrator has closed registration of new users.',
    affCode: 'Invitation code: {{code}}',
  },
};
