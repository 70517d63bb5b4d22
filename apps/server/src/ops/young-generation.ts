// Keeps start-up from leaving V8's young generation at its maximum in an idle server (issue 16).
// Loading the packages and building the app make ~20 MB of objects that live as long as the
// process. V8 reads that survival as a sign the young generation is too small and doubles its
// semi-spaces up to 2 × 16 MB, which then stay resident: an idle server never collects again, so
// never shrinks them. Holding the size while starting costs a few more (small) scavenges; from the
// first request on, V8's default growth applies again and traffic grows the young generation as it
// needs, unlike a fixed --max-semi-space-size, which would cap it under load too.
import type { IncomingMessage, Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';

/** V8's default factor. */
const DEFAULT_GROWTH = 2;

/** An operator's own setting of the factor (node flag or NODE_OPTIONS) is left alone. */
const setByOperator = () =>
  /--semi[-_]space[-_]growth[-_]factor/.test(
    `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`,
  );

export function holdYoungGeneration(): void {
  if (!setByOperator()) setFlagsFromString('--semi-space-growth-factor=1');
}

export function releaseYoungGeneration(): void {
  if (!setByOperator()) setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
}

/**
 * Releases the hold at the first request that is traffic. Probes and scrapes are not: an
 * orchestrator asks /readyz from the first second on, and releasing then would let the work that
 * follows start-up (the default-password check, the background jobs' first runs) grow an idle
 * server's young generation to its maximum after all.
 */
export function releaseOnFirstTraffic(server: Server, isProbe: (url: string) => boolean): void {
  const onRequest = (request: IncomingMessage): void => {
    if (isProbe(request.url ?? '')) return;
    server.off('request', onRequest);
    releaseYoungGeneration();
  };
  server.on('request', onRequest);
}
