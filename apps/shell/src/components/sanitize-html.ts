// Administrator-authored HTML (footer, rendered Markdown) with scripts, handlers and other active
// content removed, so a pasted snippet cannot run code in every visitor's console.
import DOMPurify from 'dompurify';

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html);
