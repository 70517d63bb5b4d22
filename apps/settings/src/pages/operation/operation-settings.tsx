// The operation tab: general, drawing, sensitive words, logging (with cleanup), data dashboard,
// channel monitoring, quotas, model prices as a table in dollars, and the pricing ratios as JSON
// (with the model ratio reset).
import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../../components/option-section';
import { SettingsPageFrame } from '../../components/settings-page-frame';
import { LogCleanup } from './log-cleanup';
import { OPERATION_SECTIONS as S } from './operation-sections';
import { PricingTableEditor } from './pricing-editor/pricing-table-editor';
import { ResetModelRatio } from './reset-model-ratio';

export function OperationSettings() {
  const { t } = useTranslation('settings');
  return (
    <SettingsPageFrame testId="operation-settings">
      {(options) => (
        <>
          <OptionSection spec={S.general} options={options} />
          <OptionSection spec={S.drawing} options={options} />
          <OptionSection spec={S.sensitive} options={options} />
          <OptionSection spec={S.logging} options={options} extra={<LogCleanup />} />
          <OptionSection spec={S.dashboard} options={options} />
          <OptionSection spec={S.monitoring} options={options} />
          <OptionSection spec={S.quota} options={options} />
          <Card
            title={t('priceEditor.table')}
            data-testid="section-prices"
            style={{ marginBottom: 16 }}
          >
            <PricingTableEditor options={options} />
          </Card>
          {/* The same options as JSON, for bulk edits and wildcard entries. */}
          <OptionSection
            spec={S.pricing}
            options={options}
            title={t('priceEditor.json')}
            extra={<ResetModelRatio />}
          />
        </>
      )}
    </SettingsPageFrame>
  );
}
