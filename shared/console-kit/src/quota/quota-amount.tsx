// A quota as the spec displays it (two decimals in dollars when display-in-currency is on, two
// significant digits below a cent), with the exact quota and dollars in a tooltip.
import { Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from './use-quota-display';

/** "1234 quota = $0.002468": the quota and dollars to 6 decimals. */
export function exactQuota(
  quota: number,
  quotaPerUnit: number,
): { quota: number; dollars: string } {
  return { quota, dollars: (quota / quotaPerUnit).toFixed(6) };
}

export function QuotaAmount({ quota, testId }: { quota: number; testId?: string }) {
  const { t } = useTranslation('common');
  const { display, renderQuota } = useQuotaDisplay();
  const exact = t('quota.exact', exactQuota(quota, display.quotaPerUnit));
  return (
    <Tooltip content={exact}>
      <span className="sy-quota-amount" data-testid={testId}>
        {renderQuota(quota)}
        {/* Screen readers get the exact amount without hovering. */}
        <span className="sy-visually-hidden" data-exact="">
          {` (${exact})`}
        </span>
      </span>
    </Tooltip>
  );
}
