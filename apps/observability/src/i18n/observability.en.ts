// English strings of the observability remote (namespace `observability`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { observabilityZh } from './observability.zh';

export const observabilityEn: TranslationOf<typeof observabilityZh> = {};
