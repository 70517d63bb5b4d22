// Home's block for a signed-in user (billing/GettingStarted): the first-run checklist until all
// three steps are done, then the quickstart card alone.
import { RemoteRoot } from '../../remote';
import { FirstRunChecklist } from './first-run-checklist';
import { HomeQuickstart } from './home-quickstart';
import { useFirstRun } from './use-first-run';

export function GettingStarted() {
  const steps = useFirstRun();
  const allDone = steps.credit && steps.key && steps.call;
  return (
    <RemoteRoot testId="getting-started">
      {steps.loaded && !allDone ? <FirstRunChecklist steps={steps} /> : null}
      <HomeQuickstart />
    </RemoteRoot>
  );
}
