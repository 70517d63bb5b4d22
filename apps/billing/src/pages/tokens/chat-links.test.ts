import { chatLinkFor } from './chat-links';

const sources = {
  chatLink: 'https://chat.example/',
  chatLink2: '',
  serverAddress: 'https://gw.example/',
};

describe('chatLinkFor', () => {
  it('carries the sk- key and the server address', () => {
    const link = chatLinkFor('default', 'abc', sources) as string;
    expect(link.startsWith('https://chat.example/#/?settings=')).toBe(true);
    const settings = JSON.parse(decodeURIComponent(link.split('settings=')[1] as string));
    expect(settings).toEqual({ key: 'sk-abc', url: 'https://gw.example' });
    expect(chatLinkFor('ama', 'abc', sources)).toBe(
      'ama://set-api-key?server=https%3A%2F%2Fgw.example&key=sk-abc',
    );
    expect(chatLinkFor('opencat', 'abc', sources)).toBe(
      'opencat://team/join?domain=https%3A%2F%2Fgw.example&token=sk-abc',
    );
    expect(chatLinkFor('lobe', 'abc', sources)).toContain(encodeURIComponent('"apiKey":"sk-abc"'));
  });

  it('has no link when the chat link it needs is not set', () => {
    expect(chatLinkFor('next-mj', 'abc', sources)).toBeNull();
    expect(chatLinkFor('default', 'abc', { ...sources, chatLink: '' })).toBeNull();
  });
});
