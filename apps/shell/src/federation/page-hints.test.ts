import { INLINE_PAGE_HINTS_ID } from '@switchyard/contracts/page-hints';
import { afterEach, describe, expect, it } from 'vitest';
import { requestPageHints } from './page-hints';

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

  it('adds a link for each hint the server named, the manifest fetch in CORS mode', () => {
    pageWithHints(
      JSON.stringify([
        { href: '/remotes/billing/mf-manifest.json', as: 'fetch', rel: 'preload' },
        { href: '/remotes/billing/static/js/billing.1.js', as: 'script', rel: 'prefetch' },
        { href: '/static/css/async/arco-list.2.css', as: 'style', rel: 'preload' },
      ]),
    );
    requestPageHints();
    expect(links()).toEqual([
      ['preload', 'fetch', '/remotes/billing/mf-manifest.json', 'anonymous'],
      ['prefetch', 'script', '/remotes/billing/static/js/billing.1.js', null],
      ['preload', 'style', '/static/css/async/arco-list.2.css', null],
    ]);
  });

  it('leaves out what is not a same-origin path or a known kind, and survives a broken block', () => {
    pageWithHints(
      JSON.stringify([
        { href: 'https://elsewhere.example/x.js', as: 'script', rel: 'preload' },
        { href: '//elsewhere.example/x.js', as: 'script', rel: 'preload' },
        { href: '/x.js', as: 'document', rel: 'preload' },
        { href: '/y.js', as: 'script', rel: 'stylesheet' },
        { href: '/z.js', as: 'script', rel: 'preload' },
      ]),
    );
    requestPageHints();
    expect(links()).toEqual([['preload', 'script', '/z.js', null]]);

    document.head.innerHTML = '';
    pageWithHints('{not json');
    requestPageHints();
    expect(links()).toEqual([]);
  });

  it('does nothing on a page without hints', () => {
    requestPageHints();
    expect(links()).toEqual([]);
  });
});
