import { type ComponentType, type LazyExoticComponent, createElement, lazy, useState } from 'react';

export interface OnDemand<P extends object> {
  /** Renders the part; suspends (server and browser alike) only while its code has not arrived. */
  Component: ComponentType<P>;
  /** Starts loading the code (once; again after a failure) and resolves when it is there. */
  preload: () => Promise<unknown>;
}

/**
 * A server-rendered part whose code is not in the route's chunk: React.lazy, plus `preload()`
 * to fetch it before it is rendered (before hydration for the part the address shows, with a
 * navigation's data for the next one). Once loaded it renders without suspending, so a part
 * whose chunk arrived before hydration hydrates at once (decision 032).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  function Component(props: P) {
    // The first render's choice stays: going from the lazy wrapper to the loaded component
    // would be a different element type, and React would mount the part again.
    const [part] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(() => loaded ?? Lazy);
    return createElement(part, props);
  }
  return { Component, preload };
}
