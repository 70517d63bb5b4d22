// Above a billing list: the kit's toolbar with the search fields (given as data) and the add and
// copy-selected buttons. The fields start from the URL's filters: key it with
// `ListParams.filtersKey` so they follow back and forward.
import { Button, Input } from '@arco-design/web-react';
import { ListToolbar as KitToolbar } from '@switchyard/console-kit/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchField {
  name: string;
  placeholder: string;
}

export interface ListToolbarProps {
  /** Prefix of the test ids: `<id>-search-<field>`, `<id>-search`, `<id>-add`, `<id>-copy-selected`. */
  testId: string;
  fields: readonly SearchField[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
  addLabel: string;
  onAdd: () => void;
  copyLabel: string;
  onCopySelected: () => void;
}

export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation('billing');
  const [draft, setDraft] = useState(props.values);
  return (
    <KitToolbar
      onSearch={() => props.onSearch(draft)}
      searchLabel={t('common.search')}
      searchTestId={`${props.testId}-search`}
      actions={
        <>
          <Button type="primary" onClick={props.onAdd} data-testid={`${props.testId}-add`}>
            {props.addLabel}
          </Button>
          <Button onClick={props.onCopySelected} data-testid={`${props.testId}-copy-selected`}>
            {props.copyLabel}
          </Button>
        </>
      }
    >
      {props.fields.map((field) => (
        <Input
          key={field.name}
          value={draft[field.name] ?? ''}
          onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
          placeholder={field.placeholder}
          aria-label={field.placeholder}
          style={{ width: 220 }}
          data-testid={`${props.testId}-search-${field.name}`}
        />
      ))}
    </KitToolbar>
  );
}
