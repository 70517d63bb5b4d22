// Exposed as `observability/i18n`: registers the `observability` translation namespace on the shared i18next.
import { registerTranslations } from '@switchyard/console-kit';
import { observabilityEn } from './observability.en';
import { observabilityZh } from './observability.zh';

export const OBSERVABILITY_NS = 'observability';

export function registerObservabilityTranslations(): void {
  registerTranslations(OBSERVABILITY_NS, { zh: observabilityZh, en: observabilityEn });
}

registerObservabilityTranslations();
