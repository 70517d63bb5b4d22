// The other tab: notice, system name, logo, home page, about and footer, each saved on its own,
// with a preview where the console renders Markdown or HTML.
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../../components/option-section';
import { SettingsPageFrame } from '../../components/settings-page-frame';
import { field, type SectionSpec } from '../../options/option-fields';

export const OTHER_SECTIONS: SectionSpec[] = [
  field('Notice', { kind: 'textarea', preview: 'markdown' }),
  field('SystemName'),
  field('Logo', { preview: 'image' }),
  field('HomePageContent', { kind: 'textarea', preview: 'markdown' }),
  field('About', { kind: 'textarea', preview: 'markdown' }),
  field('Footer', { kind: 'textarea', preview: 'html' }),
].map((spec) => ({ id: spec.key, fields: [spec] }));

export function OtherSettings() {
  const { t } = useTranslation('settings');
  return (
    <SettingsPageFrame testId="other-settings">
      {(options) =>
        OTHER_SECTIONS.map((spec) => (
          <OptionSection
            key={spec.id}
            spec={spec}
            options={options}
            title={t(`fields.${spec.id}`)}
          />
        ))
      }
    </SettingsPageFrame>
  );
}
