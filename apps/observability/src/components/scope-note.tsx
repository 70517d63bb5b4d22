// Which scope a page shows (issue 32): personal, every member of an org, or my own calls an org
// paid for; beside the page title so the numbers are never read as another scope's.
import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Scope } from '../lib/use-scope';

export interface ScopeNoteProps {
  scope: Scope;
  /** A site admin's personal scope is every user's. */
  admin: boolean;
  testId: string;
}

export function ScopeNote({ scope, admin, testId }: ScopeNoteProps) {
  const { t } = useTranslation('observability');
  const text =
    scope.kind === 'personal'
      ? t(admin ? 'scope.allUsers' : 'scope.personal')
      : scope.manager
        ? t('scope.orgAll', { name: scope.name })
        : t('scope.orgOwn', { name: scope.name });
  return (
    <Tag color={scope.kind === 'org' ? 'arcoblue' : undefined} data-testid={testId}>
      {text}
    </Tag>
  );
}
