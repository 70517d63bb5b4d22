// Settings forms as data: each section lists its options; a field's control follows the option's
// definition (switch, JSON editor, write-only secret, choice) unless the section says otherwise.
import { type OptionKey, optionDefinition } from '@switchyard/contracts/options';

export type FieldKind = 'switch' | 'text' | 'textarea' | 'json' | 'secret' | 'select';
export type PreviewKind = 'markdown' | 'html' | 'image';

export interface FieldSpec {
  key: OptionKey;
  kind: FieldKind;
  preview?: PreviewKind;
  /** Turning this switch off asks first; the texts are `settings:<confirmOff>.title|content`. */
  confirmOff?: 'passwordLogin';
}

export interface SectionSpec {
  /** i18n key `settings:sections.<id>` and test ids `section-<id>`, `save-<id>`. */
  id: string;
  fields: FieldSpec[];
}

function kindOf(key: OptionKey): FieldKind {
  const definition = optionDefinition(key);
  if (definition.secret) return 'secret';
  if (definition.kind === 'boolean') return 'switch';
  if (definition.kind === 'json') return 'json';
  if (definition.format === 'choice') return 'select';
  return 'text';
}

/** A field with the control its option calls for; `overrides` changes the control or adds a preview. */
export const field = (
  key: OptionKey,
  overrides: Partial<Omit<FieldSpec, 'key'>> = {},
): FieldSpec => ({
  key,
  kind: kindOf(key),
  ...overrides,
});

export const fields = (...keys: OptionKey[]): FieldSpec[] => keys.map((key) => field(key));

export const section = (id: string, specs: (OptionKey | FieldSpec)[]): SectionSpec => ({
  id,
  fields: specs.map((spec) => (typeof spec === 'string' ? field(spec) : spec)),
});
