// Deep links that open a chat app with a token and this server's address (spec §2 "My tokens").
export type ChatApp = 'default' | 'ama' | 'opencat' | 'lobe' | 'next-mj';
export const CHAT_APPS: readonly ChatApp[] = ['default', 'ama', 'opencat', 'lobe', 'next-mj'];

export interface ChatLinkSources {
  chatLink: string;
  chatLink2: string;
  serverAddress: string;
}

const nextWebSettings = (link: string, key: string, server: string): string =>
  `${link.replace(/\/+$/, '')}/#/?settings=${encodeURIComponent(JSON.stringify({ key, url: server }))}`;

/** The link for an app, or null when the administrator has not configured the chat link it needs. */
export function chatLinkFor(app: ChatApp, rawKey: string, sources: ChatLinkSources): string | null {
  const key = `sk-${rawKey}`;
  const server = sources.serverAddress.replace(/\/+$/, '');
  switch (app) {
    case 'default':
      return sources.chatLink ? nextWebSettings(sources.chatLink, key, server) : null;
    case 'next-mj':
      return sources.chatLink2 ? nextWebSettings(sources.chatLink2, key, server) : null;
    case 'ama':
      return `ama://set-api-key?${new URLSearchParams({ server, key })}`;
    case 'opencat':
      return `opencat://team/join?${new URLSearchParams({ domain: server, token: key })}`;
    case 'lobe': {
      const settings = { keyVaults: { openai: { apiKey: key, baseURL: `${server}/v1` } } };
      return `https://chat-preview.lobehub.com/?settings=${encodeURIComponent(JSON.stringify(settings))}`;
    }
  }
}
