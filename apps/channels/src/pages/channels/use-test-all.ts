// "Test all": the server tests every channel that is not manually disabled in the background.
// Progress is read from the channels themselves: a channel counts as tested once its test time or
// response time differs from before the run. The list refreshes meanwhile, so results show up as
// they arrive.
import { Message } from '@arco-design/web-react';
import { type Channel, ChannelStatus } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listEveryChannel, testAllChannels } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';

export const TEST_ALL_REFRESH_MS = 1500;
/** The server tests 4 channels at a time, each bounded by 60 s; the wait is bounded likewise. */
const SECONDS_PER_ROUND = 65;
const PARALLEL = 4;

interface Run {
  before: Map<number, string>;
  deadline: number;
}

const stamp = (channel: Channel) => `${channel.test_time}/${channel.response_time}`;

export function useTestAll() {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run | null>(null);
  const progress = useQuery({
    queryKey: channelKeys.every,
    queryFn: listEveryChannel,
    enabled: run !== null,
    refetchInterval: TEST_ALL_REFRESH_MS,
  });
  const start = useMutation({
    mutationFn: async () => {
      const channels = await listEveryChannel();
      const message = await testAllChannels();
      return { channels, message };
    },
    onSuccess: ({ channels, message }) => {
      const tested = channels.filter((item) => item.status !== ChannelStatus.manuallyDisabled);
      Message.info(message || t('list.message.testAllStarted'));
      setRun({
        before: new Map(tested.map((item) => [item.id, stamp(item)])),
        deadline: Date.now() + Math.ceil(tested.length / PARALLEL) * SECONDS_PER_ROUND * 1000,
      });
    },
  });

  const total = run?.before.size ?? 0;
  const done = run
    ? (progress.data ?? []).filter((item) => {
        const before = run.before.get(item.id);
        return before !== undefined && before !== stamp(item);
      }).length
    : 0;

  useEffect(() => {
    if (!run || (done < total && Date.now() < run.deadline)) return;
    setRun(null);
    Message.success(t('list.message.testAllDone'));
    void queryClient.invalidateQueries({ queryKey: channelKeys.all });
  }, [run, done, total, t, queryClient]);

  return { start: () => start.mutate(), running: start.isPending || run !== null, done, total };
}

export type TestAll = ReturnType<typeof useTestAll>;
