// An in-console link styled like arco's link text.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const style = { color: 'rgb(var(--primary-6))', textDecoration: 'none', fontWeight: 500 } as const;

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
    <Link to={to} style={style} data-testid={testId}>
      {children}
    </Link>
  );
}
