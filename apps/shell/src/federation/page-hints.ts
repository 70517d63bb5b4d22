// Requests the files the server named for the opened page (its remote's entry and module and the
// shared chunks it consumes), as the shell's entry starts: by then the entry itself has arrived, so
// on a slow link they no longer take bandwidth from it (see @switchyard/contracts/page-hints).
import { INLINE_PAGE_HINTS_ID, parsePageHints } from '@switchyard/contracts/page-hints';

export function requestPageHints(doc: Document = document): void {
  for (const hint of parsePageHints(doc.getElementById(INLINE_PAGE_HINTS_ID)?.textContent)) {
    const link = doc.createElement('link');
    link.rel = hint.rel;
    link.setAttribute('as', hint.as);
    link.href = hint.href;
    // The federation runtime fetches the manifest in CORS mode; so must its hint, to be reused.
    if (hint.as === 'fetch') link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}
