// Loads the public status at start into the session store; a failure says the server is unreachable.
import { Message } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/query-keys';
import { getStatus } from '../api/status.api';

export function useBootStatus(): void {
  const { t } = useTranslation('shell');
  const setStatus = useSessionStore((state) => state.setStatus);
  const { data, isError } = useQuery({
    queryKey: queryKeys.status,
    queryFn: getStatus,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
  useEffect(() => {
    if (data) setStatus(data);
  }, [data, setStatus]);
  useEffect(() => {
    if (isError) Message.error(t('boot.cannotConnect'));
  }, [isError, t]);
}
