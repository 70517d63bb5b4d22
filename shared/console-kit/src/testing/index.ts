// Helpers for the console apps' tests (import from `@switchyard/console-kit/testing`; never shipped).
export { installMatchMedia } from './dom-shims';
export { type MockHandler, type MockReply, mockHttp } from './mock-http';
export { type RenderPageOptions, renderPage, userWithRole } from './render-page';
export { openRowMenu, pickRowAction } from './row-menu';
