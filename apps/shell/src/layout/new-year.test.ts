import { isNewYearSeason } from './new-year';

const day = (month: number, date: number) => new Date(2027, month - 1, date, 12);

describe('isNewYearSeason', () => {
  it('is on for January 1 and February 9 to 24', () => {
    expect(isNewYearSeason(day(1, 1))).toBe(true);
    expect(isNewYearSeason(day(2, 9))).toBe(true);
    expect(isNewYearSeason(day(2, 16))).toBe(true);
    expect(isNewYearSeason(day(2, 24))).toBe(true);
  });

  it('is off on the days around them', () => {
    expect(isNewYearSeason(day(12, 31))).toBe(false);
    expect(isNewYearSeason(day(1, 2))).toBe(false);
    expect(isNewYearSeason(day(2, 8))).toBe(false);
    expect(isNewYearSeason(day(2, 25))).toBe(false);
    expect(isNewYearSeason(day(9, 1))).toBe(false);
  });
});
