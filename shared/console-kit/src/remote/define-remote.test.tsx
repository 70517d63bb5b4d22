import { render, screen } from '@testing-library/react';
import { defineRemote } from './define-remote';

describe('defineRemote', () => {
  it('marks its pages with the remote and build', () => {
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
    expect(screen.getByTestId('two')).toHaveAttribute('data-remote', 'billing');
  });
});
