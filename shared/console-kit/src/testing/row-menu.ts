// Test helper: a row action behind the "⋯" menu of RowActions.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the menu of `moreTestId` and returns the item `itemTestId` once it is shown. */
export async function openRowMenu(moreTestId: string, itemTestId: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByTestId(moreTestId));
  return screen.findByTestId(itemTestId);
}

/** Opens the menu and picks the item (jsdom never ends the popup's entry animation, during which
 * arco turns pointer events off, so the item is clicked as an event). */
export async function pickRowAction(moreTestId: string, itemTestId: string): Promise<void> {
  fireEvent.click(await openRowMenu(moreTestId, itemTestId));
}
