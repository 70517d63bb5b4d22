// Exposed as `observability/i18n`: importing it registers the `observability` namespace (see ../remote).
import { observabilityRemote } from '../remote';

export const registerObservabilityTranslations = observabilityRemote.registerTranslations;
