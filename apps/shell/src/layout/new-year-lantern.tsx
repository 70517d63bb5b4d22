// A small swinging red lantern in the top bar during the New-Year season.
import { useTranslation } from 'react-i18next';
import { isNewYearSeason } from './new-year';

export function NewYearLantern({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('shell');
  if (!isNewYearSeason(now)) return null;
  return (
    <span
      className="sy-lantern"
      role="img"
      aria-label={t('topBar.lantern')}
      title={t('topBar.lantern')}
    >
      <svg width="22" height="30" viewBox="0 0 22 30" aria-hidden="true">
        <line x1="11" y1="0" x2="11" y2="5" stroke="#b8860b" strokeWidth="1.5" />
        <rect x="6" y="4" width="10" height="3" rx="1" fill="#d4a017" />
        <ellipse cx="11" cy="15" rx="9" ry="8" fill="#e53935" />
        <path d="M11 7 v16 M6 8.5 q-3 6.5 0 13 M16 8.5 q3 6.5 0 13" stroke="#ffb300" fill="none" />
        <rect x="6" y="22" width="10" height="3" rx="1" fill="#d4a017" />
        <line x1="11" y1="25" x2="11" y2="30" stroke="#ffb300" strokeWidth="1.5" />
      </svg>
    </span>
  );
}
