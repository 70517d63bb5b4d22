// The toolbar above every list: its search fields and filters, then the page's actions (add, copy
// selected, bulk operations). Both rows wrap; on a phone every field takes the full width and the
// buttons share rows. With `onSearch` the fields are a search form: Enter in a text field or the
// search button submits it. A long search form can wait on a phone behind a "Filters" button
// (`collapseOnPhone`), so the list is on the first screen: a search closes it again.
import { Button } from '@arco-design/web-react';
import { IconFilter, IconSearch } from '@arco-design/web-react/icon';
import { COMMON_NS, PHONE_MAX_WIDTH, useIsPhone } from '@switchyard/console-kit';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownsEnter } from '../forms/submit-on-enter';

export interface ListToolbarProps {
  /** Search fields and filters. Widths given for a wide screen give way to the full width on a
   * phone. */
  children?: ReactNode;
  /** Makes the fields a search form with a search button. */
  onSearch?: () => void;
  /** The search button's text; "Search" by default. */
  searchLabel?: string;
  searchTestId?: string;
  /** Buttons after the search button (reset). */
  searchExtra?: ReactNode;
  /** The page's actions, after the fields. */
  actions?: ReactNode;
  testId?: string;
  /** On a phone the search form stays closed behind a "Filters" button until opened. Its fields
   * (a date picker's code among them) are then neither loaded nor rendered before they are
   * wanted. */
  collapseOnPhone?: boolean;
  /** How many filters are in force, shown on the closed form's button. */
  activeFilters?: number;
}

const CSS = `
.sy-list-toolbar { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 12px 24px; margin: 0 0 16px; }
.sy-list-toolbar-fields, .sy-list-toolbar-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; min-width: 0; margin: 0; }
.sy-list-toolbar-fields + .sy-list-toolbar-actions { margin-left: auto; }
.sy-list-toolbar-toggle { width: 100%; }
@media (max-width: ${PHONE_MAX_WIDTH}px) {
  .sy-list-toolbar-fields, .sy-list-toolbar-actions { width: 100%; margin-left: 0; }
  .sy-list-toolbar-fields > * { flex: 1 1 100%; width: auto !important; max-width: 100% !important; }
  .sy-list-toolbar-fields > .arco-btn, .sy-list-toolbar-actions > * { flex: 1 1 auto; }
}`;

export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation(COMMON_NS);
  const { onSearch } = props;
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const collapsible = Boolean(props.collapseOnPhone && onSearch && phone);
  const active = props.activeFilters ?? 0;
  const toggle = collapsible ? (
    <Button
      className="sy-list-toolbar-toggle"
      icon={<IconFilter />}
      aria-expanded={open}
      aria-controls={open ? formId : undefined}
      onClick={() => setOpen(!open)}
      data-testid={props.testId ? `${props.testId}-filters` : 'list-filters'}
    >
      {active > 0 ? t('list.filtersActive', { count: active }) : t('list.filters')}
    </Button>
  ) : null;
  let fields: ReactNode = null;
  if (onSearch && !(collapsible && !open)) {
    fields = (
      <form
        id={formId}
        className="sy-list-toolbar-fields"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
          setOpen(false);
        }}
        // Enter in a picker confirms its typed date (and a select picks) before the field has its
        // new value: that Enter must not also submit the form.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && ownsEnter(event.target)) event.preventDefault();
        }}
      >
        {props.children}
        <Button
          type="primary"
          htmlType="submit"
          icon={<IconSearch />}
          data-testid={props.searchTestId}
        >
          {props.searchLabel ?? t('list.search')}
        </Button>
        {props.searchExtra}
      </form>
    );
  } else if (!onSearch && props.children) {
    fields = <div className="sy-list-toolbar-fields">{props.children}</div>;
  }
  return (
    <div className="sy-list-toolbar" data-testid={props.testId}>
      <style href="switchyard-list-toolbar" precedence="default">
        {CSS}
      </style>
      {toggle}
      {fields}
      {props.actions ? <div className="sy-list-toolbar-actions">{props.actions}</div> : null}
    </div>
  );
}
