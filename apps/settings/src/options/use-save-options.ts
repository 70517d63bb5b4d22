// Saving a section: says 保存成功, 部分保存失败，请重试 or 保存失败，请重试, and refreshes every
// query so the shell's status (sidebar, footer, login options) follows at once.
import { Message } from '@arco-design/web-react';
import type { OptionKey } from '@switchyard/contracts/options';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SaveReport, saveOptions } from './save-options';

export function announceReport(report: SaveReport, t: (key: string) => string): void {
  if (report.failed.length === 0) Message.success(t('messages.saved'));
  else if (report.saved.length === 0) Message.error(t('messages.saveFailed'));
  else Message.error(t('messages.partialFailure'));
}

export function useSaveOptions(onReport: (report: SaveReport) => void) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: [OptionKey, string][]) => {
      const report = await saveOptions(changes);
      // Fresh values before the form drops its edits, so no field flickers back.
      await queryClient.invalidateQueries();
      return report;
    },
    onSuccess: (report) => {
      announceReport(report, t);
      onReport(report);
    },
    // Some values may have been stored even when the run failed part-way.
    onError: () => queryClient.invalidateQueries(),
  });
}
