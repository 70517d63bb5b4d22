// The sign-in page's texts, shared by the account remote (its form) and the server, which sends the
// same form with the /login page so it shows before the console's code has arrived and run.
import type { Language } from './api';

/** The element the server's sign-in form is sent in; the console's own form takes its place. */
export const SIGN_IN_FORM_ID = 'sy-sign-in';

export interface SignInTexts {
  brandFallback: string;
  username: string;
  password: string;
  title: string;
  subtitle: string;
  usernamePlaceholder: string;
  passwordPlaceholder: string;
  submit: string;
  noAccount: string;
  register: string;
  forgot: string;
  reset: string;
  expired: string;
}

export const SIGN_IN_TEXTS: Record<Language, SignInTexts> = {
  zh: {
    brandFallback: 'Switchyard',
    username: '用户名',
    password: '密码',
    title: '登录',
    subtitle: '使用你的账户继续',
    usernamePlaceholder: '用户名或邮箱',
    passwordPlaceholder: '密码',
    submit: '登录',
    noAccount: '没有账户？',
    register: '注册',
    forgot: '忘记密码？',
    reset: '重置密码',
    expired: '未登录或登录已过期，请重新登录！',
  },
  en: {
    brandFallback: 'Switchyard',
    username: 'Username',
    password: 'Password',
    title: 'Log in',
    subtitle: 'Continue with your account',
    usernamePlaceholder: 'Username or email',
    passwordPlaceholder: 'Password',
    submit: 'Log in',
    noAccount: 'No account yet?',
    register: 'Sign up',
    forgot: 'Forgot your password?',
    reset: 'Reset it',
    expired: 'You are not logged in or your session has expired. Please log in again!',
  },
};
