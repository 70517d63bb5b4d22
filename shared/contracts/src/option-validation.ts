// Checks an option value (always a string on the wire) against its kind.
import { z } from 'zod';
import { OPTION_DEFINITIONS, type OptionKey, type OptionKind } from './options';

const numberText = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/);
const jsonText = z.string().refine((text) => {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
});

const valueSchemas: Record<OptionKind, z.ZodType<string>> = {
  boolean: z.enum(['true', 'false']),
  integer: z
    .string()
    .trim()
    .regex(/^-?\d+$/),
  number: numberText,
  string: z.string().max(65_535),
  json: jsonText,
};

/** Checks an option value (always a string on the wire) against its kind. */
export function validateOptionValue(key: OptionKey, value: string): boolean {
  return valueSchemas[OPTION_DEFINITIONS[key].kind].safeParse(value).success;
}
