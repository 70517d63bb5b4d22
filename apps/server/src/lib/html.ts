// Text put into HTML the server writes (pages, mails): the five characters that could end a text
// or a quoted attribute are escaped.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/**
 * A JSON data block, `<script type="application/json" id=…>`: data, not code, so a
 * Content-Security-Policy with script-src 'self' needs not allow it; `<` escaped, so no value can
 * close the element.
 */
export function jsonScriptTag(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${escapeHtml(id)}">${json}</script>`;
}
