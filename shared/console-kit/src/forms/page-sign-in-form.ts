// The sign-in form the server sends with the /login page, shown before the console has loaded:
// the console's own form takes over what the user did in it (`takePageSignInForm`), and the shell
// removes it wherever the console's form will not come (`dropPageSignInForm`).
import { SIGN_IN_FORM_ID } from '@switchyard/contracts/sign-in';

export type PageSignInField = 'username' | 'password';

export interface PageSignInState {
  username: string;
  password: string;
  /** The field the user was in, with its selection, so typing goes on where it was. */
  focus: { field: PageSignInField; start: number; end: number } | null;
  /** The user already asked to sign in (Enter or the button). */
  submitted: boolean;
}

/** What was entered in the page's form, which is removed; null when there is none. */
export function takePageSignInForm(): PageSignInState | null {
  const element = document.getElementById(SIGN_IN_FORM_ID);
  if (!element) return null;
  const value = (field: PageSignInField) =>
    element.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.value ?? '';
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement && element.contains(active) ? active : undefined;
  const field = focused?.name;
  const state: PageSignInState = {
    username: value('username'),
    password: value('password'),
    focus:
      focused && (field === 'username' || field === 'password')
        ? {
            field,
            start: focused.selectionStart ?? focused.value.length,
            end: focused.selectionEnd ?? focused.value.length,
          }
        : null,
    submitted: element.getAttribute('data-submitted') === 'true',
  };
  element.remove();
  return state;
}

/** Removes the page's form, showing the console under it. */
export function dropPageSignInForm(): void {
  document.getElementById(SIGN_IN_FORM_ID)?.remove();
}
