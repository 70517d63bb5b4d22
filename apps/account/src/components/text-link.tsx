// An in-console link styled like arco's link text (.sy-text-link in the shell's styles, with an
// AA-contrast colour in each theme).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function TextLink({
  to,
  children,
  testId,
}: {
  to: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link to={to} className="sy-text-link" data-testid={testId}>
      {children}
    </Link>
  );
}
