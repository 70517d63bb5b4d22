// Every CSV the server writes goes through here, so each one is safe to open in a spreadsheet.
import { stringify } from 'csv-stringify/sync';

export type CsvRecord = (string | number)[];

/**
 * The records as CSV text. A text cell that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return: a token named `=HYPERLINK(…)`) is prefixed with
 * `'` so it shows as the text it is; numbers, negative ones included, stay numbers.
 */
export function csvText(records: CsvRecord[], options: { bom?: boolean } = {}): string {
  return stringify(records, { bom: options.bom ?? false, escape_formulas: true });
}
