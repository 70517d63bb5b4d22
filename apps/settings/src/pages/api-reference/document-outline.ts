// Stands in for Scalar's `features/document-outline/use-document-outline.js` (the settings remote's
// build swaps it in: rsbuild.config.ts). Scalar gives the document's title an h1, but on a console
// page the shell's title is the one h1 inside main (the accessibility journey holds every page to
// that): here every heading of the reference is one level lower, the title an h2. Same exports and
// roles as Scalar 1.76's module; a Scalar update that renames it shows as a second h1 in
// e2e/tests/api-reference.spec.ts.
import { inject, provide } from 'vue';

type Role =
  | 'document'
  | 'tag'
  | 'channel'
  | 'modelGroup'
  | 'operation'
  | 'channelMessages'
  | 'asyncApiOperation'
  | 'model'
  | 'channelMessage'
  | 'message'
  | 'operationSection';

/** Scalar's outline, each level one lower: the page's h1 is the console's. */
const OUTLINE: Record<Role, number> = {
  document: 2,
  tag: 3,
  channel: 3,
  modelGroup: 3,
  operation: 4,
  channelMessages: 4,
  asyncApiOperation: 4,
  model: 4,
  channelMessage: 5,
  message: 6,
  operationSection: 5,
};

const OUTLINE_ROOT = Symbol('DOCUMENT_OUTLINE_ROOT');
const clamp = (level: number) => Math.min(6, Math.max(2, level));

export const provideDocumentOutline = (role: Role) => provide(OUTLINE_ROOT, role);

export const useDocumentOutline = (role: Role) => {
  const inherited = inject<Role | null>(OUTLINE_ROOT, null);
  if (!inherited) provide(OUTLINE_ROOT, role);
  const root = inherited ?? role;
  return { level: clamp(OUTLINE[role] - OUTLINE[root] + 2) };
};
