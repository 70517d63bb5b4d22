// The OpenAPI viewer, in a chunk of its own (the page imports this lazily). Scalar reaches out to
// its vendor's services by default; every one of those is turned off here, so the page loads
// nothing from outside this server: no web fonts from its CDN, no telemetry, no AI agent, no MCP,
// no developer toolbar (which uploads the document to share it), no API client (which sends
// requests through the vendor's proxy). The document is passed in, already read with the session.
import '@scalar/api-reference-react/style.css';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useMemo } from 'react';
import type { OpenApiDocument } from './api-reference.api';

/**
 * Scalar's grey text, green code literals and the orange and red of the PUT and DELETE method
 * badges, darker in light mode and lighter in dark mode: its defaults reach 3.0–3.6:1, under the
 * 4.5:1 the console holds every page to.
 */
const CONTRAST_CSS = `
.light-mode { --scalar-color-3: #6b6b6b; --scalar-color-green: #00754a; --scalar-color-orange: #b34700; --scalar-color-red: #c0262d; }
.dark-mode { --scalar-color-3: rgba(255, 255, 255, 0.62); --scalar-color-orange: #ffa366; --scalar-color-red: #ff8a8a; }
`;

export function ApiReferenceViewer({ document }: { document: OpenApiDocument }) {
  const theme = useSessionStore((state) => state.theme);
  const configuration = useMemo(
    () => ({
      content: document,
      customCss: CONTRAST_CSS,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: 'never' as const,
      agent: { disabled: true },
      mcp: { disabled: true },
      documentDownloadType: 'json' as const,
      hideDarkModeToggle: true,
      forceDarkModeState: theme,
      darkMode: theme === 'dark',
      // Scroll positions go in the hash of /api-reference, never a path of their own.
      urlRouting: true,
    }),
    [document, theme],
  );
  return (
    <div data-testid="api-reference-viewer">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
