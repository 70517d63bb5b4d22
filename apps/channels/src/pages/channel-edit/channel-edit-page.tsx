// /channel/add and /channel/edit/:id: loads the channel when editing, then shows the form.
import { Card } from '@arco-design/web-react';
import { Spinner } from '@switchyard/console-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { getChannel } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';
import { RemoteRoot } from '../../remote';
import { ChannelForm } from './channel-form';
import { formStateOf, initialFormState } from './channel-form-state';

export function ChannelEditPage() {
  const { t } = useTranslation('channels');
  const params = useParams();
  const channelId = params.id === undefined ? undefined : Number(params.id);
  const channel = useQuery({
    queryKey: channelKeys.one(channelId ?? 0),
    queryFn: () => getChannel(channelId ?? 0),
    enabled: channelId !== undefined,
  });
  const loading = channelId !== undefined && !channel.data;
  return (
    <RemoteRoot testId="channel-edit-page">
      <Card title={channelId === undefined ? t('editor.titleAdd') : t('editor.titleEdit')}>
        {loading ? (
          channel.isError ? null : (
            <Spinner />
          )
        ) : (
          <ChannelForm
            key={channelId ?? 'new'}
            channelId={channelId}
            initial={channel.data ? formStateOf(channel.data) : initialFormState()}
          />
        )}
      </Card>
    </RemoteRoot>
  );
}
