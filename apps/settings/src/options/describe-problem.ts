// The form's message for a value the contracts refuse (the server refuses it the same way): the
// i18n key of the message and of the option's name, and the numbers it quotes.
import { isRatioOption, type OptionKey, type OptionProblem } from '@switchyard/contracts/options';

export interface ProblemText {
  /** `settings:problems.<code>` */
  messageKey: string;
  /** The option's name as the form shows it: its label, or its short name for a JSON option. */
  nameKey: string;
  params: { min?: number; max?: number; choices?: string };
}

export function describeProblem(key: OptionKey, problem: OptionProblem): ProblemText {
  return {
    messageKey: `problems.${problem.code}`,
    nameKey: isRatioOption(key) ? `jsonNames.${key}` : `fields.${key}`,
    params: {
      min: 'min' in problem ? problem.min : undefined,
      max: 'max' in problem ? problem.max : undefined,
      choices: 'choices' in problem ? problem.choices.join(', ') : undefined,
    },
  };
}
