// The console's focus ring (WCAG 2.4.7, 1.4.11): 2 px in the primary colour, 2 px off the control,
// on every keyboard-focused control. Arco's component CSS arrives with each remote, after the
// shell's stylesheet, and sets buttons' and inputs' outlines to none with a faint shadow (1.5–2.8:1);
// these rules outrank arco's (a `body` prefix), so the order the sheets load in does not matter.
// Every remote page renders this; React hoists it into <head> once.
const RING = 'outline: 2px solid rgb(var(--primary-6)); outline-offset: 2px;';

/** Arco boxes whose focus sits on a field inside (InputNumber's is an inner wrapper): the ring
 * goes around the box, not the bare field. */
const BOXES = [
  '.arco-input-inner-wrapper',
  '.arco-input-tag',
  '.arco-select-view',
  '.arco-picker',
  '.arco-textarea-wrapper',
];
const FIELD = ':is(input, textarea):focus-visible';

export const FOCUS_RING_CSS = [
  // Not on what only scripts focus (a drawer or dialog taking focus as it opens).
  `body :focus-visible:not([tabindex="-1"]) { ${RING} }`,
  'body .arco-btn:focus-visible { box-shadow: none; }',
  `${BOXES.map((box) => `body ${box} ${FIELD}`).join(', ')} { outline: none; }`,
  `${BOXES.map((box) => `body ${box}:has(${FIELD})`).join(', ')} { ${RING} }`,
].join('\n');

export function FocusRingStyle() {
  return (
    <style href="switchyard-focus-ring" precedence="default">
      {FOCUS_RING_CSS}
    </style>
  );
}
