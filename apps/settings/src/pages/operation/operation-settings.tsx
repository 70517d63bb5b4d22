// The operation tab: general, drawing, sensitive words, logging (with cleanup), data dashboard,
// channel monitoring, quotas and pricing ratios (with the model ratio reset).
import { OptionSection } from '../../components/option-section';
import { SettingsPageFrame } from '../../components/settings-page-frame';
import { LogCleanup } from './log-cleanup';
import { OPERATION_SECTIONS as S } from './operation-sections';
import { ResetModelRatio } from './reset-model-ratio';

export function OperationSettings() {
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
          <OptionSection spec={S.pricing} options={options} extra={<ResetModelRatio />} />
        </>
      )}
    </SettingsPageFrame>
  );
}
