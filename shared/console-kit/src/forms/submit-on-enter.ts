// Enter in a one-line field submits the form, as users expect. The browser does this by itself only
// for a form with a submit button inside it; the drawers' save button sits in their footer.
import type { KeyboardEvent } from 'react';

/** Inputs that hold one line of text; Enter in a checkbox or a textarea means something else. */
const ONE_LINE = new Set(['text', 'password', 'email', 'number', 'search', 'tel', 'url']);

/**
 * Controls that use Enter themselves: a select or a tag input picks the active option, a picker
 * takes the typed date. Their inputs sit inside these.
 */
const OWNS_ENTER = '[role="combobox"], .arco-picker, .arco-input-tag, .arco-select, .arco-cascader';

/** Whether `target` sits in a control that uses Enter itself. */
export const ownsEnter = (target: EventTarget): boolean =>
  target instanceof Element && target.closest(OWNS_ENTER) !== null;

/** Whether this keydown is Enter in a one-line field that nothing else claims. */
export function isSubmitEnter(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing)
    return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !ONE_LINE.has(target.type)) return false;
  return !ownsEnter(target);
}

/** A keydown handler for the element around a form's fields: Enter in a field calls `submit`. */
export function submitOnEnter(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!isSubmitEnter(event)) return;
    event.preventDefault();
    submit();
  };
}
