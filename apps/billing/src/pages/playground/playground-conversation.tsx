// The playground's conversation: the turns so far, the answer as it streams in, its tokens and
// cost, and the box to ask the next question.
import { Alert, Button, Input, Space, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatTurn } from './playground.api';
import type { AnswerStats } from './use-playground-chat';

export interface ConversationProps {
  turns: ChatTurn[];
  answer: string;
  sending: boolean;
  error: string;
  stats: AnswerStats | null;
  canSend: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
}

function Turn({ turn }: { turn: ChatTurn }) {
  const { t } = useTranslation('billing');
  const mine = turn.role === 'user';
  return (
    <div
      data-testid={`playground-turn-${turn.role}`}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        padding: '8px 12px',
        borderRadius: 8,
        background: mine ? 'rgb(var(--primary-1))' : 'var(--color-fill-2)',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      <span className="sy-visually-hidden">{`${t(`playground.roles.${turn.role}`)}: `}</span>
      {turn.content}
    </div>
  );
}

function Stats({ stats }: { stats: AnswerStats }) {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  return (
    <Typography.Text type="secondary" data-testid="playground-stats">
      {stats.usage
        ? t('playground.usage', {
            prompt: stats.usage.prompt_tokens,
            completion: stats.usage.completion_tokens,
          })
        : null}
      {' · '}
      {stats.quota === null
        ? t('playground.costPending')
        : t('playground.cost', { cost: renderQuota(stats.quota) })}
    </Typography.Text>
  );
}

export function PlaygroundConversation(props: ConversationProps) {
  const { t } = useTranslation('billing');
  const [text, setText] = useState('');
  const submit = () => {
    const question = text.trim();
    if (!question || !props.canSend || props.sending) return;
    setText('');
    props.onSend(question);
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <div
        data-testid="playground-conversation"
        aria-live="polite"
        style={{ display: 'flex', flexDirection: 'column', gap: 8, minHeight: 160 }}
      >
        {props.turns.length === 0 && !props.answer ? (
          <Typography.Text type="secondary">{t('playground.empty')}</Typography.Text>
        ) : null}
        {props.turns.map((turn, index) => (
          // Turns are only ever appended: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
          <Turn key={index} turn={turn} />
        ))}
        {props.answer ? <Turn turn={{ role: 'assistant', content: props.answer }} /> : null}
      </div>
      {props.stats ? <Stats stats={props.stats} /> : null}
      {props.error ? (
        <Alert type="error" content={props.error} data-testid="playground-error" />
      ) : null}
      <Input.TextArea
        value={text}
        onChange={setText}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter is a new line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('playground.inputPlaceholder')}
        aria-label={t('playground.input')}
        data-testid="playground-input"
      />
      <Space wrap>
        {props.sending ? (
          <Button onClick={props.onStop} data-testid="playground-stop">
            {t('playground.stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            disabled={!props.canSend || !text.trim()}
            onClick={submit}
            data-testid="playground-send"
          >
            {t('playground.send')}
          </Button>
        )}
        <Button onClick={props.onClear} disabled={props.turns.length === 0 && !props.sending}>
          {t('playground.clear')}
        </Button>
      </Space>
    </Space>
  );
}
