// /playground: try one of my models with one of my keys, through the gateway's real relay, so the
// call is billed and logged like any client's. Side panel and conversation stack on a phone.
import { Alert, Card } from '@arco-design/web-react';
import { TOKEN_KEY_PREFIX, TokenStatus } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pickModel, USER_MODELS_KEY } from '../../quickstart/use-quickstart';
import { RemoteRoot } from '../../remote';
import { listTokens, listUserModels } from '../tokens/tokens.api';
import { PlaygroundConversation } from './playground-conversation';
import { PlaygroundSettingsPanel, type SettingsForm } from './playground-settings';
import { usePlaygroundChat } from './use-playground-chat';

/** The keys offered: enabled ones, first page of a generous size. */
const TOKEN_PAGE = 100;
const DEFAULT_MAX_TOKENS = 1024;

export function PlaygroundPage() {
  const { t } = useTranslation('billing');
  const tokens = useQuery({
    queryKey: ['billing', 'tokens', 'playground'],
    queryFn: () => listTokens(1, TOKEN_PAGE),
  });
  const models = useQuery({ queryKey: USER_MODELS_KEY, queryFn: listUserModels });
  const usable = (tokens.data?.items ?? []).filter((token) => token.status === TokenStatus.enabled);
  const [form, setForm] = useState<SettingsForm>({
    tokenId: undefined,
    model: undefined,
    system: '',
    temperature: 1,
    maxTokens: DEFAULT_MAX_TOKENS,
  });
  // Until the user picks, the first key and the first model it may call.
  const token = usable.find((item) => item.id === form.tokenId) ?? usable[0] ?? null;
  const allowed = token?.model_limits_enabled
    ? (models.data ?? []).filter((model) => token.model_limits.split(',').includes(model))
    : (models.data ?? []);
  const model = form.model && allowed.includes(form.model) ? form.model : pickModel(allowed, token);
  const chat = usePlaygroundChat();

  return (
    <RemoteRoot testId="playground-page">
      {tokens.isSuccess && usable.length === 0 ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          data-testid="playground-no-token"
          content={
            <>
              {t('playground.noToken')} <Link to="/token">{t('playground.createToken')}</Link>
            </>
          }
        />
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Card title={t('playground.settings')} style={{ flex: '1 1 260px', maxWidth: '100%' }}>
          <PlaygroundSettingsPanel
            tokens={usable}
            models={allowed}
            value={{ ...form, tokenId: token?.id, model: model ?? undefined }}
            onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
          />
        </Card>
        <Card title={t('playground.title')} style={{ flex: '3 1 320px', minWidth: 0 }}>
          <PlaygroundConversation
            turns={chat.turns}
            answer={chat.answer}
            sending={chat.sending}
            error={chat.error}
            stats={chat.stats}
            canSend={token !== null && model !== null}
            onSend={(text) => {
              if (!token || !model) return;
              void chat.send(
                {
                  apiKey: `${TOKEN_KEY_PREFIX}${token.key}`,
                  tokenName: token.name,
                  model,
                  system: form.system,
                  temperature: form.temperature,
                  maxTokens: form.maxTokens,
                },
                text,
              );
            }}
            onStop={chat.stop}
            onClear={chat.clear}
          />
        </Card>
      </div>
    </RemoteRoot>
  );
}
