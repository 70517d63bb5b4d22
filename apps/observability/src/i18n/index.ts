// Each exposed page module imports this: it registers the `observability` namespace (../remote).
import { observabilityRemote } from '../remote';

export const registerObservabilityTranslations = observabilityRemote.registerTranslations;
