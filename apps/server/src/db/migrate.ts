// Runs the schema migrations at start (Kysely Migrator with a static list; it locks across nodes).
import { type Kysely, type Migration, type MigrationResult, Migrator } from 'kysely';
import * as initial from './migrations/2026-11-22T0001-initial';
import * as account from './migrations/2026-11-22T0100-account';
import * as settings from './migrations/2026-11-22T0400-settings';
import * as observability from './migrations/2026-11-22T0600-observability';
import * as importMap from './migrations/2026-11-24T0500-import-map';
import * as limitsStatus from './migrations/2026-11-24T0500-limits-status';
import * as reservationJournal from './migrations/2026-11-24T0500-reservation-journal';
import * as responses from './migrations/2026-11-24T0530-responses';
import * as dataFoldedAt from './migrations/2026-11-24T0800-data-folded-at';
import * as reservationWindow from './migrations/2026-11-24T1300-reservation-window';
import * as usernameCase from './migrations/2026-11-24T1300-username-case';
import * as balanceCurrency from './migrations/2026-11-24T1310-balance-currency';
import * as channelFirstByteTimeout from './migrations/2026-11-27T0300-channel-first-byte-timeout';
import * as usernameSkeleton from './migrations/2026-11-27T0400-username-skeleton';
import * as identity from './migrations/2026-11-27T0700-identity';
import * as reservationFunding from './migrations/2026-11-27T0900-reservation-funding';
import * as affiliateRebates from './migrations/2026-11-27T1000-affiliate-rebates';
import * as logFunding from './migrations/2026-11-27T2100-log-funding';
import * as plans from './migrations/2026-11-28T0100-plans';
import * as organizations from './migrations/2026-11-28T0200-organizations';
import * as passkeys from './migrations/2026-11-28T0300-passkeys';
import * as paymentTargets from './migrations/2026-11-29T0100-payment-targets';
import * as logsTokenPrompt from './migrations/2026-11-29T0200-logs-token-prompt';
import * as topUpCurrency from './migrations/2026-11-29T0500-top-up-currency';

/** Every migration, by its timestamped name. Append only. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T0001-initial': initial,
  '2026-11-22T0100-account': account,
  '2026-11-22T0400-settings': settings,
  '2026-11-22T0600-observability': observability,
  '2026-11-24T0500-import-map': importMap,
  '2026-11-24T0500-reservation-journal': reservationJournal,
  '2026-11-24T0530-responses': responses,
  '2026-11-24T0500-limits-status': limitsStatus,
  '2026-11-24T0800-data-folded-at': dataFoldedAt,
  '2026-11-24T1300-reservation-window': reservationWindow,
  '2026-11-24T1300-username-case': usernameCase,
  '2026-11-24T1310-balance-currency': balanceCurrency,
  '2026-11-27T0300-channel-first-byte-timeout': channelFirstByteTimeout,
  '2026-11-27T0400-username-skeleton': usernameSkeleton,
  '2026-11-27T0700-identity': identity,
  '2026-11-27T0900-reservation-funding': reservationFunding,
  '2026-11-27T1000-affiliate-rebates': affiliateRebates,
  '2026-11-27T2100-log-funding': logFunding,
  '2026-11-28T0100-plans': plans,
  '2026-11-28T0200-organizations': organizations,
  '2026-11-28T0300-passkeys': passkeys,
  '2026-11-29T0100-payment-targets': paymentTargets,
  '2026-11-29T0200-logs-token-prompt': logsTokenPrompt,
  '2026-11-29T0500-top-up-currency': topUpCurrency,
};

export class MigrationError extends Error {}

/** Applies pending migrations; returns what ran (empty when the schema is current). */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`,
      { cause: error },
    );
  }
  return results;
}
