// The list page size remembered under localStorage `page-size` (spec §9).
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@switchyard/contracts';
import { LOCAL_KEYS, readLocal, writeLocal } from './local-settings';

const isAllowed = (size: number): boolean =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);

export function getPageSize(): number {
  const stored = Number(readLocal(LOCAL_KEYS.pageSize));
  return isAllowed(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function setPageSize(size: number): void {
  if (isAllowed(size)) writeLocal(LOCAL_KEYS.pageSize, String(size));
}
