// A parameter that cannot be carried to where the request goes is refused by name (400),
// never dropped silently.
import { RelayError } from '../relay-errors';

export const unsupportedParameter = (param: string, target: string): RelayError =>
  new RelayError(400, 'relay.unsupportedParameter', 'unsupported_parameter', { param, target });
