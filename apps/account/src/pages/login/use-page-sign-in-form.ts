// The sign-in form the server sent with the page (shown while the console loaded) hands over to
// this page's form as it mounts, before the browser paints: the typed username and password, the
// field and caret the user was at, and a submit they already asked for.
import type { FormInstance } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { type PageSignInField, takePageSignInForm } from '@switchyard/console-kit';
import { type RefObject, useLayoutEffect } from 'react';

export function usePageSignInForm(
  form: FormInstance<{ username: string; password: string }>,
  inputs: Record<PageSignInField, RefObject<RefInputType | null>>,
  submit: () => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken over once, on mount.
  useLayoutEffect(() => {
    const taken = takePageSignInForm();
    if (!taken) return;
    const { username, password, focus } = taken;
    if (username || password) form.setFieldsValue({ username, password });
    if (focus) {
      const input = inputs[focus.field].current?.dom;
      input?.focus();
      // The value lands in the input with the next render; the caret goes back after it.
      requestAnimationFrame(() => input?.setSelectionRange(focus.start, focus.end));
    }
    if (taken.submitted) submit();
  }, []);
}
