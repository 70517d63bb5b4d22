// Chat: the configured chat link in a full-page frame.
import { Empty } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useTranslation } from 'react-i18next';

export function ChatPage() {
  const { t } = useTranslation('shell');
  const chatLink = useSessionStore((state) => state.status?.chat_link);
  if (!chatLink) {
    return (
      <div className="sy-page-card" data-testid="chat-empty">
        <Empty description={t('chat.notSet')} />
      </div>
    );
  }
  return <iframe className="sy-full-frame" src={chatLink} title={t('chat.frameTitle')} />;
}
