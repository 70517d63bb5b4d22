import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSidebarCollapse } from './use-sidebar-collapse';

const resizeTo = (width: number) => {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
};

describe('useSidebarCollapse', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('is open on a wide window and collapsed at 600 px or narrower', () => {
    window.innerWidth = 1024;
    const { result } = renderHook(() => useSidebarCollapse(false));
    expect(result.current[0]).toBe(false);
    resizeTo(600);
    expect(result.current[0]).toBe(true);
    resizeTo(601);
    expect(result.current[0]).toBe(false);
  });

  it('starts collapsed on a phone-sized window', () => {
    window.innerWidth = 420;
    const { result } = renderHook(() => useSidebarCollapse(false));
    expect(result.current[0]).toBe(true);
  });

  it('follows default_collapse_sidebar on a wide window, and the user can still open it', () => {
    window.innerWidth = 1024;
    const { result, rerender } = renderHook(({ byDefault }) => useSidebarCollapse(byDefault), {
      initialProps: { byDefault: true },
    });
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    rerender({ byDefault: false });
    expect(result.current[0]).toBe(false);
    rerender({ byDefault: true });
    expect(result.current[0]).toBe(true);
  });
});
