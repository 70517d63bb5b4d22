// The codes a drawing proxy answers a submit with. "Already exists" and "queued" are submitted
// too: charged, followed by the poller, and shown to clients as submitted. "Queue full" is the
// proxy being busy, told to the client as 429 so it backs off.
export const SubmitCode = { submitted: 1, exists: 21, queued: 22, queueFull: 30 } as const;

export const ACCEPTED_SUBMIT_CODES: readonly number[] = [
  SubmitCode.submitted,
  SubmitCode.exists,
  SubmitCode.queued,
];
