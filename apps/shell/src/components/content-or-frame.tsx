// Home and about content: a full-page frame when the content is an http(s) URL, else Markdown.
import { Markdown } from './markdown';

export const isHttpUrl = (content: string): boolean => /^https?:\/\//i.test(content.trim());

export function ContentOrFrame({ content, title }: { content: string; title: string }) {
  if (isHttpUrl(content)) {
    return <iframe className="sy-full-frame" src={content.trim()} title={title} />;
  }
  return (
    <div className="sy-page-card">
      <Markdown source={content} />
    </div>
  );
}
