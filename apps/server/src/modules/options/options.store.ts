// In-memory copy of every option (defaults for missing keys), typed getters and validated writes.
import {
  isOptionKey,
  OPTION_DEFINITIONS,
  OPTION_KEYS,
  type OptionKey,
  type OptionKind,
  validateOptionValue,
} from '@switchyard/contracts/options';
import type { Db } from '../../db/database';
import { listOptionRows, type OptionRow, upsertOption } from './options.repository';

/** Called after a write so other nodes reload (a Redis PUBLISH when Redis is configured). */
export type OptionsChangedNotifier = (key: OptionKey) => Promise<void>;

const defaultsMap = (): Map<OptionKey, string> =>
  new Map(OPTION_KEYS.map((key) => [key, OPTION_DEFINITIONS[key].default]));

export class OptionsStore {
  private values = defaultsMap();
  private notifier: OptionsChangedNotifier | undefined;
  /** Counts local writes, so a re-read that raced one is not allowed to undo it. */
  private writes = 0;

  /** `readRows` reads every option row; a test may pass one that pauses between read and apply. */
  constructor(
    private readonly db: Db,
    private readonly readRows: (db: Db) => Promise<OptionRow[]> = listOptionRows,
  ) {}

  /** Publishes invalidations through this function from now on. */
  onChange(notifier: OptionsChangedNotifier | undefined): void {
    this.notifier = notifier;
  }

  /** Re-reads every row; keys without a row keep their default. Unknown keys are ignored. */
  async load(): Promise<void> {
    for (;;) {
      const writesBefore = this.writes;
      const next = defaultsMap();
      for (const row of await this.readRows(this.db)) {
        if (isOptionKey(row.key)) next.set(row.key, row.value);
      }
      // A write landed while the rows were read: they may predate it, so read again.
      if (this.writes !== writesBefore) continue;
      this.values = next;
      return;
    }
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? OPTION_DEFINITIONS[key].default;
  }

  entries(): [OptionKey, string][] {
    return OPTION_KEYS.map((key) => [key, this.get(key)]);
  }

  getBool(key: OptionKey): boolean {
    this.expectKind(key, 'boolean');
    return this.get(key) === 'true';
  }

  getInt(key: OptionKey): number {
    this.expectKind(key, 'integer');
    return this.numberOr(key, (text) => Number.parseInt(text, 10));
  }

  getNumber(key: OptionKey): number {
    this.expectKind(key, 'number', 'integer');
    return this.numberOr(key, Number);
  }

  getString(key: OptionKey): string {
    this.expectKind(key, 'string');
    return this.get(key);
  }

  getJson<T>(key: OptionKey): T {
    this.expectKind(key, 'json');
    try {
      return JSON.parse(this.get(key)) as T;
    } catch {
      return JSON.parse(OPTION_DEFINITIONS[key].default) as T;
    }
  }

  /** Validates, stores and applies a value. Returns false (and writes nothing) when invalid.
   * `alongside` writes in the same transaction (the audit entry of an admin's change). */
  async set(
    key: OptionKey,
    value: string,
    alongside?: (trx: Db, previous: string) => Promise<void>,
  ): Promise<boolean> {
    if (!validateOptionValue(key, value)) return false;
    const previous = this.get(key);
    if (alongside) {
      await this.db.transaction().execute(async (trx) => {
        await upsertOption(trx, key, value);
        await alongside(trx, previous);
      });
    } else {
      await upsertOption(this.db, key, value);
    }
    this.writes += 1;
    this.values.set(key, value);
    await this.notifier?.(key);
    return true;
  }

  private numberOr(key: OptionKey, parse: (text: string) => number): number {
    const parsed = parse(this.get(key));
    return Number.isFinite(parsed) ? parsed : parse(OPTION_DEFINITIONS[key].default);
  }

  private expectKind(key: OptionKey, ...kinds: OptionKind[]): void {
    const kind = OPTION_DEFINITIONS[key].kind;
    if (!kinds.includes(kind))
      throw new TypeError(`Option ${key} is ${kind}, not ${kinds.join('/')}`);
  }
}
