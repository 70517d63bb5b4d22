// The observability remote (usage logs, dashboard, drawing and async tasks, status). Importing it
// registers the `observability` strings; every page renders inside its RemoteRoot.
import { defineRemote } from '@switchyard/console-kit';
import { observabilityEn } from './i18n/observability.en';
import { observabilityZh } from './i18n/observability.zh';

export const observabilityRemote = defineRemote({
  name: 'observability',
  build: typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev',
  translations: { zh: observabilityZh, en: observabilityEn },
});

export const { RemoteRoot } = observabilityRemote;
