// Role and status tags of spec §4; values outside the known ones show as unknown.
import { Tag } from '@arco-design/web-react';
import { Role, UserStatus } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

export function RoleTag({ role, t }: { role: number; t: TFunction }) {
  if (role === Role.common) return <Tag>{t('users.role.common')}</Tag>;
  if (role === Role.admin) return <Tag color="orange">{t('users.role.admin')}</Tag>;
  if (role === Role.root) return <Tag color="red">{t('users.role.root')}</Tag>;
  return <Tag color="gray">{t('users.role.unknown')}</Tag>;
}

export function StatusTag({
  status,
  cancelled,
  t,
}: {
  status: number;
  cancelled: boolean;
  t: TFunction;
}) {
  if (cancelled) return <Tag color="gray">{t('users.status.cancelled')}</Tag>;
  if (status === UserStatus.enabled) return <Tag color="green">{t('users.status.enabled')}</Tag>;
  if (status === UserStatus.disabled) return <Tag color="red">{t('users.status.disabled')}</Tag>;
  return <Tag color="gray">{t('users.status.unknown')}</Tag>;
}
