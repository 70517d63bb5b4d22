// /api-reference (admin): the server's OpenAPI document in a viewer. The viewer (Scalar, with Vue
// inside) is a few hundred KiB, so it is imported only here, when the page renders: no other
// page's chunks carry it (e2e/tests/api-reference.spec.ts checks).
import { Button, Result, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { fetchOpenApiDocument } from './api-reference.api';

const ApiReferenceViewer = lazy(() =>
  import('./api-reference-viewer').then((module) => ({ default: module.ApiReferenceViewer })),
);

export function ApiReferencePage() {
  const { t } = useTranslation('settings');
  const document = useQuery({
    queryKey: ['settings', 'openapi'],
    queryFn: ({ signal }) => fetchOpenApiDocument(signal),
    staleTime: 60_000,
  });
  const loading = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <RemoteRoot testId="api-reference-page">
      {document.isError ? (
        <Result
          status="error"
          title={t('apiReference.loadFailed')}
          extra={
            <Button type="primary" onClick={() => void document.refetch()}>
              {t('apiReference.retry')}
            </Button>
          }
        />
      ) : document.data ? (
        <Suspense fallback={loading}>
          <ApiReferenceViewer document={document.data} />
        </Suspense>
      ) : (
        loading
      )}
    </RemoteRoot>
  );
}
