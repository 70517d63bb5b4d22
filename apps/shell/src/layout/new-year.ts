// The New-Year lantern shows on January 1 and February 9–24 (spec §2), in local time.
export function isNewYearSeason(date: Date): boolean {
  const month = date.getMonth();
  const day = date.getDate();
  return (month === 0 && day === 1) || (month === 1 && day >= 9 && day <= 24);
}
