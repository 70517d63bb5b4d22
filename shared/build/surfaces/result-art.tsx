// arco's Result illustrations (403, 404 and 500: 24 KiB brotli, most of it the 500 one) are imported
// by Result itself, so every page that can show an error carried them. The shell's build replaces
// those imports with these stand-ins (arco.ts, lazyResultArt), which load the illustration the
// first time a Result shows one; status icons (error, success, …) are unchanged.
import { type ComponentType, lazy, Suspense } from 'react';

export function lazyResultArt(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Art = lazy(load);
  return function ResultArt() {
    return (
      <Suspense fallback={null}>
        <Art />
      </Suspense>
    );
  };
}
