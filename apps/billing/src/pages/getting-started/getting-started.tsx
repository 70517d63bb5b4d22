// Home's block for a signed-in user (billing/GettingStarted): the first-run checklist while a step
// is open (and, once seen open, until the page is left, so the last tick can be watched), then the
// quickstart card alone.
import { useState } from 'react';
import { RemoteRoot } from '../../remote';
import { FirstRunChecklist } from './first-run-checklist';
import { HomeQuickstart } from './home-quickstart';
import { useFirstRun } from './use-first-run';

export function GettingStarted() {
  const steps = useFirstRun();
  const allDone = steps.credit && steps.key && steps.call;
  const [sawOpen, setSawOpen] = useState(false);
  if (steps.loaded && !allDone && !sawOpen) setSawOpen(true);
  return (
    <RemoteRoot testId="getting-started">
      {steps.loaded && (!allDone || sawOpen) ? <FirstRunChecklist steps={steps} /> : null}
      <HomeQuickstart />
    </RemoteRoot>
  );
}
