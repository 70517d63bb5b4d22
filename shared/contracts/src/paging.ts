// Page numbers of the list endpoints, read the way the reference reads them.
import { z } from 'zod';

/** The highest page number accepted (a bound, so an offset never overflows). */
export const PAGE_NUMBER_MAX = 1_000_000;

/**
 * `p` of a list whose first page is `first` (tokens, codes and channels count from 0, users,
 * logs and tasks from 1, each as documented). A number below the first page is the first page,
 * as the reference has it; text that is not a whole number is still a 400.
 */
export const pageNumber = (first: 0 | 1) =>
  z.coerce
    .number()
    .int()
    .max(PAGE_NUMBER_MAX)
    .transform((page) => Math.max(first, page))
    .default(first);
