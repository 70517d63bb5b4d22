import { INLINE_PAGE_HINTS_ID, REMOTE_OVERRIDES_KEY } from '@switchyard/contracts/page-hints';
import { afterEach, describe, expect, it } from 'vitest';
import { requestPageHints } from './page-hints';

const scripts = () =>
  [...document.head.querySelectorAll('script[src]')].map((script) => [
    script.getAttribute('src'),
    (script as HTMLScriptElement).async,
  ]);

const absolute = (path: string) => new URL(path, document.baseURI).href;

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('as'),
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ]);

function pageWithHints(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINE_PAGE_HINTS_ID;
  block.textContent = text;
  document.head.appendChild(block);
}

describe('requestPageHints', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('runs each script the server named as it arrives, and links the rest, the manifest fetch in CORS mode', () => {
    pageWithHints(
      JSON.stringify([
        { href: '/remotes/billing/mf-manifest.json', as: 'fetch', rel: 'preload' },
        { href: '/remotes/billing/static/js/billing.1.js', as: 'script', rel: 'prefetch' },
        { href: '/static/js/async/arco-list.2.js', as: 'script', rel: 'preload' },
        { href: '/static/css/async/arco-list.2.css', as: 'style', rel: 'preload' },
      ]),
    );
    requestPageHints();
    expect(links()).toEqual([
      ['preload', 'fetch', '/remotes/billing/mf-manifest.json', 'anonymous'],
      ['preload', 'style', '/static/css/async/arco-list.2.css', null],
    ]);
    // A remote's file by absolute URL, as the federation runtime asks for it; the shell's by path,
    // as its chunk loader does: a loader that comes first waits for this script.
    expect(scripts()).toEqual([
      [absolute('/remotes/billing/static/js/billing.1.js'), true],
      ['/static/js/async/arco-list.2.js', true],
    ]);
  });

  it('takes a script away once it has loaded or failed, so a later load (a retry) adds its own', () => {
    pageWithHints(
      JSON.stringify([
        { href: '/remotes/billing/static/js/billing.1.js', as: 'script', rel: 'prefetch' },
        { href: '/remotes/billing/static/js/gone.js', as: 'script', rel: 'prefetch' },
      ]),
    );
    requestPageHints();
    const [loaded, failed] = [...document.head.querySelectorAll('script[src]')];
    loaded?.dispatchEvent(new Event('load'));
    expect(scripts()).toEqual([[absolute('/remotes/billing/static/js/gone.js'), true]]);
    failed?.dispatchEvent(new Event('error'));
    expect(scripts()).toEqual([]);
  });

  it('leaves out what is not a same-origin path or a known kind, and survives a broken block', () => {
    pageWithHints(
      JSON.stringify([
        { href: 'https://elsewhere.example/x.js', as: 'script', rel: 'preload' },
        { href: '//elsewhere.example/x.js', as: 'script', rel: 'preload' },
        { href: '/x.js', as: 'document', rel: 'preload' },
        { href: '/y.js', as: 'script', rel: 'stylesheet' },
        { href: '/z.js', as: 'script', rel: 'preload' },
        { href: '/z.css', as: 'style', rel: 'preload' },
      ]),
    );
    requestPageHints();
    expect(scripts()).toEqual([['/z.js', true]]);
    expect(links()).toEqual([['preload', 'style', '/z.css', null]]);

    document.head.innerHTML = '';
    pageWithHints('{not json');
    requestPageHints();
    expect(links()).toEqual([]);
  });

  it('does nothing on a page without hints', () => {
    requestPageHints();
    expect(links()).toEqual([]);
    expect(scripts()).toEqual([]);
  });

  it('leaves out the server’s files of a remote the developer overrides', () => {
    pageWithHints(
      JSON.stringify([
        { href: '/remotes/account/static/js/account.1.js', as: 'script', rel: 'prefetch' },
        { href: '/remotes/account/mf-manifest.json', as: 'fetch', rel: 'preload' },
        { href: '/static/js/async/arco-list.2.js', as: 'script', rel: 'preload' },
      ]),
    );
    const storage = {
      getItem: (key: string) =>
        key === REMOTE_OVERRIDES_KEY
          ? '{"account":"http://localhost:3101/mf-manifest.json"}'
          : null,
    };
    requestPageHints(document, storage);
    expect(scripts()).toEqual([['/static/js/async/arco-list.2.js', true]]);
    expect(links()).toEqual([]);
  });
});
