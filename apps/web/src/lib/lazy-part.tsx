import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { isChunkLoadError } from '../app/chunk-reload';

/**
 * A part of a page loaded when it is first shown (React.lazy; render it inside a Suspense), which offline, when
 * this device never loaded its code (the service worker keeps code as it is used), shows `offline` in its place
 * rather than throwing to the error screen; a later mount tries again. Any other failure is thrown as before.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, offline: ComponentType<P>): ComponentType<P> {
  let shared: LazyExoticComponent<ComponentType<P>> | null = null;
  const make = () => {
    const part: LazyExoticComponent<ComponentType<P>> = lazy(() =>
      load()
        .then((component) => ({ default: component }))
        .catch((error: unknown) => {
          if (navigator.onLine || !isChunkLoadError(error)) throw error;
          const Offline = offline;
          return {
            default: function OfflinePart(props: P) {
              // Once it is gone, the next mount loads again (not while it shows: a suspended mount renders anew).
              useEffect(
                () => () => {
                  if (shared === part) shared = null;
                },
                [],
              );
              return <Offline {...props} />;
            },
          };
        }),
    );
    return part;
  };
  return function LazyPart(props: P) {
    const [Part] = useState(() => (shared ??= make()));
    return <Part {...props} />;
  };
}
