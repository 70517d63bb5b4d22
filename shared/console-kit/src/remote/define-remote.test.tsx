import { render, screen } from '@testing-library/react';
import { defineRemote } from './define-remote';
import { FOCUS_RING_CSS } from './focus-ring';

describe('defineRemote', () => {
  it("marks its pages with the remote and build, and brings the console's focus ring once", () => {
    const { RemoteRoot } = defineRemote({
      name: 'billing',
      build: 'b1',
      translations: { zh: { title: '标题' }, en: { title: 'Title' } },
    });
    render(
      <>
        <RemoteRoot testId="one">one</RemoteRoot>
        <RemoteRoot testId="two">two</RemoteRoot>
      </>,
    );
    expect(screen.getByTestId('one')).toHaveAttribute('data-remote', 'billing');
    expect(screen.getByTestId('one')).toHaveAttribute('data-build', 'b1');
    const styles = [...document.head.querySelectorAll('style')].filter((style) =>
      style.textContent?.includes(':focus-visible'),
    );
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(FOCUS_RING_CSS);
    expect(FOCUS_RING_CSS).toContain('body .arco-btn:focus-visible { box-shadow: none; }');
  });
});
