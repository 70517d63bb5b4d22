// A card of options saved together. Edits stay local until Save; Save sends only what changed
// (warning when nothing did), checks every value first and lists what the server refused.
import { Alert, Button, Card, Form, Grid, Message, Modal } from '@arco-design/web-react';
import { type OptionKey, optionValueProblem } from '@switchyard/contracts/options';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeProblem } from '../options/describe-problem';
import type { FieldSpec, SectionSpec } from '../options/option-fields';
import type { SaveFailure } from '../options/save-options';
import type { OptionsState } from '../options/use-options';
import { useSaveOptions } from '../options/use-save-options';
import { OptionField } from './option-field';

type Edits = Partial<Record<OptionKey, string>>;

export interface OptionSectionProps {
  spec: SectionSpec;
  options: OptionsState;
  /** Defaults to `settings:sections.<id>`. */
  title?: string;
  hint?: ReactNode;
  /** Controls below the fields that act on their own (log cleanup, ratio reset). */
  extra?: ReactNode;
  /** Runs before saving; a message it returns is shown instead of saving. */
  check?: (changes: readonly [OptionKey, string][]) => string | null;
}

/** JSON is edited indented; a stored value that does not parse is shown as it is. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The value a field starts from: '' for a secret (never sent), indented JSON for a JSON field. */
function baseValue(field: FieldSpec, options: OptionsState): string {
  if (field.kind === 'secret') return '';
  const stored = options.values[field.key] ?? '';
  return field.kind === 'json' ? prettyJson(stored) : stored;
}

const wide = (field: FieldSpec) =>
  field.kind === 'json' || field.kind === 'textarea' || field.preview !== undefined;

/** What changed, text before switches so a switch's prerequisites are stored first. */
function changesOf(fields: readonly FieldSpec[], edits: Edits, options: OptionsState) {
  const changed = fields.filter((field) => {
    const edit = edits[field.key];
    return edit !== undefined && edit !== baseValue(field, options);
  });
  const ordered = [
    ...changed.filter((field) => field.kind !== 'switch'),
    ...changed.filter((field) => field.kind === 'switch'),
  ];
  return ordered.map((field): [OptionKey, string] => [field.key, edits[field.key] ?? '']);
}

export function OptionSection({ spec, options, title, hint, extra, check }: OptionSectionProps) {
  const { t } = useTranslation('settings');
  const [edits, setEdits] = useState<Edits>({});
  const [failures, setFailures] = useState<SaveFailure[]>([]);
  const save = useSaveOptions((report) => {
    setFailures(report.failed);
    setEdits((current) => {
      const next = { ...current };
      for (const key of report.saved) delete next[key];
      return next;
    });
  });

  const currentValue = (field: FieldSpec) => edits[field.key] ?? baseValue(field, options);
  const edit = (key: OptionKey, value: string) =>
    setEdits((current) => ({ ...current, [key]: value }));

  const change = (field: FieldSpec, value: string) => {
    if (field.confirmOff && value === 'false') {
      Modal.confirm({
        title: t(`${field.confirmOff}.title`),
        content: t(`${field.confirmOff}.content`),
        okText: t('actions.confirm'),
        cancelText: t('actions.cancel'),
        okButtonProps: { status: 'danger' },
        onOk: () => edit(field.key, value),
      });
      return;
    }
    edit(field.key, value);
  };

  const submit = () => {
    const changes = changesOf(spec.fields, edits, options);
    if (changes.length === 0) {
      Message.warning(t('messages.nothingChanged'));
      return;
    }
    for (const [key, value] of changes) {
      const problem = optionValueProblem(key, value);
      if (problem) {
        const text = describeProblem(key, problem);
        Message.error(t(text.messageKey, { ...text.params, name: t(text.nameKey) }));
        return;
      }
    }
    const refusal = check?.(changes);
    if (refusal) {
      Message.error(refusal);
      return;
    }
    save.mutate(changes);
  };

  return (
    <Card
      title={title ?? t(`sections.${spec.id}`)}
      data-testid={`section-${spec.id}`}
      style={{ marginBottom: 16 }}
    >
      {hint ? <Alert type="info" content={hint} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" onSubmit={submit}>
        <Grid.Row gutter={16}>
          {spec.fields.map((field) => (
            <Grid.Col key={field.key} xs={24} md={wide(field) ? 24 : 12} lg={wide(field) ? 24 : 8}>
              <OptionField
                spec={field}
                value={currentValue(field)}
                secretSet={options.secretSet[field.key] === true}
                onChange={(value) => change(field, value)}
                onClearSecret={(key) => save.mutate([[key, '']])}
                busy={save.isPending}
                labelled={title === undefined || spec.fields.length > 1}
              />
            </Grid.Col>
          ))}
        </Grid.Row>
        {failures.length > 0 ? (
          <Alert
            type="error"
            style={{ marginBottom: 16 }}
            data-testid={`failures-${spec.id}`}
            content={
              <>
                {t('messages.failedKeys')}
                <ul style={{ margin: 0 }}>
                  {failures.map((failure) => (
                    <li key={failure.key}>{`${t(`fields.${failure.key}`)}: ${failure.message}`}</li>
                  ))}
                </ul>
              </>
            }
          />
        ) : null}
        <div>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid={`save-${spec.id}`}
          >
            {t('actions.save')}
          </Button>
        </div>
        {extra ? <div style={{ marginTop: 16 }}>{extra}</div> : null}
      </Form>
    </Card>
  );
}
