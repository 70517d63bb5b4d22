// A transaction that a deadlock rolled back whole is safe to run again from the start: the engine
// (MySQL's gap locks under repeatable read, PostgreSQL's cycle check) chose it as the victim, and
// nothing of it was kept. Racing writers of one row (20 plan purchases by one user) can take turns
// being chosen, so a victim waits a little, longer each time, with jitter so they spread out.

const DEADLOCK_CODES = new Set(['ER_LOCK_DEADLOCK', '40P01', '40001']);

export const isDeadlock = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  DEADLOCK_CODES.has(String((error as { code?: unknown }).code));

const DEFAULT_ATTEMPTS = 8;

/** Runs `transaction` until it is not a deadlock victim, at most `attempts` times. */
export async function retryOnDeadlock<T>(
  transaction: () => Promise<T>,
  attempts = DEFAULT_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      const waitMs = 5 * attempt + Math.random() * 10 * attempt;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
