// Stands in for `resize-observer-polyfill` (arco's Trigger and resize helpers import it): every
// browser the console supports has ResizeObserver, so the polyfill's 33 KB were dead weight on the
// first load. Aliased in src/federation-common.ts.
export default globalThis.ResizeObserver;
