import { render, screen, waitFor } from '@testing-library/react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  forgetLoadedComponent,
  type LoadedComponent,
  useLoadedComponent,
} from './use-loaded-component';

const never = new Promise<never>(() => {});
function Waiting(): never {
  throw never;
}

let arrive: (component: LoadedComponent) => void = () => {};
const code = new Promise<LoadedComponent>((resolve) => {
  arrive = resolve;
});
const load = () => code;

function Loaded() {
  const Page = useLoadedComponent('page', load);
  return Page ? <Page /> : <p>loading</p>;
}

const LazyPage = lazy(async () => ({ default: await code }));

const errors: unknown[] = [];
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    errors.push(error);
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

describe('useLoadedComponent', () => {
  beforeEach(() => {
    forgetLoadedComponent(load);
  });

  it('shows the page as soon as its code arrives, where React.lazy waits out the fallback throttle', async () => {
    // Outside act(), as in a browser: act() flushes Suspense reveals without React's throttle.
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    onTestFinished(() => {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    });
    render(
      <>
        <Suspense fallback={<p>fallback</p>}>
          <Waiting />
        </Suspense>
        <Loaded />
        <Suspense fallback={<p>lazy loading</p>}>
          <LazyPage />
        </Suspense>
      </>,
    );
    expect(await screen.findByText('fallback')).toBeInTheDocument();
    expect(screen.getByText('loading')).toBeInTheDocument();

    arrive(() => <p>the page</p>);
    expect(await screen.findByText('the page')).toBeInTheDocument();
    // Ours is there; the lazy copy of the same page is still held back (React waits until 300 ms
    // after a fallback was shown), which is what this hook is for.
    expect(screen.getByText('lazy loading')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('the page')).toHaveLength(2), { timeout: 2000 });
  });

  it('throws a failed load for the error boundary, and loads again when remounted', async () => {
    const failing = vi
      .fn<(key: string) => Promise<LoadedComponent>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(() => <p>second try</p>);
    errors.length = 0;
    function Probe() {
      const Page = useLoadedComponent('flaky', failing);
      return Page ? <Page /> : null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <Boundary key="1">
        <Probe />
      </Boundary>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(errors).toEqual([new Error('offline')]);
    view.rerender(
      <Boundary key="2">
        <Probe />
      </Boundary>,
    );
    expect(await screen.findByText('second try')).toBeInTheDocument();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
