// Requests the files the server named for the opened page (its remote's entry and module and the
// shared chunks it consumes), as the shell's entry starts: by then the entry itself has arrived, so
// on a slow link they no longer take bandwidth from it (see @switchyard/contracts/page-hints).
import {
  INLINE_PAGE_HINTS_ID,
  parsePageHints,
  REMOTE_OVERRIDES_KEY,
} from '@switchyard/contracts/page-hints';

/** Where this server serves the remotes' builds (the only remote files it names). */
const REMOTES_PATH = '/remotes/';

/**
 * Remotes a developer points elsewhere (federation/remote-override.ts): the server's files of those
 * are not run, or the runtime would find the server's container already defined and keep it.
 */
function overriddenRemotes(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(REMOTE_OVERRIDES_KEY) ?? 'null');
    return typeof value === 'object' && value !== null ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

export function requestPageHints(
  doc: Document = document,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): void {
  const skipped = overriddenRemotes(storage).map((name) => `${REMOTES_PATH}${name}/`);
  for (const hint of parsePageHints(doc.getElementById(INLINE_PAGE_HINTS_ID)?.textContent)) {
    if (skipped.some((prefix) => hint.href.startsWith(prefix))) continue;
    if (hint.as === 'script') {
      runScript(doc, hint.href);
      continue;
    }
    const link = doc.createElement('link');
    link.rel = hint.rel;
    link.setAttribute('as', hint.as);
    link.href = hint.href;
    // The federation runtime fetches the manifest in CORS mode; so must its hint, to be reused.
    if (hint.as === 'fetch') link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}

/**
 * Runs a script of the page as soon as it arrives, between the start's own tasks: a remote's entry
 * defines its container, a chunk (the remote's or the shell's) registers its modules, and neither
 * runs any of them. The federation runtime and the chunk loaders then find them there instead of
 * each waiting its turn to add a script tag and for its load event. The element goes once it has
 * loaded or failed, so a later load (a retry of an unreachable remote) adds its own. Its address is
 * written as its loader writes it, so a loader that comes while it is still on its way waits for it
 * instead of adding a second: the federation runtime asks for a remote's files by absolute URL (from
 * the manifest's), the shell's chunk loader for its own by path.
 */
function runScript(doc: Document, href: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = href.startsWith(REMOTES_PATH) ? new URL(href, doc.baseURI).href : href;
  const done = () => script.remove();
  script.addEventListener('load', done);
  script.addEventListener('error', done);
  doc.head.appendChild(script);
}
