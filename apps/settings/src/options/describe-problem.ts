// The form's message for a value the contracts refuse (the server refuses it the same way).
import { isRatioOption, type OptionKey, type OptionProblem } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

export function describeProblem(t: TFunction, key: OptionKey, problem: OptionProblem): string {
  const name = isRatioOption(key) ? t(`jsonNames.${key}`) : t(`fields.${key}`);
  return t(`problems.${problem.code}`, {
    name,
    min: 'min' in problem ? problem.min : undefined,
    max: 'max' in problem ? problem.max : undefined,
    choices: 'choices' in problem ? problem.choices.join(', ') : undefined,
  });
}
